#include "runners/cli/cli.h"

#include <optional>
#include <type_traits>
#include <utility>

#include "absl/flags/marshalling.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"

namespace onnx_conform {
namespace {

// Dashes and underscores in a flag's name are the same.
std::string NormalName(absl::string_view name) { return absl::StrReplaceAll(name, {{"-", "_"}}); }

// A setter reading the value as absl reads a flag of type T, with the
// message an absl flag gives for a bad one.
template <typename T>
FlagSet::Setter ParseInto(absl::string_view name, T* target) {
  return [name = std::string(name), target](absl::string_view value) -> absl::Status {
    std::string error;
    T parsed{};
    if (!absl::ParseFlag(value, &parsed, &error)) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad value for --", name, ": '", value, "': Illegal value '", value,
                       "' specified for flag '", name, "'", error.empty() ? "" : "; ", error));
    }
    *target = std::move(parsed);
    return absl::OkStatus();
  };
}

}  // namespace

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
  flags_.push_back({std::string(name), is_bool, std::move(set)});
  return *this;
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
  return absl::InvalidArgumentError(unknown_message_ ? unknown_message_(arg)
                                                     : absl::StrCat("unknown flag: ", arg));
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
        return absl::InvalidArgumentError(absl::StrCat("flag --", flag->name, " needs a value"));
      }
    }
    if (absl::Status set = flag->set(*value); !set.ok()) return set;
  }
  return absl::OkStatus();
}

}  // namespace onnx_conform
