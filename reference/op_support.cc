#include "reference/op_support.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace onnx_conform {

bool CanWriteOutputInto(const Tensor* reusable, const Tensor* input,
                        std::span<const Tensor* const> inputs, ElementType type,
                        const Shape& shape) {
  if (reusable == nullptr || reusable != input) return false;
  if (std::count(inputs.begin(), inputs.end(), input) > 1) return false;
  return reusable->type() == type && reusable->shape() == shape && !reusable->maps_file();
}

namespace {

std::string TypeList(std::span<const ElementType> types) {
  return absl::StrJoin(types, ", ", [](std::string* out, ElementType type) {
    absl::StrAppend(out, ElementTypeName(type));
  });
}

const onnx::AttributeProto* FindAttribute(const onnx::NodeProto& node, absl::string_view name) {
  for (const onnx::AttributeProto& attribute : node.attribute()) {
    if (attribute.name() == name) return &attribute;
  }
  return nullptr;
}

}  // namespace

std::string OpLabel(absl::string_view op, int64_t version) {
  return absl::StrCat(op, "-", version);
}

absl::Status CheckElementType(absl::string_view op_label, absl::string_view what, ElementType type,
                              std::span<const ElementType> allowed) {
  if (std::find(allowed.begin(), allowed.end(), type) != allowed.end()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(op_label, ": ", what, " has element type ",
                                                 ElementTypeName(type), ", not one of ",
                                                 TypeList(allowed)));
}

absl::Status CheckAttributeNames(const onnx::NodeProto& node, absl::string_view op_label,
                                 std::initializer_list<absl::string_view> allowed) {
  for (int i = 0; i < node.attribute_size(); ++i) {
    const std::string& name = node.attribute(i).name();
    if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
      return absl::InvalidArgumentError(
          allowed.size() == 0
              ? absl::StrCat(op_label, " has no attributes, but the node sets '", name, "'")
              : absl::StrCat(op_label, " has no attribute '", name, "' (it has ",
                             absl::StrJoin(allowed, ", "), ")"));
    }
    for (int j = 0; j < i; ++j) {
      if (node.attribute(j).name() == name) {
        return absl::InvalidArgumentError(
            absl::StrCat(op_label, ": attribute '", name, "' is given more than once"));
      }
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::optional<int64_t>> GetIntAttribute(const onnx::NodeProto& node,
                                                       absl::string_view op_label,
                                                       absl::string_view name) {
  const onnx::AttributeProto* attribute = FindAttribute(node, name);
  if (attribute == nullptr) return std::nullopt;
  const bool untyped_int = attribute->type() == onnx::AttributeProto::UNDEFINED &&
                           attribute->has_i() && !attribute->has_f();
  if (attribute->type() != onnx::AttributeProto::INT && !untyped_int) {
    return absl::InvalidArgumentError(
        absl::StrCat(op_label, ": attribute '", name, "' must be an INT, not ",
                     onnx::AttributeProto::AttributeType_Name(attribute->type())));
  }
  return attribute->i();
}

absl::StatusOr<std::optional<float>> GetFloatAttribute(const onnx::NodeProto& node,
                                                       absl::string_view op_label,
                                                       absl::string_view name) {
  const onnx::AttributeProto* attribute = FindAttribute(node, name);
  if (attribute == nullptr) return std::nullopt;
  const bool untyped_float = attribute->type() == onnx::AttributeProto::UNDEFINED &&
                             attribute->has_f() && !attribute->has_i();
  if (attribute->type() != onnx::AttributeProto::FLOAT && !untyped_float) {
    return absl::InvalidArgumentError(
        absl::StrCat(op_label, ": attribute '", name, "' must be a FLOAT, not ",
                     onnx::AttributeProto::AttributeType_Name(attribute->type())));
  }
  return attribute->f();
}

absl::Status CheckArity(const onnx::NodeProto& node, absl::string_view op_label, int min_inputs,
                        int max_inputs) {
  if (node.input_size() < min_inputs || node.input_size() > max_inputs) {
    return absl::InvalidArgumentError(
        min_inputs == max_inputs ? absl::StrCat(op_label, " takes ", min_inputs,
                                                " input(s), the node has ", node.input_size())
                                 : absl::StrCat(op_label, " takes ", min_inputs, " to ", max_inputs,
                                                " inputs, the node has ", node.input_size()));
  }
  if (node.output_size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(op_label, " has 1 output, the node has ", node.output_size()));
  }
  return absl::OkStatus();
}

AxisSplit SplitAtAxis(const Shape& shape, int64_t axis) {
  AxisSplit split;
  split.n = shape[static_cast<size_t>(axis)];
  for (int64_t d = 0; d < axis; ++d) split.outer *= shape[static_cast<size_t>(d)];
  for (size_t d = static_cast<size_t>(axis) + 1; d < shape.size(); ++d) split.inner *= shape[d];
  return split;
}

}  // namespace onnx_conform
