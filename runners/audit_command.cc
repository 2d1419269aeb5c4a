// `onnx-conform audit [OP] [--from=A] [--to=B] [--model=FILE] [--json]`:
// what changes for each operator between opsets (schema, behaviour, ONNX's
// converter), or for each node of one model on its way to opset B.
//
// The flags are parsed here rather than as absl flags: names as generic as
// --from, --to, --model and --json would be process-wide flags shared with
// every other subcommand, and absl flags keep their value from one call to
// the next (tests call the command several times).
#include <charconv>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/registry.h"
#include "runners/audit.h"
#include "runners/audit_report.h"
#include "runners/cli.h"
#include "runners/commands.h"

namespace onnx_conform {
namespace {

constexpr char kAuditUsage[] =
    "usage: onnx-conform audit [OP] [--from=A] [--to=B] [--cases=DIR] [--json]\n"
    "       onnx-conform audit --model=FILE [--to=B] [--json]\n"
    "What changes for each operator between opsets: schema, behaviour on the reference, and\n"
    "ONNX's version converter. Without --from/--to every consecutive pair of versions is\n"
    "compared; with them, the versions serving opsets A and B. With --model, each node of the\n"
    "model whose operator changes between the model's opset and B (default: the newest).\n"
    "--cases adds the valid cases of a case library (e.g. cases/node) to the audit's own.\n"
    "Markdown by default, JSON with --json.\n";

struct AuditArgs {
  std::optional<std::string> op;
  std::optional<int> from;
  std::optional<int> to;
  std::optional<std::string> model;
  std::optional<std::string> cases;
  bool json = false;
  bool help = false;
};

absl::StatusOr<int> ParseOpset(absl::string_view flag, absl::string_view text) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || value < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("--", flag, " needs an opset number (1 or more), not '", text, "'"));
  }
  return value;
}

absl::StatusOr<AuditArgs> ParseAuditArgs(const std::vector<std::string>& args) {
  AuditArgs parsed;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--help" || arg == "-h") {
      parsed.help = true;
      continue;
    }
    if (arg == "--json") {
      parsed.json = true;
      continue;
    }
    if (arg == "--nojson" || arg == "--no-json") {
      parsed.json = false;
      continue;
    }
    if (!absl::StartsWith(arg, "-")) {
      if (parsed.op.has_value()) {
        return absl::InvalidArgumentError(
            absl::StrCat("one operator at most: '", *parsed.op, "' and '", arg, "'"));
      }
      parsed.op = arg;
      continue;
    }
    std::string name = arg.substr(arg.find_first_not_of('-'));
    std::optional<std::string> value;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (name != "from" && name != "to" && name != "model" && name != "cases") {
      return absl::InvalidArgumentError(absl::StrCat("unknown flag: ", arg));
    }
    if (!value.has_value()) {
      if (i + 1 >= args.size()) {
        return absl::InvalidArgumentError(absl::StrCat("flag --", name, " needs a value"));
      }
      value = args[++i];
    }
    if (name == "model" || name == "cases") {
      (name == "model" ? parsed.model : parsed.cases) = *value;
      continue;
    }
    absl::StatusOr<int> opset = ParseOpset(name, *value);
    if (!opset.ok()) return opset.status();
    (name == "from" ? parsed.from : parsed.to) = *opset;
  }
  if (parsed.model.has_value() &&
      (parsed.op.has_value() || parsed.from.has_value() || parsed.cases.has_value())) {
    return absl::InvalidArgumentError(
        "--model takes the model's own opset as the start and audits its nodes: give no OP, "
        "--from or --cases");
  }
  return parsed;
}

int UsageError(absl::string_view message) {
  std::cerr << "onnx-conform audit: " << message << "\n" << kAuditUsage;
  return kExitUsage;
}

}  // namespace

int AuditCommand(const std::vector<std::string>& args) {
  absl::StatusOr<AuditArgs> parsed = ParseAuditArgs(args);
  if (!parsed.ok()) return UsageError(parsed.status().message());
  if (parsed->help) {
    std::cout << kAuditUsage;
    return kExitOk;
  }

  if (parsed->model.has_value()) {
    absl::StatusOr<ModelAudit> audit = AuditModel(*parsed->model, parsed->to);
    if (!audit.ok()) {
      std::cerr << "onnx-conform audit: " << audit.status().message() << "\n";
      return kExitFailed;
    }
    std::cout << (parsed->json ? AuditJson({}, &*audit) : ModelAuditMarkdown(*audit));
    return kExitOk;
  }

  std::vector<std::string> ops;
  for (absl::string_view op : RegisteredOperators()) ops.emplace_back(op);
  if (parsed->op.has_value()) {
    if (std::find(ops.begin(), ops.end(), *parsed->op) == ops.end()) {
      return UsageError(absl::StrCat("operator '", *parsed->op, "' is not in the registry (",
                                     absl::StrJoin(ops, ", "), ")"));
    }
    ops = {*parsed->op};
  }
  std::optional<LibraryCases> library;
  if (parsed->cases.has_value()) {
    absl::StatusOr<LibraryCases> loaded =
        LoadLibraryAuditCases(*parsed->cases, parsed->op.value_or(""));
    if (!loaded.ok()) return UsageError(loaded.status().message());
    for (const std::string& s : loaded->skipped) {
      std::cerr << "onnx-conform audit: case left out: " << s << "\n";
    }
    library = *std::move(loaded);
  }
  std::vector<OperatorAudit> audits;
  for (const std::string& op : ops) {
    absl::StatusOr<OperatorAudit> audit = AuditOperator(
        op, {parsed->from, parsed->to}, library.has_value() ? &library->cases : nullptr);
    if (!audit.ok()) return UsageError(audit.status().message());
    audits.push_back(*std::move(audit));
  }
  std::cout << (parsed->json ? AuditJson(audits, nullptr) : AuditMarkdown(audits));
  return kExitOk;
}

}  // namespace onnx_conform
