// Benchmark of `onnx-conform explore` with the reference as the backend:
// small random cases of every operator version and type generated, checked,
// run on the reference twice (as the backend and as the expectation) and
// judged. The counter cases_per_second is per core (one job); the target is
// at least 1,000 (docs/explore.md).
#include "bench/bench_util.h"
#include "runners/explore/explore.h"

namespace onnx_conform::bench {
namespace {

void BM_ExploreReference(benchmark::State& state) {
  std::unique_ptr<Backend> reference = MakeReferenceBackend();
  ExploreOptions options{.cells = CellsFor({}, {}, {}), .cases = state.range(0), .seed = 1};
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
BENCHMARK(BM_ExploreReference)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace onnx_conform::bench
