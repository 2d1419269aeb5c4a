// Benchmarks of the reference kernels at [side, side] (16M elements by
// default) for float, float16, bfloat16, int8, int64 and double: Min of two
// and three inputs, broadcasting Min (column, row, 4-D), Clip with both
// bounds, ArgMin over the last axis and axis 0 with and without
// select_last_index; every Min and Clip also written in place (into input
// 0's memory, as the interpreter does for a value nothing reads again). Each
// reports ratio_to_bandwidth against a streaming read of its own inputs
// measured in the same process (bench/bench_util.h).
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "bench/bench_util.h"
#include "checker/bound_graph.h"
#include "checker/registry.h"
#include "ops/arg_extremum/arg_extremum_fast_kernel.h"
#include "ops/clip/clip_fast_kernel.h"
#include "ops/extremum/extremum_fast_kernel.h"

namespace onnx_conform::bench {
namespace {

constexpr int64_t kNanEvery = 1021;  // float inputs hold NaNs: the NaN paths are timed too

// The inputs of the last benchmark, reused by the next one with the same
// key (generating 16M values takes longer than most kernels).
const std::vector<Tensor>& Inputs(ElementType type, const std::vector<Shape>& shapes) {
  static auto* key = new std::string();
  static auto* inputs = new std::vector<Tensor>();
  std::string wanted(ElementTypeName(type));
  for (const Shape& shape : shapes) absl::StrAppend(&wanted, ShapeToString(shape));
  if (*key != wanted) {
    inputs->clear();
    *key = wanted;
    for (size_t k = 0; k < shapes.size(); ++k) {
      inputs->push_back(RandomTensor(type, shapes[k], k + 1, kNanEvery));
    }
  }
  return *inputs;
}

// Times `kernel` (which must consume `inputs`) and reports the ratios
// against reading the inputs' bytes.
void TimeKernel(benchmark::State& state, const std::vector<const Tensor*>& inputs,
                const std::function<int64_t()>& kernel, int64_t output_bytes = 0) {
  std::vector<std::span<const std::byte>> bytes;
  int64_t total = 0;
  for (const Tensor* t : inputs) {
    bytes.push_back(t->bytes());
    total += static_cast<int64_t>(t->byte_size());
  }
  const double read = StreamReadSeconds(bytes);
  const double copy = MemcpySeconds(static_cast<size_t>(total));
  const double output =
      output_bytes > 0 ? FreshOutputSeconds(static_cast<size_t>(output_bytes)) : 0;
  LoopTimer timer;
  for (auto _ : state) {
    const int64_t elements = kernel();
    if (elements < 0) {
      state.SkipWithError("kernel failed");
      return;
    }
    benchmark::DoNotOptimize(elements);
  }
  ReportRatios(state, timer.SecondsPerIteration(state), {.input = total, .output = output_bytes},
               read, copy, output);
}

std::vector<const Tensor*> Pointers(const std::vector<Tensor>& tensors) {
  std::vector<const Tensor*> out;
  for (const Tensor& t : tensors) out.push_back(&t);
  return out;
}

// A node of `op` at version 13 with `inputs` inputs, bound to its schema:
// what the fast kernels take (reference/fast/kernels.h).
struct Node13 {
  Node13(const std::string& op, int inputs, std::vector<std::pair<std::string, int64_t>> ints = {})
      : proto(MakeNode(op, inputs, ints)), bound(proto, *FindSchemaVersion(op, 13), 0) {}
  static onnx::NodeProto MakeNode(const std::string& op, int inputs,
                                  const std::vector<std::pair<std::string, int64_t>>& ints) {
    onnx::NodeProto node;
    node.set_op_type(op);
    for (int k = 0; k < inputs; ++k) node.add_input(absl::StrCat("x", k));
    node.add_output(std::string("y"));  // a std::string: GCC 12 warns -Wrestrict on the literal
    for (const auto& [name, value] : ints) {
      onnx::AttributeProto& a = *node.add_attribute();
      a.set_name(name);
      a.set_type(onnx::AttributeProto::INT);
      a.set_i(value);
    }
    return node;
  }
  onnx::NodeProto proto;
  BoundNode bound;
};

// Min of `shapes`. With in_place, written into a copy of input 0 (the
// largest here), as the interpreter does for a value nothing reads again.
// Min is idempotent, so every iteration reads every input and writes every
// element again.
void BM_Min(benchmark::State& state, ElementType type, std::vector<Shape> shapes, bool in_place) {
  const std::vector<Tensor>& given = Inputs(type, shapes);
  Tensor first = in_place ? given[0] : Tensor();
  std::vector<const Tensor*> inputs = Pointers(given);
  if (in_place) inputs[0] = &first;
  // The output has the shape of the largest input here.
  int64_t output_bytes = 0;
  for (const Tensor* input : inputs) {
    output_bytes = std::max(output_bytes, static_cast<int64_t>(input->byte_size()));
  }
  const Node13 node("Min", static_cast<int>(inputs.size()));
  TimeKernel(
      state, inputs,
      [&]() -> int64_t {
        absl::StatusOr<Tensor> out = FastMin(node.bound, inputs, in_place ? &first : nullptr);
        if (!out.ok()) return -1;
        const int64_t count = out->element_count();
        if (in_place) first = *std::move(out);
        return count;
      },
      output_bytes);
}

// A scalar of `type` holding `value` (small integers, exact in every type).
Tensor Scalar(ElementType type, int value) {
  return VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    if constexpr (kIsHalfType<T>) {
      return Tensor::FromValues<T>({}, {T::FromFloat(static_cast<float>(value))});
    } else {
      return Tensor::FromValues<T>({}, {static_cast<T>(value)});
    }
  });
}

// Clip with both bounds; with in_place, written into a copy of its input
// (as BM_Min).
void BM_Clip(benchmark::State& state, ElementType type, bool in_place) {
  const Tensor& given = Inputs(type, {{Side(), Side()}})[0];
  Tensor copy = in_place ? given : Tensor();
  const Tensor& x = in_place ? copy : given;
  // Inside the value range, so both sides clip.
  const Tensor lo = Scalar(type, -50);
  const Tensor hi = Scalar(type, 50);
  const Node13 node("Clip", 3);
  const Tensor* const inputs[] = {&x, &lo, &hi};
  TimeKernel(
      state, {&x},
      [&]() -> int64_t {
        absl::StatusOr<Tensor> out = FastClip(node.bound, inputs, in_place ? &copy : nullptr);
        if (!out.ok()) return -1;
        const int64_t count = out->element_count();
        if (in_place) copy = *std::move(out);
        return count;
      },
      static_cast<int64_t>(x.byte_size()));
}

void BM_ArgMin(benchmark::State& state, ElementType type, int64_t axis, int64_t select_last) {
  const std::vector<Tensor>& x = Inputs(type, {{Side(), Side()}});
  const Node13 node("ArgMin", 1,
                    {{"axis", axis}, {"keepdims", 1}, {"select_last_index", select_last}});
  const Tensor* const inputs[] = {&x[0]};
  TimeKernel(state, {&x[0]}, [&]() -> int64_t {
    absl::StatusOr<Tensor> out = FastArgMin(node.bound, inputs, nullptr);
    return out.ok() ? out->element_count() : -1;
  });
}

}  // namespace

void RegisterKernelBenchmarks() {
  const ElementType types[] = {ElementType::kFloat, ElementType::kFloat16, ElementType::kBFloat16,
                               ElementType::kInt8,  ElementType::kInt64,   ElementType::kDouble};
  const int64_t s = Side();
  // The 4-D case: [q,q,q,q] with [q,1,q,1], q^4 = side^2.
  const int64_t q = static_cast<int64_t>(std::lround(std::sqrt(static_cast<double>(s))));
  for (ElementType type : types) {
    const std::string t(ElementTypeName(type));
    auto add = [](const std::string& name, auto fn, auto... args) {
      benchmark::RegisterBenchmark(name.c_str(), fn, args...)->Unit(benchmark::kMillisecond);
    };
    const std::vector<std::pair<std::string, std::vector<Shape>>> mins = {
        {"Min2", {{s, s}, {s, s}}},
        {"Min3", {{s, s}, {s, s}, {s, s}}},
        {"MinBcastCol", {{s, s}, {s, 1}}},
        {"MinBcastRow", {{s, s}, {1, s}}},
        {"MinBcast4D", {{q, q, q, q}, {q, 1, q, 1}}},
    };
    for (const auto& [name, shapes] : mins) add(name + "/" + t, BM_Min, type, shapes, false);
    add("Clip/" + t, BM_Clip, type, false);
    for (const auto& [name, shapes] : mins) add(name + "InPlace/" + t, BM_Min, type, shapes, true);
    add("ClipInPlace/" + t, BM_Clip, type, true);
    add("ArgMinLast/" + t, BM_ArgMin, type, int64_t{1}, int64_t{0});
    add("ArgMinLast/" + t + "/select_last", BM_ArgMin, type, int64_t{1}, int64_t{1});
    add("ArgMinAxis0/" + t, BM_ArgMin, type, int64_t{0}, int64_t{0});
    add("ArgMinAxis0/" + t + "/select_last", BM_ArgMin, type, int64_t{0}, int64_t{1});
  }
}

}  // namespace onnx_conform::bench
