#include "bench/bench_util.h"

#include <time.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <utility>

#include "tensor/vector_isa.h"

namespace onnx_conform::bench {
namespace {

constexpr int kBaselineRuns = 7;

int64_t g_side = 4096;

template <typename F>
double MedianSeconds(F run) {
  std::vector<double> seconds;
  for (int r = 0; r < kBaselineRuns; ++r) {
    const double start = ThreadCpuSeconds();
    run();
    seconds.push_back(ThreadCpuSeconds() - start);
  }
  std::sort(seconds.begin(), seconds.end());
  return seconds[seconds.size() / 2];
}

// Built like the kernels' hot loops (tensor/vector_isa.h), with the
// widest vectors the CPU has, so the limit is read with vectors as wide as
// the kernels' (a baseline-only read loop ran 15-25 % slower than AVX2's).
uint64_t SumWords(std::span<const std::byte> bytes) {
  const std::byte* p = bytes.data();
  const size_t words = bytes.size() / 8;
  uint64_t sum = 0;
  RunWithWidestVectors(
      [](const std::byte* p, size_t words, uint64_t* total) ONNX_CONFORM_VECTOR_LOOP {
        uint64_t sum = 0;
        for (size_t i = 0; i < words; ++i) {
          uint64_t word;
          std::memcpy(&word, p + 8 * i, 8);
          sum += word;
        }
        *total = sum;
      },
      p, words, &sum);
  for (size_t i = words * 8; i < bytes.size(); ++i) sum += static_cast<uint64_t>(p[i]);
  return sum;
}

// Knuth's MMIX LCG: the same values on every run.
struct Lcg {
  uint64_t state;
  uint64_t Next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return state >> 16;
  }
};

template <typename T>
void Fill(std::span<T> out, uint64_t seed, int64_t nan_every) {
  Lcg rng{seed * 0x9E3779B97F4A7C15ull + 1};
  for (size_t i = 0; i < out.size(); ++i) {
    const int64_t small = static_cast<int64_t>(rng.Next() % 2001) - 1000;  // ties are common
    if constexpr (kIsHalfType<T>) {
      out[i] = T::FromFloat(static_cast<float>(small) / 8.0f);
    } else if constexpr (std::is_floating_point_v<T>) {
      out[i] = static_cast<T>(small) / 8;
    } else if constexpr (sizeof(T) == 1) {
      out[i] = static_cast<T>(rng.Next());
    } else {
      out[i] = static_cast<T>(small);
    }
  }
  if constexpr (!std::is_integral_v<T>) {
    if (nan_every > 0) {
      const T nan = std::numeric_limits<T>::quiet_NaN();
      for (size_t i = static_cast<size_t>(seed % 97); i < out.size();
           i += static_cast<size_t>(nan_every)) {
        out[i] = nan;
      }
    }
  }
}

}  // namespace

double ThreadCpuSeconds() {
  timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

int64_t Side() { return g_side; }
void SetSide(int64_t side) { g_side = side; }

Tensor RandomTensor(ElementType type, const Shape& shape, uint64_t seed, int64_t nan_every) {
  absl::StatusOr<Tensor> tensor = Tensor::Create(type, shape);
  if (!tensor.ok()) std::abort();
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) { Fill(tensor->data<T>(), seed, nan_every); });
  return *std::move(tensor);
}

double StreamReadSeconds(const std::vector<std::span<const std::byte>>& buffers) {
  // Cached per buffer set: Google Benchmark calls a benchmark several times.
  static auto* cache = new std::map<std::vector<std::pair<const void*, size_t>>, double>();
  std::vector<std::pair<const void*, size_t>> key;
  for (std::span<const std::byte> b : buffers) key.emplace_back(b.data(), b.size());
  if (auto it = cache->find(key); it != cache->end()) return it->second;
  const double seconds = MedianSeconds([&] {
    uint64_t sum = 0;
    for (std::span<const std::byte> b : buffers) sum += SumWords(b);
    benchmark::DoNotOptimize(sum);
  });
  (*cache)[key] = seconds;
  return seconds;
}

double MemcpySeconds(size_t bytes) {
  static auto* cache = new std::map<size_t, double>();
  if (auto it = cache->find(bytes); it != cache->end()) return it->second;
  // Both buffers written first, so no page fault is timed.
  auto source = std::make_unique<std::byte[]>(bytes);
  auto destination = std::make_unique<std::byte[]>(bytes);
  std::memset(source.get(), 1, bytes);
  std::memset(destination.get(), 2, bytes);
  const double seconds = MedianSeconds([&] {
    std::memcpy(destination.get(), source.get(), bytes);
    benchmark::ClobberMemory();
  });
  benchmark::DoNotOptimize(destination.get());
  (*cache)[bytes] = seconds;
  return seconds;
}

double FreshOutputSeconds(size_t bytes) {
  static auto* cache = new std::map<size_t, double>();
  if (auto it = cache->find(bytes); it != cache->end()) return it->second;
  const double seconds = MedianSeconds([&] {
    absl::StatusOr<Tensor> out = Tensor::Create(ElementType::kUint8, {static_cast<int64_t>(bytes)});
    if (!out.ok()) std::abort();
    std::memset(out->bytes().data(), 3, bytes);
    benchmark::DoNotOptimize(out->bytes().data());
  });
  (*cache)[bytes] = seconds;
  return seconds;
}

double LoopTimer::SecondsPerIteration(const benchmark::State& state) const {
  const double total = ThreadCpuSeconds() - start_;
  return state.iterations() > 0 ? total / static_cast<double>(state.iterations()) : 0.0;
}

void ReportRatios(benchmark::State& state, double kernel_seconds, KernelBytes bytes,
                  double read_seconds, double memcpy_seconds, double fresh_output_seconds) {
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * bytes.input);
  if (kernel_seconds > 0) {
    state.counters["ratio_to_bandwidth"] = read_seconds / kernel_seconds;
    if (bytes.output > 0 && bytes.input > 0) {
      const double traffic = static_cast<double>(bytes.input + bytes.output);
      state.counters["traffic_to_bandwidth"] =
          (traffic / kernel_seconds) / (static_cast<double>(bytes.input) / read_seconds);
    }
    state.counters["ratio_to_memcpy"] = memcpy_seconds / kernel_seconds;
    if (fresh_output_seconds > 0) {
      state.counters["ratio_to_read_and_output"] =
          (read_seconds + fresh_output_seconds) / kernel_seconds;
    }
  }
}

}  // namespace onnx_conform::bench
