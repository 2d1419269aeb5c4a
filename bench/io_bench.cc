// Benchmarks of loading a tensor file (64 MiB of float at the default side)
// against memcpy of the same bytes, and of the exact diff of two tensors
// against a streaming read of both.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>

#include "bench/bench_util.h"
#include "caseio/case_layout.h"
#include "runners/harness/diff.h"
#include "tensor/tensor_file.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform::bench {
namespace {

namespace fs = std::filesystem;

// The tensor file, written once into a temporary folder removed at exit.
const fs::path& TensorFile() {
  static const fs::path* path = [] {
    std::string pattern = (fs::temp_directory_path() / "oc-bench-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) std::abort();
    static const fs::path dir(pattern);
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(dir, ec);
    });
    auto* file = new fs::path(dir / InputFileName(0));
    const Tensor t = RandomTensor(ElementType::kFloat, {Side(), Side()}, 1, 1021);
    if (!WriteTensorFile(*file, t, "x").ok()) std::abort();
    return file;
  }();
  return *path;
}

// Median seconds of read(2) of the whole file into a buffer already in
// memory: the kernel's copy out of the page cache, with no page fault.
double FileReadSeconds(const fs::path& path) {
  static double cached = -1;
  if (cached >= 0) return cached;
  const size_t size = fs::file_size(path);
  auto buffer = std::make_unique<std::byte[]>(size);
  std::memset(buffer.get(), 0, size);
  std::vector<double> seconds;
  for (int r = 0; r < 7; ++r) {
    const double start = ThreadCpuSeconds();
    const int fd = open(path.c_str(), O_RDONLY);
    size_t done = 0;
    while (done < size) {
      const ssize_t n = read(fd, buffer.get() + done, size - done);
      if (n <= 0) break;
      done += static_cast<size_t>(n);
    }
    close(fd);
    seconds.push_back(ThreadCpuSeconds() - start);
  }
  std::sort(seconds.begin(), seconds.end());
  cached = seconds[seconds.size() / 2];
  return cached;
}

void ReportLoad(benchmark::State& state, const LoopTimer& timer, size_t size) {
  const double seconds = timer.SecondsPerIteration(state);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(size));
  if (seconds > 0) {
    state.counters["ratio_to_memcpy"] = MemcpySeconds(size) / seconds;
    state.counters["ratio_to_file_read"] = FileReadSeconds(TensorFile()) / seconds;
  }
}

// What `onnx-conform run` does for a tensor file it cannot map (raw_data not
// aligned for its type): one read straight into new memory.
void BM_LoadTensorFile(benchmark::State& state) {
  const fs::path& file = TensorFile();
  const size_t size = fs::file_size(file);
  MemcpySeconds(size);
  FileReadSeconds(file);
  LoopTimer timer;
  for (auto _ : state) {
    absl::StatusOr<Tensor> t = ReadTensorFile(file);
    if (!t.ok()) {
      state.SkipWithError("load failed");
      return;
    }
    benchmark::DoNotOptimize(t->bytes().data());
  }
  ReportLoad(state, timer, size);
}

// What `onnx-conform run` does for a case file whose raw_data is aligned
// (as WriteTensorFile writes it): map it, no copy and no new memory.
void BM_MapTensorFile(benchmark::State& state) {
  const fs::path& file = TensorFile();
  const size_t size = fs::file_size(file);
  MemcpySeconds(size);
  FileReadSeconds(file);
  LoopTimer timer;
  for (auto _ : state) {
    absl::StatusOr<onnx_conform::TensorFile> t = ReadTensorFileWithName(file);
    if (!t.ok() || !t->tensor.maps_file()) {
      state.SkipWithError("not mapped");
      return;
    }
    benchmark::DoNotOptimize(t->tensor.bytes().data());
  }
  ReportLoad(state, timer, size);
}

// The general path: the whole TensorProto message first, then the tensor.
void BM_LoadTensorProtoThenTensor(benchmark::State& state) {
  const fs::path& file = TensorFile();
  const size_t size = fs::file_size(file);
  MemcpySeconds(size);
  FileReadSeconds(file);
  LoopTimer timer;
  for (auto _ : state) {
    absl::StatusOr<onnx::TensorProto> proto = ReadTensorProtoFile(file);
    if (!proto.ok()) {
      state.SkipWithError("load failed");
      return;
    }
    absl::StatusOr<Tensor> t = TensorFromProto(*proto);
    benchmark::DoNotOptimize(t->bytes().data());
  }
  ReportLoad(state, timer, size);
}

void BM_Diff(benchmark::State& state, ElementType type) {
  static auto* expected = new Tensor();
  static auto* actual = new Tensor();
  if (expected->type() != type || expected->element_count() != Side() * Side()) {
    *expected = RandomTensor(type, {Side(), Side()}, 1, 1021);
    *actual = *expected;  // equal, NaNs included: every element is compared
  }
  const int64_t bytes = static_cast<int64_t>(2 * expected->byte_size());
  const double read = StreamReadSeconds({expected->bytes(), actual->bytes()});
  const double copy = MemcpySeconds(static_cast<size_t>(bytes));
  LoopTimer timer;
  for (auto _ : state) {
    TensorDiff diff = DiffTensors(*expected, *actual, Tolerance::Exact());
    if (!diff.matches()) {
      state.SkipWithError("tensors differ");
      return;
    }
    benchmark::DoNotOptimize(diff.mismatch_count);
  }
  ReportRatios(state, timer.SecondsPerIteration(state), {.input = bytes}, read, copy);
}

void BM_StreamRead(benchmark::State& state) {
  const Tensor t = RandomTensor(ElementType::kFloat, {Side(), Side()}, 1);
  const double read = StreamReadSeconds({t.bytes()});
  state.SetBytesProcessed(0);
  for (auto _ : state) benchmark::DoNotOptimize(read);
  state.counters["GB_per_second"] = static_cast<double>(t.byte_size()) / read / 1e9;
}

void BM_Memcpy(benchmark::State& state) {
  const size_t bytes = static_cast<size_t>(Side() * Side() * 4);
  const double copy = MemcpySeconds(bytes);
  for (auto _ : state) benchmark::DoNotOptimize(copy);
  state.counters["GB_per_second"] = static_cast<double>(bytes) / copy / 1e9;
}

}  // namespace

void RegisterIoBenchmarks() {
  benchmark::RegisterBenchmark("Baseline/stream_read", BM_StreamRead)->Iterations(1);
  benchmark::RegisterBenchmark("Baseline/memcpy", BM_Memcpy)->Iterations(1);
  benchmark::RegisterBenchmark("Load/ReadTensorFile/float", BM_LoadTensorFile)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Load/MapTensorFile/float", BM_MapTensorFile)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Load/ProtoThenTensor/float", BM_LoadTensorProtoThenTensor)
      ->Unit(benchmark::kMillisecond);
  for (ElementType type : {ElementType::kFloat, ElementType::kFloat16, ElementType::kInt64}) {
    benchmark::RegisterBenchmark(("Diff/" + std::string(ElementTypeName(type))).c_str(), BM_Diff,
                                 type)
        ->Unit(benchmark::kMillisecond);
  }
}

}  // namespace onnx_conform::bench
