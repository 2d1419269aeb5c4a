#include "runners/audit/audit_difference.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace onnx_conform {
namespace {

// A sentence added to an old version's text without a new version number:
// the operator and version whose text changed, what identifies the finding
// (a rule id or a phrase of the finding's detail), and the ONNX release.
struct TextClarification {
  absl::string_view op_type;
  int version;  // the version whose text gained the sentence
  absl::string_view marker;
  absl::string_view release;
};

constexpr TextClarification kClarifications[] = {
    {"Clip", 13, "min > max", "1.18"},
    {"Clip", 13, "greater than 'max'", "1.18"},
    {"Clip", 13, "DATA-CLIP-BOUNDS-ORDER", "1.18"},
    {"Clip", 13, "ATTR-CLIP-BOUNDS-ORDER", "1.18"},
    {"Clip", 13, "defined as a function", "1.13"},
    {"ArgMin", 11, "must not be empty", "1.15"},
    {"ArgMax", 11, "must not be empty", "1.15"},
};

// Where the suite reads a text more strictly than it is written: the
// operator, the version read strictly, and what identifies the finding.
struct StricterReading {
  absl::string_view op_type;
  int version;
  absl::string_view marker;
};

constexpr StricterReading kStricterReadings[] = {
    // ArgMin-1 states no axis range; the suite warns on a negative axis.
    {"ArgMin", 1, "ATTR-NEGATIVE-AXIS-V1"},
    {"ArgMin", 1, "axis must be in [0, r-1]"},
    {"ArgMin", 1, "The text states no range for axis"},
    {"ArgMin", 1, "negative axes start at ArgMin-11"},
    // No version states what ArgMin over an empty axis gives: an error here.
    {"ArgMin", 1, "SHAPE-REDUCED-AXIS-EMPTY"},
    // ArgMax's text is ArgMin's mirror: the same readings.
    {"ArgMax", 1, "ATTR-NEGATIVE-AXIS-V1"},
    {"ArgMax", 1, "axis must be in [0, r-1]"},
    {"ArgMax", 1, "The text states no range for axis"},
    {"ArgMax", 1, "negative axes start at ArgMax-11"},
    {"ArgMax", 1, "SHAPE-REDUCED-AXIS-EMPTY"},
};

bool Involves(const Finding& f, int version) {
  const int low = std::min(f.from_version, f.to_version);
  const int high = std::max(f.from_version, f.to_version);
  // The text of `version` is on one side and not on the other.
  return f.from_version == version || f.to_version == version || (low < version && version <= high);
}

bool Mentions(const Finding& f, absl::string_view marker) {
  return absl::StrContains(f.detail, marker) || absl::StrContains(f.change, marker);
}

void ClassifyDifference(Finding& f) {
  if (MeansNotAudited(f.kind)) {
    f.difference.clear();  // about the audit, not a difference between versions
    return;
  }
  if (!f.difference.empty()) return;  // classified where it was found (a named reading)
  // A text that also changes what a version does is a version change.
  const bool real_change_too = absl::StrContains(f.detail, "select_last_index") ||
                               absl::StrContains(f.detail, "specified by the inputs");
  for (const StricterReading& r : kStricterReadings) {
    if (f.op_type == r.op_type && Involves(f, r.version) && Mentions(f, r.marker)) {
      f.difference = std::string(kStricterReading);
      return;
    }
  }
  for (const TextClarification& c : kClarifications) {
    if (f.op_type == c.op_type && Involves(f, c.version) && Mentions(f, c.marker) &&
        !real_change_too) {
      f.difference = absl::StrCat("text clarification (ONNX ", c.release, ")");
      return;
    }
  }
  f.difference = std::string(kVersionChange);
}

}  // namespace

void ClassifyDifferences(std::vector<Finding>& findings) {
  for (Finding& f : findings) ClassifyDifference(f);
}

}  // namespace onnx_conform
