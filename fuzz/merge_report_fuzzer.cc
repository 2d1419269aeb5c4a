// A JSON report as `merge` reads it (ParseJsonReport), then the combined
// page and report it writes: what parses must give a Markdown page where no
// tag or terminal escape survives outside fenced code, an HTML page without
// an escape byte, and a JSON report that reads back to the same cases.
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "fuzz/fuzz_targets.h"
#include "runners/reports/combined_scoreboard.h"
#include "runners/reports/report.h"

namespace onnx_conform::fuzz {

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
    if (!fenced && line.find('<') != absl::string_view::npos) FuzzFinding("a tag on the page");
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
