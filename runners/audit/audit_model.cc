// `audit --model`: AuditModel (runners/audit/audit.h). Every node of every graph
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
#include "absl/strings/str_replace.h"
#include "checker/checker.h"
#include "checker/model_versions.h"
#include "checker/node_validator.h"
#include "checker/registry.h"
#include "onnx/defs/schema.h"
#include "reference/operators.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_behavior.h"
#include "runners/audit/audit_difference.h"
#include "runners/audit/audit_edge_values.h"
#include "runners/audit/audit_function_calls.h"
#include "runners/audit/audit_model_checks.h"
#include "runners/audit/audit_model_data.h"
#include "runners/audit/audit_model_inputs.h"
#include "runners/audit/audit_model_nodes.h"
#include "runners/audit/audit_node_case.h"
#include "runners/audit/audit_readings.h"
#include "runners/audit/audit_repair.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

// Operators the reference does not run, when the model has any (or a
// subgraph): its behaviour cannot be compared.
std::set<std::string> NotRunByReference(const ModelNodes& nodes, int from_opset, int to_opset) {
  std::set<std::string> missing;
  for (const GraphNode& n : nodes.nodes()) {
    const onnx::NodeProto& node = *n.node;
    if (!n.graph_path.empty()) continue;  // counted through its If/Loop/Scan
    // The registry holds every operator ONNX defines; the reference runs few.
    if (!IsDefaultDomain(node.domain()) || FindKernels(node.op_type()) == nullptr ||
        !ResolveOperatorVersion(node.op_type(), from_opset).has_value() ||
        !ResolveOperatorVersion(node.op_type(), to_opset).has_value()) {
      missing.insert(node.op_type());
    }
  }
  return missing;
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

// The model at its own opset: every node (of every graph and function) the
// suite's checker or ONNX's rejects, each once, as original-invalid findings
// naming the rule. The main graph is checked with its declared shapes.
std::vector<Finding> OriginalProblems(const onnx::ModelProto& model, const ModelNodes& nodes,
                                      const ModelAudit& audit) {
  std::vector<Finding> found;
  std::set<std::string> reported;
  auto add = [&](const std::string& label, const std::string& op_type, std::string rule,
                 std::string concerns, const std::string& checker, const std::string& message) {
    if (!reported.insert(label).second && !label.empty()) return;
    Finding f = ModelFinding(
        FindingKind::kOriginalInvalid, audit, "invalid",
        absl::StrCat("the model is invalid at its own opset ", audit.from_opset, ": ", checker,
                     label.empty() ? "" : absl::StrCat(" at node ", label), ": ", message,
                     "; ONNX's converter is not audited on an invalid model"));
    if (!op_type.empty()) Blame(f, label, op_type, audit);
    f.node = label;
    f.name = std::move(rule);
    f.concerns = std::move(concerns);
    found.push_back(std::move(f));
  };
  const onnx::GraphProto& graph = model.graph();
  for (const Diagnostic& d : CheckModel(model, "")) {
    if (d.severity != Severity::kError) continue;
    std::string op_type;
    for (int i = 0; i < graph.node_size(); ++i) {
      if (NodeLabel(graph.node(i), i) == d.node) op_type = graph.node(i).op_type();
    }
    add(d.node, op_type, d.rule, d.field, "the suite's checker", ShortDiagnostic(d));
  }
  for (const NodeProblem& p : ModelTypeProblems(model, audit.from_opset)) {
    // "[RULE-ID] ..." from the suite's checks; ONNX's messages carry no id.
    std::string rule;
    if (absl::StartsWith(p.message, "[")) rule = p.message.substr(1, p.message.find(']') - 1);
    const std::string label = p.output.empty() ? p.node : nodes.LabelOfOutput(p.output);
    add(label.empty() ? p.node : label, p.op_type, rule, p.concerns, p.checker, p.message);
  }
  return found;
}

// Whether `found` holds a finding like f (kind, change, concerns, name).
bool HasLike(const std::vector<Finding>& found, const Finding& f) {
  return std::any_of(found.begin(), found.end(), [&](const Finding& g) {
    return g.kind == f.kind && g.change == f.change && g.concerns == f.concerns && g.name == f.name;
  });
}

// The node's behaviour and ONNX's converter on it, on each set of
// generated values, each finding once; `why_not` says why nothing was
// compared.
std::vector<Finding> CompareAlone(const std::vector<AuditCase>& sets, const ModelAudit& audit,
                                  std::string& why_not) {
  std::vector<Finding> found;
  std::string neither_everywhere;
  int ran = 0;
  for (const AuditCase& alone : sets) {
    std::string skipped, neither;
    std::vector<Finding> behaviour =
        CompareBehaviour(alone, audit.from_opset, audit.to_opset, &skipped, &neither);
    if (!skipped.empty()) {  // the node's form, not its data: the same on every set
      why_not = skipped;
      return {};
    }
    if (!neither.empty()) {  // this set's values, maybe: another set may run
      neither_everywhere = neither;
      continue;
    }
    ++ran;
    // ONNX's converter on the node alone: its outputs (its validity is the
    // whole converted model's, checked already).
    for (Finding& f : AuditConversion(alone, audit.to_opset)) {
      if (f.kind == FindingKind::kConverterOutputChange) behaviour.push_back(std::move(f));
    }
    for (Finding& f : behaviour) {
      if (!HasLike(found, f)) found.push_back(std::move(f));
    }
  }
  if (ran == 0) why_not = absl::StrCat("it runs at neither opset: ", neither_everywhere);
  return found;
}

// Each node whose operator's version changes, alone on its inputs'
// types, shapes and known values, on every set of generated edge values:
// its behaviour and ONNX's converter on it, and what a runtime at the target
// version may compute differently (its function body, the named readings).
// Always, whether or not the whole model was compared: a change the node
// shows alone but the model's outputs do not (`whole_compared` on `data`) is
// reported as masked on those inputs, never cleared.
void AuditNodesAlone(const ModelNodes& nodes, const EdgeValues& edges, bool whole_compared,
                     const std::string& data, ModelAudit& audit) {
  const std::vector<Finding> at_model = audit.findings;  // the whole model's, so far
  auto model_shows = [&](FindingKind kind, const std::string* node) {
    return std::any_of(at_model.begin(), at_model.end(), [&](const Finding& g) {
      return g.aspect == "model" && g.kind == kind && (node == nullptr || g.node == *node);
    });
  };
  int compared = 0;
  for (const GraphNode& gn : nodes.nodes()) {
    if (!InSuite(*gn.node)) continue;
    const OpSchema* a = SchemaAt(gn.node->op_type(), audit.from_opset);
    const OpSchema* b = SchemaAt(gn.node->op_type(), audit.to_opset);
    if (a == nullptr || b == nullptr || a == b) continue;
    absl::StatusOr<std::vector<AuditCase>> alone = NodeCases(gn, nodes, audit.from_opset, edges);
    std::string why_not = alone.ok() ? "" : std::string(alone.status().message());
    std::vector<Finding> found;
    if (alone.ok()) found = CompareAlone(*alone, audit, why_not);
    if (!why_not.empty()) {
      const std::string text =
          absl::StrCat("the behaviour of node ", gn.label, " is not compared alone: ", why_not);
      if (whole_compared) {  // the whole model's comparison stands
        audit.notes.push_back(text);
        continue;
      }
      Finding f = ModelFinding(FindingKind::kNotCompared, audit, "node not compared", text);
      Blame(f, gn.label, gn.node->op_type(), audit);
      audit.findings.push_back(std::move(f));
      continue;
    }
    ++compared;
    std::vector<Finding> reported;
    for (Finding& f : found) {
      f.detail = absl::StrCat("the node alone, on generated values: ", f.detail);
      if (whole_compared) {
        if (model_shows(f.kind, &gn.label)) continue;  // the model's own finding says it
        if (!model_shows(f.kind, nullptr)) {
          f.change = "masked on these inputs";
          absl::StrAppend(&f.detail, "; the whole model's outputs do not show it on ", data,
                          " (masked downstream, or its values not reached there): inputs "
                          "that reach the node with these values would show it");
        } else {
          absl::StrAppend(&f.detail,
                          "; the whole model's outputs differ, but not first at this node");
        }
      }
      reported.push_back(std::move(f));
    }
    for (const AuditCase& set : *alone) {
      for (Finding& f : ReadingFindings(set, audit.from_opset, audit.to_opset)) {
        f.detail = absl::StrCat("the node alone, on generated values: ", f.detail);
        if (!HasLike(reported, f)) reported.push_back(std::move(f));
      }
    }
    for (Finding& f : reported) {
      f.aspect = "model";
      f.node = gn.label;
      audit.findings.push_back(std::move(f));
    }
  }
  if (compared > 0) {
    audit.notes.push_back(absl::StrCat(
        "behaviour compared node by node for ", compared,
        " node(s) of the suite's operators, each alone on sets of generated edge values of its "
        "inputs' types and shapes (known values kept)"));
  }
}

// Whether an equal finding (kind, node, change, concerns) is among `findings`.
bool Known(const std::vector<Finding>& findings, const Finding& f) {
  return std::any_of(findings.begin(), findings.end(), [&](const Finding& g) {
    return g.kind == f.kind && g.node == f.node && g.change == f.change && g.concerns == f.concerns;
  });
}

// The whole model on each input set (generated values, then the folder's
// data sets): findings not already found on an earlier set; the repaired
// model checked on each. Returns whether every comparison was made.
bool CompareOnInputSets(const AuditCase& model, const std::vector<InputSet>& sets,
                        const std::optional<onnx::ModelProto>& converted, const ModelNodes& nodes,
                        ModelAudit& audit) {
  bool all_compared = true;
  bool repair_checked = false;
  for (const InputSet& set : sets) {
    AuditCase whole = model;
    whole.inputs = set.inputs;
    bool compared = false;
    for (Finding& f : CompareOnData(whole, set.name, converted, nodes, audit, &compared)) {
      if (!Known(audit.findings, f)) audit.findings.push_back(std::move(f));
    }
    all_compared &= compared;
    if (!audit.repaired.has_value()) continue;
    std::optional<std::string> difference = RepairDifference(whole, *audit.repaired);
    if (!difference.has_value()) continue;
    if (difference->empty()) {
      repair_checked = true;
      continue;
    }
    audit.notes.push_back(
        absl::StrCat("the repaired converted model does not give the original's "
                     "outputs on ",
                     set.name, " (", *difference, "): it is not offered"));
    audit.repaired.reset();
    repair_checked = false;
  }
  audit.repaired_checked_on_data = audit.repaired.has_value() && repair_checked;
  return all_compared;
}

}  // namespace

int DefaultTargetOpset(int model_opset) { return std::max(model_opset, NewestRegistryOpset()); }

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
  if (absl::Status functions = CheckModelLocalFunctions(*model); !functions.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(model_file.string(), ": ", functions.message()));
  }
  absl::StatusOr<DimBindings> dims = BindShapes(*model, options.shapes);
  if (!dims.ok()) return dims.status();
  ModelAudit audit;
  audit.file = model_file.string();
  audit.from_opset = static_cast<int>(*from);
  audit.to_opset = options.to_opset.value_or(DefaultTargetOpset(audit.from_opset));
  audit.downgrade = audit.to_opset < audit.from_opset;
  const bool moves = audit.from_opset != audit.to_opset;
  if (!moves) {
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
  if (!moves) {
    ClassifyDifferences(audit.findings);
    return audit;
  }
  const std::vector<Finding> invalid = OriginalProblems(*model, nodes, audit);
  audit.findings.insert(audit.findings.end(), invalid.begin(), invalid.end());
  std::optional<onnx::ModelProto> converted;
  if (invalid.empty()) converted = AuditConverterTypes(*model, nodes, audit);

  const std::set<std::string> not_run = NotRunByReference(nodes, audit.from_opset, audit.to_opset);
  const EdgeValues edges(KnownBounds(nodes));
  ModelInputSets sets;
  if (not_run.empty()) sets = ModelInputs(model_file, *model, options.shapes, *dims, edges);
  for (std::string& note : sets.notes) audit.notes.push_back(std::move(note));
  if (!not_run.empty()) {
    audit.not_audited.push_back(
        absl::StrCat("the whole model's behaviour and outputs not compared: the reference runs ",
                     absl::StrJoin(OperatorsRun(), ", "), ", and the model also has ",
                     absl::StrJoin(not_run, ", ")));
  } else if (!sets.not_generated.empty()) {
    audit.not_audited.push_back(absl::StrCat(
        sets.sets.empty() ? "the whole model's behaviour and outputs not compared: "
                          : "the whole model compared on the folder's data only (no generated "
                            "values): ",
        sets.not_generated));
  }
  std::vector<std::string> names;
  int generated_sets = 0;
  for (const InputSet& set : sets.sets) {
    if (absl::StartsWith(set.name, kGeneratedSet)) {
      ++generated_sets;
    } else {
      names.push_back(set.name);
    }
  }
  if (generated_sets > 0) {
    names.insert(names.begin(), absl::StrCat(kGeneratedSet, " (", generated_sets, " sets)"));
  }
  audit.data = absl::StrJoin(names, ", ");
  AuditCase whole;
  whole.name = model_file.filename().string();
  whole.scenario = whole.name;
  whole.op_type = "the model";  // read in the findings' details: "the model at opset 6"
  whole.model = *model;
  const bool whole_compared =
      !sets.sets.empty() && CompareOnInputSets(whole, sets.sets, converted, nodes, audit);
  audit.behaviour_compared = whole_compared && invalid.empty();
  // Node by node, always: a node's change the model's outputs mask is still a change.
  AuditNodesAlone(nodes, edges, whole_compared,
                  absl::StrReplaceAll(audit.data, {{"generated", "generated values"}}), audit);
  ClassifyDifferences(audit.findings);
  return audit;
}

}  // namespace onnx_conform
