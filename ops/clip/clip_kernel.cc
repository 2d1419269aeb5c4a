#include "ops/clip/clip_kernel.h"

#include "ops/clip/clip_fast_kernel.h"
#include "reference/operators.h"

namespace onnx_conform {

// "Clip operator limits the given input within an interval", element by
// element (ClipRule).
absl::StatusOr<Tensor> Clip(const BoundNode& node, NodeInputs inputs,
                            const PlainEvaluation& plain) {
  const Tensor& input = *inputs[0];
  absl::StatusOr<Tensor> out = Tensor::Create(input.type(), input.shape());
  if (!out.ok()) return out.status();
  VisitNumericType(input.type(), [&]<typename T>(TypeTag<T>) {
    const ClipBounds<T> bounds = ClipBoundsOf<T>(node, inputs, plain.readings);
    std::span<const T> x = input.data<T>();
    std::span<T> y = out->data<T>();
    MatchClasses classes(y.size());
    for (size_t i = 0; i < y.size(); ++i) {
      const Decided<T> element{x[i], plain.InputClass(0, static_cast<int64_t>(i))};
      const Decided<T> clipped = Settled(ClipRule(element, bounds.lo, bounds.hi, plain.readings));
      y[i] = clipped.value;
      classes[i] = clipped.match;
    }
    KeepClasses(std::move(classes), plain.output_classes);
  });
  return out;
}

const OperatorKernels kClipKernels = {"Clip", &Clip, &FastClip, &ClipBody};

}  // namespace onnx_conform
