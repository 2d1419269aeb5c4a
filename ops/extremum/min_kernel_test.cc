// Min, every (version, type) of the operator texts. Expected values are
// literals; the 6-D case uses an independent per-element formula.
#include "ops/extremum/min_kernel.h"

#include <cstdint>
#include <limits>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/reference_test_util.h"

namespace onnx_conform::testing {
namespace {

using ::testing::HasSubstr;

// Runs Min at opset = the version under test, through RunNode.
absl::StatusOr<Tensor> RunMin(int64_t version, const std::vector<const Tensor*>& inputs,
                              NodeBuilder node = NodeBuilder("Min")) {
  std::vector<std::string> names;
  for (size_t k = 0; k < inputs.size(); ++k) names.push_back(absl::StrCat("x", k));
  return RunOne(node.Inputs(names).Build(), version, inputs);
}

class MinTest : public ::testing::TestWithParam<OpCombo> {
 protected:
  int64_t version() const { return GetParam().version; }
  template <typename F>
  void ForType(F f) {
    VisitNumericType(GetParam().type, f);
  }
};

TEST_P(MinTest, TwoInputsOfOneShape) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor a = Values<T>({2, 3}, {3, 1, 4, 1, 5, 9});
    Tensor b = Values<T>({2, 3}, {2, 7, 1, 8, 5, 8});
    absl::StatusOr<Tensor> out = RunMin(version(), {&a, &b});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({2, 3}, {2, 1, 1, 1, 5, 8}));
  });
}

TEST_P(MinTest, FourInputs) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor a = Values<T>({4}, {3, 1, 4, 1});
    Tensor b = Values<T>({4}, {2, 7, 1, 8});
    Tensor c = Values<T>({4}, {0, 5, 5, 5});
    Tensor d = Values<T>({4}, {9, 9, 9, 0});
    absl::StatusOr<Tensor> out = RunMin(version(), {&a, &b, &c, &d});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({4}, {0, 1, 1, 0}));
  });
}

TEST_P(MinTest, OneInputIsTheIdentity) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor a = Values<T>({3, 1}, {5, 0, 7});
    absl::StatusOr<Tensor> out = RunMin(version(), {&a});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({3, 1}, {5, 0, 7}));
  });
}

TEST_P(MinTest, ScalarsAndEmptyTensors) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor a = Values<T>({}, {4});
    Tensor b = Values<T>({}, {2});
    absl::StatusOr<Tensor> out = RunMin(version(), {&a, &b});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({}, {2}));

    Tensor e1 = Values<T>({0, 3}, {});
    Tensor e2 = Values<T>({0, 3}, {});
    out = RunMin(version(), {&e1, &e2});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({0, 3}, {}));
  });
}

TEST_P(MinTest, BroadcastingFromMin8OnlyElseShapeError) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor a = Values<T>({2, 3}, {3, 1, 4, 1, 5, 9});
    Tensor row = Values<T>({3}, {2, 7, 0});
    Tensor column = Values<T>({2, 1}, {2, 4});
    Tensor scalar = Values<T>({}, {2});
    if (version() < 8) {
      for (const Tensor* other : {&row, &column, &scalar}) {
        absl::StatusOr<Tensor> out = RunMin(version(), {&a, &a, other});
        ASSERT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
        EXPECT_THAT(std::string(out.status().message()), HasSubstr("input 2"));
        EXPECT_THAT(std::string(out.status().message()), HasSubstr("input 0"));
      }
      return;
    }
    absl::StatusOr<Tensor> out = RunMin(version(), {&a, &row});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({2, 3}, {2, 1, 0, 1, 5, 0}));
    out = RunMin(version(), {&column, &a});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({2, 3}, {2, 1, 2, 1, 4, 4}));
    out = RunMin(version(), {&scalar, &a});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({2, 3}, {2, 1, 2, 1, 2, 2}));
    // Both sides broadcast: [2,1] with [1,3].
    Tensor left = Values<T>({2, 1}, {1, 5});
    Tensor right = Values<T>({1, 3}, {3, 0, 9});
    out = RunMin(version(), {&left, &right});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({2, 3}, {1, 0, 1, 3, 0, 5}));
    // Three inputs along three different axes.
    Tensor x = Values<T>({2, 1, 1}, {4, 8});
    Tensor y = Values<T>({3, 1}, {9, 2, 6});
    Tensor z = Values<T>({1, 1, 2}, {5, 7});
    out = RunMin(version(), {&x, &y, &z});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({2, 3, 2}, {4, 4, 2, 2, 4, 4, 5, 7, 2, 2, 5, 6}));
    // Empty broadcast results.
    Tensor empty = Values<T>({0, 1}, {});
    out = RunMin(version(), {&empty, &row});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Values<T>({0, 3}, {}));
    // Incompatible shapes.
    Tensor two = Values<T>({2}, {1, 2});
    out = RunMin(version(), {&a, &two});
    ASSERT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(std::string(out.status().message()), HasSubstr("input 1"));
  });
}

class MinBroadcastTest : public MinTest {};

TEST_P(MinBroadcastTest, SixDimensionalBroadcast) {
  ForType([&]<typename T>(TypeTag<T>) {
    // a: [2,1,3,1,2,1], b: [3,1,2,1,3]; out [2,3,3,2,2,3].
    const Shape a_shape = {2, 1, 3, 1, 2, 1}, b_shape = {3, 1, 2, 1, 3};
    const Shape out_shape = {2, 3, 3, 2, 2, 3};
    // Values in 0..11 depend on each input's own index.
    std::vector<T> a_values(12), b_values(18);
    for (int i = 0; i < 12; ++i) a_values[i] = V<T>((i * 7) % 12);
    for (int i = 0; i < 18; ++i) b_values[i] = V<T>((i * 5) % 12);
    Tensor a = Tensor::FromValues<T>(a_shape, std::span<const T>(a_values));
    Tensor b = Tensor::FromValues<T>(b_shape, std::span<const T>(b_values));
    absl::StatusOr<Tensor> out = RunMin(version(), {&a, &b});
    ASSERT_TRUE(out.ok()) << out.status();
    // Independent formula: unravel each output index, index each input.
    std::vector<T> expected;
    for (int i0 = 0; i0 < 2; ++i0)
      for (int i1 = 0; i1 < 3; ++i1)
        for (int i2 = 0; i2 < 3; ++i2)
          for (int i3 = 0; i3 < 2; ++i3)
            for (int i4 = 0; i4 < 2; ++i4)
              for (int i5 = 0; i5 < 3; ++i5) {
                const int ai = ((i0 * 3 + i2) * 2 + i4);  // [2,_,3,_,2,_]
                const int bi = ((i1 * 2 + i3) * 3 + i5);  // [3,_,2,_,3]
                const int av = (ai * 7) % 12, bv = (bi * 5) % 12;
                expected.push_back(V<T>(av < bv ? av : bv));
              }
    EXPECT_BITS_EQ(*out, Tensor::FromValues<T>(out_shape, std::span<const T>(expected)));
  });
}

INSTANTIATE_TEST_SUITE_P(BroadcastingVersions, MinBroadcastTest,
                         ::testing::ValuesIn(CombosFrom("Min", 8)), ComboName);

TEST_P(MinTest, MixedElementTypesAreRejected) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor a = Values<T>({2}, {1, 2});
    Tensor b = GetParam().type == ElementType::kFloat ? Values<double>({2}, {1, 2})
                                                      : Values<float>({2}, {1, 2});
    absl::StatusOr<Tensor> out = RunMin(version(), {&a, &b});
    ASSERT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(std::string(out.status().message()), HasSubstr("input 1"));
  });
}

INSTANTIATE_TEST_SUITE_P(AllVersionsAndTypes, MinTest, ::testing::ValuesIn(CombosOf("Min")),
                         ComboName);

class MinFloatTest : public MinTest {};

TEST_P(MinFloatTest, NaNPropagatesAndTheFirstNaNWins) {
  ForType([&]<typename T>(TypeTag<T>) {
    if constexpr (kIsFloatType<T>) {
      Tensor a = Values<T>({4}, {kNaN, 1, 2, kNaN});
      Tensor b = Values<T>({4}, {1, -kNaN, 3, -kNaN});
      absl::StatusOr<Tensor> out = RunMin(version(), {&a, &b});
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, Values<T>({4}, {kNaN, -kNaN, 2, kNaN}));
      Tensor c = Values<T>({4}, {-kInf, -kInf, -kInf, -kInf});
      out = RunMin(version(), {&c, &a});
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, Values<T>({4}, {kNaN, -kInf, -kInf, kNaN}));
    }
  });
}

TEST_P(MinFloatTest, Infinities) {
  ForType([&]<typename T>(TypeTag<T>) {
    if constexpr (kIsFloatType<T>) {
      Tensor a = Values<T>({4}, {kInf, -kInf, kInf, 5});
      Tensor b = Values<T>({4}, {5, 5, kInf, -kInf});
      absl::StatusOr<Tensor> out = RunMin(version(), {&a, &b});
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, Values<T>({4}, {5, -kInf, kInf, -kInf}));
    }
  });
}

TEST_P(MinFloatTest, EqualZerosGiveTheEarliestInput) {
  ForType([&]<typename T>(TypeTag<T>) {
    if constexpr (kIsFloatType<T>) {
      Tensor a = Values<T>({3}, {0.0, -0.0, -0.0});
      Tensor b = Values<T>({3}, {-0.0, 0.0, -0.0});
      Tensor c = Values<T>({3}, {-0.0, -0.0, 0.0});
      absl::StatusOr<Tensor> out = RunMin(version(), {&a, &b, &c});
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, Values<T>({3}, {0.0, -0.0, -0.0}));
      // A strictly smaller value still wins over a zero of either sign.
      Tensor tiny = Values<T>({3}, {-0x1p-24, 0x1p-24, -0.0});
      out = RunMin(version(), {&a, &tiny});
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, Values<T>({3}, {-0x1p-24, -0.0, -0.0}));
    }
  });
}

TEST_P(MinFloatTest, ExtremesOfTheType) {
  ForType([&]<typename T>(TypeTag<T>) {
    if constexpr (kIsFloatType<T>) {
      using L = std::numeric_limits<T>;
      const T a_values[] = {L::lowest(), L::max(), L::denorm_min(), L::min()};
      const T b_values[] = {L::max(), L::lowest(), L::min(), L::denorm_min()};
      Tensor a = Tensor::FromValues<T>({4}, std::span<const T>(a_values));
      Tensor b = Tensor::FromValues<T>({4}, std::span<const T>(b_values));
      const T expected[] = {L::lowest(), L::lowest(), L::denorm_min(), L::denorm_min()};
      absl::StatusOr<Tensor> out = RunMin(version(), {&a, &b});
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, Tensor::FromValues<T>({4}, std::span<const T>(expected)));
    }
  });
}

INSTANTIATE_TEST_SUITE_P(FloatTypes, MinFloatTest, ::testing::ValuesIn(FloatCombosOf("Min")),
                         ComboName);

class MinIntegerTest : public MinTest {};

TEST_P(MinIntegerTest, WholeRangeOfTheType) {
  ForType([&]<typename T>(TypeTag<T>) {
    if constexpr (!kIsFloatType<T>) {
      using L = std::numeric_limits<T>;
      const T a_values[] = {L::lowest(), L::max(), static_cast<T>(L::max() - 1),
                            static_cast<T>(L::lowest() + 1)};
      const T b_values[] = {L::max(), L::max(), L::max(), L::lowest()};
      const T expected[] = {L::lowest(), L::max(), static_cast<T>(L::max() - 1), L::lowest()};
      Tensor a = Tensor::FromValues<T>({4}, std::span<const T>(a_values));
      Tensor b = Tensor::FromValues<T>({4}, std::span<const T>(b_values));
      absl::StatusOr<Tensor> out = RunMin(version(), {&a, &b});
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, Tensor::FromValues<T>({4}, std::span<const T>(expected)));
    }
  });
}

INSTANTIATE_TEST_SUITE_P(IntegerTypes, MinIntegerTest, ::testing::ValuesIn(IntegerCombosOf("Min")),
                         ComboName);

// Values a double cannot tell apart (beyond 2^53) compare exactly.
TEST(MinWideIntegers, Int64BeyondTwoToThe53) {
  for (int64_t version : {12, 13}) {
    Tensor a = Int64s({3}, {9007199254740993, -9007199254740993, INT64_MIN});
    Tensor b = Int64s({3}, {9007199254740992, -9007199254740992, INT64_MIN + 1});
    absl::StatusOr<Tensor> out = RunMin(version, {&a, &b});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({3}, {9007199254740992, -9007199254740993, INT64_MIN}));
  }
}

TEST(MinWideIntegers, Uint64NearTheTop) {
  for (int64_t version : {12, 13}) {
    const uint64_t a_values[] = {18446744073709551615u, 18446744073709551614u, 9007199254740993u};
    const uint64_t b_values[] = {18446744073709551614u, 18446744073709551615u, 9007199254740992u};
    const uint64_t expected[] = {18446744073709551614u, 18446744073709551614u, 9007199254740992u};
    Tensor a = Tensor::FromValues<uint64_t>({3}, std::span<const uint64_t>(a_values));
    Tensor b = Tensor::FromValues<uint64_t>({3}, std::span<const uint64_t>(b_values));
    absl::StatusOr<Tensor> out = RunMin(version, {&a, &b});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Tensor::FromValues<uint64_t>({3}, std::span<const uint64_t>(expected)));
  }
}

TEST(MinTypes, TypesOutsideTheVersionAreRejected) {
  for (int64_t version : VersionsOf("Min")) {
    for (ElementType type : TypesNotIn("Min", version)) {
      absl::StatusOr<Tensor> a = Tensor::Create(type, {1});
      ASSERT_TRUE(a.ok());
      std::memset(a->bytes().data(), 0, a->byte_size());
      absl::StatusOr<Tensor> out = RunMin(version, {&*a, &*a});
      EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument)
          << "Min-" << version << " " << ElementTypeName(type);
    }
  }
  EXPECT_EQ(TypesNotIn("Min", 8).size(), 9u);
  EXPECT_EQ(TypesNotIn("Min", 13).size(), 0u);
}

TEST(MinAttributes, ConsumedInputsOnlyAtMin1) {
  Tensor a = Values<float>({2}, {1, 2});
  Tensor b = Values<float>({2}, {0, 3});
  absl::StatusOr<Tensor> out =
      RunMin(1, {&a, &b}, std::move(NodeBuilder("Min").Ints("consumed_inputs", {0, 0})));
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Values<float>({2}, {0, 2}));
  out = RunMin(6, {&a, &b}, std::move(NodeBuilder("Min").Ints("consumed_inputs", {0, 0})));
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(out.status().message()), HasSubstr("consumed_inputs"));
}

TEST(MinArity, NoInputIsAnError) {
  absl::StatusOr<Tensor> out = RunMin(13, {});
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(MinDirect, RankZeroAgainstEmptyBroadcastsToEmpty) {
  Tensor scalar = Values<float>({}, {1});
  Tensor empty = Values<float>({0}, {});
  absl::StatusOr<Tensor> out = RunMin(13, {&scalar, &empty});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Values<float>({0}, {}));
}

}  // namespace
}  // namespace onnx_conform::testing
