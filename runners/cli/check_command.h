// `onnx-conform check [--json] PATH...`: its options, their parser, and the
// command, which validates models and their test data against the schema
// registry: one line per finding on `out`, the totals on `err`.
//
//   absl::StatusOr<CheckOptions> options = ParseCheckOptions({"--json", "model.onnx"});
//   int code = CheckCommand({"cases/node"}, std::cout, std::cerr);
#ifndef ONNX_CONFORM_RUNNERS_CLI_CHECK_COMMAND_H_
#define ONNX_CONFORM_RUNNERS_CLI_CHECK_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runners/cli/case_selection.h"

namespace onnx_conform {

struct CheckOptions {
  bool help = false;               // --help, -h
  bool json = false;               // --json: JSON Lines instead of text
  std::string report_json;         // --report-json: the JSON Lines into this file too
  std::vector<std::string> paths;  // model files, case directories, folders of them
  CaseSelection selection;         // --op, --version, --type: of the case directories
};

// InvalidArgument for an unknown flag, a bad value or no PATH.
absl::StatusOr<CheckOptions> ParseCheckOptions(const std::vector<std::string>& args);

// Exit kExitOk without errors (warnings and unsupported operators do not
// count), kExitFailed with any, kExitUsage for bad usage.
int CheckCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_CHECK_COMMAND_H_
