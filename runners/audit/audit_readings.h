// What a runtime at the target version may compute for one node that the
// reference at the model's version does not: the target version's function
// body where the model's version has none (Clip-13's Less/Where body), and
// each documented alternative reading (checker/readings.h) that applies
// at the target version only. `audit --model` runs it on each node of the
// suite's operators alone (runners/audit/audit_node_case.h), so the finding is about
// that node's own inputs: a Clip without bounds moving to Clip-13 lets ±inf
// through under the body (clip-missing-bound-skipped); one with two known
// finite bounds shows nothing.
//
//   std::vector<Finding> f = ReadingFindings(clip11_alone, 11, 13);
//   // output-change "outputs differ under clip-missing-bound-skipped": expected = Clip-11,
//   // got = Clip-13's function body: [0] expected -3.40282347e+38, got -inf ...
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_READINGS_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_READINGS_H_

#include <cstdint>
#include <vector>

#include "absl/strings/string_view.h"
#include "runners/audit/audit_cases.h"
#include "runners/audit/audit_finding.h"

namespace onnx_conform {

// Finding::difference of these findings.
inline constexpr absl::string_view kNamedReading = "named reading";

// Output-change findings, one per body or reading whose outputs differ from
// the reference's at `from_opset` (and from the reference's own at
// `to_opset`, which CompareBehaviour reports); none when the case cannot be
// written or run at both opsets.
std::vector<Finding> ReadingFindings(const AuditCase& alone, int64_t from_opset, int64_t to_opset);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_READINGS_H_
