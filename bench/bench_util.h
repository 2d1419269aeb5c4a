// Shared pieces of the benchmarks (bench/): deterministic input tensors, the
// same-process baselines every figure is a ratio against, and the counters.
//
//   Tensor a = RandomTensor(ElementType::kFloat, {4096, 4096}, /*seed=*/1);
//   const double read = StreamReadSeconds({a.bytes()});   // the bandwidth limit
//   ... time the kernel ...
//   ReportRatios(state, kernel_seconds, {.input = a.byte_size(), .output = a.byte_size()}, read,
//                MemcpySeconds(a.byte_size()));
//
// Figures on a shared machine are noisy: each baseline is the median of
// several runs, measured in the same process right before the kernel, on the
// kernel's own input bytes. Ratios divide the calling thread's CPU time
// (user + system, so page faults count) for both sides: time the thread
// spends descheduled by other work on the machine counts for neither.
#ifndef ONNX_CONFORM_BENCH_BENCH_UTIL_H_
#define ONNX_CONFORM_BENCH_BENCH_UTIL_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "benchmark/benchmark.h"
#include "tensor/tensor.h"

namespace onnx_conform::bench {

// Side of the square [side, side] tensors (4096: 16M elements). The smoke
// test under ctest sets it small with --oc_side=N.
int64_t Side();
void SetSide(int64_t side);

// Pseudo-random values from a fixed seed over a range that makes ties
// common. Float types get a NaN every `nan_every` elements (0: none).
Tensor RandomTensor(ElementType type, const Shape& shape, uint64_t seed, int64_t nan_every = 0);

// Median seconds of one plain streaming read of every byte of `buffers` (a
// sum of 64-bit words: the fastest any kernel can consume its inputs).
double StreamReadSeconds(const std::vector<std::span<const std::byte>>& buffers);
// Median seconds of memcpy of `bytes` between two buffers already in memory.
double MemcpySeconds(size_t bytes);
// Median seconds to create a tensor of `bytes` (Tensor::Create, new memory)
// and write every byte once: what returning a new output costs any kernel.
double FreshOutputSeconds(size_t bytes);

// CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID), in seconds.
double ThreadCpuSeconds();

// Thread CPU time of a benchmark's timed loop, per iteration.
class LoopTimer {
 public:
  LoopTimer() : start_(ThreadCpuSeconds()) {}
  double SecondsPerIteration(const benchmark::State& state) const;

 private:
  double start_;
};

// The counters of one kernel, for `bytes` of input and `output_bytes` of
// output per iteration (see docs/performance.md):
//   bytes_per_second          input bytes / kernel time;
//   ratio_to_bandwidth        streaming read of the inputs / kernel time;
//   traffic_to_bandwidth      (input + output bytes) / kernel time, over the
//                             streaming read's bytes per second: the share
//                             of the bandwidth the kernel's own traffic
//                             uses, counted as STREAM counts it (only with
//                             output_bytes > 0);
//   ratio_to_memcpy           memcpy of the inputs / kernel time;
//   ratio_to_read_and_output  (streaming read + FreshOutputSeconds of the
//                             output) / kernel time, the limit for a kernel
//                             that returns a new tensor (only with
//                             fresh_output_seconds > 0).
struct KernelBytes {
  int64_t input = 0;
  int64_t output = 0;
};
void ReportRatios(benchmark::State& state, double kernel_seconds, KernelBytes bytes,
                  double read_seconds, double memcpy_seconds, double fresh_output_seconds = 0);

}  // namespace onnx_conform::bench

#endif  // ONNX_CONFORM_BENCH_BENCH_UTIL_H_
