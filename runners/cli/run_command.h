// `onnx-conform run [flags] PATH...`: its options, their parser, and the
// command, which runs every case found under the paths on a backend (in
// parallel with -j), prints one line per case (on a terminal: the failing
// ones, and a progress line on `err`) and a summary on `out`, warnings on
// `err`, appends each result to a log as it ends, and writes reports.
//
//   absl::StatusOr<RunOptions> options = ParseRunOptions({"-j4", "--strict", "cases/node"});
//   // options->jobs == 4, options->strict, options->paths == {"cases/node"}
//   int code = RunCommand({"--quiet", "cases/node"}, std::cout, std::cerr);
#ifndef ONNX_CONFORM_RUNNERS_CLI_RUN_COMMAND_H_
#define ONNX_CONFORM_RUNNERS_CLI_RUN_COMMAND_H_

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runners/cli/case_selection.h"
#include "runners/harness/case_runner.h"
#include "runners/harness/user_regex.h"
#include "tensor/resource_limits.h"

namespace onnx_conform {

// `run`'s flags, with their defaults; the comment names the flag.
struct RunOptions {
  bool help = false;               // --help, -h: print the usage and run nothing
  std::vector<std::string> paths;  // case directories, or folders searched for them
  // "onnx-conform run ARGS...", shell-quoted: what the reports say made them
  std::string command_line;

  std::string backend = "reference";  // --backend: reference, or exec:COMMAND
  std::string backend_name;           // --backend-name (default: the backend's own)
  double timeout_seconds = 60;        // --timeout, per case and data set of an exec adapter
  bool persistent = false;            // --persistent: exec adapters serve many cases
  // --persistent-if-served: ... when COMMAND --serve answers, else one per case
  bool persistent_if_served = false;
  bool plain_reference = false;  // --plain-reference: the plain normative loops
  int jobs = 1;                  // --jobs, -j N: cases run at once
  ResourceLimits limits;         // --max-tensor-bytes, --max-case-bytes

  std::string filter;                     // --filter: an RE2 regex on case names
  std::optional<UserRegex> filter_regex;  // --filter compiled (absent: every case)
  std::string features;     // --features: comma-separated, every one listed in case.json
  CaseSelection selection;  // --op, --version, --type
  std::string shard;        // --shard=K/N; empty: GTEST_SHARD_INDEX, GTEST_TOTAL_SHARDS

  std::string expectations;  // --expectations: the backend's known gaps
  std::string profile;       // --profile: the (operator, version, type) set it claims
  std::string log;           // --log: JSON Lines, a line per case as it ends
  std::string resume;        // --resume: skip the cases of this log (and log to it)

  std::string report_json;      // --report-json
  std::string junit;            // --junit
  std::string scoreboard_md;    // --scoreboard-md
  std::string scoreboard_html;  // --scoreboard-html
  // --write-expectations: an expectation file expecting what did not pass
  std::string write_expectations;
  std::string rerun_failed;  // --rerun-failed: only the cases this JSON report failed

  bool list = false;           // --list: print the selected cases and their labels, run none
  bool quiet = false;          // --quiet: only cases neither passed nor unsupported
  bool allow_invalid = false;  // --allow-invalid: an undeclared invalid case does not fail
  bool strict = false;         // --strict: divergent cases and broad expectation lines fail
  // --allow-nothing-passed: a run in which no case passed ends 0 (77 when no
  // case reached a verdict), not kExitNothingPassed
  bool allow_nothing_passed = false;
  bool fail_fast = false;  // --fail-fast: start no case after the first that fails the run
  // --progress=auto|always|never: a progress line on stderr, colour, and on
  // stdout only the cases that fail the run; auto: when stdout and stderr
  // are terminals
  std::string progress = "auto";
  // --rtol, --atol: the tolerance of outputs compared within one (ONNX's
  // convention, or a test's data.json), for this run
  VerdictOptions verdict;
};

// `run`'s usage text (`onnx-conform run --help`).
absl::string_view RunUsage();

// The options `args` give (the arguments after `run`); InvalidArgument with
// the usage error's message for an unknown flag, a bad value, no PATH, a
// bad --filter, --jobs below 1 or a bad byte size. Pure: no global state.
absl::StatusOr<RunOptions> ParseRunOptions(const std::vector<std::string>& args);

// The command: exit kExitOk, kExitFailed, kExitUsage, kExitNothingPassed,
// kExitBackendUnavailable, kExitNothingRan (its shard holds no selected
// case), or kExitInterrupted (runners/harness/policy.h decides each).
int RunCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_RUN_COMMAND_H_
