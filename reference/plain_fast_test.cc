// The fast kernels (ops/<family>/*_fast_kernel.cc) against the plain
// normative loops (ops/<family>/*_kernel.cc): bit for bit on
// random data for every (operator, version, type) cell: ranks 0 to 4, every
// broadcast pattern Min and Max allow, 1 to 5 inputs, every ArgMin and
// ArgMax axis (negative ones too), keepdims and select_last_index, Clip bounds present, missing,
// NaN and inverted; values drawn from a pool of ties, +-0, NaNs of several
// payloads, +-inf, subnormals and the type's extremes. ctest runs it again
// under each vector variant (reference_test.vector_isa.*). Whole cases of
// the library are compared in runners/harness/plain_fast_cases_test.cc.
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "reference/semantics.h"
#include "testing/reference_test_util.h"

namespace onnx_conform {
namespace {

using testing::BitsEqual;
using testing::NodeBuilder;
using testing::OpCombo;
using testing::RunKernel;

constexpr int kTrialsPerCell = 300;

template <typename T>
std::vector<T> EdgePool() {
  std::vector<T> pool;
  for (int v : {-3, -1, 0, 1, 2, 2, 7}) pool.push_back(testing::V<T>(v));
  pool.push_back(std::numeric_limits<T>::lowest());
  pool.push_back(std::numeric_limits<T>::max());
  if constexpr (kIsFloatType<T>) {
    for (double v : {testing::kNaN, -testing::kNaN, testing::kInf, -testing::kInf, -0.0, 0.5}) {
      pool.push_back(testing::V<T>(v));
    }
    pool.push_back(std::numeric_limits<T>::denorm_min());
    // A NaN with another payload: the quiet bit and the lowest mantissa bit.
    T payload = testing::V<T>(testing::kNaN);
    std::byte* bytes = reinterpret_cast<std::byte*>(&payload);
    bytes[0] |= std::byte{1};
    pool.push_back(payload);
  } else {
    pool.push_back(static_cast<T>(std::numeric_limits<T>::max() - 1));
  }
  return pool;
}

class Random {
 public:
  explicit Random(uint64_t seed) : engine_(seed) {}
  int64_t Below(int64_t n) { return std::uniform_int_distribution<int64_t>(0, n - 1)(engine_); }
  Shape RandomShape(int64_t max_rank) {
    Shape shape(static_cast<size_t>(Below(max_rank + 1)));
    for (int64_t& d : shape) d = Below(4);  // 0 to 3: empty and size-1 dims
    return shape;
  }
  template <typename T>
  Tensor Fill(const Shape& shape) {
    static const std::vector<T> pool = EdgePool<T>();
    std::vector<T> values(static_cast<size_t>(*ElementCount(shape)));
    for (T& v : values) v = pool[static_cast<size_t>(Below(static_cast<int64_t>(pool.size())))];
    return Tensor::FromValues<T>(shape, std::span<const T>(values));
  }

 private:
  std::mt19937_64 engine_;
};

// A shape that broadcasts to `out`: a suffix of it, some dimensions 1.
Shape BroadcastingTo(const Shape& out, Random& random) {
  Shape shape(out.end() - random.Below(static_cast<int64_t>(out.size()) + 1), out.end());
  for (int64_t& d : shape) {
    if (random.Below(3) == 0) d = 1;
  }
  return shape;
}

// Trials where both paths produced an output (most must, or the test
// compares errors only).
int g_compared = 0;

void ExpectSame(const absl::StatusOr<Tensor>& fast, const absl::StatusOr<Tensor>& plain,
                const std::string& what) {
  ASSERT_EQ(fast.ok(), plain.ok()) << what << ": " << fast.status() << " / " << plain.status();
  if (!fast.ok()) return;
  ++g_compared;
  EXPECT_TRUE(BitsEqual(*fast, *plain)) << what;
}

// Min and Max.
void ElementwiseAgrees(const OpCombo& combo) {
  Random random(1000 + combo.version * 16 + static_cast<int>(combo.type));
  VisitNumericType(combo.type, [&]<typename T>(TypeTag<T>) {
    for (int trial = 0; trial < kTrialsPerCell; ++trial) {
      const Shape out = random.RandomShape(4);
      std::vector<Tensor> inputs;
      const int64_t count = 1 + random.Below(5);
      for (int64_t k = 0; k < count; ++k) {
        inputs.push_back(random.Fill<T>(combo.version >= 8 ? BroadcastingTo(out, random) : out));
      }
      std::vector<const Tensor*> pointers;
      std::vector<std::string> names;
      for (const Tensor& t : inputs) {
        pointers.push_back(&t);
        names.push_back(absl::StrCat("x", names.size()));
      }
      const onnx::NodeProto node = NodeBuilder(combo.op).Inputs(names).Build();
      const PlainEvaluation plain;
      ExpectSame(RunKernel(node, combo.version, pointers),
                 RunKernel(node, combo.version, pointers, &plain), absl::StrCat("trial ", trial));
    }
  });
}

// ArgMin and ArgMax.
void ArgAgrees(const OpCombo& combo) {
  Random random(2000 + combo.version * 16 + static_cast<int>(combo.type));
  VisitNumericType(combo.type, [&]<typename T>(TypeTag<T>) {
    for (int trial = 0; trial < kTrialsPerCell; ++trial) {
      Shape shape = random.RandomShape(4);
      if (shape.empty()) shape.push_back(1 + random.Below(3));
      const int64_t rank = static_cast<int64_t>(shape.size());
      for (int64_t& d : shape) d = std::max<int64_t>(d, random.Below(4) == 0 ? 0 : 1);
      const int64_t axis = random.Below(2 * rank) - rank;
      NodeBuilder node(combo.op);
      node.Inputs({"data"}).Int("axis", axis).Int("keepdims", random.Below(2));
      if (combo.version >= 12) node.Int("select_last_index", random.Below(2));
      // The checker refuses an empty reduced axis: none here.
      shape[static_cast<size_t>(axis < 0 ? axis + rank : axis)] = 1 + random.Below(6);
      const Tensor data = random.Fill<T>(shape);
      const PlainEvaluation plain;
      ExpectSame(RunKernel(node.Build(), combo.version, {&data}),
                 RunKernel(node.Build(), combo.version, {&data}, &plain),
                 absl::StrCat("trial ", trial));
    }
  });
}

void ClipAgrees(const OpCombo& combo) {
  Random random(3000 + combo.version * 16 + static_cast<int>(combo.type));
  VisitNumericType(combo.type, [&]<typename T>(TypeTag<T>) {
    for (int trial = 0; trial < kTrialsPerCell; ++trial) {
      const Tensor x = random.Fill<T>(random.RandomShape(3));
      const Tensor lo = random.Fill<T>({});
      const Tensor hi = random.Fill<T>({});
      const bool has_lo = random.Below(4) != 0, has_hi = random.Below(4) != 0;
      const PlainEvaluation plain;
      const std::string what = absl::StrCat("trial ", trial);
      if (combo.version >= 11) {
        const onnx::NodeProto node =
            NodeBuilder("Clip").Inputs({"x", has_lo ? "lo" : "", has_hi ? "hi" : ""}).Build();
        const std::vector<const Tensor*> inputs = {&x, has_lo ? &lo : nullptr,
                                                   has_hi ? &hi : nullptr};
        ExpectSame(RunKernel(node, combo.version, inputs),
                   RunKernel(node, combo.version, inputs, &plain), what);
      } else if constexpr (kIsFloatType<T>) {
        const auto as_float = [](const Tensor& t) {
          return static_cast<float>(Widen(t.data<T>()[0]));
        };
        NodeBuilder node("Clip");
        node.Inputs({"x"});
        if (has_lo) node.Float("min", as_float(lo));
        if (has_hi) node.Float("max", as_float(hi));
        ExpectSame(RunKernel(node.Build(), combo.version, {&x}),
                   RunKernel(node.Build(), combo.version, {&x}, &plain), what);
      }
    }
  });
}

class PlainFastTest : public ::testing::TestWithParam<OpCombo> {};

TEST_P(PlainFastTest, FastKernelGivesThePlainLoopsBits) {
  const OpCombo& combo = GetParam();
  g_compared = 0;
  if (combo.op == "Min" || combo.op == "Max") ElementwiseAgrees(combo);
  if (combo.op == "ArgMin" || combo.op == "ArgMax") ArgAgrees(combo);
  if (combo.op == "Clip") ClipAgrees(combo);
  EXPECT_GT(g_compared, kTrialsPerCell * 3 / 4);
}

std::vector<OpCombo> AllCells() {
  std::vector<OpCombo> all;
  for (const char* op : {"Min", "ArgMin", "Clip", "Max", "ArgMax"}) {
    for (const OpCombo& combo : testing::CombosOf(op)) all.push_back(combo);
  }
  return all;
}

INSTANTIATE_TEST_SUITE_P(EveryCell, PlainFastTest, ::testing::ValuesIn(AllCells()),
                         testing::ComboName);

}  // namespace
}  // namespace onnx_conform
