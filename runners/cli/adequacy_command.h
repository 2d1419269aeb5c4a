// `onnx-conform adequacy [--bugs=NAMES] [--op=OPS] [-j N] [--report-json=FILE]
// [--list] [--markdown] [PATH...]`: its options, their parser, and the
// command, which runs a case set against the catalogue of planted backend
// bugs (runners/adequacy/) and reports, per bug, killed or survived.
//
//   absl::StatusOr<AdequacyOptions> o = ParseAdequacyCommandOptions({"--op=Clip", "cases/node"});
//   int code = AdequacyCommand({"--bugs=min-returns-max", "cases/node"}, std::cout, std::cerr);
#ifndef ONNX_CONFORM_RUNNERS_CLI_ADEQUACY_COMMAND_H_
#define ONNX_CONFORM_RUNNERS_CLI_ADEQUACY_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace onnx_conform {

struct AdequacyCommandOptions {
  bool help = false;               // --help, -h
  std::string bugs;                // --bugs: comma-separated names; empty: every bug
  std::string ops;                 // --op: comma-separated operators; empty: every one
  int jobs = 0;                    // -j, --jobs: 0 for one per CPU
  std::string report_json;         // --report-json: the report as JSON
  bool list = false;               // --list: print the catalogue and exit
  bool markdown = false;           // --markdown: docs/coverage.md's section
  std::string official;            // --official: ONNX's node test folder (with --markdown)
  std::vector<std::string> paths;  // none: cases/node and cases/invalid
};

// InvalidArgument for an unknown flag or a bad value.
absl::StatusOr<AdequacyCommandOptions> ParseAdequacyCommandOptions(
    const std::vector<std::string>& args);

// Exit kExitOk when every counted bug is killed and every reading mutant
// came out as its reading; kExitFailed when a bug survives or the catalogue
// and the verdict disagree (with --markdown: only the latter); kExitUsage
// for a usage error.
int AdequacyCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_ADEQUACY_COMMAND_H_
