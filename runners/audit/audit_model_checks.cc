#include "runners/audit/audit_model_checks.h"

#include <algorithm>
#include <exception>
#include <memory>
#include <set>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/model_versions.h"
#include "checker/node_validator.h"
#include "checker/registry.h"
#include "onnx/checker.h"
#include "onnx/defs/schema.h"
#include "onnx/shape_inference/implementation.h"
#include "runners/audit/audit_behavior.h"
#include "runners/audit/audit_function_calls.h"
#include "runners/audit/audit_retarget.h"

namespace onnx_conform {
namespace {

std::string NodeLabelIn(const std::string& path, const onnx::NodeProto& node, int index) {
  const std::string own = NodeLabel(node, index);
  return path.empty() ? own : absl::StrCat(path, ": ", own);
}

// "'name'" or "#index Op" for use inside a graph path.
std::string PathPart(const std::string& path, const onnx::NodeProto& node, int index,
                     const std::string& attribute) {
  const std::string own = node.name().empty() ? absl::StrCat("#", index, " ", node.op_type())
                                              : absl::StrCat("'", node.name(), "'");
  return absl::StrCat(path.empty() ? "" : absl::StrCat(path, "."), own, ".", attribute);
}

// "input 1 (min)" from a diagnostic's field "input 1", with the schema's name.
std::string Concerns(const std::string& field, const OpSchema& schema) {
  int index = 0;
  if (absl::StartsWith(field, "input ") && absl::SimpleAtoi(field.substr(6), &index)) {
    if (const FormalParameter* p = schema.InputParam(index)) {
      return absl::StrCat(field, " (", p->name, ")");
    }
  }
  return field;
}

// The suite's node checks (errors only) on one node of its operators.
std::vector<NodeProblem> SuiteNodeProblems(const GraphNode& gn, int64_t opset) {
  std::vector<NodeProblem> problems;
  const onnx::NodeProto& node = *gn.node;
  absl::StatusOr<const OpSchema*> schema = LookupSchema(node.domain(), node.op_type(), opset);
  if (!schema.ok()) return problems;
  const int count = node.input_size();
  std::vector<TensorInfo> inputs(count);
  std::vector<const Tensor*> values(count, nullptr);
  std::unique_ptr<bool[]> defined(new bool[count]);
  for (int i = 0; i < count; ++i) {
    defined[i] = true;
    if (auto it = gn.types.find(node.input(i)); it != gn.types.end()) inputs[i].type = it->second;
  }
  std::vector<TensorInfo> declared_outputs(node.output_size());
  std::vector<Diagnostic> diagnostics;
  DiagnosticSink sink("", gn.label, &diagnostics);
  NodeView view{&node, inputs, values, std::span<const bool>(defined.get(), count),
                declared_outputs};
  ValidateNode(**schema, view, sink);
  for (const Diagnostic& d : diagnostics) {
    if (d.severity != Severity::kError) continue;
    NodeProblem p;
    p.node = gn.label;
    p.op_type = node.op_type();
    p.output = node.output_size() > 0 ? node.output(0) : "";
    p.concerns = Concerns(d.field, **schema);
    p.message = absl::StrCat(ShortDiagnostic(d), " (", (*schema)->Name(), ")");
    p.checker = "the suite's checker";
    problems.push_back(std::move(p));
  }
  return problems;
}

// The text between `open` and the next `close` in `text`, or "".
std::string Between(absl::string_view text, absl::string_view open, absl::string_view close) {
  size_t start = text.find(open);
  if (start == absl::string_view::npos) return "";
  start += open.size();
  size_t end = text.find_first_of(close, start);
  if (end == absl::string_view::npos) return "";
  return std::string(text.substr(start, end - start));
}

// ONNX's checker, then strict shape inference with type checks.
std::optional<NodeProblem> OnnxProblem(const onnx::ModelProto& model, const ModelNodes& nodes) {
  std::string what;
  if (absl::Status functions = CheckModelLocalFunctions(model); !functions.ok()) {
    NodeProblem p;
    p.message = std::string(functions.message());
    p.checker = "the suite's check of model-local functions";
    return p;
  }
  // libonnx's checker refuses IR versions newer than its own; the audit
  // judges the graph, so it checks such a model as of that IR version.
  onnx::ModelProto copy = model;
  if (copy.ir_version() > onnx::Version::IR_VERSION) copy.set_ir_version(onnx::Version::IR_VERSION);
  try {
    onnx::checker::check_model(copy);
    onnx::shape_inference::InferShapes(copy, onnx::OpSchemaRegistry::Instance(),
                                       onnx::ShapeInferenceOptions(true, 1, false));
    return std::nullopt;
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
    what = "an exception of unknown type";
  }
  NodeProblem p;
  p.message = what;
  p.checker = "ONNX's checker with strict shape inference";
  // ONNX's messages say "(op_type:Clip, node name: limit)".
  p.op_type = Between(what, "op_type:", ",)");
  // The suite's operators are judged by its own checks, never by ONNX's.
  if (!p.op_type.empty() && !SchemaVersions(p.op_type).empty()) return std::nullopt;
  const std::string name = Between(what, "node name: ", ")");
  if (!name.empty()) p.node = nodes.LabelOfName(name);
  return p;
}

std::set<std::string> Strings(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

std::string Listed(const std::set<std::string>& s) { return absl::StrJoin(s, ", "); }

}  // namespace

// The model with the element types ONNX's shape inference finds added to
// every graph's value_info (lenient mode: a node it cannot infer is left
// unknown, the strict check is ModelTypeProblems').
onnx::ModelProto WithInferredTypes(const onnx::ModelProto& model) {
  if (!CheckModelLocalFunctions(model).ok()) return model;  // inference would not end
  onnx::ModelProto inferred = model;
  try {
    onnx::shape_inference::InferShapes(inferred, onnx::OpSchemaRegistry::Instance(),
                                       onnx::ShapeInferenceOptions(false, 0, false));
  } catch (const std::exception&) {
    return model;  // types stay those declared and implied
  }
  return inferred;
}

ModelNodes::ModelNodes(const onnx::ModelProto& model) : model_(WithInferredTypes(model)) {
  for (const onnx::FunctionProto& f : model_.functions()) {
    functions_[absl::StrCat(f.domain(), "::", f.name())] = &f;
  }
  Walk(model_.graph(), "", {});
  WalkFunctions();  // audit_model_functions.cc
}

void ModelNodes::Walk(const onnx::GraphProto& graph, const std::string& path,
                      const std::map<std::string, ElementType>& outer) {
  std::map<std::string, ElementType> types = outer;
  for (auto& [name, type] : ValueElementTypes(graph)) types[name] = type;
  auto record_dims = [&](const onnx::ValueInfoProto& v) {
    if (!v.type().tensor_type().has_shape()) return;
    if (in_function_ && dims_.contains(v.name())) return;  // a body's names are its own
    std::vector<int64_t>& dims = dims_[v.name()];
    dims.clear();
    for (const auto& d : v.type().tensor_type().shape().dim()) {
      dims.push_back(d.has_dim_value() ? d.dim_value() : -1);
    }
  };
  for (const auto& v : graph.input()) record_dims(v);
  for (const auto& v : graph.value_info()) record_dims(v);
  for (const auto& v : graph.output()) record_dims(v);
  for (const onnx::TensorProto& init : graph.initializer()) constants_[init.name()] = &init;
  for (const onnx::NodeProto& node : graph.node()) {
    if (node.op_type() == "Constant" && node.output_size() == 1 && node.attribute_size() == 1 &&
        node.attribute(0).has_t()) {
      if (in_function_ && constants_.contains(node.output(0))) continue;
      constants_[node.output(0)] = &node.attribute(0).t();
    }
  }
  const size_t first = nodes_.size();
  for (int i = 0; i < graph.node_size(); ++i) {
    const onnx::NodeProto& node = graph.node(i);
    nodes_.push_back({&node, i, path, NodeLabelIn(path, node, i), types});
    const std::string called = CalledFunction(node);
    if (called.empty()) continue;
    Call call;
    call.node = &node;
    call.label = nodes_.back().label;
    for (const std::string& input : node.input()) {
      auto type = types.find(input);
      call.types.push_back(type == types.end() ? std::nullopt : std::optional(type->second));
      auto dims = dims_.find(input);
      call.dims.push_back(dims == dims_.end() ? std::nullopt : std::optional(dims->second));
    }
    // One walk of the body per distinct signature: the first call of each.
    std::vector<Call>& calls = calls_[called];
    if (std::none_of(calls.begin(), calls.end(),
                     [&](const Call& c) { return c.types == call.types; })) {
      calls.push_back(std::move(call));
    }
  }
  for (size_t k = first, end = nodes_.size(); k < end; ++k) {
    const onnx::NodeProto& node = *nodes_[k].node;
    for (const onnx::AttributeProto& a : node.attribute()) {
      if (a.has_g()) Walk(a.g(), PathPart(path, node, nodes_[k].index, a.name()), types);
      for (int g = 0; g < a.graphs_size(); ++g) {
        Walk(a.graphs(g), PathPart(path, node, nodes_[k].index, absl::StrCat(a.name(), g)), types);
      }
    }
  }
}

std::string ModelNodes::LabelOfOutput(const std::string& output) const {
  for (const GraphNode& n : nodes_) {
    if (n.node->output_size() > 0 && n.node->output(0) == output) return n.label;
  }
  return "";
}

std::string ModelNodes::LabelOfName(const std::string& name) const {
  for (const GraphNode& n : nodes_) {
    if (n.node->name() == name) return n.label;
  }
  return "";
}

std::vector<NodeProblem> ModelTypeProblems(const onnx::ModelProto& model, int64_t opset) {
  ModelNodes nodes(model);
  std::vector<NodeProblem> problems;
  for (const GraphNode& gn : nodes.nodes()) {
    if (!IsDefaultDomain(gn.node->domain()) || SchemaVersions(gn.node->op_type()).empty()) {
      continue;
    }
    for (NodeProblem& p : SuiteNodeProblems(gn, opset)) problems.push_back(std::move(p));
  }
  if (std::optional<NodeProblem> onnx_problem = OnnxProblem(model, nodes)) {
    problems.push_back(*std::move(onnx_problem));
  }
  return problems;
}

std::optional<ForeignSchemaChange> OnnxSchemaChange(const std::string& op_type,
                                                    const std::string& domain, int from_opset,
                                                    int to_opset) {
  const std::string onnx_domain = IsDefaultDomain(domain) ? "" : domain;
  const onnx::OpSchema* a = onnx::OpSchemaRegistry::Schema(op_type, from_opset, onnx_domain);
  if (a == nullptr) return std::nullopt;
  const onnx::OpSchema* b = onnx::OpSchemaRegistry::Schema(op_type, to_opset, onnx_domain);
  ForeignSchemaChange change;
  change.from_version = a->since_version();
  change.to_version = b != nullptr ? b->since_version() : 0;
  if (b == nullptr || a->since_version() == b->since_version()) return change;
  const std::string a_name = absl::StrCat(op_type, "-", a->since_version());
  const std::string b_name = absl::StrCat(op_type, "-", b->since_version());
  auto add = [&](std::string aspect, std::string name, std::string what, std::string detail) {
    change.findings.push_back({.kind = FindingKind::kSchemaChange,
                               .op_type = op_type,
                               .from_version = a->since_version(),
                               .to_version = b->since_version(),
                               .from_opset = from_opset,
                               .to_opset = to_opset,
                               .aspect = std::move(aspect),
                               .name = std::move(name),
                               .change = std::move(what),
                               .detail = std::move(detail)});
  };
  add("version", "", "changed",
      absl::StrCat(a_name, " -> ", b_name, " in ONNX's registry; ", op_type,
                   " is outside the suite, so the audit checks it no further than its schema "
                   "and the converted model's validity"));
  // Type constraints: the types each one gains or loses.
  std::map<std::string, std::set<std::string>> a_types;
  for (const auto& c : a->typeConstraintParams()) {
    a_types[c.type_param_str] = Strings(c.allowed_type_strs);
  }
  for (const auto& c : b->typeConstraintParams()) {
    const std::set<std::string> now = Strings(c.allowed_type_strs);
    auto it = a_types.find(c.type_param_str);
    if (it == a_types.end()) {
      add("type", c.type_param_str, "added",
          absl::StrCat("type parameter ", c.type_param_str, " (", Listed(now), ") added"));
      continue;
    }
    std::set<std::string> gained, lost;
    std::set_difference(now.begin(), now.end(), it->second.begin(), it->second.end(),
                        std::inserter(gained, gained.end()));
    std::set_difference(it->second.begin(), it->second.end(), now.begin(), now.end(),
                        std::inserter(lost, lost.end()));
    if (!gained.empty()) {
      add("type", c.type_param_str, "added",
          absl::StrCat(c.type_param_str, " also allows ", Listed(gained), " (", b_name, ")"));
    }
    if (!lost.empty()) {
      add("type", c.type_param_str, "removed",
          absl::StrCat(c.type_param_str, " no longer allows ", Listed(lost), " (", b_name, ")"));
    }
  }
  // Attributes gained or lost.
  for (const auto& [name, attr] : a->attributes()) {
    if (!b->attributes().contains(name)) {
      add("attribute", name, "removed", absl::StrCat("attribute '", name, "' no longer exists"));
    }
  }
  for (const auto& [name, attr] : b->attributes()) {
    if (!a->attributes().contains(name)) {
      add("attribute", name, "added",
          absl::StrCat("attribute '", name, "' added", attr.required ? " (required)" : ""));
    }
  }
  if (a->min_input() != b->min_input() || a->max_input() != b->max_input()) {
    add("input arity", "", "changed",
        absl::StrCat(a_name, " takes ", a->min_input(), " to ", a->max_input(), ", ", b_name,
                     " takes ", b->min_input(), " to ", b->max_input()));
  }
  return change;
}

}  // namespace onnx_conform
