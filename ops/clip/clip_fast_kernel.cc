// FastClip: Clip's loop (ops/clip/clip_fast_kernel.h).
#include "ops/clip/clip_fast_kernel.h"

#include "ops/clip/clip_kernel.h"
#include "reference/element_bits.h"
#include "reference/fast/kernels.h"
#include "tensor/vector_isa.h"

namespace onnx_conform {
namespace {

// y[i] = ClipValue(x[i], lo, hi) for i in [0, count), with the widest
// vectors the CPU has (tensor/vector_isa.h).
template <typename T>
void ClipRow(const Stored<T>* x, int64_t count, T lo, T hi, Stored<T>* y) {
  // ClipValue tests its bounds for NaN at every element. They are the same
  // for all, so the common case gets a loop of its own, in which the
  // compiler knows them to be numbers, drops those tests and vectorizes.
  RunWithWidestVectors(
      [](const Stored<T>* x, int64_t count, T lo, T hi, Stored<T>* y) ONNX_CONFORM_VECTOR_LOOP {
        if (!IsNaN(lo) && !IsNaN(hi)) {
          for (int64_t i = 0; i < count; ++i) y[i] = Store(ClipValue(Load<T>(x[i]), lo, hi));
        } else {
          for (int64_t i = 0; i < count; ++i) y[i] = Store(ClipValue(Load<T>(x[i]), lo, hi));
        }
      },
      x, count, lo, hi, y);
}

}  // namespace

absl::StatusOr<Tensor> FastClip(const BoundNode& node, NodeInputs inputs, Tensor* reusable) {
  const Tensor& input = *inputs[0];
  const Tensor* const clipped[] = {&input};
  absl::StatusOr<ElementwiseOutput> out =
      ElementwiseOutput::For(clipped, reusable, input.type(), input.shape());
  if (!out.ok()) return out.status();
  VisitNumericType(input.type(), [&]<typename T>(TypeTag<T>) {
    // Under the suite's reading both bounds are always there (a missing one
    // is T's limit, or Clip-6's default converted).
    const ClipBounds<T> bounds = ClipBoundsOf<T>(node, inputs, {});
    ClipRow<T>(StoredData<T>(input), input.element_count(), *bounds.lo, *bounds.hi,
               StoredData<T>(out->tensor()));
  });
  return out->Take();
}

}  // namespace onnx_conform
