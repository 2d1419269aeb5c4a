#include "reference/function_bodies.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/model_versions.h"
#include "checker/registry.h"

namespace onnx_conform {
namespace {

onnx::NodeProto Node(const std::string& op, std::vector<std::string> inputs,
                     const std::string& output) {
  onnx::NodeProto node;
  node.set_op_type(op);
  node.set_name(output);
  for (const std::string& input : inputs) node.add_input(input);
  node.add_output(output);
  return node;
}

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

}  // namespace

bool HasFunctionBody(const std::string& op_type, int64_t version) {
  const OpSchema* schema = FindSchemaVersion(op_type, static_cast<int>(version));
  return schema != nullptr && schema->has_function();
}

std::vector<onnx::NodeProto> Clip13Body(const onnx::NodeProto& clip, const std::string& prefix) {
  const std::string& x = clip.input(0);
  const std::string min = clip.input_size() > 1 ? clip.input(1) : "";
  const std::string max = clip.input_size() > 2 ? clip.input(2) : "";
  const std::string& out = clip.output(0);
  std::vector<onnx::NodeProto> body;
  if (min.empty() && max.empty()) body.push_back(Node("Identity", {x}, out));
  std::string so_far = x;
  if (!min.empty()) {
    const std::string below = prefix + "input_less_than_min";
    const std::string result = max.empty() ? out : prefix + "clipped_below";
    body.push_back(Node("Less", {x, min}, below));
    body.push_back(Node("Where", {below, min, x}, result));
    so_far = result;
  }
  if (!max.empty()) {
    const std::string above = prefix + "max_less_than_input";
    body.push_back(Node("Less", {max, so_far}, above));
    body.push_back(Node("Where", {above, max, so_far}, out));
  }
  return body;
}

absl::StatusOr<onnx::ModelProto> ExpandFunctionNodes(const onnx::ModelProto& model) {
  const int64_t opset = DefaultDomainOpset(model).value_or(0);
  onnx::ModelProto expanded = model;
  onnx::GraphProto& graph = *expanded.mutable_graph();
  graph.clear_node();
  bool any = false;
  bool bfloat16 = false;
  for (const onnx::ValueInfoProto& input : model.graph().input()) {
    if (input.type().tensor_type().elem_type() == onnx::TensorProto::BFLOAT16) bfloat16 = true;
  }
  for (int n = 0; n < model.graph().node_size(); ++n) {
    const onnx::NodeProto& node = model.graph().node(n);
    const std::optional<int64_t> version = ResolveOperatorVersion(node.op_type(), opset);
    // Clip-13's is the only body expanded: Relu-14's, Max(X, CastLike(0, X)),
    // needs CastLike, which the suite does not run.
    if (!IsDefaultDomain(node.domain()) || !version.has_value() || node.op_type() != "Clip" ||
        !HasFunctionBody(node.op_type(), *version) || node.input_size() < 1 ||
        node.output_size() != 1) {
      *graph.add_node() = node;
      continue;
    }
    any = true;
    for (onnx::NodeProto& body_node : Clip13Body(node, absl::StrCat("n", n, "_"))) {
      *graph.add_node() = std::move(body_node);
    }
  }
  if (!any) return absl::NotFoundError("no node of the model is defined as a function");
  if (bfloat16 && opset < FirstBfloat16WhereOpset()) {
    SetDefaultDomainOpset(expanded, FirstBfloat16WhereOpset());
  }
  return expanded;
}

}  // namespace onnx_conform
