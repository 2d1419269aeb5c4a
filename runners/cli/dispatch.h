// The onnx-conform command line above the subcommands: the table of
// commands (name, synopsis, one-line summary, function), the top-level
// usage made from it, `--version`, and the dispatch of a command line to
// its command, with "did you mean" for a mistyped command.
//
//   std::ostringstream out, err;
//   int code = Dispatch({"rn", "cases/node"}, out, err);
//   // code == kExitUsage; err: "onnx-conform: unknown command 'rn' (did you mean 'run'?)"
#ifndef ONNX_CONFORM_RUNNERS_CLI_DISPATCH_H_
#define ONNX_CONFORM_RUNNERS_CLI_DISPATCH_H_

#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace onnx_conform {

struct CommandEntry {
  absl::string_view name;      // "run"
  absl::string_view synopsis;  // its arguments in the top-level usage: "PATH..."
  absl::string_view summary;   // what it does, one line
  int (*run)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
};

// Every command, in the order the usage lists them.
std::span<const CommandEntry> CommandTable();

// `onnx-conform --help`: each command with its synopsis and summary, the
// summaries in one column; the flag naming scheme; the environment.
std::string MainUsage();

// `onnx-conform --version`: the suite's version, the ONNX release whose
// operator definitions the registry holds, and the vector instructions the
// reference kernels use on this machine.
std::string VersionText();

// Runs the command line `args` (the arguments after the program's name):
// `--help`, `-h`, `help`; `--version`, `version`; or a command and its
// arguments. No command or an unknown one is a usage error (exit
// kExitUsage) naming the closest command; a bad ONNX_CONFORM_VECTOR_ISA is
// one before any command runs.
int Dispatch(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_DISPATCH_H_
