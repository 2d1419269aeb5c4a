// What `onnx-conform audit` reports: one finding per difference between two
// versions of an operator (schema or behaviour) or per problem of ONNX's
// version converter, each of one of six kinds; two more say the audit
// could not establish something: not-compared (no case ran at a pair of
// versions, or a model's comparison could not be made) and, for
// `audit --model` only, original-invalid.
//
//   Finding f;
//   f.kind = FindingKind::kSchemaChange;
//   f.op_type = "Min"; f.from_version = 1; f.to_version = 6;
//   f.aspect = "attribute"; f.name = "consumed_inputs"; f.change = "removed";
//   FindingKindName(f.kind);  // "schema-change"
//
// Schema findings also say when they concern a given node (Applicability),
// so that `audit --model` shows each node only what applies to it.
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_FINDING_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_FINDING_H_

#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "tensor/element_type.h"

namespace onnx_conform {

enum class FindingKind {
  kSchemaChange,           // types, inputs, outputs, attributes or rules differ
  kValidityChange,         // a case is valid at one version, invalid (or unstated) at the other
  kOutputChange,           // a case valid at both versions gives other outputs
  kConverterFailed,        // ONNX's converter throws on a valid model
  kConverterInvalid,       // the converted model fails the suite's checker
  kConverterOutputChange,  // the converted model gives other outputs on the reference
  // What keeps the audit from judging the upgrade.
  kOriginalInvalid,  // `audit --model`: the model fails a checker at its own opset
  kNotCompared,      // a comparison the audit needs could not be made (no case, no run)
};

// "schema-change", "validity-change", "output-change", "converter-failed",
// "converter-invalid", "converter-output-change", "original-invalid",
// "not-compared".

absl::string_view FindingKindName(FindingKind kind);
std::optional<FindingKind> FindingKindFromName(absl::string_view name);
// Every kind, in the order above; the kinds an operator audit reports (all but
// original-invalid); whether a kind means the audit is incomplete (original-invalid,
// not-compared: `onnx-conform audit` exits 3 for them).
std::span<const FindingKind> AllFindingKinds();
std::span<const FindingKind> OperatorFindingKinds();
bool MeansNotAudited(FindingKind kind);

// When a schema finding concerns one node of a model (see NodeFacts).
enum class Applicability {
  kAlways,              // every node of the operator (rules, texts, shape inference)
  kNever,               // no existing node (an optional attribute or input added)
  kNodeType,            // the node's type parameter is bound to one of Finding::types
  kNodeSetsAttribute,   // the node sets attribute Finding::name
  kNodeOmitsAttribute,  // the node leaves attribute Finding::name to its default
  kNodeUsesInput,       // the node gives input Finding::name (output: produces it)
  // The node gives both inputs (or attributes) Finding::needs, and their values
  // are not known to be ordered: a text about Clip's min > max.
  kNodeMayExceed,
};

struct Finding {
  FindingKind kind = FindingKind::kSchemaChange;
  std::string op_type = {};
  int from_version = 0;  // the operator versions compared (since_version)
  int to_version = 0;
  int from_opset = 0;  // the opsets compared (equal to the versions unless asked otherwise)
  int to_opset = 0;
  // Schema changes: "type", "input", "output", "input arity", "output arity",
  // "attribute", "rule", "summary", "shape inference", "function".
  // Behaviour and converter findings: "case" (or "model" with --model).
  std::string aspect = {};
  // The type parameter, input, output or attribute name; the case name for
  // behaviour and converter findings; empty for rules and texts.
  std::string name = {};
  // "added", "removed", "changed", "retyped", "default changed",
  // "moved to input", "moved to attribute", ...; for behaviour and converter
  // findings, the outcomes: "valid -> invalid", "outputs differ", ...
  std::string change = {};
  std::string detail = {};  // one or two sentences with the values involved
  // Behaviour and converter findings: what the case does, the same for
  // every type ("no_bounds"), so that reports can group types.
  std::string scenario = {};
  std::vector<ElementType> types = {};  // the element types concerned; empty: all
  Applicability applies = Applicability::kAlways;
  std::vector<std::string> needs = {};  // kNodeMayExceed: {"min", "max"}: min may exceed max
  std::string node = {};                // `audit --model`: the node the finding is about
  // `audit --model`: the input or attribute concerned ("input 1 (min)").
  std::string concerns = {};
  // "version change", "text clarification (ONNX 1.18)" or "suite's stricter
  // reading" (runners/audit/audit_difference.h).
  std::string difference = {};
};

// What a model's node shows of itself, for Applicability.
struct NodeFacts {
  std::set<std::string> attributes_set;              // attribute names the node sets
  std::map<std::string, ElementType> type_bindings;  // "T" -> float16, where known
  std::set<std::string> inputs_used;                 // formal input/output names it gives
  // Formal input or attribute name -> its value, where it is a known scalar.
  std::map<std::string, double> scalars;
};

// Whether a schema finding concerns the node. A type finding applies when
// the node's binding is unknown (it might).
bool FindingApplies(const Finding& finding, const NodeFacts& node);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_FINDING_H_
