// Grouping results by cause (runners/reports/combined_scoreboard.h): the
// failure signature the verdict recorded, shared by `run`'s scoreboards and
// `merge`'s combined page.
#include <algorithm>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "runners/reports/combined_scoreboard.h"
#include "runners/reports/scoreboard.h"

namespace onnx_conform {

std::string CauseOf(const CaseResult& result) {
  if (!result.signature.empty()) return result.signature.Cause();
  return absl::StrCat(StatusName(result.status), ": ", NormalisedCause(result));
}

std::vector<ResultGroup> GroupBy(const std::vector<const CaseResult*>& results,
                                 std::string (*key)(const CaseResult&)) {
  std::vector<ResultGroup> groups;
  std::map<std::string, size_t> index;
  for (const CaseResult* r : results) {
    const std::string k = key(*r);
    auto [it, added] = index.emplace(k, groups.size());
    if (added) groups.push_back({k, {}});
    groups[it->second].results.push_back(r);
  }
  std::stable_sort(groups.begin(), groups.end(), [](const ResultGroup& a, const ResultGroup& b) {
    return a.results.size() > b.results.size();
  });
  return groups;
}

std::string GroupExtent(const ResultGroup& group) {
  std::map<std::string, int> statuses;
  std::set<std::pair<std::string, int64_t>> versions;
  std::set<std::string> types, backends;
  for (const CaseResult* r : group.results) {
    ++statuses[std::string(StatusName(r->status))];
    if (!r->op.empty()) versions.insert({r->op, r->op_version});
    if (!r->types.empty()) types.insert(PrimaryType(*r));
    backends.insert(r->backend.empty() ? "(unnamed)" : r->backend);
  }
  std::vector<std::string> parts;
  for (const auto& [status, count] : statuses) parts.push_back(absl::StrCat(count, " ", status));
  std::string text =
      absl::StrCat(group.results.size(),
                   group.results.size() == 1 ? " case: " : " cases: ", absl::StrJoin(parts, ", "));
  std::vector<std::string> labels;
  for (const auto& [op, version] : versions) labels.push_back(absl::StrCat(op, "-", version));
  if (!labels.empty()) absl::StrAppend(&text, "; ", absl::StrJoin(labels, ", "));
  if (!types.empty()) absl::StrAppend(&text, "; ", absl::StrJoin(InTypeOrder(types), ", "));
  absl::StrAppend(&text, "; backend", backends.size() == 1 ? " " : "s ",
                  absl::StrJoin(backends, ", "));
  return text;
}

}  // namespace onnx_conform
