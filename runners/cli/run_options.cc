// `onnx-conform run`'s usage text and the parser of its flags into
// RunOptions (runners/cli/run_command.h).
//
//   ParseRunOptions({"--backend=exec:./adapter", "-j", "4", "cases/node"})
#include <cmath>
#include <tuple>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "runners/cli/case_selection.h"
#include "runners/cli/cli.h"
#include "runners/cli/run_command.h"
#include "runners/harness/user_regex.h"
#include "runners/reports/report_facts.h"

namespace onnx_conform {
namespace {

const std::string& RunUsageText() {
  static const std::string* const text = new std::string(absl::StrCat(
      "usage: onnx-conform run [flags] PATH...\n"
      "  --backend=reference|exec:COMMAND   --backend-name=NAME   --timeout=SECONDS (60)\n"
      "  --persistent (exec adapters serve many cases: COMMAND --serve)\n"
      "  --persistent-if-served (the same when COMMAND --serve answers a first request;\n"
      "    else one adapter process per case)\n"
      "  -j N, --jobs=N   --filter=REGEX (RE2 syntax)   --features=F1,F2   --quiet\n"
      "  --list (print each selected case, tab-separated: path, operator, version, types;\n"
      "    run nothing)\n",
      kSelectionUsage,
      "  --expectations=FILE   --profile=FILE   --log=FILE   --resume=FILE\n"
      "  --report-json=FILE   --junit=FILE   --scoreboard-md=FILE   --scoreboard-html=FILE\n"
      "  --write-expectations=FILE (each case that did not pass, its status and cause: a\n"
      "    baseline; a run judged by it exits 0)\n"
      "  --rerun-failed=REPORT (only the cases that failed the run in that JSON report,\n"
      "    as this run's --strict and --allow-invalid judge; each by its folder)\n"
      "  --max-tensor-bytes=N (4G)   --max-case-bytes=N (per case; default: half the memory\n"
      "    the process may use (ulimit -v, its cgroup's limit, the machine's), divided by -j,\n"
      "    at most 8G)\n"
      "  --plain-reference (the reference runs its plain normative loops, not the fast kernels)\n"
      "  --rtol=R --atol=A (outputs of graphs the reference does not compute exactly are\n"
      "    compared within |actual - expected| <= A + R * |expected|; default ONNX's\n"
      "    rtol 1e-3, atol 1e-7, or the test's data.json; exact comparisons stay exact)\n"
      "  --allow-invalid (an invalid case not declared negative does not fail the run)\n"
      "  --strict (a divergent case, one that follows a documented alternative reading, fails;\n"
      "    so does an expectation line broader than meant)\n"
      "  --shard=K/N (run the K-th of N shards, stable by case name; default: the\n"
      "    GoogleTest variables GTEST_SHARD_INDEX (0-based) and GTEST_TOTAL_SHARDS)\n"
      "  --allow-nothing-passed (a run in which no case passed exits 0, or 77 when every\n"
      "    case is unsupported, instead of 4)\n"
      "  --fail-fast (start no case after the first that fails the run; the summary and\n"
      "    reports cover what ran)\n"
      "  --progress=auto|always|never (a line on stderr with [n/N], elapsed time and ETA,\n"
      "    colour unless NO_COLOR is set, and on stdout only the cases that fail the run;\n"
      "    auto: when stdout and stderr are terminals)\n"
      "PATH is a case directory (model.onnx + test_data_set_N/) or a folder searched for them.\n"
      "Exit status:\n"
      "  0   nothing failed, errored, crashed, timed out, unexpectedly passed or was invalid\n"
      "      without declaring itself negative (unless --allow-invalid), nor diverged under\n"
      "      --strict (nor had an expectation line broader than meant), and a case passed\n"
      "  1   a case failed the run (any of the above)\n"
      "  2   usage error\n"
      "  4   nothing failed, but no case passed (all unsupported, xfail, ...), unless\n"
      "      --allow-nothing-passed\n"
      "  5   the backend cannot start (a missing or non-executable adapter, or one that\n"
      "      exits or dies before it answers): nothing ran\n"
      "  77  no case ran (the shard holds none of the selected cases; with\n"
      "      --allow-nothing-passed, every case unsupported): test runners report it skipped\n"
      "  130 interrupted (reports cover what ran)\n"));
  return *text;
}

}  // namespace

absl::string_view RunUsage() { return RunUsageText(); }

absl::StatusOr<RunOptions> ParseRunOptions(const std::vector<std::string>& args) {
  RunOptions options;
  options.help = WantsHelp(args);
  if (options.help) return options;
  std::vector<std::string> words = {"onnx-conform", "run"};
  words.insert(words.end(), args.begin(), args.end());
  options.command_line = CommandLineText(words);
  // Read as byte sizes once the flags are all known (below); no
  // --max-case-bytes: the default for the -j given.
  std::string max_tensor_bytes = "4G", max_case_bytes;
  std::string rtol, atol;  // read as numbers below: absent is not 0
  // Names as in messages since the flags were absl flags: underscores.
  FlagSet flags;
  flags.Add("filter", &options.filter)
      .Add("report_json", &options.report_json)
      .Add("junit", &options.junit)
      .Add("backend", &options.backend)
      .Add("backend_name", &options.backend_name)
      .Add("quiet", &options.quiet)
      .Add("list", &options.list)
      .Add("timeout", &options.timeout_seconds)
      .Add("persistent", &options.persistent)
      .Add("persistent_if_served", &options.persistent_if_served)
      .Add("jobs", &options.jobs)
      .Add("expectations", &options.expectations)
      .Add("profile", &options.profile)
      .Add("features", &options.features)
      .Add("log", &options.log)
      .Add("resume", &options.resume)
      .Add("scoreboard_md", &options.scoreboard_md)
      .Add("scoreboard_html", &options.scoreboard_html)
      .Add("write_expectations", &options.write_expectations)
      .Add("rerun_failed", &options.rerun_failed)
      .Add("plain_reference", &options.plain_reference)
      .Add("allow_invalid", &options.allow_invalid)
      .Add("strict", &options.strict)
      .Add("allow_nothing_passed", &options.allow_nothing_passed)
      .Add("fail_fast", &options.fail_fast)
      .Add("progress", &options.progress)
      .Add("shard", &options.shard)
      .Add("max_tensor_bytes", &max_tensor_bytes)
      .Add("max_case_bytes", &max_case_bytes)
      .Add("rtol", &rtol)
      .Add("atol", &atol)
      .Shorthand('j', "jobs")
      .Positionals(&options.paths);
  AddSelectionFlags(flags, &options.selection);
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  if (options.paths.empty()) return absl::InvalidArgumentError("no PATH given");

  if (!options.filter.empty()) {
    absl::StatusOr<UserRegex> filter = UserRegex::Compile(options.filter);
    if (!filter.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("--filter: ", filter.status().message()));
    }
    options.filter_regex = *std::move(filter);
  }
  if (options.jobs < 1) return absl::InvalidArgumentError("--jobs must be at least 1");
  if (options.progress != "auto" && options.progress != "always" && options.progress != "never") {
    return absl::InvalidArgumentError(
        absl::StrCat("--progress: '", options.progress, "' is not one of auto, always, never"));
  }
  options.limits.max_case_bytes = DefaultMaxCaseBytes(options.jobs);
  for (auto [text, name, limit] :
       {std::tuple(&max_tensor_bytes, "--max-tensor-bytes", &options.limits.max_tensor_bytes),
        std::tuple(&max_case_bytes, "--max-case-bytes", &options.limits.max_case_bytes)}) {
    if (text->empty() && limit == &options.limits.max_case_bytes) continue;
    absl::StatusOr<int64_t> bytes = ParseByteSize(*text);
    if (!bytes.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(name, ": ", bytes.status().message()));
    }
    *limit = *bytes;
  }
  for (auto [text, name, value] : {std::tuple(&rtol, "--rtol", &options.verdict.rtol),
                                   std::tuple(&atol, "--atol", &options.verdict.atol)}) {
    if (text->empty()) continue;
    double number = 0;
    if (!absl::SimpleAtod(*text, &number) || !std::isfinite(number) || number < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, ": '", *text, "' is not a finite number >= 0"));
    }
    *value = number;
  }
  return options;
}

}  // namespace onnx_conform
