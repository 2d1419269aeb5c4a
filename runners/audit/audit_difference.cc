#include "runners/audit/audit_difference.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "checker/registry.h"

namespace onnx_conform {
namespace {

bool Involves(const Finding& f, int version) {
  const int low = std::min(f.from_version, f.to_version);
  const int high = std::max(f.from_version, f.to_version);
  // The text of `version` is on one side and not on the other.
  return f.from_version == version || f.to_version == version || (low < version && version <= high);
}

bool Mentions(const Finding& f, absl::string_view marker) {
  return absl::StrContains(f.detail, marker) || absl::StrContains(f.change, marker);
}

// The registered versions of the finding's operator.
std::vector<const OpSchema*> VersionsOf(const Finding& f) {
  std::vector<const OpSchema*> versions;
  for (const OpSchema* schema : AllSchemas()) {
    if (schema->op_type() == f.op_type) versions.push_back(schema);
  }
  return versions;
}

bool MentionsAny(const Finding& f, const std::vector<std::string>& markers) {
  return std::any_of(markers.begin(), markers.end(),
                     [&f](const std::string& marker) { return Mentions(f, marker); });
}

// What the schemas declare of their texts (ClarifiedIn, ReadStrictly,
// ChangesBehaviour) decides; a finding they say nothing of is a version change.
void ClassifyDifference(Finding& f) {
  if (MeansNotAudited(f.kind)) {
    f.difference.clear();  // about the audit, not a difference between versions
    return;
  }
  if (!f.difference.empty()) return;  // classified where it was found (a named reading)
  const std::vector<const OpSchema*> versions = VersionsOf(f);
  for (const OpSchema* schema : versions) {
    if (Involves(f, schema->since_version()) && MentionsAny(f, schema->strict_readings())) {
      f.difference = std::string(kStricterReading);
      return;
    }
  }
  // A text that also changes what a version does is a version change.
  const bool behaviour_changed_too = std::any_of(
      versions.begin(), versions.end(),
      [&f](const OpSchema* schema) { return MentionsAny(f, schema->behaviour_changes()); });
  for (const OpSchema* schema : versions) {
    if (behaviour_changed_too || !Involves(f, schema->since_version())) continue;
    for (const OpSchema::Clarification& c : schema->clarifications()) {
      if (MentionsAny(f, c.markers)) {
        f.difference = absl::StrCat("text clarification (ONNX ", c.release, ")");
        return;
      }
    }
  }
  f.difference = std::string(kVersionChange);
}

}  // namespace

void ClassifyDifferences(std::vector<Finding>& findings) {
  for (Finding& f : findings) ClassifyDifference(f);
}

}  // namespace onnx_conform
