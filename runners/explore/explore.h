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
// Case i of a run is generated from (seed, i) alone, so the same seed gives
// the same cases and findings, whatever -j.
#ifndef ONNX_CONFORM_RUNNERS_EXPLORE_H_
#define ONNX_CONFORM_RUNNERS_EXPLORE_H_

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runners/backends/backend.h"
#include "runners/explore/explore_case.h"

namespace onnx_conform {

struct ExploreOptions {
  std::vector<ExploreCell> cells = {};  // not empty
  int64_t cases = 0;                    // stop after this many cases (0: no limit)
  double seconds = 0;                   // stop after this long (0: no limit)
  uint64_t seed = 1;
  int jobs = 1;
  bool strict = false;  // a divergence (another documented reading) is a failure
  // Where findings are written as node test folders; empty: not written.
  std::filesystem::path out = {};
  int max_shrink_steps = 3000;
  // Called about every `progress_seconds` with a one-line status.
  std::function<void(const std::string&)> progress = nullptr;
  double progress_seconds = 5;
  // Set (by a signal handler, say) to stop after the running batch of cases.
  const std::atomic<bool>* stop = nullptr;
};

// One cause of disagreement, shrunk.
struct ExploreFinding {
  // What makes findings the same: "ArgMin-13 float mismatch".
  std::string key;
  ExploreCell cell;
  // mismatch, divergent, valid-refused, invalid-accepted, backend-crash,
  // backend-timeout, reference-error.
  std::string kind;
  std::string reading;  // divergent: the backend's reading; invalid-accepted: the rule
  std::string detail;   // what differs, or the backend's message
  bool failure = true;  // false for a divergence without --strict
  ExploreCase minimal;
  int64_t case_index = 0;   // the case of the run that first showed it
  int64_t occurrences = 0;  // cases of the run with this cause
  int shrink_steps = 0;
  std::filesystem::path folder;  // where it was written, if it was
};

struct ExploreResult {
  int64_t cases = 0;
  int64_t valid_cases = 0;
  std::vector<ExploreFinding> findings;  // in the order found
  bool failed() const;                   // any finding that is a failure
};

absl::StatusOr<ExploreResult> Explore(Backend& backend, const ExploreOptions& options);

// Writes a finding's case as a node test folder below `root`: model.onnx,
// test_data_set_0 (the inputs and, for a valid case, the reference's
// outputs) and case.json. Returns the folder.
absl::StatusOr<std::filesystem::path> WriteFinding(const ExploreFinding& finding, uint64_t seed,
                                                   const std::string& backend_name,
                                                   const std::filesystem::path& root);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_EXPLORE_H_
