// ArgMin, every (version, type) of the operator texts, with literal
// expectations.
#include "ops/arg_extremum/argmin_kernel.h"

#include <cstdint>
#include <limits>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/reference_test_util.h"

namespace onnx_conform::testing {
namespace {

using ::testing::HasSubstr;

struct Attrs {
  std::optional<int64_t> axis = std::nullopt;
  std::optional<int64_t> keepdims = std::nullopt;
  std::optional<int64_t> select_last_index = std::nullopt;
};

absl::StatusOr<Tensor> RunArgMin(int64_t version, const Tensor& data, Attrs attrs = {}) {
  NodeBuilder node("ArgMin");
  node.Inputs({"data"});
  if (attrs.axis) node.Int("axis", *attrs.axis);
  if (attrs.keepdims) node.Int("keepdims", *attrs.keepdims);
  if (attrs.select_last_index) node.Int("select_last_index", *attrs.select_last_index);
  return RunOne(node.Build(), version, {&data});
}

void ExpectInvalid(const absl::StatusOr<Tensor>& out, const std::string& fragment) {
  ASSERT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument) << out.status();
  EXPECT_THAT(std::string(out.status().message()), HasSubstr(fragment));
}

class ArgMinTest : public ::testing::TestWithParam<OpCombo> {
 protected:
  int64_t version() const { return GetParam().version; }
  template <typename F>
  void ForType(F f) {
    VisitNumericType(GetParam().type, f);
  }
};

TEST_P(ArgMinTest, DefaultsReduceAxis0KeepingIt) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor data = Values<T>({2, 3}, {3, 1, 2, 0, 5, 2});
    absl::StatusOr<Tensor> out = RunArgMin(version(), data);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({1, 3}, {1, 0, 0}));
  });
}

TEST_P(ArgMinTest, AxisAndKeepdims) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor data = Values<T>({2, 3}, {3, 1, 2, 0, 5, 2});
    absl::StatusOr<Tensor> out = RunArgMin(version(), data, {.axis = 1});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({2, 1}, {1, 0}));
    out = RunArgMin(version(), data, {.axis = 1, .keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({2}, {1, 0}));
    out = RunArgMin(version(), data, {.axis = 0, .keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({3}, {1, 0, 0}));
  });
}

TEST_P(ArgMinTest, ThreeDimensionsMiddleAxis) {
  ForType([&]<typename T>(TypeTag<T>) {
    // [2,3,2]: for each (i, k) the j of the smallest value.
    Tensor data = Values<T>({2, 3, 2}, {5, 1, 4, 9, 6, 0,  //
                                        7, 7, 2, 8, 3, 9});
    absl::StatusOr<Tensor> out = RunArgMin(version(), data, {.axis = 1});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({2, 1, 2}, {1, 2, 1, 0}));
    out = RunArgMin(version(), data, {.axis = 2, .keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({2, 3}, {1, 0, 1, 0, 0, 0}));
  });
}

// [-r, r-1] at every version: stated from ArgMin-11; ArgMin-1 states no
// range and is read the same way (as ONNX's ArgMin-1 shape inference does).
TEST_P(ArgMinTest, NegativeAxisAtEveryVersion) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor data = Values<T>({2, 3}, {3, 1, 2, 0, 5, 2});
    absl::StatusOr<Tensor> out = RunArgMin(version(), data, {.axis = -1});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({2, 1}, {1, 0}));
    out = RunArgMin(version(), data, {.axis = -2, .keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({3}, {1, 0, 0}));
    ExpectInvalid(RunArgMin(version(), data, {.axis = -3}), "axis -3");
  });
}

TEST_P(ArgMinTest, TiesFirstIndexOrLastWithSelectLastIndex) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor data = Values<T>({2, 4}, {2, 1, 1, 3,  //
                                     4, 4, 4, 4});
    absl::StatusOr<Tensor> out = RunArgMin(version(), data, {.axis = 1, .keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({2}, {1, 0}));
    if (version() < 12) {
      ExpectInvalid(RunArgMin(version(), data, {.axis = 1, .select_last_index = 1}),
                    "select_last_index");
      ExpectInvalid(RunArgMin(version(), data, {.axis = 1, .select_last_index = 0}),
                    "select_last_index");
      return;
    }
    out = RunArgMin(version(), data, {.axis = 1, .keepdims = 0, .select_last_index = 1});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({2}, {2, 3}));
    out = RunArgMin(version(), data, {.axis = 0, .select_last_index = 1});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({1, 4}, {0, 0, 0, 0}));
    out = RunArgMin(version(), data, {.axis = 1, .keepdims = 0, .select_last_index = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({2}, {1, 0}));
    ExpectInvalid(RunArgMin(version(), data, {.select_last_index = 2}), "select_last_index");
  });
}

TEST_P(ArgMinTest, EmptyTensors) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor empty_rows = Values<T>({0, 3}, {});
    // Reducing a non-empty axis of an empty tensor gives an empty output.
    absl::StatusOr<Tensor> out = RunArgMin(version(), empty_rows, {.axis = 1});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({0, 1}, {}));
    out = RunArgMin(version(), empty_rows, {.axis = 1, .keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({0}, {}));
    // Reducing an axis of size 0: no index exists.
    ExpectInvalid(RunArgMin(version(), empty_rows, {.axis = 0}), "size 0");
  });
}

TEST_P(ArgMinTest, OneElementAxisAndRankOne) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor column = Values<T>({3, 1}, {4, 2, 9});
    absl::StatusOr<Tensor> out = RunArgMin(version(), column, {.axis = 1});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({3, 1}, {0, 0, 0}));
    Tensor vector = Values<T>({5}, {4, 2, 9, 1, 1});
    out = RunArgMin(version(), vector, {.keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({}, {3}));
    out = RunArgMin(version(), vector);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({1}, {3}));
  });
}

TEST_P(ArgMinTest, Errors) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor scalar = Values<T>({}, {1});
    ExpectInvalid(RunArgMin(version(), scalar), "rank 0");
    ExpectInvalid(RunArgMin(version(), scalar, {.axis = -1}), "rank 0");
    Tensor data = Values<T>({2, 3}, {3, 1, 2, 0, 5, 2});
    ExpectInvalid(RunArgMin(version(), data, {.axis = 2}), "axis 2");
    ExpectInvalid(RunArgMin(version(), data, {.keepdims = 2}), "keepdims");
    ExpectInvalid(RunArgMin(version(), data, {.keepdims = -1}), "keepdims");
  });
}

INSTANTIATE_TEST_SUITE_P(AllVersionsAndTypes, ArgMinTest, ::testing::ValuesIn(CombosOf("ArgMin")),
                         ComboName);

class ArgMinFloatTest : public ArgMinTest {};

TEST_P(ArgMinFloatTest, NaNIsTheSmallestValue) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor data = Values<T>({2, 4}, {1, kNaN, -kInf, kNaN,  //
                                     -kInf, 0, -kInf, 5});
    absl::StatusOr<Tensor> out = RunArgMin(version(), data, {.axis = 1, .keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({2}, {1, 0}));
    if (version() >= 12) {
      out = RunArgMin(version(), data, {.axis = 1, .keepdims = 0, .select_last_index = 1});
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, Int64s({2}, {3, 2}));
    }
    Tensor nan_last = Values<T>({3}, {kInf, -1, -kNaN});
    out = RunArgMin(version(), nan_last, {.keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({}, {2}));
  });
}

TEST_P(ArgMinFloatTest, SignedZerosTie) {
  ForType([&]<typename T>(TypeTag<T>) {
    Tensor data = Values<T>({3}, {0.0, -0.0, 1});
    absl::StatusOr<Tensor> out = RunArgMin(version(), data, {.keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({}, {0}));
    if (version() >= 12) {
      out = RunArgMin(version(), data, {.keepdims = 0, .select_last_index = 1});
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, Int64s({}, {1}));
    }
  });
}

TEST_P(ArgMinFloatTest, SubnormalsAndExtremes) {
  ForType([&]<typename T>(TypeTag<T>) {
    using L = std::numeric_limits<T>;
    const T values[] = {L::max(), L::denorm_min(), L::min(), L::lowest(), L::infinity()};
    Tensor data = Tensor::FromValues<T>({5}, std::span<const T>(values));
    absl::StatusOr<Tensor> out = RunArgMin(version(), data, {.keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({}, {3}));
    const T positives[] = {L::min(), L::denorm_min(), L::max()};
    out = RunArgMin(version(), Tensor::FromValues<T>({3}, std::span<const T>(positives)),
                    {.keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({}, {1}));
  });
}

INSTANTIATE_TEST_SUITE_P(FloatTypes, ArgMinFloatTest, ::testing::ValuesIn(FloatCombosOf("ArgMin")),
                         ComboName);

class ArgMinIntegerTest : public ArgMinTest {};

TEST_P(ArgMinIntegerTest, WholeRangeOfTheType) {
  ForType([&]<typename T>(TypeTag<T>) {
    if constexpr (!kIsFloatType<T>) {
      using L = std::numeric_limits<T>;
      const T values[] = {L::max(), static_cast<T>(L::lowest() + 1), L::lowest(),
                          static_cast<T>(L::max() - 1), L::lowest()};
      Tensor data = Tensor::FromValues<T>({5}, std::span<const T>(values));
      absl::StatusOr<Tensor> out = RunArgMin(version(), data, {.keepdims = 0});
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, Int64s({}, {2}));
      if (version() >= 12) {
        out = RunArgMin(version(), data, {.keepdims = 0, .select_last_index = 1});
        ASSERT_TRUE(out.ok()) << out.status();
        EXPECT_BITS_EQ(*out, Int64s({}, {4}));
      }
      const T top[] = {L::max(), static_cast<T>(L::max() - 1), L::max()};
      out = RunArgMin(version(), Tensor::FromValues<T>({3}, std::span<const T>(top)),
                      {.keepdims = 0});
      ASSERT_TRUE(out.ok()) << out.status();
      EXPECT_BITS_EQ(*out, Int64s({}, {1}));
    }
  });
}

INSTANTIATE_TEST_SUITE_P(IntegerTypes, ArgMinIntegerTest,
                         ::testing::ValuesIn(IntegerCombosOf("ArgMin")), ComboName);

TEST(ArgMinWideIntegers, ValuesBeyondTwoToThe53) {
  for (int64_t version : VersionsOf("ArgMin")) {
    Tensor data = Int64s({3}, {9007199254740993, 9007199254740992, 9007199254740993});
    absl::StatusOr<Tensor> out = RunArgMin(version, data, {.keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({}, {1}));
    const uint64_t wide[] = {18446744073709551615u, 18446744073709551614u, 18446744073709551615u};
    out = RunArgMin(version, Tensor::FromValues<uint64_t>({3}, std::span<const uint64_t>(wide)),
                    {.keepdims = 0});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_BITS_EQ(*out, Int64s({}, {1}));
  }
}

TEST(ArgMinTypes, TypesOutsideTheVersionAreRejected) {
  for (int64_t version : VersionsOf("ArgMin")) {
    for (ElementType type : TypesNotIn("ArgMin", version)) {
      absl::StatusOr<Tensor> data = Tensor::Create(type, {1});
      ASSERT_TRUE(data.ok());
      std::memset(data->bytes().data(), 0, data->byte_size());
      EXPECT_EQ(RunArgMin(version, *data).status().code(), absl::StatusCode::kInvalidArgument)
          << "ArgMin-" << version << " " << ElementTypeName(type);
    }
  }
  EXPECT_EQ(TypesNotIn("ArgMin", 12), std::vector<ElementType>{ElementType::kBFloat16});
}

TEST(ArgMinAttributes, WrongAttributeTypeAndUnknownAttribute) {
  Tensor data = Values<float>({2}, {1, 0});
  onnx::NodeProto node = NodeBuilder("ArgMin").Inputs({"data"}).Float("axis", 0).Build();
  ExpectInvalid(RunOne(node, 13, {&data}), "axis");
  node = NodeBuilder("ArgMin").Inputs({"data"}).Int("axes", 0).Build();
  ExpectInvalid(RunOne(node, 13, {&data}), "axes");
}

TEST(ArgMinDirect, LargeInnerAndOuter) {
  // [3, 2, 4] reduced over axis 1 with keepdims 0: compares row 0 and row 1
  // of every slab element by element.
  Tensor data = Values<int32_t>({3, 2, 4}, {1, 9, 3, 3, 2, 8, 3, 1,  //
                                            0, 0, 0, 0, 0, 0, 0, 0,  //
                                            7, 6, 5, 4, 4, 5, 6, 7});
  absl::StatusOr<Tensor> out = RunArgMin(13, data, {.axis = 1, .keepdims = 0});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Int64s({3, 4}, {0, 1, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0}));
  out = RunArgMin(13, data, {.axis = 1, .keepdims = 0, .select_last_index = 1});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_BITS_EQ(*out, Int64s({3, 4}, {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0}));
}

}  // namespace
}  // namespace onnx_conform::testing
