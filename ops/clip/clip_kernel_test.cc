// Clip, every (version, type) of the operator texts, with literal
// expectations. Clip-1/6 take FLOAT attribute bounds; from Clip-11 the bounds
// are scalar inputs of type T.
#include "ops/clip/clip_kernel.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/reference_test_util.h"

namespace onnx_conform::testing {
namespace {

using ::testing::HasSubstr;

// Clip at opset = version: bounds as attributes (1, 6) or as rank-0 inputs
// of type T (11 on, an absent bound is skipped with an empty name).
template <typename T>
absl::StatusOr<Tensor> RunClip(int64_t version, const Tensor& x, std::optional<double> lo,
                               std::optional<double> hi) {
  NodeBuilder node("Clip");
  if (version < 11) {
    node.Inputs({"x"});
    if (lo) node.Float("min", static_cast<float>(*lo));
    if (hi) node.Float("max", static_cast<float>(*hi));
    return RunOne(node.Build(), version, {&x});
  }
  const Tensor lo_tensor = Values<T>({}, {lo.value_or(0)});
  const Tensor hi_tensor = Values<T>({}, {hi.value_or(0)});
  std::vector<std::string> names = {"x", lo ? "min" : "", hi ? "max" : ""};
  std::vector<const Tensor*> inputs = {&x, lo ? &lo_tensor : nullptr, hi ? &hi_tensor : nullptr};
  if (!hi) {  // also exercise dropping trailing optional inputs
    names.pop_back();
    inputs.pop_back();
  }
  return RunOne(node.Inputs(names).Build(), version, inputs);
}

void ExpectInvalid(const absl::StatusOr<Tensor>& out, const std::string& fragment) {
  ASSERT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument) << out.status();
  EXPECT_THAT(std::string(out.status().message()), HasSubstr(fragment));
}

class ClipTest : public ::testing::TestWithParam<OpCombo> {
 protected:
  int64_t version() const { return GetParam().version; }
  template <typename F>
  void ForType(F f) {
    VisitNumericType(GetParam().type, f);
  }
};

TEST_P(ClipTest, BothBounds) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor x = Values<T>({2, 3}, {0, 1, 3, 5, 7, 100});
    absl::StatusOr<Tensor> out = RunClip<T>(version(), x, 1, 5);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({2, 3}, {1, 1, 3, 5, 5, 5}));
  });
}

TEST_P(ClipTest, OneBound) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor x = Values<T>({4}, {0, 2, 7, 9});
    absl::StatusOr<Tensor> out = RunClip<T>(version(), x, std::nullopt, 5);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({4}, {0, 2, 5, 5}));
    out = RunClip<T>(version(), x, 2, std::nullopt);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({4}, {2, 2, 7, 9}));
    out = RunClip<T>(version(), x, std::nullopt, std::nullopt);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({4}, {0, 2, 7, 9}));
  });
}

// Spec-defined at Clip-13; the reference applies the same rule before.
TEST_P(ClipTest, MinAboveMaxGivesMaxEverywhere) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor x = Values<T>({4}, {0, 3, 5, 7});
    absl::StatusOr<Tensor> out = RunClip<T>(version(), x, 5, 1);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({4}, {1, 1, 1, 1}));
    out = RunClip<T>(version(), x, 3, 3);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({4}, {3, 3, 3, 3}));
  });
}

TEST_P(ClipTest, ScalarAndEmptyInputs) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor scalar = Values<T>({}, {9});
    absl::StatusOr<Tensor> out = RunClip<T>(version(), scalar, 1, 5);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({}, {5}));
    Tensor empty = Values<T>({0, 2}, {});
    out = RunClip<T>(version(), empty, 1, 5);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({0, 2}, {}));
  });
}

TEST_P(ClipTest, BoundInputsOnlyFromClip11) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor x = Values<T>({2}, {0, 9});
    Tensor lo = Values<T>({}, {1});
    onnx::NodeProto node = NodeBuilder("Clip").Inputs({"x", "min"}).Build();
    absl::StatusOr<Tensor> out = RunOne(node, version(), {&x, &lo});
    if (version() < 11) {
      ExpectInvalid(out, "[NODE-INPUT-ARITY]");
      return;
    }
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({2}, {1, 9}));
    // ... and attributes only before.
    node = NodeBuilder("Clip").Inputs({"x"}).Float("min", 1).Build();
    ExpectInvalid(RunOne(node, version(), {&x}), "min");
  });
}

class ClipInputBoundsTest : public ClipTest {};

TEST_P(ClipInputBoundsTest, BoundErrors) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor x = Values<T>({2}, {0, 9});
    Tensor scalar = Values<T>({}, {1});
    Tensor one_element = Values<T>({1}, {1});
    Tensor other_type =
        GetParam().type == ElementType::kFloat ? Values<double>({}, {1}) : Values<float>({}, {1});
    onnx::NodeProto node = NodeBuilder("Clip").Inputs({"x", "min", "max"}).Build();
    ExpectInvalid(RunOne(node, version(), {&x, &one_element, &scalar}),
                  "[SHAPE-CLIP-BOUND-SCALAR] node #0 Clip, input 1");
    ExpectInvalid(RunOne(node, version(), {&x, &scalar, &one_element}),
                  "[SHAPE-CLIP-BOUND-SCALAR] node #0 Clip, input 2");
    ExpectInvalid(RunOne(node, version(), {&x, &other_type, &scalar}),
                  "[TYPE-PARAM-MISMATCH] node #0 Clip, input 1");
    onnx::NodeProto max_only = NodeBuilder("Clip").Inputs({"x", "", "max"}).Build();
    ExpectInvalid(RunOne(max_only, version(), {&x, nullptr, &other_type}),
                  "[TYPE-PARAM-MISMATCH] node #0 Clip, input 2");
    node = NodeBuilder("Clip").Inputs({"x", "min", "max", "extra"}).Build();
    ExpectInvalid(RunOne(node, version(), {&x, &scalar, &scalar, &scalar}), "1 to 3 inputs");
  });
}

INSTANTIATE_TEST_SUITE_P(InputBoundVersions, ClipInputBoundsTest,
                         ::testing::ValuesIn(CombosFrom("Clip", 11)), ComboName);

INSTANTIATE_TEST_SUITE_P(AllVersionsAndTypes, ClipTest, ::testing::ValuesIn(CombosOf("Clip")),
                         ComboName);

class ClipFloatTest : public ClipTest {};

TEST_P(ClipFloatTest, NaNInputStaysNaN) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor x = Values<T>({3}, {kNaN, -kNaN, 9});
    absl::StatusOr<Tensor> out = RunClip<T>(version(), x, 1, 5);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({3}, {kNaN, -kNaN, 5}));
    out = RunClip<T>(version(), x, 5, 1);  // min > max
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({3}, {kNaN, -kNaN, 1}));
  });
}

// Reference-defined (numpy.clip): a NaN bound makes every non-NaN element
// that bound's NaN.
TEST_P(ClipFloatTest, NaNBoundGivesNaN) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor x = Values<T>({3}, {0, 3, kNaN});
    absl::StatusOr<Tensor> out = RunClip<T>(version(), x, -kNaN, 5);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({3}, {-kNaN, -kNaN, kNaN}));
    out = RunClip<T>(version(), x, 1, -kNaN);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({3}, {-kNaN, -kNaN, kNaN}));
  });
}

TEST_P(ClipFloatTest, ValueEqualToABoundKeepsItsSignedZero) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor x = Values<T>({4}, {-0.0, 0.0, -1, 2});
    absl::StatusOr<Tensor> out = RunClip<T>(version(), x, 0.0, 1);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({4}, {-0.0, 0.0, 0.0, 1}));
    out = RunClip<T>(version(), x, -1, -0.0);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({4}, {-0.0, 0.0, -1, -0.0}));
  });
}

TEST_P(ClipFloatTest, InfiniteInputsAndBounds) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor x = Values<T>({3}, {-kInf, 0, kInf});
    absl::StatusOr<Tensor> out = RunClip<T>(version(), x, -2, 2);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({3}, {-2, 0, 2}));
    out = RunClip<T>(version(), x, -kInf, kInf);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({3}, {-kInf, 0, kInf}));
    out = RunClip<T>(version(), x, kInf, kInf);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({3}, {kInf, kInf, kInf}));
  });
}

INSTANTIATE_TEST_SUITE_P(FloatTypes, ClipFloatTest, ::testing::ValuesIn(FloatCombosOf("Clip")),
                         ComboName);

class ClipIntegerTest : public ClipTest {};

TEST_P(ClipIntegerTest, WholeRangeOfTheType) {
  ForType([&]<typename T>(TypeTag<T>) {
    if constexpr (!kIsFloatType<T>) {
      using L = std::numeric_limits<T>;
      const T middle = static_cast<T>(L::max() / 2);
      const T x_values[] = {L::lowest(), L::max(), middle};
      Tensor x = Tensor::FromValues<T>({3}, std::span<const T>(x_values));
      // No bounds: T's lowest() and max(), so nothing changes.
      absl::StatusOr<Tensor> out = RunClip<T>(version(), x, std::nullopt, std::nullopt);
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, x);
      // Bounds one step inside the range.
      const T lo = static_cast<T>(L::lowest() + 1), hi = static_cast<T>(L::max() - 1);
      Tensor lo_tensor = Tensor::FromValues<T>({}, std::span<const T>(&lo, 1));
      Tensor hi_tensor = Tensor::FromValues<T>({}, std::span<const T>(&hi, 1));
      onnx::NodeProto node = NodeBuilder("Clip").Inputs({"x", "lo", "hi"}).Build();
      out = RunOne(node, version(), {&x, &lo_tensor, &hi_tensor});
      ASSERT_TRUE(out.ok()) << out.status();
      const T expected[] = {lo, hi, middle};
      EXPECT_BITS_EQ(*out, Tensor::FromValues<T>({3}, std::span<const T>(expected)));
    }
  });
}

INSTANTIATE_TEST_SUITE_P(IntegerTypes, ClipIntegerTest,
                         ::testing::ValuesIn(IntegerCombosOf("Clip")), ComboName);

TEST(ClipWideIntegers, ValuesBeyondTwoToThe53) {
  for (int64_t version : {12, 13}) {
    Tensor x = Int64s({3}, {9007199254740992, 9007199254740994, 9007199254740993});
    Tensor bound = Int64s({}, {9007199254740993});
    onnx::NodeProto node = NodeBuilder("Clip").Inputs({"x", "min", "max"}).Build();
    absl::StatusOr<Tensor> out = RunOne(node, version, {&x, &bound, &bound});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({3}, {9007199254740993, 9007199254740993, 9007199254740993}));

    const uint64_t top = 18446744073709551614u;
    const uint64_t x_values[] = {18446744073709551615u, 18446744073709551613u};
    const uint64_t expected[] = {18446744073709551614u, 18446744073709551613u};
    Tensor ux = Tensor::FromValues<uint64_t>({2}, std::span<const uint64_t>(x_values));
    Tensor ubound = Tensor::FromValues<uint64_t>({}, std::span<const uint64_t>(&top, 1));
    node = NodeBuilder("Clip").Inputs({"x", "", "max"}).Build();
    out = RunOne(node, version, {&ux, nullptr, &ubound});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Tensor::FromValues<uint64_t>({2}, std::span<const uint64_t>(expected)));
  }
}

// Clip-1 reads a missing attribute as Clip-6 prints it: float's lowest() or
// max(), converted to T (the summary names numeric_limits::lowest()/max()).
TEST(ClipAttributeDefaults, Clip1MissingBoundsAreFloatLimits) {
  onnx::NodeProto node = NodeBuilder("Clip").Inputs({"x"}).Build();
  constexpr float kFloatMax = std::numeric_limits<float>::max();
  Tensor f = Values<float>({3}, {-kInf, 1e38, kInf});
  absl::StatusOr<Tensor> out = RunOne(node, 1, {&f});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Values<float>({3}, {-kFloatMax, 1e38, kFloatMax}));
  Tensor d = Values<double>({3}, {-1e300, 1e30, kInf});
  out = RunOne(node, 1, {&d});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Values<double>({3}, {-double{kFloatMax}, 1e30, double{kFloatMax}}));
  // float's max rounds to +inf in float16: nothing is clipped.
  Tensor h = Values<Float16>({3}, {-kInf, 65504, kInf});
  out = RunOne(node, 1, {&h});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Values<Float16>({3}, {-kInf, 65504, kInf}));
}

TEST(ClipAttributeDefaults, Clip6DefaultsAreFloatLowestAndMax) {
  onnx::NodeProto node = NodeBuilder("Clip").Inputs({"x"}).Build();
  // float: infinities become -3.4028234663852886e38 and 3.4028234663852886e38.
  Tensor f = Values<float>({3}, {-kInf, 1, kInf});
  absl::StatusOr<Tensor> out = RunOne(node, 6, {&f});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Values<float>({3}, {-3.4028234663852886e38, 1, 3.4028234663852886e38}));
  // double: the float limits, exactly, clip wider double values.
  Tensor d = Values<double>({4}, {-1e300, 1e300, 3.4e38, kInf});
  out = RunOne(node, 6, {&d});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Values<double>({4}, {-3.4028234663852886e38, 3.4028234663852886e38, 3.4e38,
                                            3.4028234663852886e38}));
  // float16: the float limits round to infinities, so nothing is clipped.
  Tensor h = Values<Float16>({3}, {-kInf, 65504, kInf});
  out = RunOne(node, 6, {&h});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Values<Float16>({3}, {-kInf, 65504, kInf}));
}

// The FLOAT attribute is rounded to float16 (nearest, ties to even) before
// comparing.
TEST(ClipAttributeConversion, Float16RoundsTheAttribute) {
  for (int64_t version : {1, 6}) {
    // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even gives 1.
    onnx::NodeProto node =
        NodeBuilder("Clip").Inputs({"x"}).Float("min", 0.1f).Float("max", 1.00048828125f).Build();
    Tensor x = Values<Float16>({3}, {0, 1.0009765625, 0.5});
    absl::StatusOr<Tensor> out = RunOne(node, version, {&x});
    ASSERT_TRUE(out.ok()) << out.status();
    // float 0.1 rounds to the half 0.0999755859375 (bits 0x2E66).
    EXPECT_BITS_EQ(*out, Values<Float16>({3}, {0.0999755859375, 1, 0.5}));
    // 1e-8 is below half the smallest subnormal: it rounds to +0.
    node = NodeBuilder("Clip").Inputs({"x"}).Float("min", 1e-8f).Build();
    Tensor negatives = Values<Float16>({2}, {-1, -0.0});
    out = RunOne(node, version, {&negatives});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<Float16>({2}, {0.0, -0.0}));
    // 70000 is above float16's max: it becomes +inf, clipping nothing.
    node = NodeBuilder("Clip").Inputs({"x"}).Float("max", 70000.0f).Build();
    Tensor big = Values<Float16>({2}, {65504, kInf});
    out = RunOne(node, version, {&big});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<Float16>({2}, {65504, kInf}));
  }
}

TEST(ClipAttributeConversion, DoubleTakesTheFloatExactly) {
  onnx::NodeProto node = NodeBuilder("Clip").Inputs({"x"}).Float("min", 0.1f).Build();
  Tensor x = Values<double>({2}, {0, 0.1});
  absl::StatusOr<Tensor> out = RunOne(node, 6, {&x});
  ASSERT_TRUE(out.ok()) << out.status();
  // (double)0.1f, and 0.1 (double) is below it.
  EXPECT_BITS_EQ(
      *out, Values<double>({2}, {0.100000001490116119384765625, 0.100000001490116119384765625}));
}

TEST(ClipAttributes, ConsumedInputsOnlyAtClip1AndTypeChecked) {
  Tensor x = Values<float>({2}, {0, 9});
  onnx::NodeProto node =
      NodeBuilder("Clip").Inputs({"x"}).Float("max", 5).Ints("consumed_inputs", {0}).Build();
  absl::StatusOr<Tensor> out = RunOne(node, 1, {&x});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Values<float>({2}, {0, 5}));
  ExpectInvalid(RunOne(node, 6, {&x}), "consumed_inputs");
  node = NodeBuilder("Clip").Inputs({"x"}).Int("max", 5).Build();
  ExpectInvalid(RunOne(node, 6, {&x}), "FLOAT");
}

TEST(ClipTypes, TypesOutsideTheVersionAreRejected) {
  for (int64_t version : VersionsOf("Clip")) {
    for (ElementType type : TypesNotIn("Clip", version)) {
      absl::StatusOr<Tensor> x = Tensor::Create(type, {1});
      ASSERT_TRUE(x.ok());
      std::memset(x->bytes().data(), 0, x->byte_size());
      onnx::NodeProto node = NodeBuilder("Clip").Inputs({"x"}).Build();
      EXPECT_EQ(RunOne(node, version, {&*x}).status().code(), absl::StatusCode::kInvalidArgument)
          << "Clip-" << version << " " << ElementTypeName(type);
    }
  }
  EXPECT_EQ(TypesNotIn("Clip", 11).size(), 9u);
}

}  // namespace
}  // namespace onnx_conform::testing
