// oc-bench: the kernel, loading and diff benchmarks in one binary, so that
// every figure is a ratio against baselines measured in the same process.
//
//   oc-bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//   oc-bench --oc_side=64 --benchmark_min_time=0.001   # smoke run (ctest -L bench)
#include <cstdlib>
#include <cstring>
#include <string>

#include "bench/bench_util.h"
#include "tensor/vector_isa.h"

namespace onnx_conform::bench {
void RegisterKernelBenchmarks();
void RegisterIoBenchmarks();
}  // namespace onnx_conform::bench

int main(int argc, char** argv) {
  // Our own flag first: the side of the [side, side] tensors.
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    constexpr const char kSide[] = "--oc_side=";
    if (std::strncmp(argv[i], kSide, sizeof(kSide) - 1) == 0) {
      const long side = std::strtol(argv[i] + sizeof(kSide) - 1, nullptr, 10);
      if (side < 1) {
        std::fprintf(stderr, "oc-bench: --oc_side must be a positive integer\n");
        return 2;
      }
      onnx_conform::bench::SetSide(side);
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  // Which build of the kernels' loops (and of the read baseline) ran.
  benchmark::AddCustomContext(
      "vector_isa", std::string(onnx_conform::VectorIsaName(onnx_conform::ActiveVectorIsa())));
  onnx_conform::bench::RegisterKernelBenchmarks();
  onnx_conform::bench::RegisterIoBenchmarks();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
