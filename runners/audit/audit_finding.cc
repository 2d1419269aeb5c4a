#include "runners/audit/audit_finding.h"

#include <algorithm>

namespace onnx_conform {
namespace {

constexpr std::pair<FindingKind, absl::string_view> kKindNames[] = {
    {FindingKind::kSchemaChange, "schema-change"},
    {FindingKind::kValidityChange, "validity-change"},
    {FindingKind::kOutputChange, "output-change"},
    {FindingKind::kConverterFailed, "converter-failed"},
    {FindingKind::kConverterInvalid, "converter-invalid"},
    {FindingKind::kConverterOutputChange, "converter-output-change"},
    {FindingKind::kOriginalInvalid, "original-invalid"},
    {FindingKind::kNotCompared, "not-compared"},
};

constexpr FindingKind kKinds[] = {
    FindingKind::kSchemaChange,     FindingKind::kValidityChange,
    FindingKind::kOutputChange,     FindingKind::kConverterFailed,
    FindingKind::kConverterInvalid, FindingKind::kConverterOutputChange,
    FindingKind::kOriginalInvalid,  FindingKind::kNotCompared,
};
// An operator audit's kinds: all but original-invalid, which needs a model.
constexpr FindingKind kOperatorKinds[] = {
    FindingKind::kSchemaChange,     FindingKind::kValidityChange,
    FindingKind::kOutputChange,     FindingKind::kConverterFailed,
    FindingKind::kConverterInvalid, FindingKind::kConverterOutputChange,
    FindingKind::kNotCompared,
};

}  // namespace

absl::string_view FindingKindName(FindingKind kind) {
  for (const auto& [k, name] : kKindNames) {
    if (k == kind) return name;
  }
  return "unknown";
}

std::optional<FindingKind> FindingKindFromName(absl::string_view name) {
  for (const auto& [k, n] : kKindNames) {
    if (n == name) return k;
  }
  return std::nullopt;
}

std::span<const FindingKind> AllFindingKinds() { return kKinds; }

std::span<const FindingKind> OperatorFindingKinds() { return kOperatorKinds; }

bool MeansNotAudited(FindingKind kind) {
  return kind == FindingKind::kOriginalInvalid || kind == FindingKind::kNotCompared;
}

bool FindingApplies(const Finding& finding, const NodeFacts& node) {
  switch (finding.applies) {
    case Applicability::kAlways: return true;
    case Applicability::kNever: return false;
    case Applicability::kNodeType: {
      // Type findings name their type parameter; an unknown binding may match.
      auto it = node.type_bindings.find(finding.name);
      if (it == node.type_bindings.end()) return true;
      return std::find(finding.types.begin(), finding.types.end(), it->second) !=
             finding.types.end();
    }
    case Applicability::kNodeSetsAttribute: return node.attributes_set.contains(finding.name);
    case Applicability::kNodeOmitsAttribute: return !node.attributes_set.contains(finding.name);
    case Applicability::kNodeUsesInput: return node.inputs_used.contains(finding.name);
    case Applicability::kNodeMayExceed: {
      for (const std::string& name : finding.needs) {
        if (!node.attributes_set.contains(name) && !node.inputs_used.contains(name)) return false;
      }
      if (finding.needs.size() != 2) return true;
      auto low = node.scalars.find(finding.needs[0]);
      auto high = node.scalars.find(finding.needs[1]);
      // Known and ordered (NaN is not): the text cannot concern this node.
      return low == node.scalars.end() || high == node.scalars.end() ||
             !(low->second <= high->second);
    }
  }
  return true;
}

}  // namespace onnx_conform
