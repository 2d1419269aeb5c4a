// The engine of `onnx-conform explore`: generates random cases
// (runners/explore/explore_case.h), runs each on a backend and on the reference,
// judges the outputs as `run` does (runners/harness/verdict.h), classifies each case
// with the suite's checker, and shrinks every disagreement with RapidCheck's
// shrink trees to the smallest case that still shows the same cause.
//
//   ExploreOptions options{.cells = CellsFor({"ArgMin"}, {}, {}), .cases =
//   2000, .seed = 7}; absl::StatusOr<ExploreResult> result = Explore(*backend,
//   options); for (const ExploreFinding& f : result->findings) std::cout <<
//   f.key << ": " << f.detail;
//
// Cases go round the cells; case k of a cell is generated from (seed, cell,
// k) alone (SteeredCaseGen), so the same seed gives the same cases and
// findings whatever -j, and one case replays by its cell, seed and k.
// What a case shows is named by the failure signature `run` gives it
// (runners/harness/failure_signature.h), a values mismatch by each kind of
// element that makes its verdict; each (cell, signature) is shrunk once and
// a cell is searched on after its first one. Findings are causes: shrunk
// cases that need the same structure and special values are one finding,
// over every cell and signature they showed in
// (runners/explore/finding_cause.h).
#ifndef ONNX_CONFORM_RUNNERS_EXPLORE_H_
#define ONNX_CONFORM_RUNNERS_EXPLORE_H_

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runners/backends/backend.h"
#include "runners/explore/explore_case.h"

namespace onnx_conform {

struct ExploreOptions {
  std::vector<ExploreCell> cells = {};  // not empty
  int64_t cases = 0;                    // stop after this many cases (0: no limit)
  // Stop after this long (0: no limit), shrinking included: what was found
  // by then is reported, shrunk as far as the time allowed.
  double seconds = 0;
  uint64_t seed = 1;
  int jobs = 1;
  bool strict = false;  // a divergence (another documented reading) is a failure
  // Where findings are written as node test folders; empty: not written.
  std::filesystem::path out = {};
  int max_shrink_steps = 3000;
  // Replay: run only case `replay` of the one cell (nothing shrunk).
  std::optional<int64_t> replay = std::nullopt;
  // A second backend: each case's outputs are compared between the two,
  // and the reference says which (if either) is right.
  Backend* against = nullptr;
  // Called about every `progress_seconds` with a one-line status.
  std::function<void(const std::string&)> progress = nullptr;
  double progress_seconds = 5;
  // Set (by a signal handler, say) to stop after the running batch of cases.
  const std::atomic<bool>* stop = nullptr;
};

// A cell a cause showed in, and how: "ArgMin-13 float shape".
struct FindingCell {
  ExploreCell cell;
  std::string key;          // the cell, the signature's kind and its part
  int64_t occurrences = 0;  // cases of the run that showed it
  // The elements of its first case, and of that case shrunk.
  int64_t original_elements = 0, minimal_elements = 0;
};

// One cause of disagreement, shrunk.
struct ExploreFinding {
  // The cause (runners/explore/finding_cause.h): "ArgMin failure with axis
  // < 0", "Min values on zero", "Min divergent min-nan-ignored".
  std::string key;
  // Within the kind: a values mismatch's element kind ("zero-sign"), or the
  // signature's rule ("follows min-nan-ignored", "exit 1"); may be empty.
  // Of the minimal case.
  std::string signature;
  ExploreCell cell;  // the minimal case's
  // Every cell and signature the cause showed in, in the order found.
  std::vector<FindingCell> cells;
  // The failure signature's kind (runners/harness/case_result.h): values,
  // shape, element-type, output-count, divergent, unsupported,
  // refused-as-invalid, adapter-error, bad-output, accepted-negative, crash,
  // timeout, case-error; with `against`: backends-differ.
  std::string kind;
  std::string reading;            // divergent: the backend's reading; accepted-negative: the rule
  std::string detail;             // what differs, or the backend's message
  bool failure = true;            // false for a divergence without --strict
  ExploreCase minimal;            // the smallest over its cells
  int64_t case_index = 0;         // the case of its cell that first showed it (its k)
  int64_t original_elements = 0;  // that case's elements, before shrinking
  int64_t occurrences = 0;        // cases of the run with this cause, over its cells
  int shrink_steps = 0;
  std::filesystem::path folder;  // where it was written, if it was
};

struct ExploreResult {
  int64_t cases = 0;
  int64_t valid_cases = 0;
  std::vector<ExploreFinding> findings;  // in the order found
  // How many cases fell in each feature class (ExploreCase::Classes).
  std::map<std::string, int64_t> statistics;
  // The run stopped at ExploreOptions::seconds; a shrink was cut short by it
  // (its finding's minimal case may not be the smallest).
  bool budget_spent = false;
  bool shrinking_cut = false;
  bool failed() const;  // any finding that is a failure
  // Findings that are failures, divergences (another documented reading,
  // not a failure) and unsupported cases (never a failure).
  int64_t failures() const;
  int64_t divergences() const;
  int64_t unsupported() const;
};

// FailedPrecondition when the adapter does not serve the protocol it was
// started in (its first request tells; the message names the flag to use).
absl::StatusOr<ExploreResult> Explore(Backend& backend, const ExploreOptions& options);

// The statistics as lines: "  rank 5: 143 (14%)", sorted by class.
std::vector<std::string> StatisticsLines(const ExploreResult& result);

// The first error the suite's checker reports for a case's model and
// inputs ("RULE: field: message"); empty for a valid case.
std::string FirstCheckerError(const CheckedCase& c);

// The folder a finding is written to: its minimal case's operator,
// version, type, kind and signature, "min_13_float16_values_zero_sign".
std::string FindingFolderName(const ExploreFinding& finding);

// Writes a finding's case as a node test folder below `root` (named `name`,
// or FindingFolderName when empty): model.onnx, test_data_set_0 (the inputs
// and, for a valid case, the reference's outputs) and case.json. Returns
// the folder.
absl::StatusOr<std::filesystem::path> WriteFinding(const ExploreFinding& finding, uint64_t seed,
                                                   const std::string& backend_name,
                                                   const std::filesystem::path& root,
                                                   const std::string& name = "");

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_EXPLORE_H_
