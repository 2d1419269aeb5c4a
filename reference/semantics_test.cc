// The named element rules of reference/semantics.h, one by one, with literal
// expectations (the operator tests check them again through the kernels).
#include "reference/semantics.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "reference/element_rule_parts.h"

namespace onnx_conform {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }

// The rules for Min, Max and ArgMin by name.
template <typename T, std::same_as<T>... Rest>
T MinPropagatingNaN(T a, T b, Rest... rest) {
  return ExtremePropagatingNaN<Extreme::kMin>(a, b, rest...);
}
template <typename T, std::same_as<T>... Rest>
T MaxPropagatingNaN(T a, T b, Rest... rest) {
  return ExtremePropagatingNaN<Extreme::kMax>(a, b, rest...);
}
template <typename T>
bool LessForArgMin(T a, T b) {
  return AheadForArg<Extreme::kMin>(a, b);
}

TEST(MinPropagatingNaN, NaNWinsFromEitherSide) {
  EXPECT_TRUE(std::isnan(MinPropagatingNaN(kNaN, 1.0f)));
  EXPECT_TRUE(std::isnan(MinPropagatingNaN(1.0f, kNaN)));
  EXPECT_TRUE(std::isnan(MinPropagatingNaN(-kInf, kNaN)));
  // The first NaN, bit for bit.
  EXPECT_EQ(Bits(MinPropagatingNaN(-kNaN, kNaN)), Bits(-kNaN));
  EXPECT_EQ(Bits(MinPropagatingNaN(kNaN, -kNaN)), Bits(kNaN));
}

TEST(MinPropagatingNaN, TiesKeepTheFirstOperand) {
  EXPECT_EQ(Bits(MinPropagatingNaN(0.0f, -0.0f)), Bits(0.0f));
  EXPECT_EQ(Bits(MinPropagatingNaN(-0.0f, 0.0f)), Bits(-0.0f));
  EXPECT_EQ(MinPropagatingNaN(2, 1), 1);
  EXPECT_EQ(MinPropagatingNaN(INT64_MIN, INT64_MAX), INT64_MIN);
  EXPECT_EQ(MinPropagatingNaN(uint64_t{18446744073709551615u}, uint64_t{18446744073709551614u}),
            18446744073709551614u);
}

TEST(MinPropagatingNaN, HalfTypesCompareTheirValues) {
  // 0x3C00 = 1.0, 0xBC00 = -1.0, 0x8000 = -0, 0x0000 = +0.
  EXPECT_EQ(MinPropagatingNaN(Float16::FromBits(0x3C00), Float16::FromBits(0xBC00)).bits(), 0xBC00);
  EXPECT_EQ(MinPropagatingNaN(Float16::FromBits(0x0000), Float16::FromBits(0x8000)).bits(), 0x0000);
  EXPECT_EQ(MinPropagatingNaN(Float16::FromBits(0x0001), Float16::FromBits(0x7E01)).bits(), 0x7E01);
  EXPECT_EQ(MinPropagatingNaN(BFloat16::FromBits(0x3F80), BFloat16::FromBits(0x3F7F)).bits(),
            0x3F7F);
}

TEST(LessForArgMin, NaNIsBelowEverythingAndEqualToNaN) {
  EXPECT_TRUE(LessForArgMin(kNaN, -kInf));
  EXPECT_FALSE(LessForArgMin(-kInf, kNaN));
  EXPECT_FALSE(LessForArgMin(kNaN, -kNaN));
  EXPECT_FALSE(LessForArgMin(-0.0f, 0.0f));
  EXPECT_FALSE(LessForArgMin(0.0f, -0.0f));
  EXPECT_TRUE(LessForArgMin(Float16::FromBits(0x7C01), Float16::FromBits(0xFC00)));
  EXPECT_TRUE(LessForArgMin(int64_t{9007199254740992}, int64_t{9007199254740993}));
}

TEST(MaxPropagatingNaN, NaNWinsTiesKeepTheFirstLargestWins) {
  EXPECT_TRUE(std::isnan(MaxPropagatingNaN(kNaN, 1.0f)));
  EXPECT_TRUE(std::isnan(MaxPropagatingNaN(kInf, kNaN)));
  EXPECT_EQ(Bits(MaxPropagatingNaN(-kNaN, kNaN)), Bits(-kNaN));
  EXPECT_EQ(Bits(MaxPropagatingNaN(0.0f, -0.0f)), Bits(0.0f));
  EXPECT_EQ(Bits(MaxPropagatingNaN(-0.0f, 0.0f)), Bits(-0.0f));
  EXPECT_EQ(MaxPropagatingNaN(2, 1), 2);
  EXPECT_EQ(MaxPropagatingNaN(INT64_MIN, INT64_MAX, int64_t{3}), INT64_MAX);
  EXPECT_EQ(MaxPropagatingNaN(uint64_t{18446744073709551614u}, uint64_t{18446744073709551615u}),
            18446744073709551615u);
  // float16: 1 against -1, +0 against -0, a NaN against the smallest subnormal.
  EXPECT_EQ(MaxPropagatingNaN(Float16::FromBits(0xBC00), Float16::FromBits(0x3C00)).bits(), 0x3C00);
  EXPECT_EQ(MaxPropagatingNaN(Float16::FromBits(0x8000), Float16::FromBits(0x0000)).bits(), 0x8000);
  EXPECT_EQ(MaxPropagatingNaN(Float16::FromBits(0x0001), Float16::FromBits(0x7E01)).bits(), 0x7E01);
  EXPECT_EQ(MaxPropagatingNaN(BFloat16::FromBits(0xFF80), BFloat16::FromBits(0x7F80),
                              BFloat16::FromBits(0x3F80))
                .bits(),
            0x7F80);
}

TEST(AheadForArgMax, NaNIsAboveEverythingAndEqualToNaN) {
  EXPECT_TRUE(AheadForArg<Extreme::kMax>(kNaN, kInf));
  EXPECT_FALSE(AheadForArg<Extreme::kMax>(kInf, kNaN));
  EXPECT_FALSE(AheadForArg<Extreme::kMax>(kNaN, -kNaN));
  EXPECT_FALSE(AheadForArg<Extreme::kMax>(-0.0f, 0.0f));
  EXPECT_TRUE(AheadForArg<Extreme::kMax>(2.0, 1.0));
  EXPECT_TRUE(AheadForArg<Extreme::kMax>(Float16::FromBits(0xFC01), Float16::FromBits(0x7C00)));
  EXPECT_TRUE(AheadForArg<Extreme::kMax>(Float16::FromBits(0x3C00), Float16::FromBits(0xBC00)));
  EXPECT_TRUE(AheadForArg<Extreme::kMax>(uint64_t{9007199254740993}, uint64_t{9007199254740992}));
}

// The half-type comparisons use HalfOrderKey, not a conversion: checked here
// against the exactly widened float values. Every non-NaN pattern, sorted by
// its float value, must give keys in the same order (equal exactly where the
// floats are equal); NaN patterns compare false with everything.
template <typename T>
void ExpectHalfComparisonsFollowFloat() {
  std::vector<T> numbers;
  std::vector<T> nans;
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    const T value = T::FromBits(static_cast<uint16_t>(bits));
    (std::isnan(value.ToFloat()) ? nans : numbers).push_back(value);
  }
  ASSERT_EQ(numbers.size() + nans.size(), 65536u);
  std::stable_sort(numbers.begin(), numbers.end(),
                   [](T a, T b) { return a.ToFloat() < b.ToFloat(); });
  for (size_t i = 0; i + 1 < numbers.size(); ++i) {
    const T a = numbers[i];
    const T b = numbers[i + 1];
    const float fa = a.ToFloat();
    const float fb = b.ToFloat();
    ASSERT_EQ(Less(a, b), fa < fb) << a.bits() << " " << b.bits();
    ASSERT_FALSE(Less(b, a)) << a.bits() << " " << b.bits();
    ASSERT_EQ(Equal(a, b), fa == fb) << a.bits() << " " << b.bits();
    ASSERT_TRUE(LessOrEqual(a, b)) << a.bits() << " " << b.bits();
    ASSERT_EQ(LessOrEqual(b, a), fb <= fa) << a.bits() << " " << b.bits();
    ASSERT_TRUE(Equal(a, a)) << a.bits();
    ASSERT_EQ(LessForArgMin(a, b), fa < fb) << a.bits() << " " << b.bits();
    ASSERT_FALSE(LessForArgMin(b, a)) << a.bits() << " " << b.bits();
  }
  const T probes[] = {numbers.front(), numbers[numbers.size() / 2], numbers.back(), nans.front()};
  for (T nan : nans) {
    ASSERT_TRUE(IsNaN(nan)) << nan.bits();
    for (T other : probes) {
      ASSERT_FALSE(Less(nan, other) || Less(other, nan) || LessOrEqual(nan, other) ||
                   LessOrEqual(other, nan) || Equal(nan, other) || Equal(other, nan))
          << nan.bits() << " " << other.bits();
      // ArgMin's order: NaN below every number, all NaNs equal.
      ASSERT_EQ(LessForArgMin(nan, other), !IsNaN(other)) << nan.bits() << " " << other.bits();
      ASSERT_FALSE(LessForArgMin(other, nan)) << nan.bits() << " " << other.bits();
    }
  }
  for (T number : numbers) ASSERT_FALSE(IsNaN(number)) << number.bits();
}

// Half-type MinPropagatingNaN against numpy.minimum's rule written on the
// widened floats (a NaN wins, the first one if both; ties keep the first
// operand), for every pattern on either side of operands covering signed
// zeros, infinities, subnormals and NaNs of both signs.
template <typename T>
void ExpectHalfMinFollowsFloat() {
  const float others[] = {-kInf, -1.5f, -0.0f, 0.0f, 1e-40f, 1.0f, 2.0f, kInf, kNaN, -kNaN};
  const auto expected_min = [](T a, T b) {
    const float fa = a.ToFloat();
    const float fb = b.ToFloat();
    if (std::isnan(fa)) return a;
    if (std::isnan(fb)) return b;
    return fa <= fb ? a : b;
  };
  for (float other_value : others) {
    const T other = T::FromFloat(other_value);
    for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
      const T x = T::FromBits(static_cast<uint16_t>(bits));
      ASSERT_EQ(MinPropagatingNaN(x, other).bits(), expected_min(x, other).bits())
          << "a " << bits << " b " << other.bits();
      ASSERT_EQ(MinPropagatingNaN(other, x).bits(), expected_min(other, x).bits())
          << "a " << other.bits() << " b " << bits;
    }
  }
}

TEST(HalfComparisons, MinFollowsFloatForEveryPattern) {
  ExpectHalfMinFollowsFloat<Float16>();
  ExpectHalfMinFollowsFloat<BFloat16>();
}

// Min of three (one key per operand, carried along the fold) against the
// same float rule folded left, with every pattern in each position.
template <typename T>
void ExpectHalfMinOfThreeFollowsFloat() {
  const float others[] = {-kInf, -0.0f, 0.0f, 1.0f, kNaN, -kNaN};
  const auto expected_min = [](T a, T b) {
    if (std::isnan(a.ToFloat())) return a;
    if (std::isnan(b.ToFloat())) return b;
    return a.ToFloat() <= b.ToFloat() ? a : b;
  };
  for (float first : others) {
    for (float second : others) {
      const T y = T::FromFloat(first);
      const T z = T::FromFloat(second);
      for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
        const T x = T::FromBits(static_cast<uint16_t>(bits));
        ASSERT_EQ(MinPropagatingNaN(x, y, z).bits(), expected_min(expected_min(x, y), z).bits())
            << bits << " first, then " << y.bits() << ", " << z.bits();
        ASSERT_EQ(MinPropagatingNaN(y, x, z).bits(), expected_min(expected_min(y, x), z).bits())
            << bits << " second, between " << y.bits() << " and " << z.bits();
        ASSERT_EQ(MinPropagatingNaN(y, z, x).bits(), expected_min(expected_min(y, z), x).bits())
            << bits << " last, after " << y.bits() << ", " << z.bits();
      }
    }
  }
}

TEST(HalfComparisons, MinOfThreeFollowsFloatForEveryPattern) {
  ExpectHalfMinOfThreeFollowsFloat<Float16>();
  ExpectHalfMinOfThreeFollowsFloat<BFloat16>();
}

TEST(MinPropagatingNaN, ThreeOperandsFoldLeft) {
  EXPECT_EQ(Bits(MinPropagatingNaN(1.0f, kNaN, -kNaN)), Bits(kNaN));   // the earliest NaN
  EXPECT_EQ(Bits(MinPropagatingNaN(0.0f, -0.0f, -0.0f)), Bits(0.0f));  // ties keep the first
  EXPECT_EQ(MinPropagatingNaN(3, 1, 2), 1);
  EXPECT_EQ(MinPropagatingNaN(Float16::FromBits(0x3C00), Float16::FromBits(0x0000),
                              Float16::FromBits(0x8000))
                .bits(),
            0x0000);
}

TEST(HalfComparisons, Float16OrdersEveryPatternAsItsFloatValue) {
  ExpectHalfComparisonsFollowFloat<Float16>();
  EXPECT_EQ(HalfOrderKey(Float16::FromBits(0x8000)), 0);        // -0
  EXPECT_EQ(HalfOrderKey(Float16::FromBits(0x7C00)), 0x7C00);   // +inf
  EXPECT_EQ(HalfOrderKey(Float16::FromBits(0xFC00)), -0x7C00);  // -inf
}

TEST(HalfComparisons, BFloat16OrdersEveryPatternAsItsFloatValue) {
  ExpectHalfComparisonsFollowFloat<BFloat16>();
  EXPECT_EQ(HalfOrderKey(BFloat16::FromBits(0x8000)), 0);
  EXPECT_EQ(HalfOrderKey(BFloat16::FromBits(0xFF80)), -0x7F80);
}

}  // namespace
}  // namespace onnx_conform
