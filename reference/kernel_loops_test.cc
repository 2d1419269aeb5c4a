// The fast kernels' loop structure (fused Min over chunks, broadcast rows,
// the four-row and lane-parallel ArgMin, Clip's hoisted bound checks, narrow
// index types) against the plain normative loops, on sizes around every
// block boundary, for every element type, with many ties, NaNs, signed zeros
// and infinities. plain_fast_test.cc compares the two on random shapes of
// every operator version; this file on the sizes where the fast loops
// change strategy.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "gtest/gtest.h"
#include "ops/arg_extremum/argmin_kernel.h"
#include "ops/clip/clip_kernel.h"
#include "ops/extremum/min_kernel.h"
#include "reference/evaluation.h"
#include "tensor/broadcast.h"
#include "testing/reference_test_util.h"

namespace onnx_conform {
namespace {

using testing::BitsEqual;
using testing::RunKernel;

template <typename T>
auto Wide(T v) {
  if constexpr (kIsHalfType<T>) {
    return v.ToFloat();
  } else {
    return v;
  }
}
template <typename T>
bool Nan(T v) {
  if constexpr (kIsFloatType<T>) {
    return std::isnan(static_cast<double>(Wide(v)));
  } else {
    return false;
  }
}

struct Lcg {
  uint64_t state;
  uint64_t Next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return state >> 33;
  }
};

// Values from a small pool, so ties are frequent; float types also get
// NaNs of both signs, infinities and both zeros.
template <typename T>
std::vector<T> Pool() {
  std::vector<T> pool;
  for (int v : {-3, -1, 0, 1, 2, 7}) pool.push_back(testing::V<T>(v));
  if constexpr (kIsFloatType<T>) {
    for (double v : {testing::kNaN, -testing::kNaN, testing::kInf, -testing::kInf, -0.0, 0.5}) {
      pool.push_back(testing::V<T>(v));
    }
  } else {
    pool.push_back(std::numeric_limits<T>::lowest());
    pool.push_back(std::numeric_limits<T>::max());
  }
  return pool;
}

template <typename T>
Tensor RandomTensor(const Shape& shape, Lcg& rng, int nan_rarity = 1) {
  const std::vector<T> pool = Pool<T>();
  std::vector<T> values(static_cast<size_t>(*ElementCount(shape)));
  for (T& v : values) {
    do {
      v = pool[rng.Next() % pool.size()];
    } while (Nan(v) && rng.Next() % nan_rarity != 0);
  }
  return Tensor::FromValues<T>(shape, std::span<const T>(values));
}

// The same call on the plain normative loops (ops/<family>/*_kernel.cc), whose rules the operator
// tests and the case library check. Min or Max, ArgMin or ArgMax, and Clip nodes of opset 13 for
// RunKernel.
onnx::NodeProto ExtremeNode(const std::string& op, size_t inputs) {
  std::vector<std::string> names;
  for (size_t k = 0; k < inputs; ++k) names.push_back("x" + std::to_string(k));
  return testing::NodeBuilder(op).Inputs(names).Build();
}
onnx::NodeProto ArgNode(const std::string& op, int64_t axis, bool select_last) {
  return testing::NodeBuilder(op)
      .Inputs({"x"})
      .Int("axis", axis)
      .Int("keepdims", 1)
      .Int("select_last_index", select_last ? 1 : 0)
      .Build();
}
const onnx::NodeProto kClipNode = testing::NodeBuilder("Clip").Inputs({"x", "lo", "hi"}).Build();

Tensor PlainResult(const absl::StatusOr<Tensor>& plain) {
  EXPECT_TRUE(plain.ok()) << plain.status();
  return plain.ok() ? *plain : Tensor();
}

// ---- the tests, for every numeric type ----

template <typename T>
class KernelLoopsTest : public ::testing::Test {};

using AllTypes = ::testing::Types<float, double, Float16, BFloat16, int8_t, int16_t, int32_t,
                                  int64_t, uint8_t, uint16_t, uint32_t, uint64_t>;
TYPED_TEST_SUITE(KernelLoopsTest, AllTypes);

TYPED_TEST(KernelLoopsTest, MinAndMaxOfManyInputsAcrossChunksAndBroadcasts) {
  using T = TypeParam;
  Lcg rng{11};
  // Rows longer than a chunk (8192 bytes), broadcasts of every kind, 1-6
  // inputs (folded three, then two at a time, then one).
  const std::vector<std::vector<Shape>> cases = {
      {{9000}},
      {{9000}, {9000}},
      {{3, 9000}, {3, 9000}, {3, 9000}},
      {{2, 8193}, {2, 8193}, {1}, {2, 8193}},
      {{5, 3000}, {5, 1}, {3000}},
      {{5, 1}, {5, 3000}, {3000}},
      {{2, 9000}, {1}, {2, 9000}, {2, 1}, {9000}},
      {{3, 70}, {70}, {3, 1}, {1}, {3, 70}, {1, 70}},
      {{4, 1, 3, 1}, {1, 5, 1, 2}, {5, 3, 2}},
      {{64, 70}, {1, 70}},
      {{70, 64}, {70, 1}},
      {{2, 3, 4, 5}, {2, 1, 4, 1}},
      {{}, {2, 2}},
      {{0, 3}, {3}},
  };
  for (const std::vector<Shape>& shapes : cases) {
    for (const char* op : {"Min", "Max"}) {
      std::vector<Tensor> inputs;
      std::vector<const Tensor*> pointers;
      for (const Shape& shape : shapes) inputs.push_back(RandomTensor<T>(shape, rng));
      for (const Tensor& t : inputs) pointers.push_back(&t);
      const onnx::NodeProto node = ExtremeNode(op, pointers.size());
      const absl::StatusOr<Tensor> actual = RunKernel(node, 13, pointers);
      ASSERT_TRUE(actual.ok()) << actual.status();
      const PlainEvaluation plain;
      EXPECT_TRUE(BitsEqual(*actual, PlainResult(RunKernel(node, 13, pointers, &plain))))
          << op << ", " << shapes.size() << " inputs, first " << ShapeToString(shapes[0]);
      // Written into input 0 (when it has the output's shape): the same bits.
      Tensor reusable = inputs[0];
      const std::byte* memory = reusable.bytes().data();
      std::vector<const Tensor*> in_place = pointers;
      in_place[0] = &reusable;
      const absl::StatusOr<Tensor> rewritten = RunKernel(node, 13, in_place, nullptr, &reusable);
      ASSERT_TRUE(rewritten.ok()) << rewritten.status();
      EXPECT_TRUE(BitsEqual(*rewritten, *actual)) << "in place, first " << ShapeToString(shapes[0]);
      if (actual->element_count() > 0) {
        EXPECT_EQ(rewritten->bytes().data() == memory, shapes[0] == actual->shape())
            << ShapeToString(shapes[0]);
      }
    }
  }
}

TYPED_TEST(KernelLoopsTest, ArgMinAndArgMaxAroundLaneAndRowBlocks) {
  using T = TypeParam;
  Lcg rng{12};
  for (int64_t n : {1, 2, 3, 4, 5, 8, 9, 63, 64, 65, 127, 128, 129, 130, 200, 1000, 4100}) {
    for (int64_t inner : {1, 2, 17, 64}) {
      if (n * inner > 40000) continue;
      for (int nan_rarity : {1, 50}) {
        const Tensor data = RandomTensor<T>({2, n, inner}, rng, nan_rarity);
        for (bool select_last : {false, true}) {
          for (const char* op : {"ArgMin", "ArgMax"}) {
            const onnx::NodeProto node = ArgNode(op, 1, select_last);
            const absl::StatusOr<Tensor> actual = RunKernel(node, 13, {&data});
            ASSERT_TRUE(actual.ok()) << actual.status();
            const PlainEvaluation plain;
            EXPECT_TRUE(BitsEqual(*actual, PlainResult(RunKernel(node, 13, {&data}, &plain))))
                << op << " n " << n << " inner " << inner << " select_last " << select_last;
          }
        }
      }
    }
  }
}

TYPED_TEST(KernelLoopsTest, ArgMinAndArgMaxWithAWideIndex) {
  using T = TypeParam;
  // More than 32767 rows: the int32 index; the extreme sits past 2^15.
  Lcg rng{13};
  const int64_t n = 40000;
  for (int64_t inner : {1, 3}) {
    for (const char* op : {"ArgMin", "ArgMax"}) {
      Tensor data = RandomTensor<T>({n, inner}, rng);
      for (int64_t i = 0; i < inner; ++i) {
        data.data<T>()[(n - 5) * inner + i] = std::string(op) == "ArgMin"
                                                  ? std::numeric_limits<T>::lowest()
                                                  : std::numeric_limits<T>::max();
      }
      if constexpr (kIsFloatType<T>) {
        for (int64_t k = 0; k < n; ++k) {  // NaN wins: remove them here
          for (int64_t i = 0; i < inner; ++i) {
            T& v = data.data<T>()[k * inner + i];
            if (Nan(v)) v = testing::V<T>(1);
          }
        }
      }
      for (bool select_last : {false, true}) {
        const onnx::NodeProto node = ArgNode(op, 0, select_last);
        const absl::StatusOr<Tensor> actual = RunKernel(node, 13, {&data});
        ASSERT_TRUE(actual.ok()) << actual.status();
        const PlainEvaluation plain;
        EXPECT_TRUE(BitsEqual(*actual, PlainResult(RunKernel(node, 13, {&data}, &plain))));
      }
    }
  }
}

TYPED_TEST(KernelLoopsTest, ClipWithEveryKindOfBound) {
  using T = TypeParam;
  Lcg rng{14};
  const Tensor x = RandomTensor<T>({3, 1001}, rng);
  const std::vector<T> pool = Pool<T>();
  for (T lo : pool) {
    for (T hi : pool) {
      const Tensor lo_tensor = Tensor::FromValues<T>({}, {lo});
      const Tensor hi_tensor = Tensor::FromValues<T>({}, {hi});
      const absl::StatusOr<Tensor> actual = RunKernel(kClipNode, 13, {&x, &lo_tensor, &hi_tensor});
      ASSERT_TRUE(actual.ok()) << actual.status();
      const PlainEvaluation plain;
      EXPECT_TRUE(BitsEqual(
          *actual, PlainResult(RunKernel(kClipNode, 13, {&x, &lo_tensor, &hi_tensor}, &plain))));
      Tensor reusable = x;  // written in place: the same bits, in its memory
      const std::byte* memory = reusable.bytes().data();
      const absl::StatusOr<Tensor> rewritten =
          RunKernel(kClipNode, 13, {&reusable, &lo_tensor, &hi_tensor}, nullptr, &reusable);
      ASSERT_TRUE(rewritten.ok()) << rewritten.status();
      EXPECT_TRUE(BitsEqual(*rewritten, *actual));
      EXPECT_EQ(rewritten->bytes().data(), memory);
    }
  }
}

}  // namespace
}  // namespace onnx_conform
