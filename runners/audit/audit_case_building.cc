#include "runners/audit/audit_case_building.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "checker/model_versions.h"

namespace onnx_conform {
namespace {

onnx::ValueInfoProto Declare(const std::string& name, ElementType type,
                             const std::optional<Shape>& shape) {
  onnx::ValueInfoProto info;
  info.set_name(name);
  onnx::TypeProto::Tensor* tensor = info.mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(static_cast<int32_t>(type));
  if (shape.has_value()) {
    onnx::TensorShapeProto* proto_shape = tensor->mutable_shape();
    for (int64_t d : *shape) proto_shape->add_dim()->set_dim_value(d);
  }
  return info;
}

// An attribute with its name and type set, its value not yet.
onnx::AttributeProto Attribute(const std::string& name, onnx::AttributeProto::AttributeType type) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(type);
  return a;
}

}  // namespace

onnx::AttributeProto IntAttr(const std::string& name, int64_t value) {
  onnx::AttributeProto a = Attribute(name, onnx::AttributeProto::INT);
  a.set_i(value);
  return a;
}

onnx::AttributeProto FloatAttr(const std::string& name, float value) {
  onnx::AttributeProto a = Attribute(name, onnx::AttributeProto::FLOAT);
  a.set_f(value);
  return a;
}

onnx::AttributeProto IntsAttr(const std::string& name, std::vector<int64_t> values) {
  onnx::AttributeProto a = Attribute(name, onnx::AttributeProto::INTS);
  for (int64_t v : values) a.add_ints(v);
  return a;
}

AuditCase MakeCase(absl::string_view op_type, int version, ElementType type,
                   absl::string_view scenario, std::vector<FedInput> inputs,
                   std::vector<onnx::AttributeProto> attributes, const std::string& output,
                   ElementType output_type) {
  AuditCase c;
  c.name = absl::StrCat(absl::AsciiStrToLower(op_type), "_v", version, "_", ElementTypeName(type),
                        "_", scenario);
  c.scenario = std::string(scenario);
  c.op_type = std::string(op_type);
  c.version = version;
  c.type = type;
  c.model.set_ir_version(IrVersionForOpset(version));
  c.model.set_producer_name("onnx-conform audit");
  onnx::OperatorSetIdProto* import = c.model.add_opset_import();
  import->set_domain("");
  import->set_version(version);
  onnx::GraphProto* graph = c.model.mutable_graph();
  graph->set_name(c.name);
  onnx::NodeProto* node = graph->add_node();
  node->set_op_type(std::string(op_type));
  for (FedInput& input : inputs) {
    node->add_input(input.name);
    if (input.name.empty()) continue;
    *graph->add_input() = Declare(input.name, input.value->type(), input.value->shape());
    c.inputs.push_back(*std::move(input.value));
  }
  node->add_output(output);
  for (onnx::AttributeProto& attribute : attributes) *node->add_attribute() = std::move(attribute);
  *graph->add_output() = Declare(output, output_type, std::nullopt);
  return c;
}

}  // namespace onnx_conform
