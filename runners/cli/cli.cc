#include "runners/cli/cli.h"

#include <algorithm>
#include <optional>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/reflection.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/strip.h"

namespace onnx_conform {

absl::StatusOr<std::vector<std::string>> ParseSubcommandFlags(
    const std::vector<std::string>& args, const std::vector<absl::string_view>& allowed_flags) {
  std::vector<std::string> positional;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--") {
      positional.insert(positional.end(), args.begin() + static_cast<long>(i) + 1, args.end());
      break;
    }
    if (!absl::StartsWith(arg, "-") || arg == "-") {
      positional.push_back(arg);
      continue;
    }
    absl::string_view body = absl::StripPrefix(absl::StripPrefix(arg, "-"), "-");
    std::string name(body.substr(0, body.find('=')));
    std::optional<std::string> value;
    if (body.find('=') != absl::string_view::npos) value = std::string(body.substr(body.find('=') + 1));
    name = absl::StrReplaceAll(name, {{"-", "_"}});

    bool negated = false;
    auto allowed = [&](const std::string& n) {
      return std::find(allowed_flags.begin(), allowed_flags.end(), n) != allowed_flags.end();
    };
    if (!allowed(name) && absl::StartsWith(name, "no") && allowed(name.substr(2))) {
      name = name.substr(2);
      negated = true;
    }
    absl::CommandLineFlag* flag = allowed(name) ? absl::FindCommandLineFlag(name) : nullptr;
    if (flag == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("unknown flag: ", arg));
    }
    const bool is_bool = flag->IsOfType<bool>();
    if (negated) {
      if (!is_bool || value.has_value()) {
        return absl::InvalidArgumentError(absl::StrCat("unknown flag: ", arg));
      }
      value = "false";
    } else if (!value.has_value()) {
      if (is_bool) {
        value = "true";
      } else if (i + 1 < args.size()) {
        value = args[++i];
      } else {
        return absl::InvalidArgumentError(absl::StrCat("flag --", name, " needs a value"));
      }
    }
    std::string error;
    if (!flag->ParseFrom(*value, &error)) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad value for --", name, ": '", *value, "': ", error));
    }
  }
  return positional;
}

bool WantsHelp(const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (arg == "--") return false;
    if (arg == "--help" || arg == "-h") return true;
  }
  return false;
}

}  // namespace onnx_conform
