#include "reference/function_bodies.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/model_versions.h"
#include "checker/registry.h"
#include "reference/operators.h"

namespace onnx_conform {
namespace {

// The opset of the first Where that takes bfloat16 (Where-16).
int64_t FirstBfloat16WhereOpset() {
  for (const OpSchema* where : SupportSchemaVersions("Where")) {
    const std::vector<ElementType> types = where->AllowedTypes(*where->InputParam(1));  // X
    if (std::find(types.begin(), types.end(), ElementType::kBFloat16) != types.end()) {
      return where->since_version();
    }
  }
  return 0;
}

// The least opset from `opset` on at which the default domain has `op_type`.
int64_t OpsetHaving(const std::string& op_type, int64_t opset) {
  if (LookupSchema("", op_type, opset).ok()) return opset;
  const std::vector<const OpSchema*> versions = OperatorVersions("", op_type);
  return versions.empty() ? opset : std::max<int64_t>(opset, versions.front()->since_version());
}

}  // namespace

onnx::NodeProto BodyNode(const std::string& op, const std::vector<std::string>& inputs,
                         const std::string& output) {
  onnx::NodeProto node;
  node.set_op_type(op);
  node.set_name(output);
  for (const std::string& input : inputs) node.add_input(input);
  node.add_output(output);
  return node;
}

bool HasFunctionBody(const std::string& op_type, int64_t version) {
  const OpSchema* schema = FindSchemaVersion(op_type, static_cast<int>(version));
  return schema != nullptr && schema->has_function();
}

absl::StatusOr<onnx::ModelProto> ExpandFunctionNodes(const onnx::ModelProto& model) {
  const int64_t opset = DefaultDomainOpset(model).value_or(0);
  onnx::ModelProto expanded = model;
  onnx::GraphProto& graph = *expanded.mutable_graph();
  graph.clear_node();
  bool any = false;
  int64_t needed = opset;
  for (int n = 0; n < model.graph().node_size(); ++n) {
    const onnx::NodeProto& node = model.graph().node(n);
    const std::optional<int64_t> version = ResolveOperatorVersion(node.op_type(), opset);
    const OperatorKernels* kernels = FindKernels(node.op_type());
    if (!IsDefaultDomain(node.domain()) || !version.has_value() ||
        !HasFunctionBody(node.op_type(), *version) || kernels == nullptr ||
        kernels->body == nullptr || node.input_size() < 1 || node.output_size() != 1) {
      *graph.add_node() = node;
      continue;
    }
    any = true;
    for (onnx::NodeProto& body_node : kernels->body(node, absl::StrCat("n", n, "_"))) {
      needed = OpsetHaving(body_node.op_type(), needed);
      *graph.add_node() = std::move(body_node);
    }
  }
  if (!any) return absl::NotFoundError("no node of the model is defined as a function");
  bool bfloat16 = false;
  for (const onnx::ValueInfoProto& input : model.graph().input()) {
    if (input.type().tensor_type().elem_type() == onnx::TensorProto::BFLOAT16) bfloat16 = true;
  }
  // A bfloat16 value may reach a Where (Clip-13's body): Where-16 takes it.
  if (bfloat16) needed = std::max(needed, FirstBfloat16WhereOpset());
  if (needed != opset) SetDefaultDomainOpset(expanded, needed);
  return expanded;
}

}  // namespace onnx_conform
