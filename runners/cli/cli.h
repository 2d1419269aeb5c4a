// What the onnx-conform subcommands share: exit codes, WantsHelp, usage
// errors, and FlagSet, which parses a subcommand's arguments into its
// options struct.
// Nothing here is process-wide: each call parses into the variables it is
// given, so two calls in a row share nothing.
//
//   CheckOptions options;
//   FlagSet flags;
//   flags.Add("json", &options.json).Positionals(&options.paths);
//   if (absl::Status parsed = flags.Parse(args); !parsed.ok()) {
//     err << "onnx-conform check: " << parsed.message() << "\n";
//     return kExitUsage;
//   }
//
// The syntax is the same for every subcommand: `--name=value`, `--name value`
// (not for booleans), `--name`, `--noname` and `--no-name` (booleans only);
// one dash works as well as two, a dash in a name as well as an underscore;
// `--` ends the flags and a lone `-` is a positional argument. Unknown flags,
// missing and bad values are InvalidArgument errors whose message the
// command prints before its usage (exit kExitUsage); an unknown flag close
// to a known one ends "(did you mean --NAME?)".
//
// One flag, one name in every command (the top-level usage, main.cc, lists
// the scheme): an old spelling stays as an Alias of the flag's name.
#ifndef ONNX_CONFORM_RUNNERS_CLI_H_
#define ONNX_CONFORM_RUNNERS_CLI_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runners/harness/policy.h"

namespace onnx_conform {

// The exit codes (kExitOk, kExitFailed, kExitUsage, kExitNothingRan,
// kExitInterrupted) are the policy's: runners/harness/policy.h.

// Whether `--help` or `-h` comes before any `--`: the command then prints its
// usage on its output stream and exits kExitOk, whatever else was given.
bool WantsHelp(const std::vector<std::string>& args);

// The one of `known` closest to `typed` by edit distance (insertions,
// deletions, substitutions and swaps of neighbours, case ignored), when it
// is close enough to be a typo (at most a third of its length, at least 1,
// at most 3 edits); nullopt otherwise.
std::optional<std::string> ClosestName(absl::string_view typed,
                                       const std::vector<std::string>& known);

// A usage error: "onnx-conform COMMAND: MESSAGE" and the usage on `err`;
// returns kExitUsage.
int UsageError(std::ostream& err, absl::string_view command, absl::string_view usage,
               absl::string_view message);

// What a command does first with its parsed options (a struct with a `help`
// member): a parse error is a usage error, and --help prints the usage on
// `out` (kExitOk). The exit code, or nullopt when the command goes on.
template <typename Options>
std::optional<int> ExitBeforeRunning(const absl::StatusOr<Options>& options,
                                     absl::string_view command, absl::string_view usage,
                                     std::ostream& out, std::ostream& err) {
  if (!options.ok()) return UsageError(err, command, usage, options.status().message());
  if (!options->help) return std::nullopt;
  out << usage;
  return kExitOk;
}

// A subcommand's flags, each bound to the variable (or function) that takes
// its value, and where its positional arguments go.
class FlagSet {
 public:
  // Takes a flag's value; its error message is the usage error's, as is.
  using Setter = std::function<absl::Status(absl::string_view value)>;

  // A flag read as an absl flag of that type would be (absl::ParseFlag): a
  // bad value is "--NAME: 'VALUE' is not a whole number" (true or false, a
  // number). `name` is the flag's name in messages; a bool is a boolean
  // flag. T is bool, int, int64_t, double or std::string.
  template <typename T>
  FlagSet& Add(absl::string_view name, T* target);
  // A flag with a value that the command reads itself (lists, ranges, kinds).
  FlagSet& AddValue(absl::string_view name, Setter set);

  // `alias` is another spelling of the flag `name` (added before): an old
  // name kept working. Messages and suggestions use `name`.
  FlagSet& Alias(absl::string_view alias, absl::string_view name);

  // Positional arguments, in order, appended to `target`...
  FlagSet& Positionals(std::vector<std::string>* target);
  // ... or given one by one to `take`. Without either, a positional
  // argument is an error, worded as for an unknown flag.
  FlagSet& Positional(std::function<absl::Status(const std::string& arg)> take);

  // `-x N` and `-xN` stand for `--name=N` (before any `--`).
  FlagSet& Shorthand(char letter, absl::string_view name);

  // How an unknown flag is told; default "unknown flag: ARG". The
  // suggestion of a close flag's name follows either.
  FlagSet& UnknownFlagMessage(std::function<std::string(absl::string_view arg)> message);

  // Sets the bound variables from `args`; the first error stops the parse.
  absl::Status Parse(const std::vector<std::string>& args) const;

 private:
  struct Flag {
    std::string name;  // as given to Add, for messages
    std::vector<std::string> aliases;
    bool is_bool = false;
    Setter set;
  };
  struct Short {
    char letter;
    std::string name;
  };

  FlagSet& AddFlag(absl::string_view name, bool is_bool, Setter set);
  const Flag* Find(absl::string_view typed_name) const;
  Flag* FindNamed(absl::string_view name);
  std::vector<std::string> ExpandShorthands(const std::vector<std::string>& args) const;
  absl::Status Unknown(absl::string_view arg) const;

  std::vector<Flag> flags_;
  std::vector<Short> shorthands_;
  std::function<absl::Status(const std::string&)> positional_;
  std::function<std::string(absl::string_view)> unknown_message_;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_H_
