// `onnx-conform merge [flags] REPORT.json...`: the JSON reports of several
// runs (backends, or shards of one run on several machines) as one: a
// combined scoreboard with every backend side by side, and one JSON report.
//
//   onnx-conform merge --scoreboard-html=board.html --scoreboard-md=board.md
//       --report-json=all.json shard-*/report.json ort/report.json
//
// A case is identified by its backend, name, operator, version, types and
// whether it is negative, never by its path (which depends on where the
// checkout lies and how the path was written): one case given twice
// (overlapping shards, a report given twice) is counted once when both
// results have the same status, and is a conflict naming both files when
// they differ.
#include "runners/cli/merge_command.h"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "runners/cli/cli.h"
#include "runners/reports/combined_scoreboard.h"
#include "runners/reports/junit_report.h"
#include "runners/reports/output_file.h"
#include "runners/reports/report.h"

namespace onnx_conform {
namespace {

constexpr char kMergeUsage[] =
    "usage: onnx-conform merge [flags] REPORT.json...\n"
    "  --scoreboard-html=FILE   --scoreboard-md=FILE   --report-json=FILE   --title=TEXT\n"
    "  --junit=FILE (one JUnit XML file, a testsuite per backend, for CI's test page)\n"
    "Merges the JSON reports of `onnx-conform run --report-json` (several backends, or the\n"
    "shards of one run) into one page with every backend side by side over operator x\n"
    "version x type, failures grouped by cause, unsupported reasons and divergent cases by\n"
    "reading; into one JSON report; and into one JUnit file. A case (backend, name,\n"
    "operator, version, types) given twice is counted once when both have one status, else\n"
    "it is a conflict.\n"
    "Exit status: 0 when the reports were merged, 1 when one cannot be read or written\n"
    "or two give one case different statuses, 2 for a usage error.\n";

int Fail(std::ostream& err, absl::string_view message, int code) {
  err << "onnx-conform merge: " << message << "\n";
  if (code == kExitUsage) err << kMergeUsage;
  return code;
}

// What makes two results one case's (the file header says why not the path).
using CaseIdentity = std::tuple<std::string, std::string, std::string, int64_t, std::string, bool>;
CaseIdentity IdentityOf(const CaseResult& r) {
  return {r.backend, r.name, r.op, r.op_version, r.types, r.negative};
}

struct Seen {
  std::string file;
  CaseStatus status;
};

// When the newest report was written; nullopt when no report's time can be read.
std::optional<std::chrono::system_clock::time_point> NewestReportWrite(
    const std::vector<std::string>& reports) {
  std::optional<std::filesystem::file_time_type> newest;
  for (const std::string& report : reports) {
    std::error_code error;
    const auto written = std::filesystem::last_write_time(report, error);
    if (!error && (!newest.has_value() || written > *newest)) newest = written;
  }
  if (!newest.has_value()) return std::nullopt;
  return std::chrono::time_point_cast<std::chrono::system_clock::duration>(
      std::chrono::file_clock::to_sys(*newest));
}

// The date the page gives its runs ("2026-12-04 18:53 UTC"); "" when no
// report's time can be read.
std::string NewestReportTime(const std::vector<std::string>& reports) {
  const std::optional<std::chrono::system_clock::time_point> newest = NewestReportWrite(reports);
  return newest.has_value() ? ReportDate(*newest) : "";
}

}  // namespace

absl::StatusOr<MergeOptions> ParseMergeOptions(const std::vector<std::string>& args) {
  MergeOptions options;
  options.help = WantsHelp(args);
  if (options.help) return options;
  FlagSet flags;
  flags.Add("report_json", &options.report_json)
      .Add("scoreboard_md", &options.scoreboard_md)
      .Add("scoreboard_html", &options.scoreboard_html)
      .Add("junit", &options.junit)
      .Add("title", &options.title)
      .Alias("merge_title", "title")  // its name before every command had one
      .Positionals(&options.reports);
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  if (options.reports.empty()) return absl::InvalidArgumentError("no REPORT given");
  if (options.scoreboard_md.empty() && options.scoreboard_html.empty() &&
      options.report_json.empty() && options.junit.empty()) {
    return absl::InvalidArgumentError(
        "nothing to write: give --scoreboard-html, --scoreboard-md, --report-json or --junit");
  }
  std::vector<std::string> words = {"onnx-conform", "merge"};
  words.insert(words.end(), args.begin(), args.end());
  options.command_line = CommandLineText(words);
  return options;
}

int MergeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<MergeOptions> options = ParseMergeOptions(args);
  if (std::optional<int> code = ExitBeforeRunning(options, "merge", kMergeUsage, out, err)) {
    return *code;
  }
  const std::string& md = options->scoreboard_md;
  const std::string& html = options->scoreboard_html;
  const std::string& json = options->report_json;
  const std::string& junit = options->junit;
  for (const auto& [flag, file] :
       {std::pair("--scoreboard-md", md), std::pair("--scoreboard-html", html),
        std::pair("--report-json", json), std::pair("--junit", junit)}) {
    if (absl::Status writable = CheckOutputPath(flag, file); !writable.ok()) {
      return Fail(err, writable.message(), kExitUsage);
    }
  }

  std::vector<CaseResult> all;
  std::map<CaseIdentity, Seen> seen;
  // (file, file it was first seen in) -> cases given by both, counted once.
  std::map<std::pair<std::string, std::string>, std::pair<int, std::string>> counted_once;
  for (const std::string& path : options->reports) {
    absl::StatusOr<std::vector<CaseResult>> results = ReadJsonReportFile(path);
    if (!results.ok()) return Fail(err, results.status().message(), kExitFailed);
    for (CaseResult& result : *results) {
      auto [it, added] = seen.emplace(IdentityOf(result), Seen{path, result.status});
      if (added) {
        all.push_back(std::move(result));
        continue;
      }
      if (it->second.status != result.status) {
        return Fail(err,
                    absl::StrCat("conflict: case '", ForTerminal(result.name, false),
                                 "' of backend '", ForTerminal(result.backend, false), "' is ",
                                 StatusName(result.status), " in ", path, " but ",
                                 StatusName(it->second.status), " in ", it->second.file,
                                 " (two runs of one case disagree: merge their reports apart, "
                                 "or run it again)"),
                    kExitFailed);
      }
      auto& [count, example] = counted_once[{path, it->second.file}];
      if (count++ == 0) example = result.name;
    }
  }
  for (const auto& [files, count_and_example] : counted_once) {
    err << "onnx-conform merge: note: " << count_and_example.first << " case"
        << (count_and_example.first == 1 ? "" : "s") << " of " << files.first << " (such as '"
        << ForTerminal(count_and_example.second, false) << "') also in " << files.second
        << " with the same status: counted once\n";
  }
  // In the order of a single run's reports, whatever order the reports came in.
  SortForReports(all);
  const std::string& title = options->title;
  const PageFacts facts{.suite_version = ONNX_CONFORM_VERSION,
                        .run_date = NewestReportTime(options->reports),
                        .command_line = options->command_line};
  // JUnit's timestamp: the newest report's time, to the second.
  std::string timestamp = JunitTimestamp(std::chrono::system_clock::now());
  if (const std::optional<std::chrono::system_clock::time_point> newest =
          NewestReportWrite(options->reports)) {
    timestamp = JunitTimestamp(*newest);
  }
  const JunitRun junit_run{.suite_name = "onnx-conform",
                           .timestamp = timestamp,
                           .hostname = LocalHostName(),
                           .facts = facts};
  for (const auto& [file, text] :
       {std::pair(md, md.empty() ? "" : CombinedMarkdown(all, title, facts)),
        std::pair(html, html.empty() ? "" : CombinedHtml(all, title, facts)),
        std::pair(json, json.empty() ? "" : JsonReport(all, facts)),
        std::pair(junit, junit.empty() ? "" : JunitReportPerBackend(all, junit_run))}) {
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
