#include "reference/support_ops.h"

#include <cstring>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "reference/broadcast.h"
#include "reference/element_rules.h"
#include "reference/op_support.h"
#include "reference/tensor_proto.h"

namespace onnx_conform {
namespace {

// The numpy shape of several operands, or InvalidArgument naming the node.
absl::StatusOr<Shape> BroadcastOperands(absl::string_view label,
                                        std::span<const Tensor* const> inputs) {
  std::vector<Shape> shapes;
  for (const Tensor* input : inputs) shapes.push_back(input->shape());
  absl::StatusOr<Shape> shape = BroadcastShapes(shapes);
  if (!shape.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(label, ": ", shape.status().message()));
  }
  return shape;
}

absl::Status CheckPresent(absl::string_view label, std::span<const Tensor* const> inputs) {
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k] == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(label, ": input ", k, " is missing"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Tensor> ChargedCopy(const Tensor& tensor) {
  absl::StatusOr<Tensor> copy = Tensor::Create(tensor.type(), tensor.shape());
  if (!copy.ok()) return copy.status();
  if (tensor.byte_size() > 0) {
    std::memcpy(copy->bytes().data(), tensor.bytes().data(), tensor.byte_size());
  }
  return copy;
}

// Identity: its input, unchanged.
absl::StatusOr<Tensor> RunIdentityNode(const onnx::NodeProto& node, int64_t version,
                                       std::span<const Tensor* const> inputs,
                                       const PlainEvaluation* plain) {
  const std::string label = OpLabel("Identity", version);
  if (absl::Status s = CheckArity(node, label, 1, 1); !s.ok()) return s;
  if (absl::Status s = CheckAttributeNames(node, label, {}); !s.ok()) return s;
  if (inputs[0] == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(label, ": input 0 is missing"));
  }
  if (plain != nullptr && !plain->input_classes.empty() && plain->input_classes[0] != nullptr) {
    KeepClasses(*plain->input_classes[0], plain->output_classes);
  } else if (plain != nullptr) {
    KeepClasses({}, plain->output_classes);
  }
  return ChargedCopy(*inputs[0]);
}

// Constant: the tensor held by its one value attribute. value_float(s) and
// value_int(s) exist from Constant-12 (float and int64 tensors: rank 0 for
// the single forms, rank 1 for the lists).
absl::StatusOr<Tensor> RunConstantNode(const onnx::NodeProto& node, int64_t version,
                                       std::span<const Tensor* const> inputs,
                                       const PlainEvaluation* plain) {
  if (plain != nullptr) KeepClasses({}, plain->output_classes);
  const std::string label = OpLabel("Constant", version);
  if (absl::Status s = CheckArity(node, label, 0, 0); !s.ok()) return s;
  absl::Status names =
      version >= 12
          ? CheckAttributeNames(node, label,
                                {"value", "sparse_value", "value_float", "value_floats",
                                 "value_int", "value_ints", "value_string", "value_strings"})
      : version >= 11 ? CheckAttributeNames(node, label, {"value", "sparse_value"})
                      : CheckAttributeNames(node, label, {"value"});
  if (!names.ok()) return names;
  if (node.attribute_size() != 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        label, " needs exactly one value attribute, the node has ", node.attribute_size()));
  }
  const onnx::AttributeProto& attribute = node.attribute(0);
  const std::string& name = attribute.name();
  auto wrong_type = [&](absl::string_view expected) {
    return absl::InvalidArgumentError(
        absl::StrCat(label, ": attribute '", name, "' must be a ", expected, ", not ",
                     onnx::AttributeProto::AttributeType_Name(attribute.type())));
  };
  if (name == "value") {
    if (attribute.type() != onnx::AttributeProto::TENSOR && !attribute.has_t()) {
      return wrong_type("TENSOR");
    }
    absl::StatusOr<Tensor> tensor = TensorFromProto(attribute.t());
    if (!tensor.ok()) {
      return absl::Status(tensor.status().code(),
                          absl::StrCat(label, ": attribute 'value': ", tensor.status().message()));
    }
    return tensor;
  }
  if (name == "value_float") {
    if (attribute.type() != onnx::AttributeProto::FLOAT) return wrong_type("FLOAT");
    return Tensor::FromValues<float>({}, {attribute.f()});
  }
  if (name == "value_int") {
    if (attribute.type() != onnx::AttributeProto::INT) return wrong_type("INT");
    return Tensor::FromValues<int64_t>({}, {attribute.i()});
  }
  if (name == "value_floats") {
    if (attribute.type() != onnx::AttributeProto::FLOATS) return wrong_type("FLOATS");
    return Tensor::FromValues<float>(
        {attribute.floats_size()},
        std::span<const float>(attribute.floats().data(), attribute.floats_size()));
  }
  if (name == "value_ints") {
    if (attribute.type() != onnx::AttributeProto::INTS) return wrong_type("INTS");
    return Tensor::FromValues<int64_t>(
        {attribute.ints_size()},
        std::span<const int64_t>(attribute.ints().data(), attribute.ints_size()));
  }
  return absl::UnimplementedError(
      absl::StrCat(label, ": attribute '", name,
                   "' (sparse or string tensors) is not implemented by the reference"));
}

// Less: "the `less` logical operation elementwise" (IEEE <), broadcast.
absl::StatusOr<Tensor> RunLessNode(const onnx::NodeProto& node, int64_t version,
                                   std::span<const Tensor* const> inputs,
                                   const PlainEvaluation* plain) {
  const std::string label = OpLabel("Less", version);
  if (absl::Status s = CheckArity(node, label, 2, 2); !s.ok()) return s;
  if (absl::Status s = CheckAttributeNames(node, label, {}); !s.ok()) return s;
  if (absl::Status s = CheckPresent(label, inputs); !s.ok()) return s;
  const ElementType type = inputs[0]->type();
  if (inputs[1]->type() != type) {
    return absl::InvalidArgumentError(absl::StrCat(
        label, ": A is ", ElementTypeName(type), " but B is ", ElementTypeName(inputs[1]->type())));
  }
  const std::span<const ElementType> types =
      version >= 13  ? std::span<const ElementType>(kAllNumericBfTypes)
      : version >= 9 ? std::span<const ElementType>(kAllNumericTypes)
                     : std::span<const ElementType>(kFloatTypes);
  if (absl::Status s = CheckElementType(label, "A", type, types); !s.ok()) return s;
  absl::StatusOr<Shape> shape = BroadcastOperands(label, inputs);
  if (!shape.ok()) return shape.status();
  absl::StatusOr<Tensor> out = Tensor::Create(ElementType::kBool, *shape);
  if (!out.ok()) return out.status();
  const BroadcastIndex a_at(*shape, inputs[0]->shape());
  const BroadcastIndex b_at(*shape, inputs[1]->shape());
  std::span<uint8_t> c = out->data<uint8_t>();
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    std::span<const T> a = inputs[0]->data<T>();
    std::span<const T> b = inputs[1]->data<T>();
    for (int64_t i = 0; i < static_cast<int64_t>(c.size()); ++i) {
      c[static_cast<size_t>(i)] =
          LessValue(a[static_cast<size_t>(a_at(i))], b[static_cast<size_t>(b_at(i))]) ? 1 : 0;
    }
  });
  if (plain != nullptr) KeepClasses({}, plain->output_classes);
  return out;
}

// Where: X's element where condition holds, else Y's, broadcast.
absl::StatusOr<Tensor> RunWhereNode(const onnx::NodeProto& node, int64_t version,
                                    std::span<const Tensor* const> inputs,
                                    const PlainEvaluation* plain) {
  const std::string label = OpLabel("Where", version);
  if (absl::Status s = CheckArity(node, label, 3, 3); !s.ok()) return s;
  if (absl::Status s = CheckAttributeNames(node, label, {}); !s.ok()) return s;
  if (absl::Status s = CheckPresent(label, inputs); !s.ok()) return s;
  if (inputs[0]->type() != ElementType::kBool) {
    return absl::InvalidArgumentError(
        absl::StrCat(label, ": condition must be bool, not ", ElementTypeName(inputs[0]->type())));
  }
  const ElementType type = inputs[1]->type();
  if (inputs[2]->type() != type) {
    return absl::InvalidArgumentError(absl::StrCat(
        label, ": X is ", ElementTypeName(type), " but Y is ", ElementTypeName(inputs[2]->type())));
  }
  const std::span<const ElementType> types = version >= 16
                                                 ? std::span<const ElementType>(kAllNumericBfTypes)
                                                 : std::span<const ElementType>(kAllNumericTypes);
  if (absl::Status s = CheckElementType(label, "X", type, types); !s.ok()) return s;
  absl::StatusOr<Shape> shape = BroadcastOperands(label, inputs);
  if (!shape.ok()) return shape.status();
  absl::StatusOr<Tensor> out = Tensor::Create(type, *shape);
  if (!out.ok()) return out.status();
  const BroadcastIndex c_at(*shape, inputs[0]->shape());
  const BroadcastIndex x_at(*shape, inputs[1]->shape());
  const BroadcastIndex y_at(*shape, inputs[2]->shape());
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
      const MatchClass chosen = plain != nullptr ? plain->InputClass(k, j) : MatchClass::kExactBits;
      const Decided<T> decided = Settled(Decided<T>{value, chosen});
      result[static_cast<size_t>(i)] = decided.value;
      classes[static_cast<size_t>(i)] = decided.match;
    }
  });
  if (plain != nullptr) KeepClasses(std::move(classes), plain->output_classes);
  return out;
}

}  // namespace onnx_conform
