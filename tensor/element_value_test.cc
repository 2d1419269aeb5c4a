// Tests of reading one element of any type (tensor/element_value.h) and
// of the small float formats (tensor/small_float.h): values written by
// hand from ONNX's definitions, and properties every format must have.
#include "tensor/element_value.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/small_float.h"

namespace onnx_conform {
namespace {

// A one-element tensor of `type` holding `bits` in its storage.
Tensor OneElement(ElementType type, uint64_t bits) {
  absl::StatusOr<Tensor> t = Tensor::Create(type, {1});
  EXPECT_TRUE(t.ok()) << t.status();
  std::memcpy(t->bytes().data(), &bits, ElementSize(type));
  return *std::move(t);
}

TEST(ElementValueTest, NumericTypesReadAsTheKernelsRead) {
  EXPECT_EQ(ElementAsDouble(Tensor::FromValues<float>({1}, {-1.25f}), 0), -1.25);
  EXPECT_EQ(ElementAsDouble(Tensor::FromValues<int8_t>({1}, {-128}), 0), -128.0);
  EXPECT_EQ(ElementAsDouble(Tensor::FromValues<uint16_t>({1}, {65535}), 0), 65535.0);
  EXPECT_EQ(ElementAsDouble(OneElement(ElementType::kFloat16, 0x3C00), 0), 1.0);
  EXPECT_EQ(ElementAsDouble(OneElement(ElementType::kBFloat16, 0xC000), 0), -2.0);
  // Texts: integers exactly, even beyond 2^53.
  const Tensor big = Tensor::FromValues<uint64_t>({1}, {std::numeric_limits<uint64_t>::max()});
  EXPECT_EQ(ElementText(big, 0), "18446744073709551615");
  const Tensor low = Tensor::FromValues<int64_t>({1}, {std::numeric_limits<int64_t>::min()});
  EXPECT_EQ(ElementText(low, 0), "-9223372036854775808");
  EXPECT_EQ(ElementText(OneElement(ElementType::kFloat16, 0x3C00), 0), "1 (0x3c00)");
  EXPECT_EQ(ElementText(Tensor::FromValues<double>({1}, {0.1}), 0), "0.10000000000000001");
  EXPECT_EQ(ElementBits(Tensor::FromValues<int16_t>({1}, {-2}), 0), 0xFFFEu);
}

TEST(ElementValueTest, NanTestForEveryFloatType) {
  EXPECT_TRUE(ElementIsNaN(OneElement(ElementType::kFloat16, 0x7E00), 0));
  EXPECT_FALSE(ElementIsNaN(OneElement(ElementType::kFloat16, 0x7C00), 0));  // inf
  EXPECT_TRUE(ElementIsNaN(OneElement(ElementType::kBFloat16, 0xFFC1), 0));
  EXPECT_TRUE(ElementIsNaN(OneElement(ElementType::kFloat8E4M3FN, 0x7F), 0));
  EXPECT_FALSE(ElementIsNaN(OneElement(ElementType::kFloat8E4M3FN, 0x7E), 0));
  EXPECT_TRUE(ElementIsNaN(OneElement(ElementType::kFloat8E5M2FNUZ, 0x80), 0));
  EXPECT_TRUE(ElementIsNaN(OneElement(ElementType::kFloat8E8M0, 0xFF), 0));
  // Integers, bool, the formats without NaN: never.
  EXPECT_FALSE(ElementIsNaN(OneElement(ElementType::kUint8, 0xFF), 0));
  EXPECT_FALSE(ElementIsNaN(OneElement(ElementType::kFloat4E2M1, 0xF), 0));
  EXPECT_FALSE(ElementIsNaN(OneElement(ElementType::kFloat6E3M2, 0x3F), 0));
  EXPECT_FALSE(ElementIsNaN(Tensor::FromStrings({1}, {"nan"}), 0));
}

TEST(ElementValueTest, ValueKindsOfTheSmallFloats) {
  EXPECT_EQ(ValueKindOf(ElementType::kFloat8E5M2, 0x7C), "inf");
  EXPECT_EQ(ValueKindOf(ElementType::kFloat8E5M2, 0xFE), "nan");
  EXPECT_EQ(ValueKindOf(ElementType::kFloat8E4M3FN, 0x80), "zero");
  EXPECT_EQ(ValueKindOf(ElementType::kFloat8E4M3FN, 0x07), "denormal");
  EXPECT_EQ(ValueKindOf(ElementType::kFloat8E4M3FNUZ, 0x80), "nan");
  EXPECT_EQ(ValueKindOf(ElementType::kFloat8E8M0, 0x00), "finite");  // 2^-127, no zero
  EXPECT_EQ(ValueKindOf(ElementType::kFloat4E2M1, 0x8), "zero");     // -0
  EXPECT_EQ(ValueKindOf(ElementType::kFloat4E2M1, 0x1), "denormal");
  EXPECT_EQ(ValueKindOf(ElementType::kFloat6E2M3, 0x1F), "finite");
  EXPECT_EQ(ValueKindOf(ElementType::kInt4, 0xF), "finite");
}

// Properties each small format must have, pattern by pattern: the sign bit
// negates (except where FNUZ makes 1.000... NaN), NaN where the format says,
// and positive numbers grow with their bits (so no pattern is misread).
TEST(SmallFloatTest, EveryPatternOfEveryFormat) {
  for (ElementType type : kAllElementTypes) {
    const std::optional<SmallFloatFormat> format = SmallFloatFormatOf(type);
    if (!format.has_value()) continue;
    SCOPED_TRACE(ElementTypeName(type));
    const int magnitude_bits = format->exponent_bits + format->mantissa_bits;
    const uint32_t count = 1u << magnitude_bits;
    int nans = 0;
    double previous = -1;
    for (uint32_t bits = 0; bits < count; ++bits) {
      const double value = SmallFloatValue(type, bits);
      if (SmallFloatIsNaN(type, bits)) {
        ++nans;
        continue;
      }
      EXPECT_GT(value, previous) << bits;
      previous = value;
      if (format->has_sign &&
          !(bits == 0 && format->nans == SmallFloatFormat::Nans::kNegativeZero)) {
        const uint32_t negative = bits | count;
        if (!SmallFloatIsNaN(type, negative)) {
          EXPECT_EQ(SmallFloatValue(type, negative), -value) << bits;
        }
      }
    }
    switch (format->nans) {
      case SmallFloatFormat::Nans::kNone: EXPECT_EQ(nans, 0); break;
      case SmallFloatFormat::Nans::kAllOnes: EXPECT_EQ(nans, 1); break;  // and its negative
      case SmallFloatFormat::Nans::kIeee: EXPECT_EQ(nans, 3); break;
      case SmallFloatFormat::Nans::kNegativeZero: EXPECT_EQ(nans, 0); break;  // 0x80 only
      case SmallFloatFormat::Nans::kAllBits: EXPECT_EQ(nans, 1); break;
    }
  }
  EXPECT_TRUE(SmallFloatIsNaN(ElementType::kFloat8E4M3FNUZ, 0x80));
  EXPECT_TRUE(SmallFloatIsNaN(ElementType::kFloat8E4M3FN, 0xFF));
  EXPECT_TRUE(std::signbit(SmallFloatValue(ElementType::kFloat8E5M2, 0x80)));
  // Largest values from ONNX's tables and the OCP MX formats.
  EXPECT_EQ(SmallFloatValue(ElementType::kFloat4E2M1, 0x7), 6.0);
  EXPECT_EQ(SmallFloatValue(ElementType::kFloat6E2M3, 0x1F), 7.5);
  EXPECT_EQ(SmallFloatValue(ElementType::kFloat6E3M2, 0x1F), 28.0);
  EXPECT_EQ(SmallFloatValue(ElementType::kFloat8E4M3FN, 0x7E), 448.0);
  EXPECT_EQ(SmallFloatValue(ElementType::kFloat8E5M2FNUZ, 0x7F), 57344.0);
}

TEST(ElementValueTest, IdenticalValuesSeesEveryBit) {
  const Tensor a = OneElement(ElementType::kFloat8E5M2, 0x7D);
  const Tensor b = OneElement(ElementType::kFloat8E5M2, 0x7E);  // another NaN
  EXPECT_FALSE(IdenticalValues(a, b));
  EXPECT_TRUE(IdenticalValues(a, OneElement(ElementType::kFloat8E5M2, 0x7D)));
  EXPECT_FALSE(IdenticalValues(a, OneElement(ElementType::kUint8, 0x7D)));  // another type
  EXPECT_FALSE(IdenticalValues(Tensor::Sequence({a}), Tensor::Sequence({b})));
  EXPECT_FALSE(IdenticalValues(Tensor::Sequence({}), Tensor::Optional(std::nullopt)));
}

}  // namespace
}  // namespace onnx_conform
