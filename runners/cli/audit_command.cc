// `onnx-conform audit [OP] [--from=A] [--to=B] [--model=FILE] [--json] ...`:
// what changes for each operator between opsets (schema, behaviour, ONNX's
// converter), or for each node of one model on its way to opset B.
//
//   onnx-conform audit --model=m.onnx --shape=x=1,3 --write=m13.onnx
//   # exit 1: a converter-invalid, output-change or converter-output-change finding
//
// The flags are parsed here rather than as absl flags: names as generic as
// --from, --to, --model and --json would be process-wide flags shared with
// every other subcommand, and absl flags keep their value from one call to
// the next (tests call the command several times).
#include <charconv>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "checker/registry.h"
#include "reference/tensor_file.h"
#include "audit/audit.h"
#include "audit/audit_report.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"

namespace onnx_conform {
namespace {

constexpr char kAuditUsage[] =
    "usage: onnx-conform audit [OP] [--from=A] [--to=B] [--cases=DIR] [--json] [--fail-on=KINDS]\n"
    "       onnx-conform audit --model=FILE [--to=B] [--shape=NAME=DIMS]... [--write=FILE]\n"
    "                          [--json] [--fail-on=KINDS]\n"
    "What changes for each operator between opsets: schema, behaviour on the reference, and\n"
    "ONNX's version converter. Without --from/--to every consecutive pair of versions is\n"
    "compared; with them, the versions serving opsets A and B. With --model, every node of every\n"
    "graph and subgraph of the model, from the model's opset to B (default: the newest opset the\n"
    "audit knows, or the model's own when newer: a downgrade is only done when asked).\n"
    "--shape gives a graph input's dimensions (e.g. x=2,3) where its declared shape is symbolic.\n"
    "--write writes ONNX's converted model with the converter's known Clip mistakes repaired.\n"
    "--cases adds the valid cases of a case library (e.g. cases/node) to the audit's own.\n"
    "Markdown by default, JSON with --json. Exit 1 when a finding of a kind in --fail-on is\n"
    "present (with --model the default is converter-invalid,output-change,\n"
    "converter-output-change; without, none), 0 otherwise, 2 for usage errors (also an\n"
    "unreadable model or a --write that cannot be done).\n";

constexpr FindingKind kDefaultModelFailKinds[] = {FindingKind::kConverterInvalid,
                                                  FindingKind::kOutputChange,
                                                  FindingKind::kConverterOutputChange};

struct AuditArgs {
  std::optional<std::string> op;
  std::optional<int> from;
  std::optional<int> to;
  std::optional<std::string> model;
  std::optional<std::string> cases;
  std::optional<std::string> write;
  std::optional<std::set<FindingKind>> fail_on;
  std::map<std::string, Shape> shapes;
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

// "converter-invalid,output-change" (or "none").
absl::StatusOr<std::set<FindingKind>> ParseKinds(absl::string_view text) {
  std::set<FindingKind> kinds;
  if (text == "none") return kinds;
  for (absl::string_view name : absl::StrSplit(text, ',', absl::SkipEmpty())) {
    std::optional<FindingKind> kind = FindingKindFromName(name);
    if (!kind.has_value()) {
      return absl::InvalidArgumentError(
          absl::StrCat("--fail-on: unknown finding kind '", name,
                       "' (kinds: schema-change, validity-change, output-change, converter-failed, "
                       "converter-invalid, converter-output-change, or none)"));
    }
    kinds.insert(*kind);
  }
  return kinds;
}

// "x=2,3" (a scalar: "x=").
absl::Status ParseShape(absl::string_view text, std::map<std::string, Shape>& shapes) {
  const size_t eq = text.find('=');
  if (eq == absl::string_view::npos || eq == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("--shape needs NAME=DIMS (e.g. x=2,3), not '", text, "'"));
  }
  Shape shape;
  for (absl::string_view dim : absl::StrSplit(text.substr(eq + 1), ',', absl::SkipEmpty())) {
    int64_t value = -1;
    auto [ptr, ec] = std::from_chars(dim.data(), dim.data() + dim.size(), value);
    if (ec != std::errc() || ptr != dim.data() + dim.size() || value < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("--shape ", text, ": '", dim, "' is not a dimension (0 or more)"));
    }
    shape.push_back(value);
  }
  shapes[std::string(text.substr(0, eq))] = shape;
  return absl::OkStatus();
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
    if (name != "from" && name != "to" && name != "model" && name != "cases" && name != "write" &&
        name != "fail-on" && name != "shape") {
      return absl::InvalidArgumentError(absl::StrCat("unknown flag: ", arg));
    }
    if (!value.has_value()) {
      if (i + 1 >= args.size()) {
        return absl::InvalidArgumentError(absl::StrCat("flag --", name, " needs a value"));
      }
      value = args[++i];
    }
    if (name == "model" || name == "cases" || name == "write") {
      (name == "model" ? parsed.model : name == "cases" ? parsed.cases : parsed.write) = *value;
      continue;
    }
    if (name == "fail-on") {
      absl::StatusOr<std::set<FindingKind>> kinds = ParseKinds(*value);
      if (!kinds.ok()) return kinds.status();
      parsed.fail_on = *std::move(kinds);
      continue;
    }
    if (name == "shape") {
      if (absl::Status s = ParseShape(*value, parsed.shapes); !s.ok()) return s;
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
  if (!parsed.model.has_value() && (parsed.write.has_value() || !parsed.shapes.empty())) {
    return absl::InvalidArgumentError("--write and --shape go with --model");
  }
  return parsed;
}

int UsageError(absl::string_view message) {
  std::cerr << "onnx-conform audit: " << message << "\n" << kAuditUsage;
  return kExitUsage;
}

// kExitFailed when a finding of a failing kind is present (and says which).
int ExitCode(const std::vector<Finding>& findings, const std::set<FindingKind>& fail_on) {
  std::set<std::string> present;
  for (const Finding& f : findings) {
    if (fail_on.contains(f.kind)) present.insert(std::string(FindingKindName(f.kind)));
  }
  if (present.empty()) return kExitOk;
  std::cerr << "onnx-conform audit: failing findings: " << absl::StrJoin(present, ", ") << "\n";
  return kExitFailed;
}

int ModelAuditCommand(const AuditArgs& args) {
  ModelAuditOptions options;
  options.to_opset = args.to;
  options.shapes = args.shapes;
  absl::StatusOr<ModelAudit> audit = AuditModel(*args.model, options);
  if (!audit.ok()) {
    std::cerr << "onnx-conform audit: " << audit.status().message() << "\n";
    return kExitUsage;  // exit 1 means failing findings, and only that
  }
  std::cout << (args.json ? AuditJson({}, &*audit) : ModelAuditMarkdown(*audit));
  if (args.write.has_value()) {
    if (!audit->repaired.has_value()) {
      std::cerr << "onnx-conform audit: --write=" << *args.write
                << ": nothing written: no model was converted, or the converted model fails "
                   "a checker even repaired (see the notes)\n";
      return kExitUsage;
    }
    if (absl::Status s = WriteProtoFile(*args.write, *audit->repaired); !s.ok()) {
      std::cerr << "onnx-conform audit: --write: " << s.message() << "\n";
      return kExitUsage;
    }
  }
  return ExitCode(audit->findings,
                  args.fail_on.value_or(std::set<FindingKind>(std::begin(kDefaultModelFailKinds),
                                                              std::end(kDefaultModelFailKinds))));
}

}  // namespace

int AuditCommand(const std::vector<std::string>& args) {
  absl::StatusOr<AuditArgs> parsed = ParseAuditArgs(args);
  if (WantsHelp(args) || (parsed.ok() && parsed->help)) {
    std::cout << kAuditUsage;
    return kExitOk;
  }
  if (!parsed.ok()) return UsageError(parsed.status().message());

  if (parsed->model.has_value()) return ModelAuditCommand(*parsed);

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
  std::vector<Finding> findings;
  for (const OperatorAudit& a : audits)
    findings.insert(findings.end(), a.findings.begin(), a.findings.end());
  return ExitCode(findings, parsed->fail_on.value_or(std::set<FindingKind>{}));
}

}  // namespace onnx_conform
