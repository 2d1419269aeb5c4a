// onnx-conform coverage [PATH...]: the operator x version x type matrix of
// the case library (Markdown, on stdout), with case counts per feature and
// the empty cells; exits 1 when a cell is empty or a case.json is malformed.
// Default PATHs: the repository's cases/node and cases/invalid.
//
//   onnx-conform coverage > docs/coverage.md
#include <iostream>

#include "cases/coverage.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"

namespace onnx_conform {

namespace {

constexpr char kCoverageUsage[] =
    "usage: onnx-conform coverage [PATH...]\n"
    "Prints the operator x version x type matrix of the cases under PATH (Markdown) with\n"
    "case counts per feature and the empty cells. Default PATHs: the repository's cases/node\n"
    "and cases/invalid. Exit status: 0 when every cell has a valid case, 1 otherwise,\n"
    "2 for a usage error.\n";

}  // namespace

int CoverageCommand(const std::vector<std::string>& args) {
  if (WantsHelp(args)) {
    std::cout << kCoverageUsage;
    return kExitOk;
  }
  absl::StatusOr<std::vector<std::string>> paths = ParseSubcommandFlags(args, {});
  if (!paths.ok()) {
    std::cerr << "onnx-conform coverage: " << paths.status().message() << "\n" << kCoverageUsage;
    return kExitUsage;
  }
  std::vector<std::filesystem::path> roots(paths->begin(), paths->end());
  if (roots.empty()) roots = DefaultCoverageRoots();
  absl::StatusOr<CoverageReport> report = CollectCoverage(roots, RegistryCells());
  if (!report.ok()) {
    std::cerr << "onnx-conform coverage: " << report.status().message() << "\n";
    return report.status().code() == absl::StatusCode::kNotFound ? kExitUsage : kExitFailed;
  }
  std::cout << RenderCoverageMarkdown(*report);
  const std::vector<CoverageCell> empty = report->EmptyCells();
  if (!empty.empty()) {
    std::cerr << "onnx-conform coverage: " << empty.size() << " of " << report->cells.size()
              << " cells have no valid case\n";
    return kExitFailed;
  }
  return kExitOk;
}

}  // namespace onnx_conform
