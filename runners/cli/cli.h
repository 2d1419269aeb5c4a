// Command-line parsing for the onnx-conform subcommands, on top of absl
// flags: flags are defined with ABSL_FLAG anywhere in the binary, and each
// subcommand names the flags it accepts.
//
//   ABSL_FLAG(std::string, filter, "", "Regex on case names");
//   absl::StatusOr<std::vector<std::string>> paths =
//       ParseSubcommandFlags(args, {"filter", "junit"});
//   if (!paths.ok()) { std::cerr << paths.status().message(); return kExitUsage; }
//
// Unknown flags, flags of another subcommand and bad values are usage errors
// (InvalidArgument): the command prints them and exits with kExitUsage.
#ifndef ONNX_CONFORM_RUNNERS_CLI_H_
#define ONNX_CONFORM_RUNNERS_CLI_H_

#include <string>
#include "absl/strings/string_view.h"
#include <vector>

#include "absl/status/statusor.h"

namespace onnx_conform {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUsage = 2;

// Parses `--name=value`, `--name value` (not for booleans), `--name` and
// `--noname` (booleans) for the allowed flags; `--` ends flags. Returns the
// positional arguments in order.
absl::StatusOr<std::vector<std::string>> ParseSubcommandFlags(
    const std::vector<std::string>& args, const std::vector<absl::string_view>& allowed_flags);

// Whether `--help` or `-h` comes before any `--`: the command then prints its
// usage on stdout and exits kExitOk, whatever else was given.
bool WantsHelp(const std::vector<std::string>& args);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_H_
