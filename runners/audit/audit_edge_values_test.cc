// The generated values of `audit --model`: every input, whatever its shape
// (a scalar too), meets every edge value of its type over the data sets,
// and two inputs do not meet each other's values in one fixed pairing.
#include "runners/audit/audit_edge_values.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <set>
#include <vector>

#include "gtest/gtest.h"
#include "tensor/float16.h"

namespace onnx_conform {
namespace {

// Every value input `input` of `shape` takes over all `sets`, as bit patterns.
// A value's bits, widened (so -0 and 0 differ and NaN equals NaN).
template <typename T>
uint64_t Bits(T v) {
  static_assert(sizeof(T) <= sizeof(uint64_t));
  uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof(T));
  return bits;
}

template <typename T>
std::set<uint64_t> Seen(const EdgeValues& edges, ElementType type, const Shape& shape, int sets,
                        int input) {
  std::set<uint64_t> seen;
  for (int s = 0; s < sets; ++s) {
    absl::StatusOr<Tensor> t = edges.Values(type, shape, s, input);
    EXPECT_TRUE(t.ok()) << t.status();
    if (!t.ok()) continue;
    for (const T& v : t->template data<T>()) seen.insert(Bits(v));
  }
  return seen;
}

TEST(EdgeValuesTest, EveryShapeMeetsEveryEdgeValueOfFloat16) {
  const EdgeValues edges({6.0});
  using L = std::numeric_limits<Float16>;
  const std::vector<Float16> wanted = {
      L::infinity(),
      Float16::FromFloat(-std::numeric_limits<float>::infinity()),
      L::quiet_NaN(),
      L::max(),
      L::lowest(),
      Float16::FromBits(0x7BFE),  // max's neighbour
      Float16::FromBits(0xFBFE),  // lowest's neighbour
      Float16::FromFloat(0.0f),
      Float16::FromFloat(-0.0f),
      L::denorm_min(),
      Float16::FromBits(0x8001),  // -denorm_min
      L::min(),
      Float16::FromFloat(6.0f),
      Float16::FromBits(0x45FF),  // 6's neighbours
      Float16::FromBits(0x4601),
  };
  for (const Shape& shape : std::vector<Shape>{{}, {1}, {4}, {2, 5}, {64}}) {
    const int64_t n = *ElementCount(shape);
    for (int input : {0, 1, 2}) {
      const int sets = edges.SetCount({{ElementType::kFloat16, n}, {ElementType::kFloat16, 64}});
      const auto seen = Seen<Float16>(edges, ElementType::kFloat16, shape, sets, input);
      for (Float16 v : wanted) {
        EXPECT_TRUE(seen.contains(Bits(v)))
            << "shape of " << n << " elements, input " << input << ", bits " << v.bits();
      }
    }
  }
}

TEST(EdgeValuesTest, IntegersAndDoublesMeetTheirExtremesAndBounds) {
  const EdgeValues edges({-3.0, 1e300});
  const int sets = edges.SetCount({{ElementType::kInt64, 1}});
  const auto ints = Seen<int64_t>(edges, ElementType::kInt64, {}, sets, 1);
  for (int64_t v : {std::numeric_limits<int64_t>::lowest(), std::numeric_limits<int64_t>::max(),
                    std::numeric_limits<int64_t>::max() - 1, int64_t{0}, int64_t{-3}, int64_t{-4},
                    int64_t{-2}}) {
    EXPECT_TRUE(ints.contains(Bits(v))) << v;
  }
  const int double_sets = edges.SetCount({{ElementType::kDouble, 1}});
  const auto doubles = Seen<double>(edges, ElementType::kDouble, {}, double_sets, 0);
  const double float_max = std::numeric_limits<float>::max();
  for (double v :
       {float_max, std::nextafter(float_max, 0.0),
        std::nextafter(float_max, std::numeric_limits<double>::infinity()), -float_max,
        std::numeric_limits<double>::max(), std::numeric_limits<double>::denorm_min(), 1e300}) {
    EXPECT_TRUE(doubles.contains(Bits(v))) << v;
  }
}

// Scalar inputs never get one same value in one set (a Min(x, z) would
// give that value at both versions, whatever x's node changed).
TEST(EdgeValuesTest, InputsNeverHoldOneValueAtOnePlace) {
  const EdgeValues edges;
  constexpr int kInputs = 4;
  const int sets = edges.SetCount({{ElementType::kFloat, 1}});
  EXPECT_GE(sets, static_cast<int>(edges.Count(ElementType::kFloat)));
  for (int s = 0; s < sets; ++s) {
    std::set<uint64_t> held;
    for (int k = 0; k < kInputs; ++k) {
      const float v = edges.Values(ElementType::kFloat, {}, s, k)->data<float>()[0];
      EXPECT_TRUE(held.insert(Bits(v)).second)
          << "set " << s << ": input " << k << " repeats " << v;
    }
  }
  EXPECT_EQ(edges.Count(ElementType::kString), 0u);
  EXPECT_FALSE(edges.Values(ElementType::kString, {1}, 0, 0).ok());
}

}  // namespace
}  // namespace onnx_conform
