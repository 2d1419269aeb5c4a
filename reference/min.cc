#include "reference/min.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "reference/broadcast.h"
#include "reference/element_bits.h"
#include "reference/op_support.h"
#include "reference/semantics.h"

namespace onnx_conform {
namespace {

std::span<const ElementType> MinTypes(int64_t version) {
  if (version >= 13) return kAllNumericBfTypes;
  if (version >= 12) return kAllNumericTypes;
  return kFloatTypes;
}

// Elements per chunk of a row when Min has more than three inputs: every
// input is folded into a chunk of the output while it is in the L1 cache,
// so Min of n inputs is one pass over memory, not several. Up to three
// inputs fold in one pass anyway, and then whole runs of rows go in one
// call: long streams, no call per chunk (bench/, Min2/float 13.7 -> 11.6
// ms, MinBcast4DInPlace/int64 7.6 -> 7.0 ms).
template <typename T>
constexpr int64_t kChunk = 8192 / static_cast<int64_t>(sizeof(T));

// Min's loops on AVX-512: 256-bit vectors for float16/bfloat16, whose rule
// is a dozen 16-bit integer operations per element, 512-bit for every other
// type. Measured side by side on storage aligned to 64 bytes (bench/,
// in place): float's broadcasts 2.9-3.4 -> 2.5-2.7 ms on 512 bits; the half
// types' 4-D and [1,4096] broadcasts 1.53-1.80 -> 1.44-1.67 ms on 256.
template <typename T>
constexpr Avx512Width kMinVectorWidth = kIsHalfType<T> ? Avx512Width::k256 : Avx512Width::k512;

// Folds the inputs left into `out` (already of the output shape):
// out = Min(Min(Min(in0, in1), in2), ...), element by element.
template <typename T>
void MinInto(std::span<const Tensor* const> inputs, Tensor& out) {
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
  const auto min = [](auto... operands) ONNX_CONFORM_VECTOR_LOOP {
    return Store(MinPropagatingNaN(Load<T>(operands)...));
  };
  // In chunks, short rows go a run at a time (about a chunk's worth), long
  // rows a chunk at a time: either way one chunk per call.
  const int64_t row_length = walk.row_length;
  const bool in_chunks = inputs.size() > 3;
  const int64_t chunk_length = in_chunks ? kChunk<T> : row_length;
  const int64_t rows_per_run = in_chunks ? std::max<int64_t>(1, kChunk<T> / row_length)
                                         : std::numeric_limits<int64_t>::max();
  ForEachBroadcastRowRun(walk, rows_per_run, [&](int64_t out_offset,
                                                 std::span<const int64_t> offsets, int64_t rows) {
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
        ApplyRows<kMinVectorWidth<T>>(chunk, row_length, n, rows, min, operands...);
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

}  // namespace

absl::StatusOr<Tensor> Min(int64_t version, std::span<const Tensor* const> inputs,
                           Tensor* reusable) {
  const std::string label = OpLabel("Min", version);
  if (std::find(std::begin(kMinVersions), std::end(kMinVersions), version) ==
      std::end(kMinVersions)) {
    return absl::InvalidArgumentError(absl::StrCat("Min has no version ", version));
  }
  if (inputs.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(label, " needs at least one input"));
  }
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k] == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat(label, ": input ", k, " is missing (Min has no optional input)"));
    }
  }
  const ElementType type = inputs[0]->type();
  if (absl::Status s = CheckElementType(label, "input 0", type, MinTypes(version)); !s.ok()) {
    return s;
  }
  for (size_t k = 1; k < inputs.size(); ++k) {
    if (inputs[k]->type() != type) {
      return absl::InvalidArgumentError(absl::StrCat(
          label, ": input ", k, " has element type ", ElementTypeName(inputs[k]->type()),
          " but input 0 has ", ElementTypeName(type), " (all inputs share one type T)"));
    }
  }

  Shape out_shape;
  if (version < 8) {
    out_shape = inputs[0]->shape();
    for (size_t k = 1; k < inputs.size(); ++k) {
      if (inputs[k]->shape() != out_shape) {
        return absl::InvalidArgumentError(absl::StrCat(
            label, " requires inputs of one shape (broadcasting starts at Min-8): input 0 has ",
            ShapeToString(out_shape), ", input ", k, " has ", ShapeToString(inputs[k]->shape())));
      }
    }
  } else {
    std::vector<Shape> shapes;
    shapes.reserve(inputs.size());
    for (const Tensor* input : inputs) shapes.push_back(input->shape());
    absl::StatusOr<Shape> broadcast = BroadcastShapes(shapes);
    if (!broadcast.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(label, ": ", broadcast.status().message()));
    }
    out_shape = *std::move(broadcast);
  }

  // In place, input 0 is read at each position just before the output is
  // written there (the fold reads every input at the same position).
  const bool in_place = CanWriteOutputInto(reusable, inputs[0], inputs, type, out_shape);
  absl::StatusOr<Tensor> created = in_place ? Tensor() : Tensor::Create(type, std::move(out_shape));
  if (!created.ok()) return created.status();
  Tensor& out = in_place ? *reusable : *created;
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) { MinInto<T>(inputs, out); });
  return std::move(out);
}

absl::StatusOr<Tensor> RunMinNode(const onnx::NodeProto& node, int64_t version,
                                  std::span<const Tensor* const> inputs, Tensor* reusable) {
  const std::string label = OpLabel("Min", version);
  if (absl::Status s = CheckArity(node, label, 1, INT_MAX); !s.ok()) return s;
  // consumed_inputs (Min-1) was a legacy optimisation hint: accepted, ignored.
  absl::Status attributes = version == 1 ? CheckAttributeNames(node, label, {"consumed_inputs"})
                                         : CheckAttributeNames(node, label, {});
  if (!attributes.ok()) return attributes;
  return Min(version, inputs, reusable);
}

}  // namespace onnx_conform
