// `onnx-conform merge [flags] REPORT.json...`: the JSON reports of several
// runs (backends, or shards of one run on several machines) as one: a
// combined scoreboard with every backend side by side, and one JSON report.
//
//   onnx-conform merge shard-*/report.json ort/report.json \
//       --scoreboard-html=board.html --scoreboard-md=board.md --report-json=all.json
//
// A case that two reports give for the same backend is an error naming both
// files: overlapping shards, or a report given twice, would count it twice.
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "runners/cli/cli.h"
#include "runners/reports/combined_scoreboard.h"
#include "runners/cli/commands.h"
#include "runners/reports/report.h"

ABSL_FLAG(std::string, merge_title, "ONNX Conform: backends side by side",
          "Title of the merged scoreboard");

ABSL_DECLARE_FLAG(std::string, report_json);
ABSL_DECLARE_FLAG(std::string, scoreboard_md);
ABSL_DECLARE_FLAG(std::string, scoreboard_html);

namespace onnx_conform {
namespace {

constexpr char kMergeUsage[] =
    "usage: onnx-conform merge [flags] REPORT.json...\n"
    "  --scoreboard-html=FILE   --scoreboard-md=FILE   --report-json=FILE   --merge-title=TEXT\n"
    "Merges the JSON reports of `onnx-conform run --report-json` (several backends, or the\n"
    "shards of one run) into one page with every backend side by side over operator x\n"
    "version x type, failures grouped by cause, unsupported reasons and divergent cases by\n"
    "reading; and into one JSON report. A case reported twice for one backend is an error.\n"
    "Exit status: 0 when the reports were merged, 1 when one cannot be read or written,\n"
    "2 for a usage error.\n";

int Fail(absl::string_view message, int code) {
  std::cerr << "onnx-conform merge: " << message << "\n";
  if (code == kExitUsage) std::cerr << kMergeUsage;
  return code;
}

absl::StatusOr<std::vector<CaseResult>> ReadReport(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat(path, ": cannot open the report"));
  std::stringstream text;
  text << in.rdbuf();
  report::RunReport run;
  google::protobuf::util::JsonParseOptions options;
  if (auto parsed = google::protobuf::util::JsonStringToMessage(text.str(), &run, options);
      !parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": not a JSON report of onnx-conform run: ", parsed.ToString()));
  }
  std::vector<CaseResult> results;
  for (int i = 0; i < run.cases_size(); ++i) {
    absl::StatusOr<CaseResult> result = FromCaseReport(run.cases(i));
    if (!result.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(path, ": case ", i + 1, ": ", result.status().message()));
    }
    if (result->backend.empty()) result->backend = run.backend();
    results.push_back(*std::move(result));
  }
  return results;
}

}  // namespace

int MergeCommand(const std::vector<std::string>& args) {
  if (WantsHelp(args)) {
    std::cout << kMergeUsage;
    return kExitOk;
  }
  // Flags are process-wide (shared with run): start from the defaults.
  absl::SetFlag(&FLAGS_report_json, "");
  absl::SetFlag(&FLAGS_scoreboard_md, "");
  absl::SetFlag(&FLAGS_scoreboard_html, "");
  absl::SetFlag(&FLAGS_merge_title, "ONNX Conform: backends side by side");
  absl::StatusOr<std::vector<std::string>> paths = ParseSubcommandFlags(
      args, {"report_json", "scoreboard_md", "scoreboard_html", "merge_title"});
  if (!paths.ok()) return Fail(paths.status().message(), kExitUsage);
  if (paths->empty()) return Fail("no REPORT given", kExitUsage);
  const std::string md = absl::GetFlag(FLAGS_scoreboard_md);
  const std::string html = absl::GetFlag(FLAGS_scoreboard_html);
  const std::string json = absl::GetFlag(FLAGS_report_json);
  if (md.empty() && html.empty() && json.empty()) {
    return Fail("nothing to write: give --scoreboard-html, --scoreboard-md or --report-json",
                kExitUsage);
  }

  std::vector<CaseResult> all;
  std::map<std::pair<std::string, std::string>, std::string> first_seen;  // (backend, path)
  for (const std::string& path : *paths) {
    absl::StatusOr<std::vector<CaseResult>> results = ReadReport(path);
    if (!results.ok()) return Fail(results.status().message(), kExitFailed);
    for (CaseResult& result : *results) {
      const std::string where = result.path.empty() ? result.name : result.path;
      auto [it, added] = first_seen.emplace(std::pair(result.backend, where), path);
      if (!added) {
        return Fail(absl::StrCat(path, ": case ", where, " of backend '", result.backend,
                                 "' is already in ", it->second,
                                 " (overlapping shards, or a report given twice?)"),
                    kExitFailed);
      }
      all.push_back(std::move(result));
    }
  }
  const std::string title = absl::GetFlag(FLAGS_merge_title);
  for (const auto& [file, text] : {std::pair(md, md.empty() ? "" : CombinedMarkdown(all, title)),
                                   std::pair(html, html.empty() ? "" : CombinedHtml(all, title)),
                                   std::pair(json, json.empty() ? "" : JsonReport(all))}) {
    if (file.empty()) continue;
    if (absl::Status written = WriteTextFile(file, text); !written.ok()) {
      return Fail(written.message(), kExitFailed);
    }
  }
  std::cout << "merged " << all.size() << " results from " << paths->size() << " reports"
            << std::endl;
  return kExitOk;
}

}  // namespace onnx_conform
