// Which kind of difference a finding is: a real change between two operator
// versions, a sentence added later to an old version's text (with the ONNX
// release that added it), or the suite's own reading, stricter than the text.
//
//   std::vector<Finding> f = ...;  // Clip-12 -> Clip-13: rule "min > max: ..."
//   ClassifyDifferences(f);
//   f[0].difference;               // "text clarification (ONNX 1.18)"
//
// A reader moving a model needs the first kind; the second tells what a
// reader of an older ONNX release saw; the third is the suite being careful
// where the texts are loose, and other tools may well accept the model.
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_DIFFERENCE_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_DIFFERENCE_H_

#include <vector>

#include "absl/strings/string_view.h"
#include "runners/audit/audit_finding.h"

namespace onnx_conform {

inline constexpr absl::string_view kVersionChange = "version change";
inline constexpr absl::string_view kStricterReading = "suite's stricter reading";

// Sets each Finding::difference: "version change", "text clarification
// (ONNX 1.N)" or "suite's stricter reading"; a finding already classified
// where it was found ("named reading", runners/audit/audit_readings.h) keeps its own.
void ClassifyDifferences(std::vector<Finding>& findings);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_DIFFERENCE_H_
