// Tests of TensorProto decoding and encoding for the element types beyond
// the twelve numeric ones: bool, complex64/128, string, the 8-bit floats,
// and the packed 4-, 2- and 6-bit types. Every expected value and byte is
// written by hand from ONNX's definitions (onnx.proto's packing rules, the
// technical notes on float8 and float4) or taken from the data files of
// ONNX 1.22's own node tests, never from the code's output.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/element_value.h"
#include "testing/tensor_proto_test_util.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

// A TensorProto.DataType by number: the installed ONNX headers' enum stops
// at bfloat16 (16); float8e4m3fn is 17, ... float6e3m2 28.
constexpr onnx::TensorProto::DataType DataType(int32_t number) {
  return static_cast<onnx::TensorProto::DataType>(number);
}

// Every element's value, read through the ground-floor accessor.
std::vector<double> Values(const Tensor& t) {
  std::vector<double> values;
  for (int64_t i = 0; i < t.element_count(); ++i) values.push_back(ElementAsDouble(t, i));
  return values;
}

// The tensor's storage, one byte per element for the 1-byte types.
std::vector<uint8_t> StoredBytes(const Tensor& t) {
  std::vector<uint8_t> bytes;
  for (std::byte b : t.bytes()) bytes.push_back(static_cast<uint8_t>(b));
  return bytes;
}

onnx::TensorProto WithInt32Data(onnx::TensorProto p, std::initializer_list<int32_t> values) {
  for (int32_t v : values) p.add_int32_data(v);
  return p;
}

// Encoding gives back exactly the hand-written raw_data.
void ExpectEncodesTo(const Tensor& t, const std::string& raw) {
  const onnx::TensorProto encoded = TensorToProto(t, "x");
  EXPECT_EQ(encoded.data_type(), static_cast<int32_t>(t.type()));
  EXPECT_EQ(encoded.raw_data(), raw);
  EXPECT_TRUE(IdenticalValues(Decode(encoded), t));
}

// ---------------------------------------------------------------- bool

TEST(TensorProtoTypesTest, BoolFromRawAndInt32Data) {
  onnx::TensorProto raw = Proto(onnx::TensorProto::BOOL, {3});
  raw.set_raw_data(Bytes({1, 0, 1}));
  const Tensor t = Decode(raw);
  ASSERT_EQ(t.type(), ElementType::kBool);
  EXPECT_THAT(Values(t), ElementsAre(1, 0, 1));
  EXPECT_EQ(ElementText(t, 1), "false");
  EXPECT_TRUE(
      IdenticalValues(Decode(WithInt32Data(Proto(onnx::TensorProto::BOOL, {3}), {1, 0, 1})), t));
  ExpectEncodesTo(t, Bytes({1, 0, 1}));
}

// ---------------------------------------------------------------- complex

TEST(TensorProtoTypesTest, Complex64FromRawAndFloatPairs) {
  // 1.5 - 2i, then 0 + inf i: 1.5f = 0x3FC00000, -2.0f = 0xC0000000, inf = 0x7F800000.
  const std::string raw_bytes =
      Bytes({0, 0, 0xC0, 0x3F, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0x80, 0x7F});
  onnx::TensorProto raw = Proto(onnx::TensorProto::COMPLEX64, {2});
  raw.set_raw_data(raw_bytes);
  const Tensor t = Decode(raw);
  ASSERT_EQ(t.type(), ElementType::kComplex64);
  EXPECT_EQ(ComponentCount(t.type()), 2);
  EXPECT_EQ(ElementAsDouble(t, 0, 0), 1.5);
  EXPECT_EQ(ElementAsDouble(t, 0, 1), -2.0);
  EXPECT_TRUE(std::isinf(ElementAsDouble(t, 1, 1)));
  EXPECT_EQ(ElementText(t, 0), "(1.5, -2)");

  onnx::TensorProto typed = Proto(onnx::TensorProto::COMPLEX64, {2});
  for (float f : {1.5f, -2.0f, 0.0f, INFINITY}) typed.add_float_data(f);
  EXPECT_TRUE(IdenticalValues(Decode(typed), t));
  ExpectEncodesTo(t, raw_bytes);
}

TEST(TensorProtoTypesTest, Complex128FromDoublePairs) {
  onnx::TensorProto typed = Proto(onnx::TensorProto::COMPLEX128, {1});
  typed.add_double_data(-0.25);
  typed.add_double_data(NAN);
  const Tensor t = Decode(typed);
  EXPECT_EQ(ElementAsDouble(t, 0, 0), -0.25);
  EXPECT_TRUE(ElementIsNaN(t, 0));  // either part
  // -0.25 = 0xBFD0000000000000, then the quiet NaN 0x7FF8000000000000.
  ExpectEncodesTo(t, Bytes({0, 0, 0, 0, 0, 0, 0xD0, 0xBF, 0, 0, 0, 0, 0, 0, 0xF8, 0x7F}));
}

// ---------------------------------------------------------------- string

TEST(TensorProtoTypesTest, StringsAreBytesNotNecessarilyUtf8) {
  onnx::TensorProto p = Proto(onnx::TensorProto::STRING, {3});
  p.add_string_data(std::string("abc"));
  p.add_string_data(std::string("a\0z", 3));
  p.add_string_data(std::string("\xff\xfe", 2));
  const Tensor t = Decode(p);
  ASSERT_EQ(t.type(), ElementType::kString);
  EXPECT_THAT(t.strings(), ElementsAre("abc", std::string("a\0z", 3), std::string("\xff\xfe", 2)));
  EXPECT_EQ(ElementText(t, 1), "\"a\\x00z\"");
  EXPECT_EQ(ComponentCount(t.type()), 0);
  const onnx::TensorProto encoded = TensorToProto(t, "s");
  EXPECT_FALSE(encoded.has_raw_data());
  EXPECT_THAT(encoded.string_data(), ElementsAreArray(p.string_data()));

  Tensor other = t;
  other.strings()[2] = "\xff";
  EXPECT_FALSE(IdenticalValues(t, other));
  EXPECT_TRUE(IdenticalValues(t, Tensor(t)));
}

// ---------------------------------------------------------------- 8-bit floats

TEST(TensorProtoTypesTest, Float8FromRawAndInt32Data) {
  // E4M3FN, bias 7: 0x38 = 0.0111.000 = 1; 0x7E = 0.1111.110 = 448 (max);
  // 0x01 = 2^-9 (smallest denormal); 0xFF = S.1111.111, NaN; 0x80 = -0.
  onnx::TensorProto raw = Proto(DataType(17), {5});
  raw.set_raw_data(Bytes({0x38, 0x7E, 0x01, 0xFF, 0x80}));
  const Tensor t = Decode(raw);
  ASSERT_EQ(t.type(), ElementType::kFloat8E4M3FN);
  EXPECT_EQ(ElementAsDouble(t, 0), 1.0);
  EXPECT_EQ(ElementAsDouble(t, 1), 448.0);
  EXPECT_EQ(ElementAsDouble(t, 2), std::ldexp(1.0, -9));
  EXPECT_TRUE(ElementIsNaN(t, 3));
  EXPECT_EQ(ElementAsDouble(t, 4), 0.0);
  EXPECT_TRUE(std::signbit(ElementAsDouble(t, 4)));
  EXPECT_EQ(ElementText(t, 0), "1 (0x38)");
  EXPECT_TRUE(IdenticalValues(
      Decode(WithInt32Data(Proto(DataType(17), {5}), {0x38, 0x7E, 1, 255, 128})), t));
  ExpectEncodesTo(t, Bytes({0x38, 0x7E, 0x01, 0xFF, 0x80}));

  // ONNX 1.22's test_dequantizelinear_e4m3fn input: int32_data 0, 48, 56,
  // 126, 237 are 0, 0.5 (0.0110.000), 1, 448, -0.1101.101 = -2^6 * 1.625 = -104.
  const Tensor official = Decode(WithInt32Data(Proto(DataType(17), {5}), {0, 48, 56, 126, 237}));
  EXPECT_THAT(Values(official), ElementsAre(0, 0.5, 1, 448, -104));

  onnx::TensorProto too_wide = WithInt32Data(Proto(DataType(19), {1}), {256});
  ExpectInvalid(too_wide, {"int32_data[0] = 256", "out of range for float8e5m2"});
}

TEST(TensorProtoTypesTest, EveryFloat8FormatReadsItsOwnPatterns) {
  struct Case {
    onnx::TensorProto::DataType type;
    uint8_t bits;
    double value;  // NAN for a NaN pattern
  };
  const Case kCases[] = {
      // E4M3FNUZ, bias 8: one NaN (0x80), max 0x7F = 2^7 * 1.875, min 2^-10.
      {DataType(18), 0x40, 1.0},
      {DataType(18), 0x7F, 240.0},
      {DataType(18), 0x01, std::ldexp(1.0, -10)},
      {DataType(18), 0x80, NAN},
      {DataType(18), 0xFF, -240.0},
      // E5M2, bias 15: IEEE-like.
      {DataType(19), 0x3C, 1.0},
      {DataType(19), 0x7B, 57344.0},
      {DataType(19), 0x7C, INFINITY},
      {DataType(19), 0xFC, -INFINITY},
      {DataType(19), 0x7D, NAN},
      {DataType(19), 0x01, std::ldexp(1.0, -16)},
      // E5M2FNUZ, bias 16: one NaN (0x80), no infinity.
      {DataType(20), 0x40, 1.0},
      {DataType(20), 0x7F, 57344.0},
      {DataType(20), 0x80, NAN},
      {DataType(20), 0x01, std::ldexp(1.0, -17)},
      // E8M0: 2^(e - 127), no sign, no zero; 0xFF is NaN.
      {DataType(24), 0x7F, 1.0},
      {DataType(24), 0x00, std::ldexp(1.0, -127)},
      {DataType(24), 0xFE, std::ldexp(1.0, 127)},
      {DataType(24), 0xFF, NAN},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(::testing::Message() << "data_type " << c.type << " bits " << int{c.bits});
    onnx::TensorProto p = Proto(c.type, {1});
    p.set_raw_data(Bytes({c.bits}));
    const Tensor t = Decode(p);
    if (std::isnan(c.value)) {
      EXPECT_TRUE(ElementIsNaN(t, 0));
    } else {
      EXPECT_FALSE(ElementIsNaN(t, 0));
      EXPECT_EQ(ElementAsDouble(t, 0), c.value);
    }
  }
}

// ---------------------------------------------------------------- 4-bit

TEST(TensorProtoTypesTest, Uint4PacksTwoToAByteLowNibbleFirst) {
  // 1, 2, 3, 4, 5: 0x21, 0x43, then 5 with a zero high nibble (odd count).
  onnx::TensorProto p = Proto(DataType(21), {5});
  p.set_raw_data(Bytes({0x21, 0x43, 0x05}));
  const Tensor t = Decode(p);
  ASSERT_EQ(t.type(), ElementType::kUint4);
  EXPECT_THAT(StoredBytes(t), ElementsAre(1, 2, 3, 4, 5));  // one element per byte
  EXPECT_THAT(Values(t), ElementsAre(1, 2, 3, 4, 5));
  ExpectEncodesTo(t, Bytes({0x21, 0x43, 0x05}));

  // ONNX 1.22's test_dequantizelinear_uint4 input: int32_data 16, 167, 15
  // are bytes 0x10, 0xA7, 0x0F: elements 0, 1, 7, 10, 15.
  const Tensor official = Decode(WithInt32Data(Proto(DataType(21), {5}), {16, 167, 15}));
  EXPECT_THAT(Values(official), ElementsAre(0, 1, 7, 10, 15));
  ExpectEncodesTo(official, Bytes({0x10, 0xA7, 0x0F}));
}

TEST(TensorProtoTypesTest, Int4IsTwosComplementInEachNibble) {
  // ONNX 1.22's test_dequantizelinear_int4 input: int32_data 16, 199, 8 are
  // bytes 0x10, 0xC7, 0x08: nibbles 0, 1, 7, 0xC = -4, 8 = -8.
  const Tensor t = Decode(WithInt32Data(Proto(DataType(22), {5}), {16, 199, 8}));
  ASSERT_EQ(t.type(), ElementType::kInt4);
  EXPECT_THAT(Values(t), ElementsAre(0, 1, 7, -4, -8));
  EXPECT_EQ(ElementText(t, 3), "-4");
  EXPECT_THAT(StoredBytes(t), ElementsAre(0, 1, 7, 0x0C, 0x08));  // the bits, zero above
  ExpectEncodesTo(t, Bytes({0x10, 0xC7, 0x08}));
}

TEST(TensorProtoTypesTest, Float4E2M1ReadsItsTable) {
  // ONNX 1.22's test_dequantizelinear_float4e2m1 input: int32_data 32, 58,
  // 14: bytes 0x20, 0x3A, 0x0E; nibbles 0, 2 (1.0), 0xA (-1.0), 3 (1.5),
  // 0xE (-4.0) by float4.md's table.
  const Tensor t = Decode(WithInt32Data(Proto(DataType(23), {5}), {32, 58, 14}));
  ASSERT_EQ(t.type(), ElementType::kFloat4E2M1);
  EXPECT_THAT(Values(t), ElementsAre(0, 1, -1, 1.5, -4));
  // The whole table: 0, 0.5, 1, 1.5, 2, 3, 4, 6.
  onnx::TensorProto all = Proto(DataType(23), {8});
  all.set_raw_data(Bytes({0x10, 0x32, 0x54, 0x76}));
  EXPECT_THAT(Values(Decode(all)), ElementsAre(0, 0.5, 1, 1.5, 2, 3, 4, 6));
}

TEST(TensorProtoTypesTest, PackedPaddingAndRangesAreChecked) {
  onnx::TensorProto padded = Proto(DataType(21), {3});
  padded.set_raw_data(Bytes({0x21, 0x53}));  // the 4th nibble (5) lies past 3 elements
  ExpectInvalid(padded, {"raw_data's last byte 0x53", "beyond the 3 packed uint4"});

  onnx::TensorProto short_raw = Proto(DataType(22), {3});
  short_raw.set_raw_data(Bytes({0x21}));
  ExpectInvalid(short_raw, {"raw_data has 1 bytes", "need 2", "4 bits each, packed"});

  onnx::TensorProto entries = WithInt32Data(Proto(DataType(22), {3}), {0x21});
  ExpectInvalid(entries, {"int32_data has 1 values", "need 2", "2 packed elements each"});

  onnx::TensorProto wide = WithInt32Data(Proto(DataType(21), {2}), {256});
  ExpectInvalid(wide, {"int32_data[0] = 256", "out of range for uint4", "byte of 2 packed"});

  // ONNX 1.16's test_cast_INT4_to_FLOAT: the packed byte 0x88 as int8 -120.
  EXPECT_THAT(Values(Decode(WithInt32Data(Proto(DataType(22), {2}), {-120}))), ElementsAre(-8, -8));
  onnx::TensorProto below_byte = WithInt32Data(Proto(DataType(22), {2}), {-129});
  ExpectInvalid(below_byte, {"int32_data[0] = -129", "out of range for int4"});
  onnx::TensorProto unsigned_negative = WithInt32Data(Proto(DataType(21), {2}), {-120});
  ExpectInvalid(unsigned_negative, {"int32_data[0] = -120", "out of range for uint4"});

  onnx::TensorProto typed_padding = WithInt32Data(Proto(DataType(26), {3}), {0xC0});
  ExpectInvalid(typed_padding, {"int32_data's last byte 0xc0"});
}

// ---------------------------------------------------------------- 2-bit

TEST(TensorProtoTypesTest, TwoBitTypesPackFourToAByte) {
  // ONNX 1.22's test_dequantizelinear_uint2 and _int2 inputs: int32_data
  // 228 = 0b11'10'01'00 and 180 = 0b10'11'01'00, first element lowest.
  const Tensor u = Decode(WithInt32Data(Proto(DataType(25), {4}), {228}));
  ASSERT_EQ(u.type(), ElementType::kUint2);
  EXPECT_THAT(Values(u), ElementsAre(0, 1, 2, 3));
  const Tensor s = Decode(WithInt32Data(Proto(DataType(26), {4}), {180}));
  ASSERT_EQ(s.type(), ElementType::kInt2);
  EXPECT_THAT(Values(s), ElementsAre(0, 1, -1, -2));

  // ONNX 1.22's test_cast_FLOAT_to_INT2 output: 7 elements in raw_data
  // 0x39, 0x39 = 0b00'11'10'01 twice: 1, -2, -1, 0, 1, -2, -1 (padding 0).
  onnx::TensorProto odd = Proto(DataType(26), {7, 1});
  odd.set_raw_data(Bytes({0x39, 0x39}));
  const Tensor t = Decode(odd);
  EXPECT_THAT(Values(t), ElementsAre(1, -2, -1, 0, 1, -2, -1));
  ExpectEncodesTo(t, Bytes({0x39, 0x39}));
}

// ---------------------------------------------------------------- 6-bit

TEST(TensorProtoTypesTest, Float6PacksFourInThreeBytes) {
  // E2M3, bias 1: x0 = 0b0'01'000 = 1.0, x1 = 0b1'11'111 = -7.5, x2 =
  // 0b0'00'001 = 0.125 (denormal), x3 = 0b1'00'000 = -0. onnx.proto:
  // byte0 = x0 | (x1 & 3) << 6 = 0x08 | 0xC0; byte1 = x1 >> 2 | (x2 & 0xF) << 4
  // = 0x0F | 0x10; byte2 = x2 >> 4 | x3 << 2 = 0x80.
  onnx::TensorProto p = Proto(DataType(27), {4});
  p.set_raw_data(Bytes({0xC8, 0x1F, 0x80}));
  const Tensor t = Decode(p);
  ASSERT_EQ(t.type(), ElementType::kFloat6E2M3);
  EXPECT_THAT(StoredBytes(t), ElementsAre(0x08, 0x3F, 0x01, 0x20));
  EXPECT_THAT(Values(t), ElementsAre(1.0, -7.5, 0.125, 0.0));
  EXPECT_TRUE(std::signbit(ElementAsDouble(t, 3)));
  ExpectEncodesTo(t, Bytes({0xC8, 0x1F, 0x80}));

  // int32_data: one 6-bit pattern per entry. E3M2, bias 3: 0b0'011'00 = 1,
  // 0b0'111'11 = 28 (max), 0b0'000'01 = 0.0625.
  const Tensor e3m2 = Decode(WithInt32Data(Proto(DataType(28), {3}), {0x0C, 0x1F, 0x01}));
  EXPECT_THAT(Values(e3m2), ElementsAre(1.0, 28.0, 0.0625));
  ExpectInvalid(WithInt32Data(Proto(DataType(28), {1}), {64}),
                {"int32_data[0] = 64", "out of range for float6e3m2"});

  // 5 elements take ceil(30 / 8) = 4 bytes; the 5th lies in bits 24-29.
  onnx::TensorProto five = Proto(DataType(27), {5});
  five.set_raw_data(Bytes({0xC8, 0x1F, 0x80, 0x08}));
  EXPECT_THAT(Values(Decode(five)), ElementsAre(1.0, -7.5, 0.125, 0.0, 1.0));
  five.set_raw_data(Bytes({0xC8, 0x1F, 0x80, 0x48}));
  ExpectInvalid(five, {"last byte 0x48", "beyond the 5 packed float6e2m3"});
}

// ---------------------------------------------------------------- unknown

TEST(TensorProtoTypesTest, NewerTypeIsUnimplementedNotInvalid) {
  onnx::TensorProto p;
  p.set_data_type(29);
  p.add_dims(2);
  p.add_int32_data(0);
  p.add_int32_data(1);
  absl::StatusOr<Tensor> t = TensorFromProto(p);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(t.status().message(), HasSubstr("29"));
}

}  // namespace
}  // namespace onnx_conform
