#include "reference/support_ops.h"

#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/constant_schema.h"
#include "reference/element_rules.h"
#include "reference/elementwise.h"

namespace onnx_conform {

absl::StatusOr<Tensor> ChargedCopy(const Tensor& tensor) {
  absl::StatusOr<Tensor> copy = Tensor::Create(tensor.type(), tensor.shape());
  if (!copy.ok()) return copy.status();
  if (tensor.byte_size() > 0) {
    std::memcpy(copy->bytes().data(), tensor.bytes().data(), tensor.byte_size());
  }
  return copy;
}

// Identity: its input, unchanged.
absl::StatusOr<Tensor> Identity(const BoundNode&, NodeInputs inputs, const PlainEvaluation& plain) {
  const MatchClasses* classes = plain.input_classes.empty() ? nullptr : plain.input_classes[0];
  KeepClasses(classes != nullptr ? *classes : MatchClasses{}, plain.output_classes);
  return ChargedCopy(*inputs[0]);
}

// Constant: the tensor held by its one value attribute.
absl::StatusOr<Tensor> Constant(const BoundNode& node, NodeInputs, const PlainEvaluation& plain) {
  KeepClasses({}, plain.output_classes);
  return ConstantValueOf(node);
}

// Less: "the `less` logical operation elementwise" (IEEE <), broadcast.
absl::StatusOr<Tensor> Less(const BoundNode&, NodeInputs inputs, const PlainEvaluation& plain) {
  const Shape shape = BroadcastShapeOf(inputs);
  absl::StatusOr<Tensor> out = Tensor::Create(ElementType::kBool, shape);
  if (!out.ok()) return out.status();
  const BroadcastIndex a_at(shape, inputs[0]->shape());
  const BroadcastIndex b_at(shape, inputs[1]->shape());
  std::span<uint8_t> c = out->data<uint8_t>();
  VisitNumericType(inputs[0]->type(), [&]<typename T>(TypeTag<T>) {
    std::span<const T> a = inputs[0]->data<T>();
    std::span<const T> b = inputs[1]->data<T>();
    for (int64_t i = 0; i < static_cast<int64_t>(c.size()); ++i) {
      c[static_cast<size_t>(i)] =
          LessValue(a[static_cast<size_t>(a_at(i))], b[static_cast<size_t>(b_at(i))]) ? 1 : 0;
    }
  });
  KeepClasses({}, plain.output_classes);
  return out;
}

// Where: X's element where condition holds, else Y's, broadcast. Only the
// numeric types: the suite reads no other tensors.
absl::StatusOr<Tensor> Where(const BoundNode& node, NodeInputs inputs,
                             const PlainEvaluation& plain) {
  const ElementType type = inputs[1]->type();
  if (!IsNumeric(type)) {
    return absl::UnimplementedError(absl::StrCat(node.schema().Name(), " on ",
                                                 ElementTypeName(type),
                                                 " is not implemented by the reference"));
  }
  const Shape shape = BroadcastShapeOf(inputs);
  absl::StatusOr<Tensor> out = Tensor::Create(type, shape);
  if (!out.ok()) return out.status();
  const BroadcastIndex c_at(shape, inputs[0]->shape());
  const BroadcastIndex x_at(shape, inputs[1]->shape());
  const BroadcastIndex y_at(shape, inputs[2]->shape());
  std::span<const uint8_t> condition = inputs[0]->data<uint8_t>();
  MatchClasses classes(static_cast<size_t>(out->element_count()));
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    std::span<const T> x = inputs[1]->data<T>();
    std::span<const T> y = inputs[2]->data<T>();
    std::span<T> result = out->data<T>();
    for (int64_t i = 0; i < static_cast<int64_t>(result.size()); ++i) {
      const bool take_x = condition[static_cast<size_t>(c_at(i))] != 0;
      const size_t k = take_x ? 1 : 2;
      const int64_t j = take_x ? x_at(i) : y_at(i);
      const T value = take_x ? x[static_cast<size_t>(j)] : y[static_cast<size_t>(j)];
      const Decided<T> decided = Settled(Decided<T>{value, plain.InputClass(k, j)});
      result[static_cast<size_t>(i)] = decided.value;
      classes[static_cast<size_t>(i)] = decided.match;
    }
  });
  KeepClasses(std::move(classes), plain.output_classes);
  return out;
}

}  // namespace onnx_conform
