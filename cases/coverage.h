// The coverage matrix of a case library: for every (operator, version,
// element type) cell the registry defines, how many valid cases exercise it
// and with which features; negative cases per checker rule; empty cells.
//
//   absl::StatusOr<CoverageReport> r = CollectCoverage(DefaultCoverageRoots(), RegistryCells());
//   std::cout << RenderCoverageMarkdown(*r);   // docs/coverage.md
//   if (!r->EmptyCells().empty()) return 1;
//
// Only case.json is read (a case's cell is its operator, version and first
// type); folders without one (official ONNX cases) are counted and skipped.
#ifndef ONNX_CONFORM_CASES_COVERAGE_H_
#define ONNX_CONFORM_CASES_COVERAGE_H_

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "absl/status/statusor.h"
#include "tensor/element_type.h"

namespace onnx_conform {

struct CoverageCell {
  std::string op_type;
  int version = 0;
  ElementType type = ElementType::kUndefined;

  auto Key() const { return std::tie(op_type, version, type); }
  bool operator<(const CoverageCell& other) const { return Key() < other.Key(); }
  bool operator==(const CoverageCell& other) const { return Key() == other.Key(); }
};

// One cell per schema of checker/registry.h and type of its PrimaryTypes().
std::vector<CoverageCell> RegistryCells();

// The repository's cases/node and cases/invalid (compiled in).
std::vector<std::filesystem::path> DefaultCoverageRoots();

struct CoverageReport {
  std::vector<CoverageCell> cells;          // the cells to cover, in order
  std::map<CoverageCell, int> valid_cases;  // valid cases per cell
  std::map<std::pair<std::string, int>, std::map<std::string, int>>
      features;  // (op, version) -> feature -> valid cases
  std::map<std::string, std::map<std::string, int>> semantics;  // op -> semantics -> cases
  std::map<std::string, int> negative_cases;  // rule id -> invalid/unsupported cases
  std::map<std::string, int> warning_cases;   // rule id -> valid cases expecting it
  std::vector<std::string> outside_cells;     // valid cases whose cell is not in `cells`
  int valid = 0, invalid = 0, unsupported = 0;
  int without_metadata = 0;  // case folders with no case.json

  std::vector<CoverageCell> EmptyCells() const;
};

// Reads every case folder (a folder holding model.onnx) at or below the
// roots. NotFound for a missing root; the error of ReadCaseMetadata (naming
// the file) for a malformed case.json.
absl::StatusOr<CoverageReport> CollectCoverage(const std::vector<std::filesystem::path>& roots,
                                               std::vector<CoverageCell> cells);

// The report as Markdown (what docs/coverage.md holds). No paths, no dates:
// the same cases give the same bytes.
std::string RenderCoverageMarkdown(const CoverageReport& report);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASES_COVERAGE_H_
