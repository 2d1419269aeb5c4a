// onnx-conform check PATH...: validates models and their test data against
// the schema registry and prints one line per finding,
//   path: severity [RULE-ID] node N, field: message
// (JSON Lines with --json). Exit status: 0 without errors (warnings and
// unsupported operators do not count), 1 with any error, 2 for bad usage.
#include "runners/cli/check_command.h"

#include <filesystem>
#include <new>
#include <ostream>
#include <string>
#include <system_error>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caseio/case_files.h"
#include "caseio/case_loader.h"
#include "checker/case_checker.h"
#include "checker/diagnostic.h"
#include "checker/schema_printer.h"
#include "runners/cli/case_selection.h"
#include "runners/cli/cli.h"
#include "runners/reports/output_file.h"
#include "runners/reports/report.h"
#include "tensor/resource_limits.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

const std::string kCheckUsage = absl::StrCat(
    "usage: onnx-conform check [--json] [--op=OP,...] [--version=V,...] [--type=T,...] PATH...\n"
    "  PATH is a model file, a case directory (model.onnx + test_data_set_N/) or a folder\n"
    "  searched for case directories. Prints 'path: severity [RULE-ID] message' per finding\n"
    "  (rules: docs/rules.md); exits 1 if any is an error.\n"
    "flags:\n"
    "  --json   one JSON object per finding (JSON Lines) instead of text\n"
    "  --report-json=FILE   the same JSON Lines into FILE as well (as run's --report-json)\n",
    kSelectionUsage, "    A model file given by name is checked whatever they say.\n");

std::string DiagnosticToJson(const Diagnostic& d) {
  return absl::StrCat(
      "{\"file\": ", JsonString(d.file), ", \"severity\": ", JsonString(SeverityName(d.severity)),
      ", \"rule\": ", JsonString(d.rule), ", \"node\": ", JsonString(d.node),
      ", \"field\": ", JsonString(d.field), ", \"message\": ", JsonString(d.message), "}");
}

}  // namespace

absl::StatusOr<CheckOptions> ParseCheckOptions(const std::vector<std::string>& args) {
  CheckOptions options;
  options.help = WantsHelp(args);
  if (options.help) return options;
  FlagSet flags;
  flags.Add("json", &options.json).Add("report_json", &options.report_json);
  flags.Positionals(&options.paths);
  AddSelectionFlags(flags, &options.selection);
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  if (options.paths.empty()) return absl::InvalidArgumentError("no PATH given");
  return options;
}

int CheckCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<CheckOptions> options = ParseCheckOptions(args);
  if (std::optional<int> code = ExitBeforeRunning(options, "check", kCheckUsage, out, err)) {
    return *code;
  }
  const bool json = options->json;
  if (absl::Status writable = CheckOutputPath("--report-json", options->report_json);
      !writable.ok()) {
    return UsageError(err, "check", kCheckUsage, writable.message());
  }
  std::string report;  // --report-json's JSON Lines

  // Resolve every PATH first: a bad one is a usage error before any output.
  struct Target {
    fs::path path;
    bool model_only;
  };
  std::vector<Target> targets;
  for (const std::string& path : options->paths) {
    std::error_code ec;
    if (fs::is_regular_file(path, ec)) {
      targets.push_back({path, true});
      continue;
    }
    absl::StatusOr<std::vector<fs::path>> dirs = FindCasesIn(path);
    if (!dirs.ok()) return UsageError(err, "check", kCheckUsage, dirs.status().message());
    for (fs::path& dir : *dirs) {
      if (!options->selection.empty() && !options->selection.Matches(LabelsForSelection(
                                             {.dir = dir, .metadata = ReadCaseMetadata(dir)}))) {
        continue;
      }
      targets.push_back({std::move(dir), false});
    }
  }

  int errors = 0, warnings = 0, unsupported = 0, bad_targets = 0;
  for (const Target& target : targets) {
    std::vector<Diagnostic> diagnostics;
    try {
      diagnostics = target.model_only ? CheckModelFile(target.path) : CheckCaseDir(target.path);
    } catch (const std::bad_alloc&) {
      // Past what the budget foresaw: this path's error; the others are checked.
      err << "onnx-conform check: " << ForTerminal(target.path.string(), false) << ": "
          << OutOfMemoryMessage() << "\n";
      ++errors;
      ++bad_targets;
      continue;
    }
    for (const Diagnostic& d : diagnostics) {
      // One finding per line, whatever names the model holds.
      out << (json ? DiagnosticToJson(d) : ForTerminal(FormatDiagnostic(d), false)) << "\n";
      if (!options->report_json.empty()) absl::StrAppend(&report, DiagnosticToJson(d), "\n");
      switch (d.severity) {
        case Severity::kError: ++errors; break;
        case Severity::kWarning: ++warnings; break;
        case Severity::kUnsupported: ++unsupported; break;
      }
    }
    if (HasErrors(diagnostics)) ++bad_targets;
  }
  out.flush();
  if (!options->report_json.empty()) {
    if (absl::Status written = WriteTextFile(options->report_json, report); !written.ok()) {
      err << "onnx-conform check: " << written.message() << "\n";
      return kExitFailed;
    }
  }
  err << "checked " << targets.size() << (targets.size() == 1 ? " path" : " paths") << ": "
      << errors << " errors, " << warnings << " warnings, " << unsupported << " unsupported; "
      << bad_targets << " invalid\n";
  return errors > 0 ? kExitFailed : kExitOk;
}

}  // namespace onnx_conform
