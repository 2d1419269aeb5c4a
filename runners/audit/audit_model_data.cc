#include "runners/audit/audit_model_data.h"

#include <map>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/node_validator.h"
#include "runners/audit/audit_behavior.h"
#include "runners/audit/audit_model_inputs.h"
#include "runners/audit/audit_model_nodes.h"
#include "runners/audit/audit_retarget.h"
#include "runners/harness/diff.h"
#include "runners/harness/evaluate_model.h"
#include "runners/harness/in_memory_case.h"

namespace onnx_conform {
namespace {

// The version of any default-domain operator at an opset: the suite's
// registry for its operators, ONNX's for the others; 0 when none.
int VersionAt(const std::string& op_type, int opset) {
  if (const OpSchema* s = SchemaAt(op_type, opset)) return s->since_version();
  std::optional<ForeignSchemaChange> c = OnnxSchemaChange(op_type, "", opset, opset);
  return c.has_value() ? c->from_version : 0;
}

// Runs the model with every main-graph node output as a graph output.
absl::StatusOr<std::map<std::string, Tensor>> RunEveryValue(const AuditCase& c) {
  std::vector<std::string> names;
  for (const onnx::ValueInfoProto& o : c.model.graph().output()) names.push_back(o.name());
  EvaluationOptions options;
  for (const onnx::NodeProto& node : c.model.graph().node()) {
    for (const std::string& name : node.output()) {
      if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end()) {
        names.push_back(name);
        options.also_values.push_back(name);
      }
    }
  }
  absl::StatusOr<std::vector<Tensor>> run = RunModel(c.model, c.inputs, options);
  if (!run.ok()) return run.status();
  std::map<std::string, Tensor> values;
  for (size_t k = 0; k < names.size() && k < run->size(); ++k) {
    values.emplace(names[k], std::move((*run)[k]));
  }
  return values;
}

// The first node, in `a`'s order, whose output differs between the two
// runs (the node a difference starts at); nullptr when none is found.
const onnx::NodeProto* FirstDifferingNode(const AuditCase& a, const AuditCase& b) {
  absl::StatusOr<std::map<std::string, Tensor>> va = RunEveryValue(a);
  absl::StatusOr<std::map<std::string, Tensor>> vb = RunEveryValue(b);
  if (!va.ok() || !vb.ok()) return nullptr;
  for (const onnx::NodeProto& node : a.model.graph().node()) {
    for (const std::string& name : node.output()) {
      auto x = va->find(name);
      auto y = vb->find(name);
      if (x == va->end() || y == vb->end()) continue;
      if (!DiffTensors(x->second, y->second, Tolerance::Exact(), 1).matches()) return &node;
    }
  }
  return nullptr;
}

void BlameFirstDifference(Finding& f, const AuditCase& a, const AuditCase& b,
                          const ModelNodes& nodes, const ModelAudit& m) {
  if (const onnx::NodeProto* node = FirstDifferingNode(a, b)) {
    Blame(f, nodes.LabelOfOutput(node->output(0)), node->op_type(), m);
    f.detail = absl::StrCat("the outputs first differ at node ", f.node, " (", f.op_type, "-",
                            f.from_version, " -> ", f.op_type, "-", f.to_version, "); ", f.detail);
  }
}

// A node the suite's checker objects to, and its first diagnostic.
struct NodeDiagnostic {
  const onnx::NodeProto* node = nullptr;
  Diagnostic diagnostic;
};

// Every main-graph node with a diagnostic of `severity` on the case, each once, in graph order.
std::vector<NodeDiagnostic> DiagnosedNodes(const std::vector<Diagnostic>& diagnostics,
                                           const onnx::GraphProto& graph, Severity severity) {
  std::vector<NodeDiagnostic> found;
  for (int i = 0; i < graph.node_size(); ++i) {
    const std::string label = NodeLabel(graph.node(i), i);
    for (const Diagnostic& d : diagnostics) {
      if (d.severity == severity && d.node == label) {
        found.push_back({&graph.node(i), d});
        break;
      }
    }
  }
  return found;
}

// A validity-change of the whole model as one finding per node the checker
// objects to, at whichever opset it objects (errors before warnings).
std::vector<Finding> PerNode(const Finding& f, const AuditCase& at_from, const AuditCase& at_to,
                             const ModelNodes& nodes, const ModelAudit& audit) {
  const std::vector<Diagnostic> from_d = CaseDiagnostics(at_from);
  const std::vector<Diagnostic> to_d = CaseDiagnostics(at_to);
  std::vector<NodeDiagnostic> diagnosed;
  int opset = audit.to_opset;
  for (Severity severity : {Severity::kError, Severity::kWarning}) {
    diagnosed = DiagnosedNodes(to_d, at_to.model.graph(), severity);
    opset = audit.to_opset;
    if (!diagnosed.empty()) break;
    diagnosed = DiagnosedNodes(from_d, at_from.model.graph(), severity);
    opset = audit.from_opset;
    if (!diagnosed.empty()) break;
  }
  if (diagnosed.empty()) return {f};
  std::vector<Finding> found;
  for (const NodeDiagnostic& nd : diagnosed) {
    Finding g = f;
    const std::string label =
        nd.node->output_size() > 0 ? nodes.LabelOfOutput(nd.node->output(0)) : nd.diagnostic.node;
    Blame(g, label.empty() ? nd.diagnostic.node : label, nd.node->op_type(), audit);
    g.concerns = nd.diagnostic.field;
    const Diagnostic& d = nd.diagnostic;
    g.detail = absl::StrCat(
        nd.node->op_type(), "-", opset == audit.to_opset ? g.to_version : g.from_version,
        " (opset ", opset, "): ", d.severity == Severity::kError ? "invalid" : "valid with warning",
        " ", ShortDiagnostic(d));
    found.push_back(std::move(g));
  }
  return found;
}

}  // namespace

Finding ModelFinding(FindingKind kind, const ModelAudit& audit, std::string change,
                     std::string detail) {
  return {.kind = kind,
          .from_opset = audit.from_opset,
          .to_opset = audit.to_opset,
          .aspect = "model",
          .change = std::move(change),
          .detail = std::move(detail)};
}

void Blame(Finding& f, const std::string& label, const std::string& op_type,
           const ModelAudit& audit) {
  f.node = label;
  f.op_type = op_type;
  f.from_version = VersionAt(op_type, audit.from_opset);
  f.to_version = VersionAt(op_type, audit.to_opset);
}

std::vector<Finding> CompareOnData(const AuditCase& whole, const std::string& set,
                                   const std::optional<onnx::ModelProto>& converted,
                                   const ModelNodes& nodes, const ModelAudit& audit,
                                   bool* compared) {
  const std::string on =
      absl::StartsWith(set, kGeneratedSet)
          ? absl::StrCat("on generated values (set ", set.substr(kGeneratedSet.size() + 1), "): ")
          : absl::StrCat("on ", set, ": ");
  std::vector<Finding> out;
  std::string skipped, neither;
  std::vector<Finding> found =
      CompareBehaviour(whole, audit.from_opset, audit.to_opset, &skipped, &neither);
  if (compared != nullptr) *compared = skipped.empty() && neither.empty();
  if (!skipped.empty()) {
    out.push_back(
        ModelFinding(FindingKind::kNotCompared, audit, "not written at both opsets",
                     absl::StrCat(on, "the model's behaviour is not compared: ", skipped)));
  }
  if (!neither.empty()) {
    out.push_back(ModelFinding(
        FindingKind::kNotCompared, audit, "runs at neither opset",
        absl::StrCat(on,
                     "the reference runs the model at neither opset, so nothing is compared "
                     "(do these inputs suit the model? --shape chooses symbolic dimensions): ",
                     neither)));
  }
  absl::StatusOr<AuditCase> at_from = RetargetCase(whole, audit.from_opset);
  absl::StatusOr<AuditCase> at_to = RetargetCase(whole, audit.to_opset);
  for (Finding& f : found) {
    f.aspect = "model";
    f.types.clear();
    f.node.clear();
    f.op_type.clear();  // until a node is blamed
    f.from_version = f.to_version = 0;
    std::vector<Finding> blamed = {f};
    if (f.kind == FindingKind::kOutputChange && at_from.ok() && at_to.ok()) {
      BlameFirstDifference(blamed[0], *at_from, *at_to, nodes, audit);
    }
    if (f.kind == FindingKind::kValidityChange && at_from.ok() && at_to.ok()) {
      blamed = PerNode(f, *at_from, *at_to, nodes, audit);
    }
    for (Finding& g : blamed) {
      g.detail = absl::StrCat(on, g.detail);
      out.push_back(std::move(g));
    }
  }
  if (!converted.has_value() || !neither.empty()) return out;
  const CaseOutcome original = EvaluateCase(whole);
  AuditCase after = whole;
  after.model = *converted;
  absl::StatusOr<std::vector<Tensor>> outputs = RunOnReference(after.model, after.inputs);
  if (!original.outputs.ok()) {
    if (compared != nullptr) *compared = false;
    out.push_back(
        ModelFinding(FindingKind::kNotCompared, audit, "original does not run",
                     absl::StrCat(on, "the reference does not run the original model (",
                                  original.outputs.status().message(),
                                  "), so the converted model's outputs are not compared with it")));
    return out;
  }
  if (!outputs.ok()) {
    out.push_back(ModelFinding(FindingKind::kConverterOutputChange, audit, "reference fails on one",
                               absl::StrCat(on, "the reference fails on the converted model: ",
                                            outputs.status().message())));
    return out;
  }
  const std::vector<std::string> parts =
      OutputDifferences(whole.model, whole.inputs, *original.outputs, *outputs,
                        /*max_reported=*/3);
  if (parts.empty()) return out;
  Finding f = ModelFinding(FindingKind::kConverterOutputChange, audit, "outputs differ",
                           absl::StrCat("expected = the original model (opset ", audit.from_opset,
                                        "), got = the converted model (opset ", audit.to_opset,
                                        "): ", absl::StrJoin(parts, "; ")));
  BlameFirstDifference(f, whole, after, nodes, audit);
  f.detail = absl::StrCat(on, f.detail);
  out.push_back(std::move(f));
  return out;
}

std::optional<std::string> RepairDifference(const AuditCase& whole,
                                            const onnx::ModelProto& repaired) {
  const CaseOutcome original = EvaluateCase(whole);
  if (!original.outputs.ok()) return std::nullopt;
  absl::StatusOr<std::vector<Tensor>> got = RunOnReference(repaired, whole.inputs);
  if (!got.ok()) return std::string(got.status().message());
  const std::vector<std::string> differences =
      OutputDifferences(whole.model, whole.inputs, *original.outputs, *got,
                        /*max_reported=*/3);
  return differences.empty() ? "" : differences.back();  // the last differing output
}

}  // namespace onnx_conform
