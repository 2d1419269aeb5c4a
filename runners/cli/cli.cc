#include "runners/cli/cli.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <type_traits>
#include <utility>

#include "absl/flags/marshalling.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"

namespace onnx_conform {
namespace {

// Dashes and underscores in a flag's name are the same.
std::string NormalName(absl::string_view name) { return absl::StrReplaceAll(name, {{"-", "_"}}); }

// What a flag of type T takes, for the message on a bad value.
template <typename T>
absl::string_view WhatItTakes() {
  if constexpr (std::is_same_v<T, bool>) {
    return "is not true or false";
  } else if constexpr (std::is_integral_v<T>) {
    return "is not a whole number";
  } else {
    return "is not a number";
  }
}

// A setter reading the value as absl reads a flag of type T; a bad value is
// said in the suite's words ("--jobs: 'abc' is not a whole number"), not
// absl's.
template <typename T>
FlagSet::Setter ParseInto(absl::string_view name, T* target) {
  return [name = std::string(name), target](absl::string_view value) -> absl::Status {
    std::string error;
    T parsed{};
    if (!absl::ParseFlag(value, &parsed, &error)) {
      return absl::InvalidArgumentError(absl::StrCat("--", absl::StrReplaceAll(name, {{"_", "-"}}),
                                                     ": '", value, "' ", WhatItTakes<T>()));
    }
    *target = std::move(parsed);
    return absl::OkStatus();
  };
}

// Edits that turn `a` into `b`: insertions, deletions, substitutions and
// swaps of neighbours (optimal string alignment distance).
size_t EditDistance(absl::string_view a, absl::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::optional<std::string> ClosestName(absl::string_view typed,
                                       const std::vector<std::string>& known) {
  const std::string lower = absl::AsciiStrToLower(typed);
  const size_t allowed = std::clamp<size_t>(lower.size() / 3, 1, 3);
  std::optional<std::string> best;
  size_t best_distance = allowed + 1;
  for (const std::string& name : known) {
    const size_t distance = EditDistance(lower, absl::AsciiStrToLower(name));
    if (distance < best_distance) {
      best = name;
      best_distance = distance;
    }
  }
  return best;
}

bool WantsHelp(const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (arg == "--") return false;
    if (arg == "--help" || arg == "-h") return true;
  }
  return false;
}

int UsageError(std::ostream& err, absl::string_view command, absl::string_view usage,
               absl::string_view message) {
  err << "onnx-conform " << command << ": " << message << "\n" << usage;
  return kExitUsage;
}

template <typename T>
FlagSet& FlagSet::Add(absl::string_view name, T* target) {
  return AddFlag(name, std::is_same_v<T, bool>, ParseInto(name, target));
}
template FlagSet& FlagSet::Add(absl::string_view name, bool* target);
template FlagSet& FlagSet::Add(absl::string_view name, int* target);
template FlagSet& FlagSet::Add(absl::string_view name, int64_t* target);
template FlagSet& FlagSet::Add(absl::string_view name, double* target);
template FlagSet& FlagSet::Add(absl::string_view name, std::string* target);
FlagSet& FlagSet::AddValue(absl::string_view name, Setter set) {
  return AddFlag(name, false, std::move(set));
}

FlagSet& FlagSet::AddFlag(absl::string_view name, bool is_bool, Setter set) {
  flags_.push_back({std::string(name), {}, is_bool, std::move(set)});
  return *this;
}

FlagSet& FlagSet::Alias(absl::string_view alias, absl::string_view name) {
  Flag* flag = FindNamed(name);
  // A programming error, caught by every test that parses the command's flags.
  if (flag == nullptr) std::abort();
  flag->aliases.push_back(std::string(alias));
  return *this;
}

FlagSet::Flag* FlagSet::FindNamed(absl::string_view name) {
  for (Flag& flag : flags_) {
    if (NormalName(flag.name) == NormalName(name)) return &flag;
  }
  return nullptr;
}

FlagSet& FlagSet::Positionals(std::vector<std::string>* target) {
  return Positional([target](const std::string& arg) {
    target->push_back(arg);
    return absl::OkStatus();
  });
}

FlagSet& FlagSet::Positional(std::function<absl::Status(const std::string& arg)> take) {
  positional_ = std::move(take);
  return *this;
}

FlagSet& FlagSet::Shorthand(char letter, absl::string_view name) {
  shorthands_.push_back({letter, std::string(name)});
  return *this;
}

FlagSet& FlagSet::UnknownFlagMessage(std::function<std::string(absl::string_view arg)> message) {
  unknown_message_ = std::move(message);
  return *this;
}

const FlagSet::Flag* FlagSet::Find(absl::string_view typed_name) const {
  const std::string wanted = NormalName(typed_name);
  for (const Flag& flag : flags_) {
    if (NormalName(flag.name) == wanted) return &flag;
    for (const std::string& alias : flag.aliases) {
      if (NormalName(alias) == wanted) return &flag;
    }
  }
  return nullptr;
}

std::vector<std::string> FlagSet::ExpandShorthands(const std::vector<std::string>& args) const {
  std::vector<std::string> out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--") {
      out.insert(out.end(), args.begin() + static_cast<long>(i), args.end());
      break;
    }
    std::optional<std::string> expanded;
    for (const Short& s : shorthands_) {
      const std::string dash_letter = {'-', s.letter};
      if (arg == dash_letter && i + 1 < args.size()) {
        expanded = absl::StrCat("--", s.name, "=", args[++i]);
      } else if (absl::StartsWith(arg, dash_letter) && arg.size() > 2 && arg[2] != '-') {
        expanded = absl::StrCat("--", s.name, "=", arg.substr(2));
      }
      if (expanded.has_value()) break;
    }
    out.push_back(expanded.value_or(arg));
  }
  return out;
}

absl::Status FlagSet::Unknown(absl::string_view arg) const {
  std::string message =
      unknown_message_ ? unknown_message_(arg) : absl::StrCat("unknown flag: ", arg);
  // A flag, not a positional argument: the name typed, without dashes, a
  // value or a negation.
  if (absl::StartsWith(arg, "-") && arg != "-") {
    absl::string_view typed = arg.substr(arg.find_first_not_of('-') == absl::string_view::npos
                                             ? arg.size()
                                             : arg.find_first_not_of('-'));
    typed = typed.substr(0, typed.find('='));
    std::vector<std::string> known;
    for (const Flag& flag : flags_) {
      known.push_back(absl::StrReplaceAll(flag.name, {{"_", "-"}}));
      for (const std::string& alias : flag.aliases) {
        known.push_back(absl::StrReplaceAll(alias, {{"_", "-"}}));
      }
    }
    if (std::optional<std::string> close =
            ClosestName(absl::StrReplaceAll(typed, {{"_", "-"}}), known)) {
      // An alias suggests the flag's own name.
      const Flag* flag = Find(*close);
      absl::StrAppend(&message, " (did you mean --", absl::StrReplaceAll(flag->name, {{"_", "-"}}),
                      "?)");
    }
  }
  return absl::InvalidArgumentError(message);
}

absl::Status FlagSet::Parse(const std::vector<std::string>& raw_args) const {
  const std::vector<std::string> args = ExpandShorthands(raw_args);
  auto take_positional = [&](const std::string& arg) {
    return positional_ ? positional_(arg) : Unknown(arg);
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--") {
      for (size_t k = i + 1; k < args.size(); ++k) {
        if (absl::Status taken = take_positional(args[k]); !taken.ok()) return taken;
      }
      break;
    }
    if (!absl::StartsWith(arg, "-") || arg == "-") {
      if (absl::Status taken = take_positional(arg); !taken.ok()) return taken;
      continue;
    }
    const size_t start = arg.find_first_not_of('-');
    const absl::string_view body =
        start == std::string::npos ? absl::string_view() : absl::string_view(arg).substr(start);
    const size_t eq = body.find('=');
    const absl::string_view name = body.substr(0, eq);
    std::optional<std::string> value;
    if (eq != absl::string_view::npos) value = std::string(body.substr(eq + 1));

    const Flag* flag = Find(name);
    bool negated = false;
    if (flag == nullptr && absl::StartsWith(name, "no")) {
      // --noquiet, and --no-quiet as well.
      absl::string_view rest = name.substr(2);
      flag = Find(rest);
      if (flag == nullptr && (absl::StartsWith(rest, "-") || absl::StartsWith(rest, "_"))) {
        flag = Find(rest.substr(1));
      }
      negated = flag != nullptr;
    }
    if (flag == nullptr) return Unknown(arg);
    if (negated) {
      if (!flag->is_bool || value.has_value()) return Unknown(arg);
      value = "false";
    } else if (!value.has_value()) {
      if (flag->is_bool) {
        value = "true";
      } else if (i + 1 < args.size()) {
        value = args[++i];
      } else {
        return absl::InvalidArgumentError(absl::StrCat(
            "flag --", absl::StrReplaceAll(flag->name, {{"_", "-"}}), " needs a value"));
      }
    }
    if (absl::Status set = flag->set(*value); !set.ok()) return set;
  }
  return absl::OkStatus();
}

}  // namespace onnx_conform
