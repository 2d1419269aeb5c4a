#include "ops/relu/relu_kernel.h"

namespace onnx_conform {

// "the rectified linear function, y = max(0, x), is applied to the tensor
// elementwise" (ReluRule), for every element type the versions allow.
absl::StatusOr<Tensor> Relu(const BoundNode&, NodeInputs inputs, const PlainEvaluation& plain) {
  const Tensor& input = *inputs[0];
  absl::StatusOr<Tensor> out = Tensor::Create(input.type(), input.shape());
  if (!out.ok()) return out.status();
  VisitNumericType(input.type(), [&]<typename T>(TypeTag<T>) {
    std::span<const T> x = input.data<T>();
    std::span<T> y = out->data<T>();
    MatchClasses classes(y.size());
    for (size_t i = 0; i < y.size(); ++i) {
      const Decided<T> relu =
          ReluRule(Decided<T>{x[i], plain.InputClass(0, static_cast<int64_t>(i))}, plain.readings);
      y[i] = relu.value;
      classes[i] = relu.match;
    }
    KeepClasses(std::move(classes), plain.output_classes);
  });
  return out;
}

const OperatorKernels kReluKernels = {"Relu", &Relu, nullptr, &ReluBody};

}  // namespace onnx_conform
