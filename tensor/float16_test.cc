// Tests of Float16 and BFloat16: widening of known bit patterns, narrowing
// with round-to-nearest-even, and an exhaustive round trip over all patterns.
#include "tensor/float16.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

float FloatFromBits(uint32_t bits) { return std::bit_cast<float>(bits); }

// ---------------------------------------------------------------- Float16

TEST(Float16Test, ToFloatOfKnownPatterns) {
  EXPECT_EQ(Float16::FromBits(0x3C00).ToFloat(), 1.0f);
  EXPECT_EQ(Float16::FromBits(0xC000).ToFloat(), -2.0f);
  EXPECT_EQ(Float16::FromBits(0x3E00).ToFloat(), 1.5f);
  EXPECT_EQ(Float16::FromBits(0x7BFF).ToFloat(), 65504.0f);
  EXPECT_EQ(Float16::FromBits(0xFBFF).ToFloat(), -65504.0f);
  EXPECT_EQ(Float16::FromBits(0x0400).ToFloat(), 0x1p-14f);         // smallest normal
  EXPECT_EQ(Float16::FromBits(0x0001).ToFloat(), 0x1p-24f);         // smallest subnormal
  EXPECT_EQ(Float16::FromBits(0x03FF).ToFloat(), 1023 * 0x1p-24f);  // largest subnormal
  EXPECT_EQ(Float16::FromBits(0x8001).ToFloat(), -0x1p-24f);
  EXPECT_EQ(Float16::FromBits(0x3555).ToFloat(), 0.333251953125f);
  EXPECT_EQ(Float16::FromBits(0x2E66).ToFloat(), 0.0999755859375f);
}

TEST(Float16Test, ToFloatOfZerosInfinitiesAndNaN) {
  const float positive_zero = Float16::FromBits(0x0000).ToFloat();
  const float negative_zero = Float16::FromBits(0x8000).ToFloat();
  EXPECT_EQ(positive_zero, 0.0f);
  EXPECT_FALSE(std::signbit(positive_zero));
  EXPECT_EQ(negative_zero, 0.0f);
  EXPECT_TRUE(std::signbit(negative_zero));

  EXPECT_EQ(Float16::FromBits(0x7C00).ToFloat(), std::numeric_limits<float>::infinity());
  EXPECT_EQ(Float16::FromBits(0xFC00).ToFloat(), -std::numeric_limits<float>::infinity());

  for (uint16_t nan_bits : {0x7E00, 0x7C01, 0x7FFF, 0xFE00, 0xFC01}) {
    SCOPED_TRACE(nan_bits);
    EXPECT_TRUE(std::isnan(Float16::FromBits(nan_bits).ToFloat()));
    EXPECT_TRUE(Float16::FromBits(nan_bits).IsNaN());
  }
  EXPECT_FALSE(Float16::FromBits(0x7C00).IsNaN());
  EXPECT_FALSE(Float16::FromBits(0x7BFF).IsNaN());
  EXPECT_FALSE(Float16::FromBits(0x0000).IsNaN());
}

TEST(Float16Test, ImplicitConversionToFloat) {
  const float value = Float16::FromBits(0xBC00);
  EXPECT_EQ(value, -1.0f);
}

TEST(Float16Test, FromFloatExactValues) {
  EXPECT_EQ(Float16::FromFloat(1.0f).bits(), 0x3C00);
  EXPECT_EQ(Float16::FromFloat(-2.0f).bits(), 0xC000);
  EXPECT_EQ(Float16::FromFloat(1.5f).bits(), 0x3E00);
  EXPECT_EQ(Float16::FromFloat(65504.0f).bits(), 0x7BFF);
  EXPECT_EQ(Float16::FromFloat(-65504.0f).bits(), 0xFBFF);
  EXPECT_EQ(Float16::FromFloat(0x1p-14f).bits(), 0x0400);
  EXPECT_EQ(Float16::FromFloat(0x1p-24f).bits(), 0x0001);
  EXPECT_EQ(Float16::FromFloat(1023 * 0x1p-24f).bits(), 0x03FF);
  EXPECT_EQ(Float16::FromFloat(0.0f).bits(), 0x0000);
  EXPECT_EQ(Float16::FromFloat(-0.0f).bits(), 0x8000);
}

TEST(Float16Test, FromFloatRoundsToNearest) {
  EXPECT_EQ(Float16::FromFloat(0.1f).bits(), 0x2E66);
  EXPECT_EQ(Float16::FromFloat(1.0f / 3.0f).bits(), 0x3555);
  // Just above and below a halfway point go to the nearer neighbour.
  EXPECT_EQ(Float16::FromFloat(1.0f + 0x1p-11f + 0x1p-20f).bits(), 0x3C01);
  EXPECT_EQ(Float16::FromFloat(1.0f + 0x1p-11f - 0x1p-20f).bits(), 0x3C00);
  EXPECT_EQ(Float16::FromFloat(-(1.0f + 0x1p-11f + 0x1p-20f)).bits(), 0xBC01);
}

TEST(Float16Test, FromFloatTiesGoToEven) {
  // 1 + 2^-11 is halfway between 0x3C00 (even) and 0x3C01: down.
  EXPECT_EQ(Float16::FromFloat(1.0f + 0x1p-11f).bits(), 0x3C00);
  // 1 + 3*2^-11 is halfway between 0x3C01 and 0x3C02 (even): up.
  EXPECT_EQ(Float16::FromFloat(1.0f + 3 * 0x1p-11f).bits(), 0x3C02);
  EXPECT_EQ(Float16::FromFloat(-(1.0f + 3 * 0x1p-11f)).bits(), 0xBC02);
  // Halfway between 2048 and 2050 (ulp 2): 2049 -> 2048 (0x6800, even).
  EXPECT_EQ(Float16::FromFloat(2049.0f).bits(), 0x6800);
  // 2051 -> 2052 (0x6802, even).
  EXPECT_EQ(Float16::FromFloat(2051.0f).bits(), 0x6802);
  // A tie whose rounding carries into the exponent: 2 - 2^-11 is halfway
  // between 0x3BFF (2 - 2^-10, odd) and 0x4000 (2.0, even).
  EXPECT_EQ(Float16::FromFloat(2.0f - 0x1p-11f).bits(), 0x4000);
}

TEST(Float16Test, FromFloatSubnormalsRoundToNearestEven) {
  EXPECT_EQ(Float16::FromFloat(0x1p-25f).bits(), 0x0000);  // tie between 0 and 0x0001: 0
  EXPECT_EQ(Float16::FromFloat(-0x1p-25f).bits(), 0x8000);
  EXPECT_EQ(Float16::FromFloat(3 * 0x1p-25f).bits(), 0x0002);         // tie 1|2: 2
  EXPECT_EQ(Float16::FromFloat(5 * 0x1p-25f).bits(), 0x0002);         // tie 2|3: 2
  EXPECT_EQ(Float16::FromFloat(0x1p-25f + 0x1p-35f).bits(), 0x0001);  // above half
  EXPECT_EQ(Float16::FromFloat(0x1p-26f).bits(), 0x0000);
  EXPECT_EQ(Float16::FromFloat(std::numeric_limits<float>::denorm_min()).bits(), 0x0000);
  EXPECT_EQ(Float16::FromFloat(-std::numeric_limits<float>::denorm_min()).bits(), 0x8000);
  EXPECT_EQ(Float16::FromFloat(std::numeric_limits<float>::min()).bits(), 0x0000);
  // 1022.5 * 2^-24: tie between 0x03FE (even) and 0x03FF.
  EXPECT_EQ(Float16::FromFloat(1022.5f * 0x1p-24f).bits(), 0x03FE);
  // 1023.5 * 2^-24: tie between the largest subnormal 0x03FF and the
  // smallest normal 0x0400 (even).
  EXPECT_EQ(Float16::FromFloat(1023.5f * 0x1p-24f).bits(), 0x0400);
  EXPECT_EQ(Float16::FromFloat(1023.25f * 0x1p-24f).bits(), 0x03FF);
  // Just below the smallest normal.
  EXPECT_EQ(Float16::FromFloat(FloatFromBits(0x387FFFFF)).bits(), 0x0400);
}

TEST(Float16Test, FromFloatOverflow) {
  EXPECT_EQ(Float16::FromFloat(65519.0f).bits(), 0x7BFF);
  EXPECT_EQ(Float16::FromFloat(FloatFromBits(0x477FEFFF)).bits(), 0x7BFF);  // 65519.996
  EXPECT_EQ(Float16::FromFloat(65520.0f).bits(), 0x7C00);  // tie 65504|65536: even is inf
  EXPECT_EQ(Float16::FromFloat(-65520.0f).bits(), 0xFC00);
  EXPECT_EQ(Float16::FromFloat(65536.0f).bits(), 0x7C00);
  EXPECT_EQ(Float16::FromFloat(1e10f).bits(), 0x7C00);
  EXPECT_EQ(Float16::FromFloat(std::numeric_limits<float>::max()).bits(), 0x7C00);
  EXPECT_EQ(Float16::FromFloat(std::numeric_limits<float>::lowest()).bits(), 0xFC00);
  EXPECT_EQ(Float16::FromFloat(std::numeric_limits<float>::infinity()).bits(), 0x7C00);
  EXPECT_EQ(Float16::FromFloat(-std::numeric_limits<float>::infinity()).bits(), 0xFC00);
}

TEST(Float16Test, FromFloatNaNStaysNaN) {
  // Quiet NaN, a signaling NaN whose payload sits only in the low bits (a
  // plain truncation would turn it into infinity), and negative NaNs.
  for (uint32_t nan_bits :
       {0x7FC00000u, 0x7F800001u, 0x7FFFFFFFu, 0xFFC00000u, 0xFF800001u, 0x7F802000u}) {
    SCOPED_TRACE(nan_bits);
    const Float16 h = Float16::FromFloat(FloatFromBits(nan_bits));
    EXPECT_TRUE(h.IsNaN());
    EXPECT_TRUE(std::isnan(h.ToFloat()));
    EXPECT_EQ(h.bits() & 0x8000, (nan_bits >> 16) & 0x8000) << "sign of the NaN";
  }
}

TEST(Float16Test, ExhaustiveRoundTripOfEveryNonNaNPattern) {
  int checked = 0;
  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    const Float16 h = Float16::FromBits(static_cast<uint16_t>(b));
    if (h.IsNaN()) {
      ASSERT_TRUE(Float16::FromFloat(h.ToFloat()).IsNaN()) << b;
      continue;
    }
    ASSERT_EQ(Float16::FromFloat(h.ToFloat()).bits(), b) << "pattern 0x" << std::hex << b;
    ++checked;
  }
  EXPECT_EQ(checked, 65536 - 2 * 1023);
}

TEST(Float16Test, ToFloatIsMonotonicOverPositivePatterns) {
  // An independent check of ToFloat: consecutive non-negative finite
  // patterns map to strictly increasing floats, with spacing 2^-24 below 2^-14.
  float previous = -1.0f;
  for (uint32_t b = 0; b < 0x7C00; ++b) {
    const float value = Float16::FromBits(static_cast<uint16_t>(b)).ToFloat();
    ASSERT_GT(value, previous) << b;
    if (b < 0x0400) {
      ASSERT_EQ(value, static_cast<float>(b) * 0x1p-24f) << b;
    }
    previous = value;
  }
}

TEST(Float16Test, NumericLimits) {
  using Limits = std::numeric_limits<Float16>;
  EXPECT_TRUE(Limits::is_specialized);
  EXPECT_TRUE(Limits::is_signed);
  EXPECT_FALSE(Limits::is_integer);
  EXPECT_EQ(Limits::lowest().ToFloat(), -65504.0f);
  EXPECT_EQ(Limits::max().ToFloat(), 65504.0f);
  EXPECT_EQ(Limits::min().ToFloat(), 0x1p-14f);
  EXPECT_EQ(Limits::denorm_min().ToFloat(), 0x1p-24f);
  EXPECT_EQ(Limits::infinity().ToFloat(), std::numeric_limits<float>::infinity());
  EXPECT_TRUE(Limits::quiet_NaN().IsNaN());
  static_assert(std::numeric_limits<Float16>::max().bits() == 0x7BFF);
}

// ---------------------------------------------------------------- BFloat16

TEST(BFloat16Test, ToFloatOfKnownPatterns) {
  EXPECT_EQ(BFloat16::FromBits(0x3F80).ToFloat(), 1.0f);
  EXPECT_EQ(BFloat16::FromBits(0xC000).ToFloat(), -2.0f);
  EXPECT_EQ(BFloat16::FromBits(0x3FC0).ToFloat(), 1.5f);
  EXPECT_EQ(BFloat16::FromBits(0x7F7F).ToFloat(), 0x1.FEp127f);
  EXPECT_EQ(BFloat16::FromBits(0x0080).ToFloat(), 0x1p-126f);
  EXPECT_EQ(BFloat16::FromBits(0x0001).ToFloat(), 0x1p-133f);
  EXPECT_EQ(BFloat16::FromBits(0x7F80).ToFloat(), std::numeric_limits<float>::infinity());
  EXPECT_EQ(BFloat16::FromBits(0xFF80).ToFloat(), -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::signbit(BFloat16::FromBits(0x8000).ToFloat()));
  EXPECT_EQ(BFloat16::FromBits(0x8000).ToFloat(), 0.0f);
  for (uint16_t nan_bits : {0x7FC0, 0x7F81, 0xFFC0, 0xFFFF}) {
    SCOPED_TRACE(nan_bits);
    EXPECT_TRUE(BFloat16::FromBits(nan_bits).IsNaN());
    EXPECT_TRUE(std::isnan(BFloat16::FromBits(nan_bits).ToFloat()));
  }
  EXPECT_FALSE(BFloat16::FromBits(0x7F80).IsNaN());
}

TEST(BFloat16Test, FromFloatExactValues) {
  EXPECT_EQ(BFloat16::FromFloat(1.0f).bits(), 0x3F80);
  EXPECT_EQ(BFloat16::FromFloat(-2.0f).bits(), 0xC000);
  EXPECT_EQ(BFloat16::FromFloat(0.0f).bits(), 0x0000);
  EXPECT_EQ(BFloat16::FromFloat(-0.0f).bits(), 0x8000);
  EXPECT_EQ(BFloat16::FromFloat(0x1.FEp127f).bits(), 0x7F7F);
  EXPECT_EQ(BFloat16::FromFloat(std::numeric_limits<float>::infinity()).bits(), 0x7F80);
  EXPECT_EQ(BFloat16::FromFloat(-std::numeric_limits<float>::infinity()).bits(), 0xFF80);
}

TEST(BFloat16Test, FromFloatRoundsToNearestTiesToEven) {
  // 1 + 2^-8 is halfway between 0x3F80 (even) and 0x3F81: down.
  EXPECT_EQ(BFloat16::FromFloat(1.0f + 0x1p-8f).bits(), 0x3F80);
  // 1 + 3*2^-8 is halfway between 0x3F81 and 0x3F82 (even): up.
  EXPECT_EQ(BFloat16::FromFloat(1.0f + 3 * 0x1p-8f).bits(), 0x3F82);
  EXPECT_EQ(BFloat16::FromFloat(-(1.0f + 3 * 0x1p-8f)).bits(), 0xBF82);
  EXPECT_EQ(BFloat16::FromFloat(1.0f + 0x1p-8f + 0x1p-20f).bits(), 0x3F81);
  EXPECT_EQ(BFloat16::FromFloat(1.0f + 0x1p-8f - 0x1p-20f).bits(), 0x3F80);
  // 0.1f = 0x3DCCCCCD -> 0x3DCD (dropped 0xCCCD is above half).
  EXPECT_EQ(BFloat16::FromFloat(0.1f).bits(), 0x3DCD);
  // Subnormal ties: 0x00008000 -> 0x0000, 0x00018000 -> 0x0002.
  EXPECT_EQ(BFloat16::FromFloat(FloatFromBits(0x00008000)).bits(), 0x0000);
  EXPECT_EQ(BFloat16::FromFloat(FloatFromBits(0x00018000)).bits(), 0x0002);
  EXPECT_EQ(BFloat16::FromFloat(FloatFromBits(0x00008001)).bits(), 0x0001);
}

TEST(BFloat16Test, FromFloatOverflowsToInfinity) {
  EXPECT_EQ(BFloat16::FromFloat(FloatFromBits(0x7F7F7FFF)).bits(), 0x7F7F);
  // Halfway between 0x7F7F and 0x7F80 (even): infinity.
  EXPECT_EQ(BFloat16::FromFloat(FloatFromBits(0x7F7F8000)).bits(), 0x7F80);
  EXPECT_EQ(BFloat16::FromFloat(std::numeric_limits<float>::max()).bits(), 0x7F80);
  EXPECT_EQ(BFloat16::FromFloat(std::numeric_limits<float>::lowest()).bits(), 0xFF80);
}

TEST(BFloat16Test, FromFloatNaNStaysNaN) {
  for (uint32_t nan_bits :
       {0x7FC00000u, 0x7F800001u, 0x7F80FFFFu, 0x7FFFFFFFu, 0xFFC00000u, 0xFF800001u}) {
    SCOPED_TRACE(nan_bits);
    const BFloat16 b = BFloat16::FromFloat(FloatFromBits(nan_bits));
    EXPECT_TRUE(b.IsNaN());
    EXPECT_TRUE(std::isnan(b.ToFloat()));
    EXPECT_EQ(b.bits() & 0x8000, (nan_bits >> 16) & 0x8000) << "sign of the NaN";
  }
}

TEST(BFloat16Test, ExhaustiveRoundTripOfEveryNonNaNPattern) {
  int checked = 0;
  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    const BFloat16 h = BFloat16::FromBits(static_cast<uint16_t>(b));
    // ToFloat is the pattern shifted into the top half of a float.
    ASSERT_EQ(std::bit_cast<uint32_t>(h.ToFloat()), b << 16);
    if (h.IsNaN()) {
      ASSERT_TRUE(BFloat16::FromFloat(h.ToFloat()).IsNaN()) << b;
      continue;
    }
    ASSERT_EQ(BFloat16::FromFloat(h.ToFloat()).bits(), b) << "pattern 0x" << std::hex << b;
    ++checked;
  }
  EXPECT_EQ(checked, 65536 - 2 * 127);
}

TEST(BFloat16Test, NumericLimits) {
  using Limits = std::numeric_limits<BFloat16>;
  EXPECT_TRUE(Limits::is_specialized);
  EXPECT_TRUE(Limits::is_signed);
  EXPECT_FALSE(Limits::is_integer);
  EXPECT_EQ(Limits::lowest().ToFloat(), -0x1.FEp127f);
  EXPECT_EQ(Limits::max().ToFloat(), 0x1.FEp127f);
  EXPECT_EQ(Limits::min().ToFloat(), 0x1p-126f);
  EXPECT_EQ(Limits::denorm_min().ToFloat(), 0x1p-133f);
  EXPECT_EQ(Limits::infinity().ToFloat(), std::numeric_limits<float>::infinity());
  EXPECT_TRUE(Limits::quiet_NaN().IsNaN());
}

}  // namespace
}  // namespace onnx_conform
