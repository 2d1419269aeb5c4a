// `onnx-conform audit [OP] [--from=A] [--to=B] [--model=FILE] [--json] ...`:
// what changes for each operator between opsets (schema, behaviour, ONNX's
// converter), or for each node of one model on its way to opset B.
//
//   onnx-conform audit --model=m.onnx --shape=x=1,3 --write=m13.onnx
//   # exit 1: a converter-failed, converter-invalid, output-change or
//   # converter-output-change finding; 3: the upgrade could not be judged
#include "runners/cli/audit_command.h"

#include <charconv>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "checker/registry.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_report.h"
#include "runners/audit/audit_write.h"
#include "runners/cli/cli.h"
#include "runners/reports/output_file.h"

namespace onnx_conform {
namespace {

constexpr char kAuditUsage[] =
    "usage: onnx-conform audit [OP] [--from=A] [--to=B] [--cases=DIR] [--json] [--fail-on=KINDS]\n"
    "       onnx-conform audit --model=FILE [--to=B] [--shape=NAME=DIMS]... [--write=FILE]\n"
    "                          [--json] [--fail-on=KINDS]\n"
    "What changes for each operator between opsets: schema, behaviour on the reference, and\n"
    "ONNX's version converter. Without --from/--to every consecutive pair of versions is\n"
    "compared; with them, the versions serving opsets A and B. With --model, every node of every\n"
    "graph, subgraph and local function of the model, from the model's opset to B (default: the\n"
    "newest opset the audit knows, or the model's own when newer: a downgrade is only done\n"
    "when asked; an opset beyond what the suite and ONNX know is a usage error).\n"
    "--shape gives a graph input's dimensions (e.g. x=2,3) where its declared shape is symbolic;\n"
    "a symbolic dimension takes one value in every input that names it.\n"
    "--write writes ONNX's converted model with the converter's known Clip mistakes repaired.\n"
    "--cases adds the valid cases of a case library (e.g. cases/node) to the audit's own.\n"
    "Markdown by default, JSON with --json. Exit 1 when a finding of a kind in --fail-on is\n"
    "present (with --model the default is converter-failed,converter-invalid,output-change,\n"
    "converter-output-change; without, none); else 3 when the audit could not judge the\n"
    "upgrade (an original-invalid or not-compared finding, or a --write with nothing to\n"
    "write); else 0. 2 for usage errors (also an unreadable model, an opset beyond the newest\n"
    "known, a --shape naming no input or contradicting the model, or an unwritable --write).\n";

constexpr FindingKind kDefaultModelFailKinds[] = {
    FindingKind::kConverterFailed, FindingKind::kConverterInvalid, FindingKind::kOutputChange,
    FindingKind::kConverterOutputChange};

absl::StatusOr<int> ParseOpset(absl::string_view flag, absl::string_view text) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || value < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("--", flag, " needs an opset number (1 or more), not '", text, "'"));
  }
  if (value > NewestKnownOpset()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--", flag, "=", value, ": no such opset: the newest the audit knows is ",
                     NewestKnownOpset(), " (ONNX's registry; the suite's operators go to ",
                     NewestRegistryOpset(), ")"));
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
      return absl::InvalidArgumentError(absl::StrCat(
          "--fail-on: unknown finding kind '", name, "' (kinds: ",
          absl::StrJoin(
              AllFindingKinds(), ", ",
              [](std::string* out, FindingKind k) { absl::StrAppend(out, FindingKindName(k)); }),
          ", or none)"));
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

// kExitFailed when a finding of a failing kind is present (and says which);
// else kExitNotAudited when a finding says the audit could not judge the
// upgrade, or `incomplete` (a --write with nothing to write).
int ExitCode(const std::vector<Finding>& findings, const std::set<FindingKind>& fail_on,
             bool incomplete, std::ostream& err) {
  std::set<std::string> present, not_audited;
  for (const Finding& f : findings) {
    if (fail_on.contains(f.kind)) present.insert(std::string(FindingKindName(f.kind)));
    if (MeansNotAudited(f.kind)) not_audited.insert(std::string(FindingKindName(f.kind)));
  }
  if (!present.empty()) {
    err << "onnx-conform audit: failing findings: " << absl::StrJoin(present, ", ") << "\n";
    return kExitFailed;
  }
  if (!not_audited.empty()) {
    err << "onnx-conform audit: the upgrade could not be judged: "
        << absl::StrJoin(not_audited, ", ") << "\n";
    return kExitNotAudited;
  }
  return incomplete ? kExitNotAudited : kExitOk;
}

int ModelAuditCommand(const AuditOptions& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<ModelAudit> audit =
      AuditModel(*args.model, {.to_opset = args.to, .shapes = args.shapes});
  if (!audit.ok()) {
    err << "onnx-conform audit: " << audit.status().message() << "\n";
    return kExitUsage;  // exit 1 means failing findings, and only that
  }
  out << (args.json ? AuditJson({}, &*audit) : ModelAuditMarkdown(*audit));
  // Nothing to write is no usage error: the audit ran, and says why.
  const bool nothing_written = args.write.has_value() && !audit->repaired.has_value();
  if (nothing_written) {
    err << "onnx-conform audit: --write=" << *args.write
        << ": nothing written: no model was converted, or the converted model fails "
           "a checker even repaired (see the findings and notes)\n";
  }
  if (args.write.has_value() && !nothing_written) {
    // External data stays external: ModelToWrite writes it next to the file.
    absl::StatusOr<onnx::ModelProto> to_write = ModelToWrite(*audit, *args.write);
    if (!to_write.ok()) {
      err << "onnx-conform audit: --write: " << to_write.status().message() << "\n";
      return kExitUsage;
    }
    if (absl::Status s = WriteProtoOutput(*args.write, *to_write); !s.ok()) {
      err << "onnx-conform audit: --write: " << s.message() << "\n";
      return kExitUsage;
    }
  }
  return ExitCode(audit->findings,
                  args.fail_on.value_or(std::set<FindingKind>(std::begin(kDefaultModelFailKinds),
                                                              std::end(kDefaultModelFailKinds))),
                  nothing_written, err);
}

}  // namespace

absl::StatusOr<AuditOptions> ParseAuditOptions(const std::vector<std::string>& args) {
  AuditOptions options;
  options.help = WantsHelp(args);
  if (options.help) return options;
  auto opset = [](absl::string_view flag, std::optional<int>* target) -> FlagSet::Setter {
    return [flag, target](absl::string_view value) -> absl::Status {
      absl::StatusOr<int> parsed = ParseOpset(flag, value);
      if (!parsed.ok()) return parsed.status();
      *target = *parsed;
      return absl::OkStatus();
    };
  };
  auto text = [](std::optional<std::string>* target) -> FlagSet::Setter {
    return [target](absl::string_view value) {
      *target = std::string(value);
      return absl::OkStatus();
    };
  };
  FlagSet flags;
  flags.Add("json", &options.json)
      .AddValue("from", opset("from", &options.from))
      .AddValue("to", opset("to", &options.to))
      .AddValue("model", text(&options.model))
      .AddValue("cases", text(&options.cases))
      .AddValue("write", text(&options.write))
      .AddValue("fail-on",
                [&options](absl::string_view value) -> absl::Status {
                  absl::StatusOr<std::set<FindingKind>> kinds = ParseKinds(value);
                  if (!kinds.ok()) return kinds.status();
                  options.fail_on = *std::move(kinds);
                  return absl::OkStatus();
                })
      .AddValue("shape",
                [&options](absl::string_view value) { return ParseShape(value, options.shapes); })
      .Positional([&options](const std::string& arg) -> absl::Status {
        if (options.op.has_value()) {
          return absl::InvalidArgumentError(
              absl::StrCat("one operator at most: '", *options.op, "' and '", arg, "'"));
        }
        options.op = arg;
        return absl::OkStatus();
      });
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  if (options.model.has_value() &&
      (options.op.has_value() || options.from.has_value() || options.cases.has_value())) {
    return absl::InvalidArgumentError(
        "--model takes the model's own opset as the start and audits its nodes: give no OP, "
        "--from or --cases");
  }
  if (!options.model.has_value() && (options.write.has_value() || !options.shapes.empty())) {
    return absl::InvalidArgumentError("--write and --shape go with --model");
  }
  return options;
}

int AuditCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<AuditOptions> parsed = ParseAuditOptions(args);
  if (std::optional<int> code = ExitBeforeRunning(parsed, "audit", kAuditUsage, out, err)) {
    return *code;
  }

  if (parsed->model.has_value()) return ModelAuditCommand(*parsed, out, err);

  std::vector<std::string> ops;
  for (absl::string_view op : RegisteredOperators()) ops.emplace_back(op);
  if (parsed->op.has_value()) {
    if (std::find(ops.begin(), ops.end(), *parsed->op) == ops.end()) {
      return UsageError(err, "audit", kAuditUsage,
                        absl::StrCat("operator '", *parsed->op, "' is not in the registry (",
                                     absl::StrJoin(ops, ", "), ")"));
    }
    ops = {*parsed->op};
  }
  std::optional<LibraryCases> library;
  if (parsed->cases.has_value()) {
    absl::StatusOr<LibraryCases> loaded =
        LoadLibraryAuditCases(*parsed->cases, parsed->op.value_or(""));
    if (!loaded.ok()) return UsageError(err, "audit", kAuditUsage, loaded.status().message());
    for (const std::string& s : loaded->skipped) {
      err << "onnx-conform audit: case left out: " << s << "\n";
    }
    library = *std::move(loaded);
  }
  std::vector<OperatorAudit> audits;
  for (const std::string& op : ops) {
    absl::StatusOr<OperatorAudit> audit = AuditOperator(
        op, {parsed->from, parsed->to}, library.has_value() ? &library->cases : nullptr);
    if (!audit.ok()) return UsageError(err, "audit", kAuditUsage, audit.status().message());
    audits.push_back(*std::move(audit));
  }
  out << (parsed->json ? AuditJson(audits, nullptr) : AuditMarkdown(audits));
  std::vector<Finding> findings;
  for (const OperatorAudit& a : audits)
    findings.insert(findings.end(), a.findings.begin(), a.findings.end());
  return ExitCode(findings, parsed->fail_on.value_or(std::set<FindingKind>{}), false, err);
}

}  // namespace onnx_conform
