// The suite's own cost of a whole official node-test set: per test, read
// and check the folder (OpenCase), then judge a backend's outputs (RunCase)
// on a backend that answers at once with the expected outputs, so that the
// figure is the suite's share of a run, whatever runtime sits behind an
// adapter. bench/run.sh times the same set end to end through a real
// runtime's persistent adapter.
//
//   oc-bench --benchmark_filter=OfficialSet
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bench/bench_util.h"
#include "caseio/case_loader.h"
#include "checker/checked_case.h"
#include "runners/backends/backend.h"
#include "runners/harness/case_runner.h"

namespace onnx_conform::bench {
namespace {

namespace fs = std::filesystem;

// A backend that gives back each data set's expected outputs: a runtime
// that is always right and takes no time.
class ExpectedOutputsBackend : public Backend {
 public:
  std::string name() const override { return "expected-outputs"; }
  BackendOutcome Run(const CheckedCase& c, size_t data_set) override {
    return {.kind = BackendOutcome::Kind::kOk, .outputs = c.data_sets.at(data_set).outputs};
  }
};

void BM_OfficialSetCheckedAndJudged(benchmark::State& state) {
  const fs::path root = ONNX_CONFORM_OFFICIAL_NODE_TESTS;
  absl::StatusOr<std::vector<fs::path>> refs = FindCasesIn(root);
  if (!refs.ok() || refs->empty()) {
    state.SkipWithError("ONNX's official node tests are not installed (libonnx-testdata)");
    return;
  }
  ExpectedOutputsBackend backend;
  int64_t passed = 0;
  const LoopTimer timer;
  for (auto _ : state) {
    passed = 0;
    for (const fs::path& dir : *refs) {
      std::shared_ptr<const CheckedCase> c = OpenCase({.dir = dir});
      const CaseResult result = RunCase(*c, backend);
      passed += result.status == CaseStatus::kPass;
      benchmark::DoNotOptimize(result);
    }
  }
  const double seconds = timer.SecondsPerIteration(state);
  state.counters["cases"] = static_cast<double>(refs->size());
  state.counters["passed"] = static_cast<double>(passed);
  state.counters["seconds_per_set"] = seconds;
  state.counters["ms_per_case"] = 1000 * seconds / static_cast<double>(refs->size());
}
BENCHMARK(BM_OfficialSetCheckedAndJudged)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
}  // namespace onnx_conform::bench
