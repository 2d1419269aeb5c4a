// Tests of DiffTensors: exact and tolerance modes, type and shape mismatches,
// the mismatch count, the indices of the first mismatches, and the messages.
#include "runners/harness/diff.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

template <typename T>
bool Matches(std::initializer_list<T> expected, std::initializer_list<T> actual,
             Tolerance tolerance = Tolerance::Exact()) {
  const Shape shape = {static_cast<int64_t>(expected.size())};
  return DiffTensors(Tensor::FromValues<T>(shape, expected), Tensor::FromValues<T>(shape, actual),
                     tolerance)
      .matches();
}

float NextUp(float x) { return std::nextafter(x, kInf); }
float NextDown(float x) { return std::nextafter(x, -kInf); }

Float16 H(uint16_t bits) { return Float16::FromBits(bits); }
BFloat16 B(uint16_t bits) { return BFloat16::FromBits(bits); }

// ---------------------------------------------------------------- exact mode

TEST(DiffExactTest, EqualValuesMatch) {
  EXPECT_TRUE(Matches<float>({1.0f, -2.5f, 3e38f}, {1.0f, -2.5f, 3e38f}));
  EXPECT_TRUE(Matches<int32_t>({}, {}));
}

TEST(DiffExactTest, NaNEqualsNaNWhateverThePayload) {
  const float other_nan = std::bit_cast<float>(0xFFC00001u);  // negative, other payload
  EXPECT_TRUE(Matches<float>({kNaN}, {other_nan}));
  EXPECT_TRUE(Matches<double>({std::nan("")}, {-std::nan("7")}));
  EXPECT_TRUE(Matches<Float16>({H(0x7E00)}, {H(0xFC01)}));
  EXPECT_TRUE(Matches<BFloat16>({B(0x7FC0)}, {B(0xFF81)}));
  EXPECT_FALSE(Matches<float>({kNaN}, {1.0f}));
  EXPECT_FALSE(Matches<float>({0.0f}, {kNaN}));
  EXPECT_FALSE(Matches<float>({kInf}, {kNaN}));
  EXPECT_FALSE(Matches<Float16>({H(0x7E00)}, {H(0x7C00)}));  // NaN vs inf
}

// Exact means the same bits: the sign of a zero counts unless the element's
// class says the texts leave it open.
TEST(DiffExactTest, SignedZerosDifferUnlessEitherZero) {
  EXPECT_FALSE(Matches<float>({-0.0f}, {0.0f}));
  EXPECT_FALSE(Matches<double>({0.0}, {-0.0}));
  EXPECT_FALSE(Matches<Float16>({H(0x8000)}, {H(0x0000)}));
  EXPECT_FALSE(Matches<BFloat16>({B(0x0000)}, {B(0x8000)}));
  const Tensor minus = Tensor::FromValues<float>({2}, {-0.0f, 1.0f});
  const Tensor plus = Tensor::FromValues<float>({2}, {0.0f, 1.0f});
  const MatchClasses open = {MatchClass::kEitherZero, MatchClass::kExactBits};
  EXPECT_TRUE(DiffTensors(minus, plus, Tolerance::Exact(), open).matches());
  // Either zero is still a zero: 1e-45 is not.
  const Tensor tiny = Tensor::FromValues<float>({2}, {1e-45f, 1.0f});
  EXPECT_FALSE(DiffTensors(minus, tiny, Tolerance::Exact(), open).matches());
}

TEST(DiffExactTest, MessageNamesTheClass) {
  const Tensor minus = Tensor::FromValues<float>({1}, {-0.0f});
  const Tensor plus = Tensor::FromValues<float>({1}, {0.0f});
  EXPECT_THAT(DiffTensors(minus, plus, Tolerance::Exact()).Describe("y"),
              HasSubstr("expected -0 (sign determined), got 0"));
  const Tensor nan = Tensor::FromValues<float>({1}, {kNaN});
  EXPECT_THAT(DiffTensors(nan, plus, Tolerance::Exact()).Describe("y"),
              HasSubstr("(any NaN), got 0"));
}

TEST(DiffExactTest, OneUlpDiffers) {
  EXPECT_FALSE(Matches<float>({1.0f}, {NextUp(1.0f)}));
  EXPECT_FALSE(Matches<float>({0.0f}, {std::numeric_limits<float>::denorm_min()}));
  EXPECT_FALSE(Matches<double>({1.0}, {std::nextafter(1.0, 2.0)}));
  EXPECT_FALSE(Matches<Float16>({H(0x3C00)}, {H(0x3C01)}));
  EXPECT_FALSE(Matches<Float16>({H(0x0000)}, {H(0x0001)}));
  EXPECT_FALSE(Matches<BFloat16>({B(0x3F80)}, {B(0x3F81)}));
}

TEST(DiffExactTest, Infinities) {
  EXPECT_TRUE(Matches<float>({kInf, -kInf}, {kInf, -kInf}));
  EXPECT_FALSE(Matches<float>({kInf}, {-kInf}));
  EXPECT_FALSE(Matches<float>({kInf}, {std::numeric_limits<float>::max()}));
  EXPECT_TRUE(Matches<Float16>({H(0x7C00)}, {H(0x7C00)}));
  EXPECT_FALSE(Matches<Float16>({H(0x7C00)}, {H(0xFC00)}));
  EXPECT_FALSE(Matches<Float16>({H(0x7C00)}, {H(0x7BFF)}));
}

TEST(DiffExactTest, IntegersOfEveryWidth) {
  EXPECT_TRUE(Matches<int8_t>({-128, 127}, {-128, 127}));
  EXPECT_FALSE(Matches<int8_t>({-128}, {127}));
  EXPECT_FALSE(Matches<uint8_t>({255}, {254}));
  EXPECT_FALSE(Matches<int16_t>({-32768}, {-32767}));
  EXPECT_FALSE(Matches<uint16_t>({65535}, {0}));
  EXPECT_FALSE(Matches<int32_t>({2147483647}, {2147483646}));
  EXPECT_FALSE(Matches<uint32_t>({4294967295u}, {4294967294u}));
  EXPECT_FALSE(Matches<uint64_t>({18446744073709551615ULL}, {18446744073709551614ULL}));
  // 2^53 + 1 and 2^53 are the same double: the comparison must not widen to one.
  EXPECT_FALSE(Matches<int64_t>({(int64_t{1} << 53) + 1}, {int64_t{1} << 53}));
  EXPECT_FALSE(Matches<int64_t>({std::numeric_limits<int64_t>::max()},
                                {std::numeric_limits<int64_t>::max() - 1}));
}

// ---------------------------------------------------------------- tolerance mode

TEST(DiffToleranceTest, IntegersStayExactWhateverTheTolerance) {
  const Tolerance loose = Tolerance::Approximate(1.0, 100.0);
  EXPECT_FALSE(Matches<int32_t>({5}, {6}, loose));
  EXPECT_FALSE(Matches<int64_t>({(int64_t{1} << 53) + 1}, {int64_t{1} << 53}, loose));
  EXPECT_FALSE(Matches<uint8_t>({0}, {1}, loose));
  EXPECT_TRUE(Matches<int16_t>({-7}, {-7}, loose));
}

TEST(DiffToleranceTest, AbsoluteToleranceBoundaryIsInclusive) {
  const Tolerance atol = Tolerance::Approximate(/*rtol=*/0.0, /*atol=*/0.5);
  EXPECT_TRUE(Matches<float>({1.0f}, {1.5f}, atol));
  EXPECT_TRUE(Matches<float>({1.0f}, {0.5f}, atol));
  EXPECT_FALSE(Matches<float>({1.0f}, {NextUp(1.5f)}, atol));
  EXPECT_FALSE(Matches<float>({1.0f}, {NextDown(0.5f)}, atol));
  EXPECT_TRUE(Matches<double>({-2.0}, {-2.5}, atol));
  EXPECT_FALSE(Matches<double>({-2.0}, {std::nextafter(-2.5, -3.0)}, atol));
}

TEST(DiffToleranceTest, RelativeToleranceScalesWithTheExpectedMagnitude) {
  const Tolerance rtol = Tolerance::Approximate(/*rtol=*/0.25, /*atol=*/0.0);
  EXPECT_TRUE(Matches<float>({4.0f}, {5.0f}, rtol));
  EXPECT_TRUE(Matches<float>({4.0f}, {3.0f}, rtol));
  EXPECT_FALSE(Matches<float>({4.0f}, {NextUp(5.0f)}, rtol));
  EXPECT_TRUE(Matches<float>({-4.0f}, {-5.0f}, rtol));
  EXPECT_FALSE(Matches<float>({-4.0f}, {NextDown(-5.0f)}, rtol));
  // Relative to the expected value, not the actual: |5.25 - 4| = 1.25 is more
  // than 0.25 * 4 = 1, but not more than 0.25 * 5.25 = 1.3125.
  EXPECT_FALSE(Matches<float>({4.0f}, {5.25f}, rtol));
  EXPECT_TRUE(Matches<float>({5.25f}, {4.0f}, rtol));
  EXPECT_FALSE(Matches<float>({0.0f}, {std::numeric_limits<float>::denorm_min()}, rtol));
}

TEST(DiffToleranceTest, RelativeAndAbsoluteAdd) {
  // |a - e| <= atol + rtol * |e| = 0.5 + 0.25 * 4 = 1.5
  const Tolerance both = Tolerance::Approximate(0.25, 0.5);
  EXPECT_TRUE(Matches<double>({4.0}, {5.5}, both));
  EXPECT_FALSE(Matches<double>({4.0}, {std::nextafter(5.5, 6.0)}, both));
}

TEST(DiffToleranceTest, HalfFloatsWithTolerance) {
  const Tolerance rtol = Tolerance::Approximate(/*rtol=*/0x1p-10, /*atol=*/0.0);
  EXPECT_TRUE(Matches<Float16>({H(0x3C00)}, {H(0x3C01)}, rtol));   // 1 vs 1 + 2^-10
  EXPECT_FALSE(Matches<Float16>({H(0x3C00)}, {H(0x3C02)}, rtol));  // 1 vs 1 + 2^-9
  const Tolerance brtol = Tolerance::Approximate(/*rtol=*/0x1p-7, /*atol=*/0.0);
  EXPECT_TRUE(Matches<BFloat16>({B(0x3F80)}, {B(0x3F81)}, brtol));
  EXPECT_FALSE(Matches<BFloat16>({B(0x3F80)}, {B(0x3F82)}, brtol));
}

TEST(DiffToleranceTest, NaNAndInfinityUnderTolerance) {
  const Tolerance loose = Tolerance::Approximate(1.0, 1e30);
  EXPECT_TRUE(Matches<float>({kNaN}, {kNaN}, loose));
  EXPECT_FALSE(Matches<float>({kNaN}, {0.0f}, loose));
  EXPECT_FALSE(Matches<float>({1.0f}, {kNaN}, loose));
  EXPECT_TRUE(Matches<float>({kInf}, {kInf}, loose));
  EXPECT_FALSE(Matches<float>({kInf}, {-kInf}, loose));
  EXPECT_FALSE(Matches<float>({kInf}, {3e38f}, loose));
  EXPECT_FALSE(Matches<float>({3e38f}, {kInf}, loose));
  EXPECT_TRUE(Matches<float>({-0.0f}, {0.0f}, loose));
}

// ---------------------------------------------------------------- type and shape

TEST(DiffMismatchTest, TypeMismatch) {
  TensorDiff d = DiffTensors(Tensor::FromValues<float>({1}, {1.0f}),
                             Tensor::FromValues<double>({1}, {1.0}), Tolerance::Exact());
  EXPECT_FALSE(d.matches());
  EXPECT_EQ(d.type_or_shape_error, "element type double, expected float");
  EXPECT_EQ(d.Describe("min"), "output 'min': element type double, expected float");

  // Same bytes, other type: still a mismatch.
  TensorDiff u = DiffTensors(Tensor::FromValues<int32_t>({1}, {0}),
                             Tensor::FromValues<uint32_t>({1}, {0}), Tolerance::Exact());
  EXPECT_FALSE(u.matches());
  EXPECT_THAT(u.type_or_shape_error, HasSubstr("uint32"));
}

TEST(DiffMismatchTest, ShapeMismatch) {
  TensorDiff d =
      DiffTensors(Tensor::FromValues<int64_t>({2, 3}, {0, 0, 0, 0, 0, 0}),
                  Tensor::FromValues<int64_t>({3, 2}, {0, 0, 0, 0, 0, 0}), Tolerance::Exact());
  EXPECT_FALSE(d.matches());
  EXPECT_EQ(d.type_or_shape_error, "shape [3,2], expected [2,3]");
  EXPECT_EQ(d.Describe("reduced"), "output 'reduced': shape [3,2], expected [2,3]");

  // A scalar and a one-element vector differ.
  TensorDiff rank = DiffTensors(Tensor::FromValues<float>({}, {1.0f}),
                                Tensor::FromValues<float>({1}, {1.0f}), Tolerance::Exact());
  EXPECT_FALSE(rank.matches());
  EXPECT_EQ(rank.type_or_shape_error, "shape [1], expected []");
}

// ---------------------------------------------------------------- counts and indices

TEST(DiffReportTest, CountsAndMultiDimensionalIndices) {
  const Tensor expected = Tensor::FromValues<float>({2, 3}, {0, 1, 2, 3, 4, 5});
  const Tensor actual = Tensor::FromValues<float>({2, 3}, {0, 9, 2, 3, -4, 5});
  TensorDiff d = DiffTensors(expected, actual, Tolerance::Exact());
  EXPECT_FALSE(d.matches());
  EXPECT_TRUE(d.type_or_shape_error.empty());
  EXPECT_EQ(d.element_count, 6);
  EXPECT_EQ(d.mismatch_count, 2);
  ASSERT_EQ(d.first_mismatches.size(), 2u);
  EXPECT_THAT(d.first_mismatches[0].index, ElementsAre(0, 1));
  EXPECT_EQ(d.first_mismatches[0].expected, "1");
  EXPECT_EQ(d.first_mismatches[0].actual, "9");
  EXPECT_THAT(d.first_mismatches[1].index, ElementsAre(1, 1));  // flat 4 in [2,3]
  EXPECT_EQ(d.first_mismatches[1].expected, "4");
  EXPECT_EQ(d.first_mismatches[1].actual, "-4");
  EXPECT_EQ(d.Describe("min"),
            "output 'min': 2 of 6 elements differ: [0,1] expected 1, got 9; "
            "[1,1] expected 4, got -4");
}

TEST(DiffReportTest, MaxReportedCapsTheListButNotTheCount) {
  std::vector<int32_t> zeros(10, 0), ones(10, 1);
  const Tensor expected = Tensor::FromValues<int32_t>({2, 5}, std::span<const int32_t>(zeros));
  const Tensor actual = Tensor::FromValues<int32_t>({2, 5}, std::span<const int32_t>(ones));
  TensorDiff d = DiffTensors(expected, actual, Tolerance::Exact(), /*max_reported=*/3);
  EXPECT_EQ(d.mismatch_count, 10);
  ASSERT_EQ(d.first_mismatches.size(), 3u);
  EXPECT_THAT(d.first_mismatches[2].index, ElementsAre(0, 2));
  EXPECT_EQ(d.Describe("y"),
            "output 'y': 10 of 10 elements differ: [0,0] expected 0, got 1; "
            "[0,1] expected 0, got 1; [0,2] expected 0, got 1; ...");

  TensorDiff five = DiffTensors(expected, actual, Tolerance::Exact());
  EXPECT_EQ(five.first_mismatches.size(), 5u);  // the default

  TensorDiff none = DiffTensors(expected, actual, Tolerance::Exact(), /*max_reported=*/0);
  EXPECT_EQ(none.mismatch_count, 10);
  EXPECT_TRUE(none.first_mismatches.empty());
  EXPECT_EQ(none.Describe("y"), "output 'y': 10 of 10 elements differ");
}

TEST(DiffReportTest, MatchingTensorsDescribeThemselves) {
  TensorDiff d = DiffTensors(Tensor::FromValues<uint8_t>({2}, {1, 2}),
                             Tensor::FromValues<uint8_t>({2}, {1, 2}), Tolerance::Exact());
  EXPECT_TRUE(d.matches());
  EXPECT_EQ(d.mismatch_count, 0);
  EXPECT_EQ(d.element_count, 2);
  EXPECT_EQ(d.Describe("out"), "output 'out': matches");

  TensorDiff empty =
      DiffTensors(*Tensor::Create(ElementType::kFloat16, {0, 4}),
                  *Tensor::Create(ElementType::kFloat16, {0, 4}), Tolerance::Exact());
  EXPECT_TRUE(empty.matches());
  EXPECT_EQ(empty.element_count, 0);
}

TEST(DiffReportTest, ScalarMismatchHasAnEmptyIndex) {
  TensorDiff d = DiffTensors(Tensor::FromValues<int64_t>({}, {3}),
                             Tensor::FromValues<int64_t>({}, {4}), Tolerance::Exact());
  ASSERT_EQ(d.first_mismatches.size(), 1u);
  EXPECT_TRUE(d.first_mismatches[0].index.empty());
  EXPECT_EQ(d.Describe("reduced"),
            "output 'reduced': 1 of 1 elements differ: [] expected 3, got 4");
}

TEST(DiffReportTest, ElementFormatting) {
  // Integers in decimal (int8/uint8 as numbers, not characters).
  EXPECT_EQ(FormatElement(Tensor::FromValues<int8_t>({1}, {-128}), 0), "-128");
  EXPECT_EQ(FormatElement(Tensor::FromValues<uint8_t>({1}, {255}), 0), "255");
  EXPECT_EQ(FormatElement(Tensor::FromValues<uint64_t>({1}, {18446744073709551615ULL}), 0),
            "18446744073709551615");
  EXPECT_EQ(FormatElement(Tensor::FromValues<int64_t>({1}, {(int64_t{1} << 53) + 1}), 0),
            "9007199254740993");
  // Floats with enough digits to round-trip.
  EXPECT_EQ(FormatElement(Tensor::FromValues<float>({1}, {0.1f}), 0), "0.100000001");
  EXPECT_EQ(FormatElement(Tensor::FromValues<double>({1}, {0.1}), 0), "0.10000000000000001");
  EXPECT_EQ(FormatElement(Tensor::FromValues<float>({2}, {1.0f, NextUp(1.0f)}), 1), "1.00000012");
  // float16/bfloat16 with their bit pattern.
  EXPECT_EQ(FormatElement(Tensor::FromValues<Float16>({1}, {H(0x3C00)}), 0), "1 (0x3c00)");
  EXPECT_EQ(FormatElement(Tensor::FromValues<Float16>({1}, {H(0x3C01)}), 0), "1.00097656 (0x3c01)");
  EXPECT_EQ(FormatElement(Tensor::FromValues<Float16>({1}, {H(0x8000)}), 0), "-0 (0x8000)");
  EXPECT_EQ(FormatElement(Tensor::FromValues<BFloat16>({1}, {B(0x3F81)}), 0), "1.0078125 (0x3f81)");
}

TEST(DiffReportTest, DescribeOfHalfFloatMismatchShowsBitPatterns) {
  TensorDiff d =
      DiffTensors(Tensor::FromValues<Float16>({1, 2}, {H(0x3C00), H(0x7E00)}),
                  Tensor::FromValues<Float16>({1, 2}, {H(0x3C00), H(0x7C00)}), Tolerance::Exact());
  EXPECT_EQ(d.mismatch_count, 1);
  const std::string text = d.Describe("output");
  EXPECT_THAT(text, HasSubstr("output 'output'"));
  EXPECT_THAT(text, HasSubstr("1 of 2 elements differ"));
  EXPECT_THAT(text, HasSubstr("[0,1]"));
  EXPECT_THAT(text, HasSubstr("(0x7e00)"));
  EXPECT_THAT(text, HasSubstr("(0x7c00)"));
}

TEST(DiffReportTest, UnflattenIndex) {
  EXPECT_THAT(UnflattenIndex({2, 3}, 4), ElementsAre(1, 1));
  EXPECT_THAT(UnflattenIndex({2, 3, 4}, 0), ElementsAre(0, 0, 0));
  EXPECT_THAT(UnflattenIndex({2, 3, 4}, 23), ElementsAre(1, 2, 3));
  EXPECT_THAT(UnflattenIndex({2, 3, 4}, 13), ElementsAre(1, 0, 1));
  EXPECT_THAT(UnflattenIndex({7}, 6), ElementsAre(6));
  EXPECT_THAT(UnflattenIndex({1, 1, 5}, 3), ElementsAre(0, 0, 3));
  EXPECT_TRUE(UnflattenIndex({}, 0).empty());
}

}  // namespace
}  // namespace onnx_conform
