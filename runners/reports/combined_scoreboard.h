// The combined scoreboard of several backends (`onnx-conform merge`). Its
// first screen: when the runs were made and with which suite and runtime
// versions, each backend's pass rate beside its failures and known failures
// (xfail), and operators x backends coloured by pass rate. Then the causes:
// the most frequent per operator and backend, the failures grouped by cause,
// the reasons for unsupported cases and the divergent cases grouped by the
// named reading they follow. Then the detail: every backend side by side over
// operator x version x type. Markdown and one self-contained HTML page (no
// script; wide tables scroll within the page); messages are shown with
// control bytes escaped (ForTerminal), so no terminal escape code reaches it.
//
//   std::vector<CaseResult> all = ...;  // from the backends' JSON reports
//   const PageFacts facts{.suite_version = "0.9.0", .run_date = "2026-12-04 18:53 UTC"};
//   WriteTextFile("docs/backends/combined.md", CombinedMarkdown(all, "ONNX Conform", facts));
//
// A cause is the failure signature the verdict recorded
// (runners/harness/failure_signature.h): "ArgMin: values: ignores
// select_last_index [select_last_index]" groups every case one planted bug
// fails, whatever its version, type, values and counts. A result without
// one (a report of an older version) falls back to the status and the first
// line of the message that says something of its own, with numbers, quoted
// values and paths replaced by placeholders.
#ifndef ONNX_CONFORM_RUNNERS_COMBINED_SCOREBOARD_H_
#define ONNX_CONFORM_RUNNERS_COMBINED_SCOREBOARD_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "runners/harness/case_result.h"
#include "runners/reports/report_facts.h"

namespace onnx_conform {

// The message's first detail with numbers ("#"), quoted text ('…'), paths
// (<path>) and NaN/inf spellings ("#") normalised away.
std::string NormalisedCause(const CaseResult& result);

// Results sharing a key, in order of first appearance within the key.
struct ResultGroup {
  std::string key;
  std::vector<const CaseResult*> results;
};

// The cause a result is grouped under: its signature's Cause(), else
// "STATUS: " + NormalisedCause.
std::string CauseOf(const CaseResult& result);

// `results` grouped by `key`; largest first, then in order of first appearance.
std::vector<ResultGroup> GroupBy(const std::vector<const CaseResult*>& results,
                                 std::string (*key)(const CaseResult&));

// What a group spans, for a person: "12 cases: 4 fail, 8 xfail; ArgMin-12,
// ArgMin-13; float, int32; backends a, b".
std::string GroupExtent(const ResultGroup& group);

// What fails a run, and expected failures (xfail: an expectation file is not
// needed to see why), grouped by CauseOf; largest first.
std::vector<ResultGroup> FailureGroups(const std::vector<CaseResult>& results);

// The background of a cell passing `pass_rate` (0 to 1) of its cases, as
// CSS: a continuous scale from red (none passed) over yellow to green (all).
std::string PassRateBackground(double pass_rate);

std::string CombinedMarkdown(const std::vector<CaseResult>& results, absl::string_view title,
                             const PageFacts& facts = {});
std::string CombinedHtml(const std::vector<CaseResult>& results, absl::string_view title,
                         const PageFacts& facts = {});

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_COMBINED_SCOREBOARD_H_
