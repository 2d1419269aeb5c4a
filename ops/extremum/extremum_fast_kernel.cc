// FastMin and FastMax: the left fold of Min or Max over broadcast rows
// (ops/extremum/extremum_fast_kernel.h), one loop for both (Extreme,
// reference/semantics.h).
#include "ops/extremum/extremum_fast_kernel.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

#include "reference/element_bits.h"
#include "reference/fast/kernels.h"
#include "reference/op_support.h"
#include "reference/semantics.h"
#include "tensor/broadcast.h"

namespace onnx_conform {
namespace {

// Elements per chunk of a row when Min or Max has more than three inputs: every
// input is folded into a chunk of the output while it is in the L1 cache,
// so Min or Max of n inputs is one pass over memory, not several. Up to three
// inputs fold in one pass anyway, and then whole runs of rows go in one
// call: long streams, no call per chunk (bench/ measures both).
template <typename T>
constexpr int64_t kChunk = 8192 / static_cast<int64_t>(sizeof(T));

// The loops on AVX-512: 256-bit vectors for float16/bfloat16, whose rule
// is a dozen 16-bit integer operations per element, 512-bit for every other
// type: each the faster on storage aligned to 64 bytes (bench/,
// docs/performance.md).
template <typename T>
constexpr Avx512Width kVectorWidth = kIsHalfType<T> ? Avx512Width::k256 : Avx512Width::k512;

// Folds the inputs left into `out` (already of the output shape):
// out = Min(Min(Min(in0, in1), in2), ...) (or Max), element by element.
template <Extreme E, typename T>
void ExtremeInto(std::span<const Tensor* const> inputs, Tensor& out) {
  Stored<T>* result = StoredData<T>(out);
  if (inputs.size() == 1) {
    const Stored<T>* only = StoredData<T>(*inputs[0]);
    if (out.byte_size() > 0 && result != only) std::memcpy(result, only, out.byte_size());
    return;
  }
  std::vector<Shape> shapes;
  std::vector<const Stored<T>*> data;
  for (const Tensor* input : inputs) {
    shapes.push_back(input->shape());
    data.push_back(StoredData<T>(*input));
  }
  const BroadcastWalk walk = PlanBroadcastWalk(out.shape(), shapes);
  const std::vector<int64_t>& steps = walk.row_steps;
  const auto extreme = [](auto... operands) ONNX_CONFORM_VECTOR_LOOP {
    return Store(ExtremePropagatingNaN<E>(Load<T>(operands)...));
  };
  // In chunks, short rows go a run at a time (about a chunk's worth), long
  // rows a chunk at a time: either way one chunk per call.
  const int64_t row_length = walk.row_length;
  const bool in_chunks = inputs.size() > 3;
  const int64_t chunk_length = in_chunks ? kChunk<T> : row_length;
  const int64_t rows_per_run = in_chunks ? std::max<int64_t>(1, kChunk<T> / row_length)
                                         : std::numeric_limits<int64_t>::max();
  ForEachBroadcastRowRun(
      walk, rows_per_run, [&](int64_t out_offset, std::span<const int64_t> offsets, int64_t rows) {
        const auto input = [&](size_t k, int64_t start) {
          return RowOperand<Stored<T>>{data[k] + offsets[k] + start * steps[k], steps[k],
                                       RowStride(walk, k)};
        };
        for (int64_t start = 0; start < row_length; start += chunk_length) {
          const int64_t n = std::min(chunk_length, row_length - start);
          Stored<T>* chunk = result + out_offset + start;
          // The first three inputs, then the rest two at a time, each pass
          // folding into the chunk.
          const auto fold = [&](auto... operands) {
            ApplyRows<kVectorWidth<T>>(chunk, row_length, n, rows, extreme, operands...);
          };
          const RowOperand<Stored<T>> so_far{chunk, 1, row_length};
          if (inputs.size() == 2) fold(input(0, start), input(1, start));
          if (inputs.size() >= 3) fold(input(0, start), input(1, start), input(2, start));
          for (size_t k = 3; k < inputs.size(); k += 2) {
            if (k + 1 < inputs.size()) {
              fold(so_far, input(k, start), input(k + 1, start));
            } else {
              fold(so_far, input(k, start));
            }
          }
        }
      });
}

template <Extreme E>
absl::StatusOr<Tensor> FastExtreme(NodeInputs inputs, Tensor* reusable) {
  absl::StatusOr<ElementwiseOutput> out =
      ElementwiseOutput::For(inputs, reusable, inputs[0]->type(), BroadcastShapeOf(inputs));
  if (!out.ok()) return out.status();
  VisitNumericType(inputs[0]->type(),
                   [&]<typename T>(TypeTag<T>) { ExtremeInto<E, T>(inputs, out->tensor()); });
  return out->Take();
}

}  // namespace

absl::StatusOr<Tensor> FastMin(const BoundNode&, NodeInputs inputs, Tensor* reusable) {
  return FastExtreme<Extreme::kMin>(inputs, reusable);
}

absl::StatusOr<Tensor> FastMax(const BoundNode&, NodeInputs inputs, Tensor* reusable) {
  return FastExtreme<Extreme::kMax>(inputs, reusable);
}

absl::StatusOr<ElementwiseOutput> ElementwiseOutput::For(NodeInputs inputs, Tensor* reusable,
                                                         ElementType type, Shape shape) {
  ElementwiseOutput out;
  if (CanWriteOutputInto(reusable, inputs[0], inputs, type, shape)) {
    out.in_place_ = reusable;
    return out;
  }
  absl::StatusOr<Tensor> created = Tensor::Create(type, std::move(shape));
  if (!created.ok()) return created.status();
  out.created_ = *std::move(created);
  return out;
}

}  // namespace onnx_conform
