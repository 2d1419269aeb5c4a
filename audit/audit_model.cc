// `audit --model`: AuditModel (audit/audit.h). Every node of every graph
// is listed with its version change; the converter is audited without data;
// behaviour is compared only where the reference runs the whole model, and
// the report says what was not established rather than giving an all-clear.
// The node list and its schema findings are in audit_model_nodes.cc.
#include <algorithm>
#include <set>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "audit/audit.h"
#include "audit/audit_behavior.h"
#include "audit/audit_difference.h"
#include "audit/audit_model_checks.h"
#include "audit/audit_model_inputs.h"
#include "audit/audit_model_nodes.h"
#include "audit/audit_node_case.h"
#include "audit/audit_repair.h"
#include "audit/audit_retarget.h"
#include "audit/audit_schema_diff.h"
#include "checker/checker.h"
#include "checker/node_validator.h"
#include "checker/registry.h"
#include "onnx/defs/schema.h"
#include "reference/interpreter.h"
#include "reference/model_versions.h"
#include "reference/tensor_file.h"
#include "runners/harness/diff.h"
#include "runners/harness/in_memory_case.h"
#include "runners/harness/verdict.h"

namespace onnx_conform {
namespace {

// The version of any default-domain operator at an opset: the suite's
// registry for its operators, ONNX's for the others; 0 when none.
int VersionAt(const std::string& op_type, int opset) {
  if (const OpSchema* s = SchemaAt(op_type, opset)) return s->since_version();
  std::optional<ForeignSchemaChange> c = OnnxSchemaChange(op_type, "", opset, opset);
  return c.has_value() ? c->from_version : 0;
}

// Operators the reference does not run, when the model has any (or a
// subgraph): its behaviour cannot be compared.
std::set<std::string> NotRunByReference(const ModelNodes& nodes, int from_opset, int to_opset) {
  std::set<std::string> missing;
  for (const GraphNode& n : nodes.nodes()) {
    const onnx::NodeProto& node = *n.node;
    if (!n.graph_path.empty()) continue;  // counted through its If/Loop/Scan
    if (!IsDefaultDomain(node.domain()) ||
        !ResolveOperatorVersion(node.op_type(), from_opset).has_value() ||
        !ResolveOperatorVersion(node.op_type(), to_opset).has_value()) {
      missing.insert(node.op_type());
    }
  }
  return missing;
}

// Runs the model with every main-graph node output as a graph output.
absl::StatusOr<std::map<std::string, Tensor>> RunEveryValue(const AuditCase& c) {
  onnx::ModelProto model = c.model;
  std::set<std::string> outputs;
  for (const onnx::ValueInfoProto& o : model.graph().output()) outputs.insert(o.name());
  for (const onnx::NodeProto& node : c.model.graph().node()) {
    for (const std::string& name : node.output()) {
      if (!name.empty() && outputs.insert(name).second) {
        model.mutable_graph()->add_output()->set_name(name);
      }
    }
  }
  absl::StatusOr<std::vector<Tensor>> run = RunOnReference(model, c.inputs);
  if (!run.ok()) return run.status();
  std::map<std::string, Tensor> values;
  for (int k = 0; k < model.graph().output_size() && k < static_cast<int>(run->size()); ++k) {
    values.emplace(model.graph().output(k).name(), std::move((*run)[k]));
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

// The node of the first error (else warning) the suite's checker reports on
// the model, when it names one, and the diagnostic's field ("attribute axis").
struct DiagnosedNode {
  const onnx::NodeProto* node = nullptr;
  std::string field;
};
DiagnosedNode FirstDiagnosedNode(const onnx::ModelProto& model) {
  std::vector<Diagnostic> diagnostics = CheckModel(model, "");
  for (Severity severity : {Severity::kError, Severity::kWarning}) {
    for (const Diagnostic& d : diagnostics) {
      if (d.severity != severity || d.node.empty()) continue;
      for (int i = 0; i < model.graph().node_size(); ++i) {
        if (NodeLabel(model.graph().node(i), i) == d.node) {
          return {&model.graph().node(i), d.field};
        }
      }
    }
  }
  return {};
}

// Points a model-wide finding at a node: its label, operator and versions.
void Blame(Finding& f, const std::string& label, const std::string& op_type, const ModelAudit& m) {
  f.node = label;
  f.op_type = op_type;
  f.from_version = VersionAt(op_type, m.from_opset);
  f.to_version = VersionAt(op_type, m.to_opset);
}

void BlameFirstDifference(Finding& f, const AuditCase& a, const AuditCase& b,
                          const ModelNodes& nodes, const ModelAudit& m) {
  if (const onnx::NodeProto* node = FirstDifferingNode(a, b)) {
    Blame(f, nodes.LabelOfOutput(node->output(0)), node->op_type(), m);
    f.detail = absl::StrCat("the outputs first differ at node ", f.node, " (", f.op_type, "-",
                            f.from_version, " -> ", f.op_type, "-", f.to_version, "); ", f.detail);
  }
}

Finding ModelFinding(FindingKind kind, const ModelAudit& audit, std::string change,
                     std::string detail) {
  Finding f;
  f.kind = kind;
  f.from_opset = audit.from_opset;
  f.to_opset = audit.to_opset;
  f.aspect = "model";
  f.change = std::move(change);
  f.detail = std::move(detail);
  return f;
}

// ONNX's converter looks every node's operator up in ONNX's registry by
// name alone ("unordered_map::at" when it is not there: a custom operator,
// a call of a model-local function). Names the nodes that stop it, in the
// order it walks the graphs (functions it does not walk).
void ExplainUnknownOperators(Finding& f, const ModelNodes& nodes) {
  if (!absl::StrContains(f.detail, "unordered_map::at")) return;
  static const std::set<std::string> known = [] {
    std::set<std::string> names;
    for (const onnx::OpSchema& s : onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
      names.insert(s.Name());
    }
    return names;
  }();
  std::vector<std::string> unknown;
  const GraphNode* first = nullptr;
  for (const GraphNode& n : nodes.nodes()) {
    if (absl::StartsWith(n.graph_path, "function ") || known.contains(n.node->op_type())) continue;
    if (first == nullptr) first = &n;
    const std::string called = nodes.CalledFunction(*n.node);
    unknown.push_back(
        absl::StrCat(n.label, " (",
                     called.empty() ? absl::StrCat(n.node->domain(), "::", n.node->op_type())
                                    : absl::StrCat("a call of the model-local function ", called),
                     ")"));
  }
  if (first == nullptr) return;
  f.node = first->label;
  f.op_type.clear();  // not a default-domain operator: no versions to show
  absl::StrAppend(&f.detail,
                  " (ONNX's converter looks each node's operator up in ONNX's registry "
                  "by name, and converts no model-local function; not there: ",
                  absl::StrJoin(unknown, ", "), ")");
}

// ONNX's converter, checked without data. Returns the converted model when
// it is valid (for the output comparison), else nullopt.
std::optional<onnx::ModelProto> AuditConverterTypes(const onnx::ModelProto& model,
                                                    const ModelNodes& nodes, ModelAudit& audit) {
  std::vector<NodeProblem> own = ModelTypeProblems(model, audit.from_opset);
  if (!own.empty()) {
    audit.notes.push_back(absl::StrCat(
        "the model is invalid at its own opset ", audit.from_opset, " (", own.front().checker,
        own.front().node.empty() ? "" : absl::StrCat(", node ", own.front().node), ": ",
        own.front().message, "): ONNX's converter is not audited"));
    return std::nullopt;
  }
  audit.converter_audited = true;
  absl::StatusOr<onnx::ModelProto> converted = ConvertWithOnnx(model, audit.to_opset);
  if (!converted.ok()) {
    Finding f = ModelFinding(FindingKind::kConverterFailed, audit, "throws",
                             std::string(converted.status().message()));
    // "No Adapter From Version $13 for Clip": the operator, and its node when only one has it.
    const std::string message(converted.status().message());
    if (size_t at = message.rfind(" for ");
        absl::StrContains(message, "No Adapter") && at != std::string::npos) {
      const std::string op = message.substr(at + 5);
      std::vector<std::string> labels;
      for (const GraphNode& n : nodes.nodes()) {
        if (n.node->op_type() == op) labels.push_back(n.label);
      }
      Blame(f, labels.size() == 1 ? labels[0] : "", op, audit);
    }
    ExplainUnknownOperators(f, nodes);
    audit.findings.push_back(std::move(f));
    return std::nullopt;
  }
  std::vector<NodeProblem> problems = ModelTypeProblems(*converted, audit.to_opset);
  std::set<std::string> blamed;
  for (const NodeProblem& p : problems) {
    std::string label = p.output.empty() ? p.node : nodes.LabelOfOutput(p.output);
    if (label.empty()) label = p.node;
    // ONNX's checker often stops at the node the suite's checks named already.
    if (!label.empty() && !blamed.insert(label).second) continue;
    Finding f = ModelFinding(
        FindingKind::kConverterInvalid, audit, "invalid",
        absl::StrCat("the model converted to opset ", audit.to_opset, " fails ", p.checker,
                     label.empty() ? "" : absl::StrCat(" at node ", label), ": ", p.message));
    if (!p.op_type.empty()) Blame(f, label, p.op_type, audit);
    f.node = label;
    f.concerns = p.concerns;
    audit.findings.push_back(std::move(f));
  }
  // The repair: made whether or not a problem showed (a missing bound changes
  // outputs without making the model invalid), kept only when both checkers pass.
  absl::StatusOr<onnx::ModelProto> repaired =
      RepairConversion(model, *converted, audit.from_opset, audit.to_opset);
  if (!repaired.ok()) {
    audit.notes.push_back(
        absl::StrCat("the converted model could not be repaired: ", repaired.status().message()));
  } else if (std::vector<NodeProblem> left = ModelTypeProblems(*repaired, audit.to_opset);
             !left.empty()) {
    audit.notes.push_back(absl::StrCat("the repaired converted model still fails ",
                                       left.front().checker, ": ", left.front().message));
  } else {
    audit.repaired = *std::move(repaired);
  }
  if (!problems.empty()) return std::nullopt;
  return *std::move(converted);
}

// Whether the repaired model gives the original's outputs; drops it when not.
void CheckRepairOnData(const AuditCase& whole, const std::vector<Tensor>& expected,
                       ModelAudit& audit) {
  if (!audit.repaired.has_value()) return;
  absl::StatusOr<std::vector<Tensor>> got = RunOnReference(*audit.repaired, whole.inputs);
  std::string difference;
  if (!got.ok()) {
    difference = std::string(got.status().message());
  } else {
    const std::vector<std::string> differences = OutputDifferences(
        whole.model, whole.inputs, expected, *got, OutputNames(whole.model), /*max_reported=*/3);
    if (!differences.empty()) difference = differences.back();  // the last differing output
  }
  if (difference.empty()) {
    audit.repaired_checked_on_data = true;
    return;
  }
  audit.notes.push_back(
      absl::StrCat("the repaired converted model does not give the original's outputs (",
                   difference, "): it is not offered"));
  audit.repaired.reset();
}

// Behaviour at both opsets and the converted model's outputs, on data.
void CompareOnData(AuditCase& whole, const std::optional<onnx::ModelProto>& converted,
                   const ModelNodes& nodes, ModelAudit& audit) {
  std::string skipped;
  std::vector<Finding> found = CompareBehaviour(whole, audit.from_opset, audit.to_opset, &skipped);
  if (!skipped.empty()) {
    audit.not_audited.push_back(
        absl::StrCat("behaviour between the versions not compared: ", skipped));
  }
  absl::StatusOr<AuditCase> at_from = RetargetCase(whole, audit.from_opset);
  absl::StatusOr<AuditCase> at_to = RetargetCase(whole, audit.to_opset);
  for (Finding& f : found) {
    f.aspect = "model";
    f.types.clear();
    f.node.clear();
    f.op_type.clear();  // until a node is blamed
    f.from_version = f.to_version = 0;
    if (f.kind == FindingKind::kOutputChange && at_from.ok() && at_to.ok()) {
      BlameFirstDifference(f, *at_from, *at_to, nodes, audit);
    }
    if (f.kind == FindingKind::kValidityChange && at_from.ok() && at_to.ok()) {
      // The node the checker objects to, at whichever opset it objects.
      DiagnosedNode diagnosed = FirstDiagnosedNode(at_to->model);
      if (diagnosed.node == nullptr) diagnosed = FirstDiagnosedNode(at_from->model);
      if (diagnosed.node != nullptr && diagnosed.node->output_size() > 0) {
        Blame(f, nodes.LabelOfOutput(diagnosed.node->output(0)), diagnosed.node->op_type(), audit);
        f.concerns = diagnosed.field;
      }
    }
    audit.findings.push_back(std::move(f));
  }
  audit.behaviour_compared = skipped.empty();
  const CaseOutcome original = EvaluateCase(whole);
  if (original.outputs.ok()) CheckRepairOnData(whole, *original.outputs, audit);
  if (!converted.has_value()) return;
  AuditCase after = whole;
  after.model = *converted;
  absl::StatusOr<std::vector<Tensor>> outputs = RunOnReference(after.model, after.inputs);
  if (!original.outputs.ok() || !outputs.ok()) {
    if (original.outputs.ok() != outputs.ok()) {
      audit.findings.push_back(ModelFinding(
          FindingKind::kConverterOutputChange, audit, "reference fails on one",
          absl::StrCat("the reference fails on the ",
                       outputs.ok() ? "original model: " : "converted model: ",
                       (outputs.ok() ? original.outputs.status() : outputs.status()).message())));
    }
    return;
  }
  const std::vector<std::string> parts =
      OutputDifferences(whole.model, whole.inputs, *original.outputs, *outputs,
                        OutputNames(whole.model), /*max_reported=*/3);
  if (parts.empty()) return;
  Finding f = ModelFinding(FindingKind::kConverterOutputChange, audit, "outputs differ",
                           absl::StrCat("expected = the original model (opset ", audit.from_opset,
                                        "), got = the converted model (opset ", audit.to_opset,
                                        "): ", absl::StrJoin(parts, "; ")));
  BlameFirstDifference(f, whole, after, nodes, audit);
  audit.findings.push_back(std::move(f));
}

// Where the whole model is not run: each Min/ArgMin/Clip node whose version
// changes, alone on its inputs' types, shapes and known values.
void CompareNodesAlone(const ModelNodes& nodes, ModelAudit& audit) {
  int compared = 0;
  for (const GraphNode& gn : nodes.nodes()) {
    if (!InSuite(*gn.node)) continue;
    const OpSchema* a = SchemaAt(gn.node->op_type(), audit.from_opset);
    const OpSchema* b = SchemaAt(gn.node->op_type(), audit.to_opset);
    if (a == nullptr || b == nullptr || a == b) continue;
    absl::StatusOr<AuditCase> alone = NodeCase(gn, nodes, audit.from_opset);
    std::string skipped;
    std::vector<Finding> found;
    if (alone.ok()) found = CompareBehaviour(*alone, audit.from_opset, audit.to_opset, &skipped);
    if (!alone.ok() || !skipped.empty()) {
      audit.not_audited.push_back(absl::StrCat(
          "behaviour of node ", gn.label,
          " not compared: ", alone.ok() ? skipped : std::string(alone.status().message())));
      continue;
    }
    ++compared;
    // ONNX's converter on the node alone: its outputs (its validity is the
    // whole converted model's, checked already).
    for (Finding& f : AuditConversion(*alone, audit.to_opset)) {
      if (f.kind == FindingKind::kConverterOutputChange) found.push_back(std::move(f));
    }
    for (Finding& f : found) {
      f.aspect = "model";
      f.node = gn.label;
      f.detail = absl::StrCat("the node alone, on generated values: ", f.detail);
      audit.findings.push_back(std::move(f));
    }
  }
  if (compared > 0) {
    audit.notes.push_back(absl::StrCat(
        "behaviour compared node by node for ", compared,
        " Min/ArgMin/Clip node(s), each alone on generated values of its inputs' types and shapes "
        "(known values kept)"));
  }
}

}  // namespace

int DefaultTargetOpset(int model_opset) { return std::max(model_opset, NewestRegistryOpset()); }

absl::StatusOr<ModelAudit> AuditModel(const std::filesystem::path& model_file,
                                      std::optional<int> to_opset) {
  return AuditModel(model_file, ModelAuditOptions{.to_opset = to_opset, .shapes = {}});
}

absl::StatusOr<ModelAudit> AuditModel(const std::filesystem::path& model_file,
                                      const ModelAuditOptions& options) {
  absl::StatusOr<onnx::ModelProto> model = ReadModelFile(model_file);
  if (!model.ok()) return model.status();
  std::optional<int64_t> from = DefaultDomainOpset(*model);
  if (!from.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat(model_file.string(), ": the model imports no opset of the default domain"));
  }
  if (options.to_opset.has_value() && *options.to_opset > NewestKnownOpset()) {
    return absl::InvalidArgumentError(absl::StrCat("opset ", *options.to_opset,
                                                   " is beyond the newest the audit knows (",
                                                   NewestKnownOpset(), ")"));
  }
  ModelAudit audit;
  audit.file = model_file.string();
  audit.from_opset = static_cast<int>(*from);
  audit.to_opset = options.to_opset.value_or(DefaultTargetOpset(audit.from_opset));
  audit.downgrade = audit.to_opset < audit.from_opset;
  if (audit.from_opset == audit.to_opset) {
    audit.notes.push_back(absl::StrCat(
        "the model is at opset ", audit.from_opset,
        options.to_opset.has_value()
            ? ", the target asked: nothing moves"
            : absl::StrCat(", at or past the newest the audit knows (", NewestRegistryOpset(),
                           "): nothing moves without a downgrade (ask for one with --to)")));
  }
  if (audit.downgrade) {
    audit.notes.push_back(absl::StrCat("a downgrade from opset ", audit.from_opset, " to ",
                                       audit.to_opset, ", as asked with --to"));
  }

  const ModelNodes nodes(*model);
  AuditNodes(nodes, audit);

  std::optional<onnx::ModelProto> converted;
  if (audit.from_opset != audit.to_opset) converted = AuditConverterTypes(*model, nodes, audit);

  const std::set<std::string> not_run = NotRunByReference(nodes, audit.from_opset, audit.to_opset);
  if (!not_run.empty()) {
    audit.not_audited.push_back(absl::StrCat(
        "the whole model's behaviour and outputs not compared: the reference runs Min, ArgMin, "
        "Clip, Constant and Identity, and the model also has ",
        absl::StrJoin(not_run, ", ")));
    if (audit.from_opset != audit.to_opset) CompareNodesAlone(nodes, audit);
  } else if (audit.from_opset != audit.to_opset) {
    absl::StatusOr<std::vector<Tensor>> inputs =
        ModelInputs(model_file, *model, options.shapes, audit.data, audit.notes);
    if (!inputs.ok()) {
      audit.not_audited.push_back(
          absl::StrCat("the whole model's behaviour and outputs not "
                       "compared: ",
                       inputs.status().message()));
      CompareNodesAlone(nodes, audit);
    } else {
      AuditCase whole;
      whole.name = model_file.filename().string();
      whole.scenario = whole.name;
      whole.op_type = "the model";  // read in the findings' details: "the model at opset 6"
      whole.model = *model;
      whole.inputs = *std::move(inputs);
      CompareOnData(whole, converted, nodes, audit);
    }
  }
  ClassifyDifferences(audit.findings);
  return audit;
}

}  // namespace onnx_conform
