// `onnx-conform bodies [--quiet] [PATH...]`: its options, their
// parser, and the command, which runs each function-defined operator version
// both as the operator and as its function body and lists on `out` every
// disagreement with the reading that explains it.
//
//   absl::StatusOr<BodiesOptions> options = ParseBodiesOptions({"--quiet"});
//   int code = BodiesCommand({"cases/node"}, std::cout, std::cerr);
#ifndef ONNX_CONFORM_RUNNERS_CLI_BODIES_COMMAND_H_
#define ONNX_CONFORM_RUNNERS_CLI_BODIES_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runners/cli/case_selection.h"

namespace onnx_conform {

struct BodiesOptions {
  bool help = false;               // --help, -h
  bool quiet = false;              // --quiet: the summary, not each disagreement
  std::vector<std::string> paths;  // none: the repository's cases/node
  CaseSelection selection;         // --op, --version, --type
};

// InvalidArgument for an unknown flag or a bad value.
absl::StatusOr<BodiesOptions> ParseBodiesOptions(const std::vector<std::string>& args);

// Exit kExitOk (a report), kExitFailed when a case cannot be read,
// kExitUsage for a usage error.
int BodiesCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_BODIES_COMMAND_H_
