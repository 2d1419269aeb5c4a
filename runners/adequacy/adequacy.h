// How many plausible backend bugs a case set catches: every case run on
// each bug of the catalogue planted in the reference (a MutantBackend,
// through RunCase: the same verdict and policy as `run`). A bug is killed
// when a case the plain reference passes fails or errors on it (the policy's FailsRun), and the
// first such case is named; it survives when it changes outputs but every case still passes; it is
// not exercised when no case makes it compute anything else. A mutant following a named reading
// must come out divergent, and one declared equivalent must never be killed: otherwise the
// catalogue and the verdict disagree, which the report lists as a problem.
//
//   absl::StatusOr<AdequacyReport> r = MeasureAdequacy({"cases/node"}, *SelectBugs("", ""));
//   std::cout << RenderAdequacyText(*r);   // runners/adequacy/adequacy_report.h
#ifndef ONNX_CONFORM_RUNNERS_ADEQUACY_ADEQUACY_H_
#define ONNX_CONFORM_RUNNERS_ADEQUACY_ADEQUACY_H_

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runners/adequacy/bug_catalogue.h"

namespace onnx_conform {

enum class BugOutcome { kKilled, kSurvived, kDivergent, kNotExercised, kEquivalent };
absl::string_view BugOutcomeName(BugOutcome outcome);  // "killed", "not exercised", ...

struct Killer {
  std::string case_name = {};
  std::string op = {};
  int64_t op_version = 0;
  std::string status = {};   // "fail", "error", ...
  std::string message = {};  // the first line of the case's message
};

struct BugResult {
  const Bug* bug = nullptr;
  BugOutcome outcome = BugOutcome::kNotExercised;
  std::vector<Killer> killers = {};               // every case that kills it, in case order
  std::vector<std::string> divergent_cases = {};  // cases that came out divergent on it
  int planted = 0;                                // cases it was planted in
  int exercised = 0;         // cases where it computed something else than the reference
  std::string problem = {};  // the catalogue and the verdict disagree: why
  // Counted in the score: a bug of kind kBug (readings and equivalents are not).
  bool counted() const { return bug->kind == BugKind::kBug; }
};

// The bugs that apply to one operator version, and how many a case of that
// version kills.
struct VersionShare {
  std::string op = {};
  int64_t version = 0;
  int cases = 0;
  int bugs = 0;
  int killed = 0;
};

struct AdequacyReport {
  int cases = 0;
  // Cases the plain reference itself does not pass ("NAME: STATUS: why"):
  // they kill nothing, since they would fail on any backend.
  std::vector<std::string> failing_on_reference = {};
  std::vector<BugResult> bugs;  // in catalogue order
  std::vector<VersionShare> versions;
  int Counted() const;
  int Killed() const;
  std::vector<const BugResult*> Survivors() const;  // counted and not killed
  std::vector<const BugResult*> Problems() const;
};

struct AdequacyOptions {
  std::vector<std::filesystem::path> paths = {};  // case folders or folders searched for them
  std::vector<const Bug*> bugs = {};
  int jobs = 1;
};

// NotFound for a path that holds no case (or cannot be listed).
absl::StatusOr<AdequacyReport> MeasureAdequacy(const AdequacyOptions& options);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_ADEQUACY_ADEQUACY_H_
