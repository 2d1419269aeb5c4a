// onnx-conform coverage [PATH...]: the operator x version x type matrix of
// the case library (Markdown, on stdout), with case counts per feature and
// the empty cells; exits 1 when a cell is empty or a case.json is malformed.
// Default PATHs: the repository's cases/node and cases/invalid.
//
//   onnx-conform coverage > docs/coverage.md
#include "runners/cli/coverage_command.h"

#include <ostream>

#include "cases/coverage.h"
#include "runners/cli/cli.h"

namespace onnx_conform {

namespace {

constexpr char kCoverageUsage[] =
    "usage: onnx-conform coverage [PATH...]\n"
    "Prints the operator x version x type matrix of the cases under PATH (Markdown) with\n"
    "case counts per feature and the empty cells. Default PATHs: the repository's cases/node\n"
    "and cases/invalid. Exit status: 0 when every cell has a valid case, 1 otherwise,\n"
    "2 for a usage error.\n";

}  // namespace

absl::StatusOr<CoverageOptions> ParseCoverageOptions(const std::vector<std::string>& args) {
  CoverageOptions options;
  options.help = WantsHelp(args);
  if (options.help) return options;
  FlagSet flags;
  flags.Positionals(&options.paths);
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  return options;
}

int CoverageCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<CoverageOptions> options = ParseCoverageOptions(args);
  if (std::optional<int> code = ExitBeforeRunning(options, "coverage", kCoverageUsage, out, err)) {
    return *code;
  }
  std::vector<std::filesystem::path> roots(options->paths.begin(), options->paths.end());
  if (roots.empty()) roots = DefaultCoverageRoots();
  absl::StatusOr<CoverageReport> report = CollectCoverage(roots, RegistryCells());
  if (!report.ok()) {
    err << "onnx-conform coverage: " << report.status().message() << "\n";
    return report.status().code() == absl::StatusCode::kNotFound ? kExitUsage : kExitFailed;
  }
  out << RenderCoverageMarkdown(*report);
  const std::vector<CoverageCell> empty = report->EmptyCells();
  if (!empty.empty()) {
    err << "onnx-conform coverage: " << empty.size() << " of " << report->cells.size()
        << " cells have no valid case\n";
    return kExitFailed;
  }
  return kExitOk;
}

}  // namespace onnx_conform
