// `onnx-conform coverage [PATH...]`: its options, their parser, and the
// command, which prints the operator x version x type matrix of a case
// library (Markdown) on `out`.
//
//   absl::StatusOr<CoverageOptions> options = ParseCoverageOptions({"cases/node"});
//   int code = CoverageCommand({}, std::cout, std::cerr);  // docs/coverage.md
#ifndef ONNX_CONFORM_RUNNERS_CLI_COVERAGE_COMMAND_H_
#define ONNX_CONFORM_RUNNERS_CLI_COVERAGE_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace onnx_conform {

struct CoverageOptions {
  bool help = false;               // --help, -h
  std::vector<std::string> paths;  // none: cases/node and cases/invalid
};

// InvalidArgument for any flag but --help.
absl::StatusOr<CoverageOptions> ParseCoverageOptions(const std::vector<std::string>& args);

// Exit kExitOk when every cell has a valid case, kExitFailed otherwise,
// kExitUsage for a usage error.
int CoverageCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_COVERAGE_COMMAND_H_
