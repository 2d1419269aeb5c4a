// onnx-conform judge: a run's verdict on some of its cases, from its report.
#include "runners/cli/judge_command.h"

#include <filesystem>
#include <map>
#include <ostream>

#include "runners/cli/cli.h"
#include "runners/harness/policy.h"
#include "runners/reports/report.h"

namespace onnx_conform {

namespace {

constexpr char kJudgeUsage[] =
    "usage: onnx-conform judge [flags] REPORT.json [CASE...]\n"
    "  --op=OPERATOR (only that operator's cases)\n"
    "  --strict   --allow-invalid   --allow-nothing-passed (as the run's)\n"
    "Judges the cases of a finished run again from its JSON report (run --report-json):\n"
    "the CASE folders, as the run named them, or every case (of --op's operator).\n"
    "Prints each case that fails the run and the summary line.\n"
    "Exit status: as `run` on those cases alone (`run --help`): 0 when none fails the run\n"
    "and one passed, 1 when one fails it or when a CASE is not in the report (the run\n"
    "stopped before it) or the report cannot be read, 2 for a usage error, 4 when none\n"
    "passed; with --allow-nothing-passed, 77 when none reached a verdict (all unsupported).\n";

// The same folder however it was spelled ("a/./b", "a/b/").
std::string FolderKey(const std::string& path) {
  std::string key = std::filesystem::path(path).lexically_normal().string();
  while (key.size() > 1 && key.back() == '/') key.pop_back();
  return key;
}

}  // namespace

absl::StatusOr<JudgeOptions> ParseJudgeOptions(const std::vector<std::string>& args) {
  JudgeOptions options;
  options.help = WantsHelp(args);
  if (options.help) return options;
  std::vector<std::string> positionals;
  FlagSet flags;
  flags
      .AddValue("op",
                [&options](absl::string_view value) {
                  options.op = std::string(value);
                  return absl::OkStatus();
                })
      .Add("strict", &options.strict)
      .Add("allow_invalid", &options.allow_invalid)
      .Add("allow_nothing_passed", &options.allow_nothing_passed)
      .Positionals(&positionals);
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  if (positionals.empty()) return absl::InvalidArgumentError("no REPORT.json given");
  options.report = positionals.front();
  options.cases.assign(positionals.begin() + 1, positionals.end());
  return options;
}

int JudgeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<JudgeOptions> options = ParseJudgeOptions(args);
  if (std::optional<int> code = ExitBeforeRunning(options, "judge", kJudgeUsage, out, err)) {
    return *code;
  }
  absl::StatusOr<std::vector<CaseResult>> report = ReadJsonReportFile(options->report);
  if (!report.ok()) {
    err << "onnx-conform judge: " << report.status().message() << "\n";
    return kExitFailed;
  }

  std::map<std::string, const CaseResult*> by_folder;
  for (const CaseResult& result : *report) by_folder.emplace(FolderKey(result.path), &result);
  std::vector<CaseResult> selected;
  int missing = 0;
  if (options->cases.empty()) {
    for (const CaseResult& result : *report) {
      if (!options->op.has_value() || result.op == *options->op) selected.push_back(result);
    }
  } else {
    for (const std::string& folder : options->cases) {
      auto found = by_folder.find(FolderKey(folder));
      if (found == by_folder.end()) {
        err << "onnx-conform judge: " << folder << ": not in " << options->report
            << ": the run stopped before it or ran other cases\n";
        ++missing;
      } else if (!options->op.has_value() || found->second->op == *options->op) {
        selected.push_back(*found->second);
      }
    }
  }

  const RunPolicy policy{.strict = options->strict,
                         .allow_invalid = options->allow_invalid,
                         .allow_nothing_passed = options->allow_nothing_passed};
  for (const CaseResult& result : selected) {
    if (CaseFailsRun(result, policy)) out << ConsoleLine(result) << "\n";
  }
  out << SummaryLine(selected) << "\n";
  const RunEnding ending = EndOfRun(selected, policy);
  for (const std::string& reason : ending.reasons) err << "onnx-conform judge: " << reason << "\n";
  if (missing > 0) {
    err << "onnx-conform judge: " << missing << " case(s) missing from the report\n";
    return kExitFailed;
  }
  return ending.exit_code;
}

}  // namespace onnx_conform
