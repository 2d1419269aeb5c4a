// `onnx-conform explore [flags]`: its options, their parser, and the
// command, which runs random cases on a backend and on the reference and
// prints on `out` every disagreement shrunk to a minimal case (progress on
// `err`; runners/explore/explore.h is the engine).
//
//   absl::StatusOr<ExploreCommandOptions> options =
//       ParseExploreOptions({"--op=Min", "--seconds=60", "-j", "2"});
//   // options->explore.cells: every Min version and type; options->explore.jobs == 2
//   int code = ExploreCommand({"--seed=7", "--cases=5000"}, std::cout, std::cerr);
#ifndef ONNX_CONFORM_RUNNERS_CLI_EXPLORE_COMMAND_H_
#define ONNX_CONFORM_RUNNERS_CLI_EXPLORE_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runners/explore/explore.h"
#include "tensor/element_type.h"

namespace onnx_conform {

struct ExploreCommandOptions {
  bool help = false;                  // --help, -h
  std::string backend = "reference";  // --backend: reference, or exec:COMMAND
  std::string against;                // --against: a second backend, compared case by case
  std::vector<std::string> ops;       // --op=Min,ArgMin,Clip,... (none: all the registry's)
  std::vector<int> versions;          // --version (none: all)
  std::vector<ElementType> types;     // --type (none: all)
  // The engine's: cells (from the three above), --cases (default 1000) or
  // --seconds, --seed (1), -j/--jobs, --strict, --out, --replay=K (case K
  // of the one selected cell) or --replay=DIR (a case explore wrote: its
  // case.json's operator, version, type, seed and case_index).
  ExploreOptions explore;
  double timeout_seconds = 60;  // --timeout, of an exec adapter
  // --persistent: exec adapters serve many cases (COMMAND --serve);
  // --no-persistent: one process per case. Neither (persistent_given
  // false): an adapter that serves is run as a server, else one process
  // per case.
  bool persistent = false;
  bool persistent_given = false;
  bool statistics = true;  // --no-statistics: no counts per feature class
};

// InvalidArgument for an unknown flag or argument, a bad value, both
// --cases and --seconds, or a selection of no operator version and type.
absl::StatusOr<ExploreCommandOptions> ParseExploreOptions(const std::vector<std::string>& args);

// Exit kExitOk when nothing but divergences was found (with --strict those
// fail too), kExitFailed for any other finding, kExitUsage for a usage
// error (an adapter that does not serve the protocol --persistent asks for
// included), 130 when stopped by Ctrl-C with nothing failing found so far.
int ExploreCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_EXPLORE_COMMAND_H_
