#include "cases/case_values.h"

#include "gtest/gtest.h"
#include "testing/case_test_util.h"

namespace onnx_conform {

using namespace case_values;  // NOLINT: the library's own value helpers
namespace {

TEST(CaseValuesTest, ValueIsExactOrAborts) {
  EXPECT_EQ(Value<int8_t>(-128), -128);
  EXPECT_EQ(Value<uint64_t>(0), 0u);
  EXPECT_EQ(Value<Float16>(0.5).bits(), 0x3800);
  EXPECT_EQ(Value<BFloat16>(-2).bits(), 0xC000);
  EXPECT_DEATH(Value<uint8_t>(-1), "out of range");
  EXPECT_DEATH(Value<int8_t>(128), "out of range");
  EXPECT_DEATH(Value<Float16>(0.1), "not exact");
  EXPECT_DEATH(Value<int32_t>(1.5), "not exact");
}

TEST(CaseValuesTest, SpecialValues) {
  EXPECT_EQ(NegZero<Float16>().bits(), 0x8000);
  EXPECT_EQ(NegInf<BFloat16>().bits(), 0xFF80);
  EXPECT_TRUE(std::signbit(NegZero<double>()));
  EXPECT_EQ(Negate(DenormMin<Float16>()).bits(), 0x8001);
  EXPECT_TRUE(IsNaN(NaN<BFloat16>()));
  EXPECT_FALSE(IsNaN(Inf<float>()));
  EXPECT_FALSE(IsNaN(int64_t{0}));
}

TEST(CaseValuesTest, LessIsIeeeOrderOnWidenedValues) {
  EXPECT_TRUE(Less(Value<Float16>(-1), Value<Float16>(0.5)));
  EXPECT_FALSE(Less(NegZero<Float16>(), Value<Float16>(0)));
  EXPECT_FALSE(Less(Value<Float16>(0), NegZero<Float16>()));
  EXPECT_FALSE(Less(NaN<float>(), 1.0f));
  EXPECT_FALSE(Less(1.0f, NaN<float>()));
  EXPECT_TRUE(Less(std::numeric_limits<int64_t>::max() - 1, std::numeric_limits<int64_t>::max()));
}

TEST(CaseValuesTest, PatternsAreFixed) {
  const std::vector<int8_t> signed_pattern = Pattern<int8_t>(4, 0);
  EXPECT_EQ(signed_pattern, (std::vector<int8_t>{-6, 1, -5, 2}));
  const std::vector<uint16_t> unsigned_pattern = Pattern<uint16_t>(4, 1);
  EXPECT_EQ(unsigned_pattern, (std::vector<uint16_t>{3, 10, 4, 11}));
  std::vector<int32_t> distinct = DistinctPattern<int32_t>(24);
  std::sort(distinct.begin(), distinct.end());
  for (int32_t i = 0; i < 24; ++i) EXPECT_EQ(distinct[i], i);
}

TEST(CaseValuesTest, MakeTensorChecksTheCount) {
  const Tensor t = MakeTensor<double>({2, 2}, {1, 2, 3, 4});
  EXPECT_EQ(t.data<double>()[3], 4.0);
  EXPECT_DEATH(MakeTensor<double>({2, 2}, {1, 2, 3}), "3 values for 4 elements");
}

TEST(CompareTensorsTest, ExactAsValues) {
  const float nan = NaN<float>();
  EXPECT_EQ(
      CompareTensors(TensorOf<float>({3}, {nan, -0.0f, 1}), TensorOf<float>({3}, {nan, 0.0f, 1})),
      "");
  EXPECT_EQ(CompareTensors(TensorOf<float>({2}, {1, 2}), TensorOf<float>({2}, {1, 3})),
            "element 1: 3 instead of 2");
  EXPECT_NE(CompareTensors(TensorOf<float>({1}, {nan}), TensorOf<float>({1}, {0})), "");
  EXPECT_NE(CompareTensors(TensorOf<float>({1}, {0}), TensorOf<float>({1}, {nan})), "");
  EXPECT_NE(CompareTensors(TensorOf<float>({2}, {1, 2}), TensorOf<float>({1, 2}, {1, 2})), "");
  EXPECT_NE(CompareTensors(TensorOf<float>({1}, {1}), TensorOf<double>({1}, {1})), "");
  const int64_t lo = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(CompareTensors(TensorOf<int64_t>({1}, {lo}), TensorOf<int64_t>({1}, {lo + 1})),
            "element 0: -9223372036854775807 instead of -9223372036854775808");
}

}  // namespace
}  // namespace onnx_conform
