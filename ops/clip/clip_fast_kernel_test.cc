// Clip's fast element rule (clip_fast_kernel.h) and the conversion of its
// FLOAT attribute bounds (clip_element_rule.h), on chosen values and, for
// the half types, on every bit pattern against the rule on widened floats.
#include "ops/clip/clip_fast_kernel.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <variant>

#include "checker/registry.h"
#include "gtest/gtest.h"
#include "ops/clip/clip_element_rule.h"

namespace onnx_conform {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }

TEST(ClipValue, BoundsNaNAndTies) {
  EXPECT_EQ(ClipValue(5.0f, 1.0f, 3.0f), 3.0f);
  EXPECT_EQ(ClipValue(-5.0f, 1.0f, 3.0f), 1.0f);
  EXPECT_EQ(ClipValue(2.0f, 3.0f, 1.0f), 1.0f);  // min > max: max
  EXPECT_EQ(ClipValue(9.0f, 3.0f, 1.0f), 1.0f);
  EXPECT_EQ(Bits(ClipValue(-kNaN, 1.0f, 3.0f)), Bits(-kNaN));
  EXPECT_EQ(Bits(ClipValue(2.0f, -kNaN, 3.0f)), Bits(-kNaN));
  EXPECT_EQ(Bits(ClipValue(2.0f, 1.0f, -kNaN)), Bits(-kNaN));
  EXPECT_EQ(Bits(ClipValue(-0.0f, 0.0f, 1.0f)), Bits(-0.0f));
  EXPECT_EQ(Bits(ClipValue(0.0f, -1.0f, -0.0f)), Bits(0.0f));
  EXPECT_EQ(
      ClipValue(uint64_t{18446744073709551615u}, uint64_t{0}, uint64_t{18446744073709551614u}),
      18446744073709551614u);
}

TEST(ConvertFloatAttribute, RoundsToNearestEvenForHalfTypes) {
  EXPECT_EQ(ConvertFloatAttribute<Float16>(0.1f).bits(), 0x2E66);
  EXPECT_EQ(ConvertFloatAttribute<Float16>(1.00048828125f).bits(), 0x3C00);  // tie to even
  EXPECT_EQ(ConvertFloatAttribute<Float16>(1.00146484375f).bits(), 0x3C02);  // tie to even, up
  EXPECT_EQ(ConvertFloatAttribute<Float16>(std::numeric_limits<float>::max()).bits(), 0x7C00);
  EXPECT_EQ(ConvertFloatAttribute<Float16>(std::numeric_limits<float>::lowest()).bits(), 0xFC00);
  EXPECT_EQ(ConvertFloatAttribute<BFloat16>(std::numeric_limits<float>::max()).bits(), 0x7F80);
  EXPECT_EQ(ConvertFloatAttribute<double>(0.1f), 0.100000001490116119384765625);
  // Clip-6's printed defaults, which the kernels read through its schema.
  const OpSchema& clip6 = *FindSchemaVersion("Clip", 6);
  EXPECT_EQ(std::get<float>(clip6.FindAttribute("max")->default_value), 3.4028234663852886e38f);
  EXPECT_EQ(std::get<float>(clip6.FindAttribute("min")->default_value), -3.4028234663852886e38f);
}

// Half-type ClipValue against the rule written on the widened floats, for
// every pattern of x and bounds covering lo > hi, signed zeros, infinities
// and NaN. The result must be x, lo or hi bit for bit.
template <typename T>
void ExpectHalfClipFollowsFloat() {
  const float bounds[] = {-kInf, -1.5f, -0.0f, 0.0f, 1.0f, 2.0f, kInf, kNaN, -kNaN};
  for (float lo_value : bounds) {
    for (float hi_value : bounds) {
      const T lo = T::FromFloat(lo_value);
      const T hi = T::FromFloat(hi_value);
      const bool nan_bound = std::isnan(lo.ToFloat()) || std::isnan(hi.ToFloat());
      for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
        const T x = T::FromBits(static_cast<uint16_t>(bits));
        T expected = x;
        if (nan_bound) {
          if (!std::isnan(x.ToFloat())) expected = std::isnan(lo.ToFloat()) ? lo : hi;
        } else {
          if (x.ToFloat() < lo.ToFloat()) expected = lo;
          if (hi.ToFloat() < expected.ToFloat()) expected = hi;
        }
        ASSERT_EQ(ClipValue(x, lo, hi).bits(), expected.bits())
            << "x " << bits << " lo " << lo.bits() << " hi " << hi.bits();
      }
    }
  }
}

TEST(HalfComparisons, ClipFollowsFloatForEveryPattern) {
  ExpectHalfClipFollowsFloat<Float16>();
  ExpectHalfClipFollowsFloat<BFloat16>();
}

}  // namespace
}  // namespace onnx_conform
