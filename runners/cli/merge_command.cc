// `onnx-conform merge [flags] REPORT.json...`: the JSON reports of several
// runs (backends, or shards of one run on several machines) as one: a
// combined scoreboard with every backend side by side, and one JSON report.
//
//   onnx-conform merge --scoreboard-html=board.html --scoreboard-md=board.md
//       --report-json=all.json shard-*/report.json ort/report.json
//
// A case that two reports give for the same backend is an error naming both
// files: overlapping shards, or a report given twice, would count it twice.
#include "runners/cli/merge_command.h"

#include <fstream>
#include <map>
#include <ostream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "runners/cli/cli.h"
#include "runners/reports/combined_scoreboard.h"
#include "runners/reports/report.h"

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

int Fail(std::ostream& err, absl::string_view message, int code) {
  err << "onnx-conform merge: " << message << "\n";
  if (code == kExitUsage) err << kMergeUsage;
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

absl::StatusOr<MergeOptions> ParseMergeOptions(const std::vector<std::string>& args) {
  MergeOptions options;
  if (WantsHelp(args)) {
    options.help = true;
    return options;
  }
  FlagSet flags;
  flags.Add("report_json", &options.report_json)
      .Add("scoreboard_md", &options.scoreboard_md)
      .Add("scoreboard_html", &options.scoreboard_html)
      .Add("merge_title", &options.title)
      .Positionals(&options.reports);
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  if (options.reports.empty()) return absl::InvalidArgumentError("no REPORT given");
  if (options.scoreboard_md.empty() && options.scoreboard_html.empty() &&
      options.report_json.empty()) {
    return absl::InvalidArgumentError(
        "nothing to write: give --scoreboard-html, --scoreboard-md or --report-json");
  }
  return options;
}

int MergeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<MergeOptions> options = ParseMergeOptions(args);
  if (!options.ok()) return Fail(err, options.status().message(), kExitUsage);
  if (options->help) {
    out << kMergeUsage;
    return kExitOk;
  }
  const std::string& md = options->scoreboard_md;
  const std::string& html = options->scoreboard_html;
  const std::string& json = options->report_json;

  std::vector<CaseResult> all;
  std::map<std::pair<std::string, std::string>, std::string> first_seen;  // (backend, path)
  for (const std::string& path : options->reports) {
    absl::StatusOr<std::vector<CaseResult>> results = ReadReport(path);
    if (!results.ok()) return Fail(err, results.status().message(), kExitFailed);
    for (CaseResult& result : *results) {
      const std::string where = result.path.empty() ? result.name : result.path;
      auto [it, added] = first_seen.emplace(std::pair(result.backend, where), path);
      if (!added) {
        return Fail(err,
                    absl::StrCat(path, ": case ", where, " of backend '", result.backend,
                                 "' is already in ", it->second,
                                 " (overlapping shards, or a report given twice?)"),
                    kExitFailed);
      }
      all.push_back(std::move(result));
    }
  }
  const std::string& title = options->title;
  for (const auto& [file, text] : {std::pair(md, md.empty() ? "" : CombinedMarkdown(all, title)),
                                   std::pair(html, html.empty() ? "" : CombinedHtml(all, title)),
                                   std::pair(json, json.empty() ? "" : JsonReport(all))}) {
    if (file.empty()) continue;
    if (absl::Status written = WriteTextFile(file, text); !written.ok()) {
      return Fail(err, written.message(), kExitFailed);
    }
  }
  out << "merged " << all.size() << " results from " << options->reports.size() << " reports"
      << std::endl;
  return kExitOk;
}

}  // namespace onnx_conform
