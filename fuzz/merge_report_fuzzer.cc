// A JSON report as `merge` reads it (ParseJsonReport), then the combined
// page and report it writes: what parses must give a Markdown page where no
// tag but the page's own (line breaks in the overview table, anchors of the
// cause sections) or terminal escape survives outside fenced code, an HTML page without
// an escape byte, and a JSON report that reads back to the same cases.
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "fuzz/fuzz_targets.h"
#include "runners/reports/combined_scoreboard.h"
#include "runners/reports/report.h"

namespace onnx_conform::fuzz {
namespace {

// `line` without the tags the page writes itself: `<br>` and
// `<a id="NAME"></a>` with NAME of lower-case letters, digits and '-'.
std::string WithoutOwnTags(absl::string_view line) {
  std::string out;
  while (!line.empty()) {
    if (absl::ConsumePrefix(&line, "<br>")) continue;
    if (absl::StartsWith(line, "<a id=\"")) {
      const size_t end = line.find("\"></a>");
      const absl::string_view name = end == absl::string_view::npos ? "" : line.substr(7, end - 7);
      if (!name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") ==
                               absl::string_view::npos) {
        line.remove_prefix(end + 6);
        continue;
      }
    }
    out.push_back(line.front());
    line.remove_prefix(1);
  }
  return out;
}

}  // namespace

int FuzzMergeReport(const uint8_t* data, size_t size) {
  const absl::string_view json(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<std::vector<CaseResult>> results = ParseJsonReport(json, "fuzz.json");
  if (!results.ok()) return 0;
  bool fenced = false;
  for (absl::string_view line : absl::StrSplit(CombinedMarkdown(*results, "fuzz"), '\n')) {
    if (absl::StartsWith(line, "```")) {
      fenced = !fenced;
      continue;
    }
    if (line.find('\x1b') != absl::string_view::npos) FuzzFinding("an escape byte on the page");
    if (!fenced && absl::StrContains(WithoutOwnTags(line), '<')) FuzzFinding("a tag on the page");
  }
  if (absl::StrContains(CombinedHtml(*results, "fuzz"), '\x1b')) {
    FuzzFinding("an escape byte in the HTML page");
  }
  absl::StatusOr<std::vector<CaseResult>> again = ParseJsonReport(JsonReport(*results), "again");
  if (!again.ok()) FuzzFinding(std::string(again.status().message()));
  if (again->size() != results->size()) FuzzFinding("the report lost cases");
  for (size_t i = 0; i < results->size(); ++i) {
    if ((*again)[i].status != (*results)[i].status) FuzzFinding("a status changed");
  }
  return 0;
}

}  // namespace onnx_conform::fuzz
