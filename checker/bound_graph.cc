#include "checker/bound_graph.h"

#include <variant>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/registry.h"
#include "reference/model_versions.h"

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
  bool opset_read = false;
  for (int n = 0; n < model.graph().node_size(); ++n) {
    const onnx::NodeProto& node = model.graph().node(n);
    if (!opset_read && IsDefaultDomain(node.domain())) {
      absl::StatusOr<int64_t> opset = UnambiguousDefaultDomainOpset(model);
      if (!opset.ok()) return opset.status();
      bound.opset = *opset;
      opset_read = true;
    }
    absl::StatusOr<const OpSchema*> schema =
        LookupSchema(node.domain(), node.op_type(), opset_read ? bound.opset : 0);
    if (!schema.ok()) {
      return absl::UnimplementedError(
          absl::StrCat("node #", n, " (", node.op_type(), "): ", schema.status().message()));
    }
    bound.nodes.emplace_back(node, **schema, n);
  }
  return bound;
}

}  // namespace onnx_conform
