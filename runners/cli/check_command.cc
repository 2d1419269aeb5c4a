// onnx-conform check PATH...: validates models and their test data against
// the schema registry and prints one line per finding,
//   path: severity [RULE-ID] node N, field: message
// (JSON Lines with --json). Exit status: 0 without errors (warnings and
// unsupported operators do not count), 1 with any error, 2 for bad usage.
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "checker/case_checker.h"
#include "checker/diagnostic.h"
#include "checker/schema_printer.h"
#include "caseio/case_loader.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "runners/reports/report.h"

ABSL_DECLARE_FLAG(bool, json);  // defined in runners/cli/schema_command.cc

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

constexpr char kCheckUsage[] =
    "usage: onnx-conform check [--json] PATH...\n"
    "  PATH is a model file, a case directory (model.onnx + test_data_set_N/) or a folder\n"
    "  searched for case directories. Prints 'path: severity [RULE-ID] message' per finding\n"
    "  (rules: docs/rules.md); exits 1 if any is an error.\n"
    "flags:\n"
    "  --json   one JSON object per finding (JSON Lines) instead of text\n";

int UsageError(absl::string_view message) {
  std::cerr << "onnx-conform check: " << message << "\n" << kCheckUsage;
  return kExitUsage;
}

std::string DiagnosticToJson(const Diagnostic& d) {
  return absl::StrCat("{\"file\": ", JsonString(d.file), ", \"severity\": ",
                      JsonString(SeverityName(d.severity)), ", \"rule\": ", JsonString(d.rule),
                      ", \"node\": ", JsonString(d.node), ", \"field\": ", JsonString(d.field),
                      ", \"message\": ", JsonString(d.message), "}");
}

}  // namespace

int CheckCommand(const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h") {
      std::cout << kCheckUsage;
      return kExitOk;
    }
  }
  absl::SetFlag(&FLAGS_json, false);  // process-wide: start from the default when called again
  absl::StatusOr<std::vector<std::string>> paths = ParseSubcommandFlags(args, {"json"});
  if (!paths.ok()) return UsageError(paths.status().message());
  if (paths->empty()) return UsageError("no PATH given");
  const bool json = absl::GetFlag(FLAGS_json);

  // Resolve every PATH first: a bad one is a usage error before any output.
  struct Target {
    fs::path path;
    bool model_only;
  };
  std::vector<Target> targets;
  for (const std::string& path : *paths) {
    std::error_code ec;
    if (fs::is_regular_file(path, ec)) {
      targets.push_back({path, true});
      continue;
    }
    absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(path);
    if (!dirs.ok()) return UsageError(dirs.status().message());
    if (dirs->empty()) return UsageError(absl::StrCat(path, ": holds no case (no model.onnx)"));
    for (fs::path& dir : *dirs) targets.push_back({std::move(dir), false});
  }

  int errors = 0, warnings = 0, unsupported = 0, bad_targets = 0;
  for (const Target& target : targets) {
    std::vector<Diagnostic> diagnostics =
        target.model_only ? CheckModelFile(target.path) : CheckCaseDir(target.path);
    for (const Diagnostic& d : diagnostics) {
      // One finding per line, whatever names the model holds.
      std::cout << (json ? DiagnosticToJson(d) : ForTerminal(FormatDiagnostic(d), false)) << "\n";
      switch (d.severity) {
        case Severity::kError: ++errors; break;
        case Severity::kWarning: ++warnings; break;
        case Severity::kUnsupported: ++unsupported; break;
      }
    }
    if (HasErrors(diagnostics)) ++bad_targets;
  }
  std::cout.flush();
  std::cerr << "checked " << targets.size() << (targets.size() == 1 ? " path" : " paths") << ": "
            << errors << " errors, " << warnings << " warnings, " << unsupported
            << " unsupported; " << bad_targets << " invalid\n";
  return errors > 0 ? kExitFailed : kExitOk;
}

}  // namespace onnx_conform
