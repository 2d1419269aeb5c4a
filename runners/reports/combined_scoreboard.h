// The combined scoreboard of several backends (`onnx-conform merge`): one
// page with every backend side by side over operator x version x type, then
// the failures grouped by cause, the reasons for unsupported cases, and the
// divergent cases grouped by the named reading they follow. Markdown and one
// self-contained HTML page; messages are shown with control bytes escaped
// (ForTerminal), so no terminal escape code reaches the page.
//
//   std::vector<CaseResult> all = ...;  // from the backends' JSON reports
//   WriteTextFile("docs/backends/README.md", CombinedMarkdown(all, "ONNX Conform"));
//
// A cause is the status and the first line of the message that says
// something of its own, with numbers, quoted values and paths replaced by
// placeholders: "fail: output 0 (#): # of # elements differ" groups every case
// whose outputs differ the same way, whatever the values and counts.
#ifndef ONNX_CONFORM_RUNNERS_COMBINED_SCOREBOARD_H_
#define ONNX_CONFORM_RUNNERS_COMBINED_SCOREBOARD_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "runners/harness/case_result.h"

namespace onnx_conform {

// The message's first detail with numbers ("#"), quoted text ('…'), paths
// (<path>) and NaN/inf spellings ("#") normalised away.
std::string NormalisedCause(const CaseResult& result);

// Results sharing a key, in order of first appearance within the key.
struct ResultGroup {
  std::string key;
  std::vector<const CaseResult*> results;
};

// What fails a run, and expected failures (xfail: an expectation file is not
// needed to see why), grouped by status + NormalisedCause; largest first.
std::vector<ResultGroup> FailureGroups(const std::vector<CaseResult>& results);
// Unsupported cases grouped by NormalisedCause; largest first.
std::vector<ResultGroup> UnsupportedGroups(const std::vector<CaseResult>& results);
// Divergent cases grouped by the readings they follow ("a+b"); largest first.
std::vector<ResultGroup> ReadingGroups(const std::vector<CaseResult>& results);

std::string CombinedMarkdown(const std::vector<CaseResult>& results, absl::string_view title);
std::string CombinedHtml(const std::vector<CaseResult>& results, absl::string_view title);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_COMBINED_SCOREBOARD_H_
