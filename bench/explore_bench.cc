// Benchmark of `onnx-conform explore` with the reference as the backend:
// small random cases of every operator version and type generated, checked,
// run on the reference twice (as the backend and as the expectation) and
// judged. BM_ExploreReference/CASES/JOBS: cases_per_second is per second of
// wall time, so that -j's scaling shows (docs/explore.md quotes it); the
// target is at least 1,000 per core.
//
//   oc-bench --benchmark_filter=Explore
#include "bench/bench_util.h"
#include "runners/explore/explore.h"

namespace onnx_conform::bench {
namespace {

void BM_ExploreReference(benchmark::State& state) {
  std::unique_ptr<Backend> reference = MakeReferenceBackend();
  ExploreOptions options{.cells = CellsFor({}, {}, {}),
                         .cases = state.range(0),
                         .seed = 1,
                         .jobs = static_cast<int>(state.range(1))};
  int64_t cases = 0;
  uint64_t seed = 1;
  for (auto _ : state) {
    options.seed = seed++;
    absl::StatusOr<ExploreResult> result = Explore(*reference, options);
    if (!result.ok() || !result->findings.empty()) {
      state.SkipWithError("explore found something in the reference");
      return;
    }
    cases += result->cases;
  }
  state.counters["cases_per_second"] =
      benchmark::Counter(static_cast<double>(cases), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ExploreReference)
    ->ArgNames({"cases", "jobs"})
    ->Args({2000, 1})
    ->Args({2000, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace onnx_conform::bench
