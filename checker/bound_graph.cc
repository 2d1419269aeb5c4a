#include "checker/bound_graph.h"

#include <variant>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/model_versions.h"
#include "checker/registry.h"

namespace onnx_conform {
namespace {

template <typename T>
std::optional<T> DefaultOf(const OpSchema& schema, absl::string_view name) {
  const AttributeSpec* spec = schema.FindAttribute(name);
  if (spec != nullptr && std::holds_alternative<T>(spec->default_value)) {
    return std::get<T>(spec->default_value);
  }
  return std::nullopt;
}

// The model's first opset_import of a domain other than the default one.
std::optional<int64_t> OtherDomainOpset(const onnx::ModelProto& model, absl::string_view domain) {
  for (const onnx::OperatorSetIdProto& import : model.opset_import()) {
    if (import.domain() == domain) return import.version();
  }
  return std::nullopt;
}

}  // namespace

const onnx::AttributeProto* BoundNode::GetAttribute(absl::string_view name) const {
  for (const onnx::AttributeProto& attribute : proto_->attribute()) {
    if (attribute.name() == name) return &attribute;
  }
  return nullptr;
}

std::optional<int64_t> BoundNode::GetInt(absl::string_view name) const {
  if (const onnx::AttributeProto* attribute = GetAttribute(name)) return attribute->i();
  return DefaultOf<int64_t>(*schema_, name);
}

std::optional<float> BoundNode::GetFloat(absl::string_view name) const {
  if (const onnx::AttributeProto* attribute = GetAttribute(name)) return attribute->f();
  return DefaultOf<float>(*schema_, name);
}

absl::StatusOr<BoundGraph> BindGraph(const onnx::ModelProto& model) {
  BoundGraph bound;
  bound.graph = &model.graph();
  if (model.functions_size() > 0) bound.functions = std::make_shared<ModelFunctions>(model);
  bool opset_read = false;
  for (int n = 0; n < model.graph().node_size(); ++n) {
    const onnx::NodeProto& node = model.graph().node(n);
    int64_t opset = 0;
    if (IsDefaultDomain(node.domain())) {
      if (!opset_read) {
        absl::StatusOr<int64_t> default_opset = UnambiguousDefaultDomainOpset(model);
        if (!default_opset.ok()) return default_opset.status();
        bound.opset = *default_opset;
        opset_read = true;
      }
      opset = bound.opset;
    } else if (std::optional<int64_t> other = OtherDomainOpset(model, node.domain())) {
      opset = *other;
    } else {
      return absl::InvalidArgumentError(absl::StrCat("node #", n, " (", node.op_type(),
                                                     "): the model imports no opset for domain '",
                                                     node.domain(), "'"));
    }
    if (bound.functions != nullptr) {
      if (const OpSchema* function = bound.functions->Find(node.domain(), node.op_type())) {
        bound.nodes.emplace_back(node, *function, n);
        continue;
      }
    }
    absl::StatusOr<const OpSchema*> schema = LookupSchema(node.domain(), node.op_type(), opset);
    if (!schema.ok()) {
      return absl::UnimplementedError(
          absl::StrCat("node #", n, " (", node.op_type(), "): ", schema.status().message()));
    }
    bound.nodes.emplace_back(node, **schema, n);
  }
  return bound;
}

}  // namespace onnx_conform
