// onnx-conform adequacy: how many plausible backend bugs a case set catches.
#include "runners/cli/adequacy_command.h"

#include <algorithm>
#include <ostream>
#include <thread>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "cases/coverage.h"
#include "ops/suite_operators.h"
#include "runners/adequacy/adequacy.h"
#include "runners/adequacy/adequacy_report.h"
#include "runners/cli/cli.h"
#include "runners/reports/output_file.h"

namespace onnx_conform {

namespace {

constexpr char kAdequacyUsage[] =
    "usage: onnx-conform adequacy [--bugs=NAMES] [--op=OPS] [-j N] [--report-json=FILE] "
    "[PATH...]\n"
    "       onnx-conform adequacy --list [--bugs=NAMES] [--op=OPS]\n"
    "       onnx-conform adequacy --markdown [--official=DIR]\n"
    "Runs every case under PATH (default: the repository's cases/node and cases/invalid)\n"
    "against each planted backend bug of the catalogue, one at a time, judged as `run`\n"
    "judges, and reports per bug: killed (with the first case that kills it), survived,\n"
    "not exercised, divergent; per operator version the share of bugs killed; and the\n"
    "surviving bugs, the cases the set is missing.\n"
    "  --bugs=NAMES        only these bugs (comma-separated; --list names them)\n"
    "  --op=OPS            only the bugs of these operators (comma-separated)\n"
    "  -j N, --jobs=N      cases run in parallel (default: one per CPU)\n"
    "  --report-json=FILE  the report as JSON\n"
    "  --list              print the catalogue and exit\n"
    "  --markdown          print docs/coverage.md's adequacy section: the library and\n"
    "                      ONNX's official node tests of the suite's operators (under --official,\n"
    "                      default the libonnx-testdata folder) side by side\n"
    "Exit status: 0 when every bug is killed and every reading mutant comes out divergent,\n"
    "1 otherwise (with --markdown: only when a reading mutant is killed), 2 for a usage "
    "error.\n";

// The case folders of ONNX's official node tests of the suite's operators.
std::vector<std::filesystem::path> OfficialCases(const std::filesystem::path& root) {
  std::vector<std::filesystem::path> dirs;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(root, ec)) {
    const std::string name = entry.path().filename().string();
    if (OfficialTestOperator(name) != nullptr) dirs.push_back(entry.path());
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

}  // namespace

absl::StatusOr<AdequacyCommandOptions> ParseAdequacyCommandOptions(
    const std::vector<std::string>& args) {
  AdequacyCommandOptions options;
  options.official = ONNX_CONFORM_OFFICIAL_NODE_TESTS;
  options.help = WantsHelp(args);
  if (options.help) return options;
  FlagSet flags;
  flags.Add("bugs", &options.bugs)
      .Add("op", &options.ops)
      .Add("jobs", &options.jobs)
      .Shorthand('j', "jobs")
      .Add("report_json", &options.report_json)
      .Add("list", &options.list)
      .Add("markdown", &options.markdown)
      .Add("official", &options.official)
      .Positionals(&options.paths);
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  if (options.jobs < 0) return absl::InvalidArgumentError("-j: must be 0 or more");
  if (options.markdown && !options.paths.empty()) {
    return absl::InvalidArgumentError("--markdown measures its own case sets: give no PATH");
  }
  return options;
}

int AdequacyCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<AdequacyCommandOptions> options = ParseAdequacyCommandOptions(args);
  if (std::optional<int> code = ExitBeforeRunning(options, "adequacy", kAdequacyUsage, out, err)) {
    return *code;
  }
  absl::StatusOr<std::vector<const Bug*>> bugs = SelectBugs(options->bugs, options->ops);
  if (!bugs.ok()) return UsageError(err, "adequacy", kAdequacyUsage, bugs.status().message());
  if (options->list) {
    out << RenderCatalogue(*bugs);
    return kExitOk;
  }
  if (absl::Status writable = CheckOutputPath("--report-json", options->report_json);
      !writable.ok()) {
    return UsageError(err, "adequacy", kAdequacyUsage, writable.message());
  }
  const int jobs =
      options->jobs > 0 ? options->jobs : std::max(1u, std::thread::hardware_concurrency());

  if (options->markdown) {
    const std::vector<std::filesystem::path> official = OfficialCases(options->official);
    if (official.empty()) {
      return UsageError(err, "adequacy", kAdequacyUsage,
                        absl::StrCat("--official=", options->official,
                                     ": holds no test_min*, test_argmin*, test_clip* case"));
    }
    absl::StatusOr<AdequacyReport> library =
        MeasureAdequacy({.paths = DefaultCoverageRoots(), .bugs = *bugs, .jobs = jobs});
    absl::StatusOr<AdequacyReport> onnx =
        MeasureAdequacy({.paths = official, .bugs = *bugs, .jobs = jobs});
    if (!library.ok() || !onnx.ok()) {
      err << "onnx-conform adequacy: "
          << (library.ok() ? onnx.status() : library.status()).message() << "\n";
      return kExitFailed;
    }
    out << RenderAdequacyMarkdown(
        {{"the suite's library", &*library}, {"ONNX's official node tests", &*onnx}});
    return library->Problems().empty() && onnx->Problems().empty() ? kExitOk : kExitFailed;
  }

  std::vector<std::filesystem::path> paths(options->paths.begin(), options->paths.end());
  if (paths.empty()) paths = DefaultCoverageRoots();
  absl::StatusOr<AdequacyReport> report =
      MeasureAdequacy({.paths = paths, .bugs = *bugs, .jobs = jobs});
  if (!report.ok()) return UsageError(err, "adequacy", kAdequacyUsage, report.status().message());
  out << RenderAdequacyText(*report);
  if (!options->report_json.empty()) {
    if (absl::Status written = WriteTextFile(options->report_json, RenderAdequacyJson(*report));
        !written.ok()) {
      err << "onnx-conform adequacy: " << written.message() << "\n";
      return kExitFailed;
    }
  }
  return report->Survivors().empty() && report->Problems().empty() ? kExitOk : kExitFailed;
}

}  // namespace onnx_conform
