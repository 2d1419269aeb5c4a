// onnx-conform schema [OP[-VERSION]...]: prints the schema registry, as
// Markdown-like text or JSON (--json). --opset N picks, for each OP, the
// version serving opset N; --changes prints what each version changes from
// the previous one (for opset upgrades). Without OP: the covered operators;
// any other operator ONNX defines is printed when named, its origin marked.
//
//   onnx-conform schema                 every version of every covered operator
//   onnx-conform schema Clip-11         one version
//   onnx-conform schema Min --opset 10  Min-8
//   onnx-conform schema ArgMin --changes
//   onnx-conform schema Add-14          ONNX's definition
//   onnx-conform schema ai.onnx.ml.LabelEncoder  another domain's operator
#include "runners/cli/schema_command.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/registry.h"
#include "checker/schema_printer.h"
#include "runners/cli/cli.h"

namespace onnx_conform {
namespace {

constexpr char kSchemaUsage[] =
    "usage: onnx-conform schema [--json] [--opset=N] [--changes] [OP[-VERSION]...]\n"
    "  Prints the registry: every version of every covered operator, of OP, or OP-VERSION.\n"
    "  OP may be any operator ONNX defines (Add, Identity), prefixed by its domain outside\n"
    "  the default one (ai.onnx.ml.LabelEncoder); those print as ONNX's definitions.\n"
    "flags:\n"
    "  --json      JSON instead of Markdown-like text\n"
    "  --opset=N   for each OP, only the version that serves opset N\n"
    "  --changes   what each version of OP changes from the previous one\n";

// An operator as the registry spells it: its domain ("" for ai.onnx) and name.
struct OperatorName {
  std::string domain;
  std::string op;
};

// The registry's spelling of an operator name, matched case-insensitively:
// a covered operator, else one of ONNX's ("ai.onnx.ml.LabelEncoder" names
// a domain; a bare name is looked for in the default domain, then in the
// others). nullopt when the registry has none.
std::optional<OperatorName> CanonicalOp(absl::string_view name) {
  for (absl::string_view known : RegisteredOperators()) {
    if (absl::EqualsIgnoreCase(known, name)) return OperatorName{"", std::string(known)};
  }
  absl::string_view domain;
  absl::string_view op = name;
  if (size_t dot = name.rfind('.'); dot != absl::string_view::npos) {
    domain = name.substr(0, dot);
    op = name.substr(dot + 1);
  }
  std::optional<OperatorName> found;
  for (const OpSchema* schema : OnnxSchemas()) {
    if (!absl::EqualsIgnoreCase(schema->op_type(), op)) continue;
    if (!domain.empty() && !absl::EqualsIgnoreCase(schema->domain(), domain) &&
        !(absl::EqualsIgnoreCase(domain, "ai.onnx") && schema->domain().empty())) {
      continue;
    }
    // The default domain first: a bare name means its operator.
    if (!found || (schema->domain().empty() && !found->domain.empty())) {
      found = OperatorName{schema->domain(), schema->op_type()};
    }
  }
  return found;
}

std::string VersionList(const OperatorName& name) {
  std::vector<std::string> versions;
  for (const OpSchema* schema : OperatorVersions(name.domain, name.op)) {
    versions.push_back(absl::StrCat(schema->since_version()));
  }
  return absl::StrJoin(versions, ", ");
}

// Appends the schemas one argument names; an error message when none.
absl::Status Select(const std::string& arg, int64_t opset, std::vector<const OpSchema*>& out) {
  std::string op_part = arg;
  std::optional<int> version;
  if (size_t dash = arg.rfind('-'); dash != std::string::npos) {
    int parsed = 0;
    if (!absl::SimpleAtoi(arg.substr(dash + 1), &parsed)) {
      return absl::InvalidArgumentError(absl::StrCat("'", arg, "' is not OP or OP-VERSION"));
    }
    op_part = arg.substr(0, dash);
    version = parsed;
  }
  const std::optional<OperatorName> name = CanonicalOp(op_part);
  if (!name) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown operator '", op_part, "' (the registry covers ",
                     absl::StrJoin(RegisteredOperators(), ", "), " and holds every operator ONNX ",
                     OnnxSchemasRelease(), " defines)"));
  }
  const std::vector<const OpSchema*> versions = OperatorVersions(name->domain, name->op);
  if (version) {
    for (const OpSchema* schema : versions) {
      if (schema->since_version() == *version) {
        out.push_back(schema);
        return absl::OkStatus();
      }
    }
    absl::StatusOr<const OpSchema*> serving = LookupSchema(name->domain, name->op, *version);
    return absl::InvalidArgumentError(absl::StrCat(
        name->op, " has no version ", *version, " (versions: ", VersionList(*name), ")",
        serving.ok() ? absl::StrCat("; opset ", *version, " uses ", (*serving)->Name()) : ""));
  }
  if (opset > 0) {
    absl::StatusOr<const OpSchema*> serving = LookupSchema(name->domain, name->op, opset);
    if (!serving.ok()) return serving.status();
    out.push_back(*serving);
    return absl::OkStatus();
  }
  out.insert(out.end(), versions.begin(), versions.end());
  return absl::OkStatus();
}

void PrintChanges(const std::vector<const OpSchema*>& schemas, std::ostream& out) {
  for (size_t i = 0; i < schemas.size(); ++i) {
    const OpSchema* previous = nullptr;
    for (const OpSchema* s : OperatorVersions(schemas[i]->domain(), schemas[i]->op_type())) {
      if (s->since_version() < schemas[i]->since_version()) previous = s;
    }
    if (previous == nullptr) {
      out << "## " << schemas[i]->Name() << "\n\nFirst version.\n\n";
      continue;
    }
    out << "## " << previous->Name() << " -> " << schemas[i]->Name() << "\n\n";
    std::vector<std::string> changes = SchemaChanges(*previous, *schemas[i]);
    if (changes.empty()) out << "No change in the schema.\n";
    for (const std::string& change : changes) out << "- " << change << "\n";
    out << "\n";
  }
}

}  // namespace

absl::StatusOr<SchemaOptions> ParseSchemaOptions(const std::vector<std::string>& args) {
  SchemaOptions options;
  options.help = WantsHelp(args);
  if (options.help) return options;
  FlagSet flags;
  flags.Add("json", &options.json)
      .Add("opset", &options.opset)
      .Add("changes", &options.changes)
      .Positionals(&options.names);
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  if (options.opset < 0)
    return absl::InvalidArgumentError("--opset must not be negative (0: not given)");
  return options;
}

int SchemaCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<SchemaOptions> options = ParseSchemaOptions(args);
  if (std::optional<int> code = ExitBeforeRunning(options, "schema", kSchemaUsage, out, err)) {
    return *code;
  }
  const int64_t opset = options->opset;

  std::vector<const OpSchema*> schemas;
  if (options->names.empty()) {
    for (absl::string_view op : RegisteredOperators()) {
      absl::Status selected = Select(std::string(op), opset, schemas);
      // An opset before an operator's first version just leaves it out.
      if (!selected.ok() && !absl::IsUnimplemented(selected)) {
        return UsageError(err, "schema", kSchemaUsage, selected.message());
      }
    }
  }
  for (const std::string& name : options->names) {
    absl::Status selected = Select(name, opset, schemas);
    if (!selected.ok()) return UsageError(err, "schema", kSchemaUsage, selected.message());
  }

  if (options->changes) {
    PrintChanges(schemas, out);
  } else if (options->json) {
    out << SchemasToJson(schemas);
  } else {
    for (size_t i = 0; i < schemas.size(); ++i) {
      out << (i == 0 ? "" : "\n") << SchemaToText(*schemas[i]);
    }
  }
  return kExitOk;
}

}  // namespace onnx_conform
