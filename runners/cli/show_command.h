// `onnx-conform show [--backend=SPEC] [--timeout=SECONDS] CASE`: its options,
// their parser, and the command, which prints a case for a person on `out`:
// metadata, spec quote, inputs, expected outputs, and a backend's outputs.
//
//   absl::StatusOr<ShowOptions> options = ParseShowOptions({"--backend=reference", "c"});
//   int code = ShowCommand({"cases/node/min_v13_float_nan"}, std::cout, std::cerr);
#ifndef ONNX_CONFORM_RUNNERS_CLI_SHOW_COMMAND_H_
#define ONNX_CONFORM_RUNNERS_CLI_SHOW_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace onnx_conform {

struct ShowOptions {
  bool help = false;            // --help, -h
  std::string case_dir;         // CASE
  std::string backend;          // --backend: empty shows no backend's outputs
  double timeout_seconds = 60;  // --timeout, of an exec adapter
};

// InvalidArgument for an unknown flag, a bad value, or not exactly one CASE.
absl::StatusOr<ShowOptions> ParseShowOptions(const std::vector<std::string>& args);

// Exit kExitOk when shown (and, with --backend, every output matched),
// kExitFailed otherwise, kExitUsage for a usage error.
int ShowCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_SHOW_COMMAND_H_
