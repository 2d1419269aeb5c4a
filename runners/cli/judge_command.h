// `onnx-conform judge [flags] REPORT.json [CASE...]`: a finished run's
// verdict on part of its cases, from its JSON report alone, with the exit
// status `run` gives (runners/harness/policy.h). ctest uses it to judge one
// backend's run of ONNX's official tests operator by operator, without
// starting the adapter again per operator (cmake/RealBackendTests.cmake).
//
//   onnx-conform judge --op=Conv build/backends/tract/official.json
//   onnx-conform judge official.json /usr/share/.../test_conv_with_strides_padding
#ifndef ONNX_CONFORM_RUNNERS_CLI_JUDGE_COMMAND_H_
#define ONNX_CONFORM_RUNNERS_CLI_JUDGE_COMMAND_H_

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace onnx_conform {

struct JudgeOptions {
  bool help = false;                  // --help, -h
  std::string report;                 // the run's --report-json
  std::vector<std::string> cases;     // case folders as the run named them; none: all
  std::optional<std::string> op;      // --op: only this operator's cases
  bool strict = false;                // --strict, as the run's
  bool allow_invalid = false;         // --allow-invalid, as the run's
  bool allow_nothing_passed = false;  // --allow-nothing-passed, as the run's
};

// InvalidArgument for an unknown flag or no REPORT.
absl::StatusOr<JudgeOptions> ParseJudgeOptions(const std::vector<std::string>& args);

// Prints each selected case that fails the run and the summary line; exits
// as `run` would have on those cases alone (kExitNothingPassed when none
// passed; with --allow-nothing-passed, kExitNothingRan when none reached a
// verdict). A CASE the report does not hold (the run stopped
// before it) is a failure, never a skip; an unreadable report too.
int JudgeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_JUDGE_COMMAND_H_
