#include "runners/audit/audit_node_case.h"

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/model_versions.h"
#include "ops/suite_operators.h"

namespace onnx_conform {
namespace {

// Generated inputs of a node stay small.
constexpr int64_t kMaxNodeElements = int64_t{1} << 16;
// A symbolic dimension, and the shape of an input whose rank is unknown.
constexpr int64_t kGeneratedDimension = 3;
const Shape kUnknownRankShape = {2, 7};

onnx::ValueInfoProto Declared(const std::string& name, ElementType type, const Shape& shape) {
  onnx::ValueInfoProto v;
  v.set_name(name);
  auto* tensor = v.mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(static_cast<int32_t>(type));
  for (int64_t d : shape) tensor->mutable_shape()->add_dim()->set_dim_value(d);
  return v;
}

// Element-wise nodes (the first input of a node of the Clip or Unary
// scenario, every input of a Variadic one given inputs of one shape) are
// run on a flat shape long enough to hold each value of the audit's value
// sets; the version changes they can show do not depend on the shape. A
// Variadic node with a known input (an initializer) keeps the declared shapes.
constexpr int64_t kFlatLength = 32;

// The node form of a suite operator (ops/operators.def); kNone for another.
NodeScenario ScenarioOf(absl::string_view op_type) {
  const SuiteOperator* op = FindSuiteOperator(op_type);
  return op == nullptr ? NodeScenario::kNone : op->scenario;
}

// Element-wise over the first input alone, any other input a scalar bound.
bool ElementWiseOverFirstInput(NodeScenario scenario) {
  return scenario == NodeScenario::kClip || scenario == NodeScenario::kUnary;
}

bool RunsFlat(const onnx::NodeProto& node, const ModelNodes& nodes) {
  const NodeScenario scenario = ScenarioOf(node.op_type());
  if (ElementWiseOverFirstInput(scenario)) return true;
  if (scenario != NodeScenario::kVariadic) return false;
  std::optional<std::vector<int64_t>> common;
  for (const std::string& input : node.input()) {
    // A known value keeps its shape: the generated ones must then keep theirs.
    if (nodes.constants().contains(input)) return false;
    auto dims = nodes.dims().find(input);
    if (dims == nodes.dims().end()) return false;
    if (common.has_value() && *common != dims->second) return false;
    common = dims->second;
  }
  return true;
}

}  // namespace

absl::StatusOr<std::vector<AuditCase>> NodeCases(const GraphNode& gn, const ModelNodes& nodes,
                                                 int64_t opset, const EdgeValues& edges) {
  const onnx::NodeProto& node = *gn.node;
  AuditCase c;
  c.name = gn.label;
  c.scenario = gn.label;
  c.op_type = node.op_type();
  c.model.set_ir_version(IrVersionForOpset(opset));
  c.model.add_opset_import()->set_version(opset);
  onnx::GraphProto& graph = *c.model.mutable_graph();
  graph.set_name("node");
  onnx::NodeProto& copy = *graph.add_node();
  copy = node;
  std::set<std::string> added;
  const bool flat = RunsFlat(node, nodes);
  std::vector<std::pair<ElementType, Shape>> generated;  // the inputs to generate, in order
  for (const std::string& input : node.input()) {
    if (input.empty() || !added.insert(input).second) continue;
    if (auto known = nodes.constants().find(input); known != nodes.constants().end()) {
      *graph.add_initializer() = *known->second;
      graph.mutable_initializer(graph.initializer_size() - 1)->set_name(input);
      continue;
    }
    auto type = gn.types.find(input);
    if (type == gn.types.end()) {
      return absl::FailedPreconditionError(
          absl::StrCat("node ", gn.label, ": the element type of input '", input, "' is unknown"));
    }
    if (!IsNumeric(type->second)) {
      return absl::FailedPreconditionError(
          absl::StrCat("node ", gn.label, ": input '", input, "' is of type ",
                       ElementTypeName(type->second), ", which the audit generates no values for"));
    }
    if (c.type == ElementType::kUndefined) c.type = type->second;
    Shape shape = kUnknownRankShape;
    if (flat && (ScenarioOf(node.op_type()) == NodeScenario::kVariadic || input == node.input(0))) {
      shape = {kFlatLength};
    } else if (auto dims = nodes.dims().find(input); dims != nodes.dims().end()) {
      shape.clear();
      for (int64_t d : dims->second) shape.push_back(d < 0 ? kGeneratedDimension : d);
    }
    absl::StatusOr<int64_t> count = ElementCount(shape);
    if (!count.ok() || *count > kMaxNodeElements) {
      return absl::FailedPreconditionError(absl::StrCat("node ", gn.label, ": input '", input,
                                                        "' is too large to generate values for"));
    }
    *graph.add_input() = Declared(input, type->second, shape);
    generated.emplace_back(type->second, shape);
  }
  for (const std::string& output : node.output()) {
    if (output.empty()) continue;
    onnx::ValueInfoProto* v = graph.add_output();
    v->set_name(output);
    if (auto type = gn.types.find(output); type != gn.types.end()) {
      v->mutable_type()->mutable_tensor_type()->set_elem_type(static_cast<int32_t>(type->second));
    }
  }
  std::vector<std::pair<ElementType, int64_t>> sizes;
  for (const auto& [type, shape] : generated) sizes.emplace_back(type, *ElementCount(shape));
  const int count = edges.SetCount(sizes);
  std::vector<AuditCase> cases;
  for (int s = 0; s < count; ++s) {
    AuditCase with_data = c;
    for (size_t k = 0; k < generated.size(); ++k) {
      absl::StatusOr<Tensor> value =
          edges.Values(generated[k].first, generated[k].second, s, static_cast<int>(k));
      if (!value.ok()) return value.status();
      with_data.inputs.push_back(*std::move(value));
    }
    cases.push_back(std::move(with_data));
  }
  return cases;
}

}  // namespace onnx_conform
