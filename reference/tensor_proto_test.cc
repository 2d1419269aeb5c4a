// Tests of TensorProto decoding (raw_data and every typed field, for each of
// the twelve numeric types), of every input that must be refused, of the
// encode/decode round trip, and of the file readers' errors.
#include "reference/tensor_proto.h"

#include <sys/resource.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <string>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr float kInf = std::numeric_limits<float>::infinity();

// A proto with data_type and dims set, no data.
onnx::TensorProto Proto(onnx::TensorProto::DataType type, std::initializer_list<int64_t> dims) {
  onnx::TensorProto proto;
  proto.set_data_type(type);
  for (int64_t d : dims) proto.add_dims(d);
  return proto;
}

// Raw bytes written out one by one, so byte order is part of the test.
std::string Bytes(std::initializer_list<uint8_t> bytes) {
  std::string s;
  for (uint8_t b : bytes) s.push_back(static_cast<char>(b));
  return s;
}

// Decodes and expects success.
Tensor Decode(const onnx::TensorProto& proto) {
  absl::StatusOr<Tensor> t = TensorFromProto(proto);
  EXPECT_TRUE(t.ok()) << t.status();
  return t.ok() ? *std::move(t) : Tensor();
}

// Decodes and expects an InvalidArgument error mentioning every fragment.
void ExpectInvalid(const onnx::TensorProto& proto, std::initializer_list<const char*> fragments) {
  absl::StatusOr<Tensor> t = TensorFromProto(proto);
  ASSERT_FALSE(t.ok()) << "decoded a tensor that must be refused";
  EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument) << t.status();
  for (const char* fragment : fragments) {
    EXPECT_THAT(t.status().message(), HasSubstr(fragment));
  }
}

std::vector<uint16_t> Bits16(const Tensor& t) {
  std::vector<uint16_t> bits;
  if (t.type() == ElementType::kFloat16) {
    for (Float16 h : t.data<Float16>()) bits.push_back(h.bits());
  } else {
    for (BFloat16 h : t.data<BFloat16>()) bits.push_back(h.bits());
  }
  return bits;
}

// ---------------------------------------------------------------- raw_data

TEST(TensorFromProtoRawTest, Float) {
  onnx::TensorProto p = Proto(onnx::TensorProto::FLOAT, {3});
  // 1.5f = 0x3FC00000, -inf = 0xFF800000, -0.0f = 0x80000000 (little-endian).
  p.set_raw_data(Bytes({0x00, 0x00, 0xC0, 0x3F, 0x00, 0x00, 0x80, 0xFF, 0x00, 0x00, 0x00, 0x80}));
  Tensor t = Decode(p);
  ASSERT_EQ(t.type(), ElementType::kFloat);
  EXPECT_THAT(t.shape(), ElementsAre(3));
  EXPECT_THAT(t.data<float>(), ElementsAre(1.5f, -kInf, 0.0f));
  EXPECT_TRUE(std::signbit(t.data<float>()[2]));
}

TEST(TensorFromProtoRawTest, Double) {
  onnx::TensorProto p = Proto(onnx::TensorProto::DOUBLE, {2});
  // 1.0 = 0x3FF0000000000000, -2.0 = 0xC000000000000000.
  p.set_raw_data(Bytes({0, 0, 0, 0, 0, 0, 0xF0, 0x3F, 0, 0, 0, 0, 0, 0, 0, 0xC0}));
  EXPECT_THAT(Decode(p).data<double>(), ElementsAre(1.0, -2.0));
}

TEST(TensorFromProtoRawTest, Float16) {
  onnx::TensorProto p = Proto(onnx::TensorProto::FLOAT16, {3});
  p.set_raw_data(Bytes({0x00, 0x3C, 0x00, 0xC0, 0xFF, 0x7B}));
  Tensor t = Decode(p);
  ASSERT_EQ(t.type(), ElementType::kFloat16);
  EXPECT_THAT(Bits16(t), ElementsAre(0x3C00, 0xC000, 0x7BFF));
  EXPECT_EQ(t.data<Float16>()[2].ToFloat(), 65504.0f);
}

TEST(TensorFromProtoRawTest, BFloat16) {
  onnx::TensorProto p = Proto(onnx::TensorProto::BFLOAT16, {2});
  p.set_raw_data(Bytes({0x80, 0x3F, 0x80, 0xFF}));
  Tensor t = Decode(p);
  ASSERT_EQ(t.type(), ElementType::kBFloat16);
  EXPECT_THAT(Bits16(t), ElementsAre(0x3F80, 0xFF80));
  EXPECT_EQ(t.data<BFloat16>()[0].ToFloat(), 1.0f);
}

TEST(TensorFromProtoRawTest, Int8AndUint8) {
  onnx::TensorProto s = Proto(onnx::TensorProto::INT8, {3});
  s.set_raw_data(Bytes({0x80, 0x7F, 0xFF}));
  EXPECT_THAT(Decode(s).data<int8_t>(), ElementsAre(-128, 127, -1));
  onnx::TensorProto u = Proto(onnx::TensorProto::UINT8, {2});
  u.set_raw_data(Bytes({0x00, 0xFF}));
  EXPECT_THAT(Decode(u).data<uint8_t>(), ElementsAre(0, 255));
}

TEST(TensorFromProtoRawTest, Int16AndUint16) {
  onnx::TensorProto s = Proto(onnx::TensorProto::INT16, {3});
  s.set_raw_data(Bytes({0x00, 0x80, 0xFF, 0x7F, 0x02, 0x01}));
  EXPECT_THAT(Decode(s).data<int16_t>(), ElementsAre(-32768, 32767, 0x0102));
  onnx::TensorProto u = Proto(onnx::TensorProto::UINT16, {2});
  u.set_raw_data(Bytes({0xFF, 0xFF, 0x01, 0x02}));
  EXPECT_THAT(Decode(u).data<uint16_t>(), ElementsAre(65535, 0x0201));
}

TEST(TensorFromProtoRawTest, Int32AndUint32) {
  onnx::TensorProto s = Proto(onnx::TensorProto::INT32, {2});
  s.set_raw_data(Bytes({0x00, 0x00, 0x00, 0x80, 0xFF, 0xFF, 0xFF, 0x7F}));
  EXPECT_THAT(Decode(s).data<int32_t>(), ElementsAre(-2147483647 - 1, 2147483647));
  onnx::TensorProto u = Proto(onnx::TensorProto::UINT32, {2});
  u.set_raw_data(Bytes({0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x02, 0x03, 0x04}));
  EXPECT_THAT(Decode(u).data<uint32_t>(), ElementsAre(4294967295u, 0x04030201u));
}

TEST(TensorFromProtoRawTest, Int64AndUint64) {
  onnx::TensorProto s = Proto(onnx::TensorProto::INT64, {3});
  s.set_raw_data(Bytes({0, 0, 0, 0, 0, 0, 0, 0x80,                           // min
                        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F,      // max
                        0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));   // -2
  EXPECT_THAT(Decode(s).data<int64_t>(),
              ElementsAre(-9223372036854775807LL - 1, 9223372036854775807LL, -2));
  onnx::TensorProto u = Proto(onnx::TensorProto::UINT64, {2});
  u.set_raw_data(Bytes({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                        0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08}));
  EXPECT_THAT(Decode(u).data<uint64_t>(),
              ElementsAre(18446744073709551615ULL, 0x0807060504030201ULL));
}

TEST(TensorFromProtoRawTest, ScalarAndEmptyTensors) {
  onnx::TensorProto scalar = Proto(onnx::TensorProto::INT32, {});
  scalar.set_raw_data(Bytes({0x2A, 0, 0, 0}));
  Tensor t = Decode(scalar);
  EXPECT_EQ(t.rank(), 0);
  EXPECT_THAT(t.data<int32_t>(), ElementsAre(42));

  onnx::TensorProto empty = Proto(onnx::TensorProto::FLOAT, {2, 0});
  empty.set_raw_data("");
  Tensor e = Decode(empty);
  EXPECT_THAT(e.shape(), ElementsAre(2, 0));
  EXPECT_EQ(e.element_count(), 0);

  // No data field at all is fine when there are no elements.
  Tensor none = Decode(Proto(onnx::TensorProto::UINT16, {0}));
  EXPECT_EQ(none.type(), ElementType::kUint16);
  EXPECT_EQ(none.element_count(), 0);
}

// ---------------------------------------------------------------- typed fields

TEST(TensorFromProtoTypedTest, FloatData) {
  onnx::TensorProto p = Proto(onnx::TensorProto::FLOAT, {2, 2});
  for (float v : {1.5f, -0.0f, kInf, -3.4028234663852886e38f}) p.add_float_data(v);
  Tensor t = Decode(p);
  EXPECT_THAT(t.data<float>(), ElementsAre(1.5f, 0.0f, kInf, -3.4028234663852886e38f));
  EXPECT_TRUE(std::signbit(t.data<float>()[1]));
}

TEST(TensorFromProtoTypedTest, DoubleData) {
  onnx::TensorProto p = Proto(onnx::TensorProto::DOUBLE, {3});
  for (double v : {1.7976931348623157e308, -1e-300, 0.1}) p.add_double_data(v);
  EXPECT_THAT(Decode(p).data<double>(), ElementsAre(1.7976931348623157e308, -1e-300, 0.1));
}

TEST(TensorFromProtoTypedTest, Int32DataForNarrowIntegers) {
  onnx::TensorProto i8 = Proto(onnx::TensorProto::INT8, {3});
  for (int v : {-128, 127, 0}) i8.add_int32_data(v);
  EXPECT_THAT(Decode(i8).data<int8_t>(), ElementsAre(-128, 127, 0));

  onnx::TensorProto u8 = Proto(onnx::TensorProto::UINT8, {2});
  for (int v : {0, 255}) u8.add_int32_data(v);
  EXPECT_THAT(Decode(u8).data<uint8_t>(), ElementsAre(0, 255));

  onnx::TensorProto i16 = Proto(onnx::TensorProto::INT16, {2});
  for (int v : {-32768, 32767}) i16.add_int32_data(v);
  EXPECT_THAT(Decode(i16).data<int16_t>(), ElementsAre(-32768, 32767));

  onnx::TensorProto u16 = Proto(onnx::TensorProto::UINT16, {2});
  for (int v : {0, 65535}) u16.add_int32_data(v);
  EXPECT_THAT(Decode(u16).data<uint16_t>(), ElementsAre(0, 65535));

  onnx::TensorProto i32 = Proto(onnx::TensorProto::INT32, {2});
  for (int32_t v : {std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()}) {
    i32.add_int32_data(v);
  }
  EXPECT_THAT(Decode(i32).data<int32_t>(), ElementsAre(-2147483647 - 1, 2147483647));
}

TEST(TensorFromProtoTypedTest, Int32DataCarriesHalfFloatBitPatterns) {
  onnx::TensorProto h = Proto(onnx::TensorProto::FLOAT16, {4});
  for (int v : {0x3C00, 0xFC00, 0x7E00, 0x8000}) h.add_int32_data(v);
  Tensor t = Decode(h);
  ASSERT_EQ(t.type(), ElementType::kFloat16);
  EXPECT_THAT(Bits16(t), ElementsAre(0x3C00, 0xFC00, 0x7E00, 0x8000));
  EXPECT_EQ(t.data<Float16>()[1].ToFloat(), -kInf);

  onnx::TensorProto b = Proto(onnx::TensorProto::BFLOAT16, {3});
  for (int v : {0x3F80, 0xFF80, 0xFFFF}) b.add_int32_data(v);
  Tensor u = Decode(b);
  ASSERT_EQ(u.type(), ElementType::kBFloat16);
  EXPECT_THAT(Bits16(u), ElementsAre(0x3F80, 0xFF80, 0xFFFF));
}

TEST(TensorFromProtoTypedTest, Int64Data) {
  onnx::TensorProto p = Proto(onnx::TensorProto::INT64, {3});
  for (int64_t v : {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(),
                    int64_t{-1}}) {
    p.add_int64_data(v);
  }
  EXPECT_THAT(Decode(p).data<int64_t>(),
              ElementsAre(-9223372036854775807LL - 1, 9223372036854775807LL, -1));
}

TEST(TensorFromProtoTypedTest, Uint64DataForUint32AndUint64) {
  onnx::TensorProto u32 = Proto(onnx::TensorProto::UINT32, {2});
  for (uint64_t v : {uint64_t{0}, uint64_t{4294967295u}}) u32.add_uint64_data(v);
  EXPECT_THAT(Decode(u32).data<uint32_t>(), ElementsAre(0u, 4294967295u));

  onnx::TensorProto u64 = Proto(onnx::TensorProto::UINT64, {2});
  for (uint64_t v : {uint64_t{1}, std::numeric_limits<uint64_t>::max()}) u64.add_uint64_data(v);
  EXPECT_THAT(Decode(u64).data<uint64_t>(), ElementsAre(1u, 18446744073709551615ULL));
}

TEST(TensorFromProtoTypedTest, ScalarFromTypedField) {
  onnx::TensorProto p = Proto(onnx::TensorProto::DOUBLE, {});
  p.add_double_data(-0.5);
  Tensor t = Decode(p);
  EXPECT_EQ(t.rank(), 0);
  EXPECT_THAT(t.data<double>(), ElementsAre(-0.5));
}

// ---------------------------------------------------------------- refused inputs

TEST(TensorFromProtoErrorTest, RawDataOfWrongLength) {
  onnx::TensorProto p = Proto(onnx::TensorProto::FLOAT, {2});
  p.set_raw_data(Bytes({0, 0, 0x80, 0x3F}));
  ExpectInvalid(p, {"raw_data has 4 bytes", "[2]", "8"});

  onnx::TensorProto scalar = Proto(onnx::TensorProto::INT64, {});
  scalar.set_raw_data("");
  ExpectInvalid(scalar, {"raw_data has 0 bytes"});

  onnx::TensorProto empty = Proto(onnx::TensorProto::INT32, {0});
  empty.set_raw_data(Bytes({1, 2, 3, 4}));
  ExpectInvalid(empty, {"raw_data has 4 bytes"});
}

TEST(TensorFromProtoErrorTest, RawDataNotAMultipleOfTheElementSize) {
  onnx::TensorProto p = Proto(onnx::TensorProto::FLOAT, {1});
  p.set_raw_data(Bytes({0, 0, 0x80, 0x3F, 0}));
  ExpectInvalid(p, {"raw_data has 5 bytes"});

  onnx::TensorProto h = Proto(onnx::TensorProto::UINT16, {2});
  h.set_raw_data(Bytes({1, 2, 3}));
  ExpectInvalid(h, {"raw_data has 3 bytes"});
}

TEST(TensorFromProtoErrorTest, BothRawAndTypedData) {
  onnx::TensorProto p = Proto(onnx::TensorProto::FLOAT, {1});
  p.set_raw_data(Bytes({0, 0, 0x80, 0x3F}));
  p.add_float_data(1.0f);
  ExpectInvalid(p, {"both raw_data and typed data"});

  onnx::TensorProto q = Proto(onnx::TensorProto::INT64, {1});
  q.set_raw_data(Bytes({1, 0, 0, 0, 0, 0, 0, 0}));
  q.add_int32_data(1);  // even in a field the type does not use
  ExpectInvalid(q, {"both raw_data and typed data"});
}

TEST(TensorFromProtoErrorTest, TypedDataInTheWrongField) {
  onnx::TensorProto f = Proto(onnx::TensorProto::FLOAT, {1});
  f.add_int32_data(1);
  ExpectInvalid(f, {"int32_data", "float_data"});

  onnx::TensorProto d = Proto(onnx::TensorProto::DOUBLE, {1});
  d.add_float_data(1.0f);
  ExpectInvalid(d, {"float_data", "double_data"});

  onnx::TensorProto i64 = Proto(onnx::TensorProto::INT64, {1});
  i64.add_int32_data(1);
  ExpectInvalid(i64, {"int32_data", "int64_data"});

  // uint32 lives in uint64_data, not int32_data.
  onnx::TensorProto u32 = Proto(onnx::TensorProto::UINT32, {1});
  u32.add_int32_data(1);
  ExpectInvalid(u32, {"int32_data", "uint64_data"});

  onnx::TensorProto h = Proto(onnx::TensorProto::FLOAT16, {1});
  h.add_float_data(1.0f);
  ExpectInvalid(h, {"float_data", "int32_data"});

  onnx::TensorProto i32 = Proto(onnx::TensorProto::INT32, {1});
  i32.add_int64_data(1);
  ExpectInvalid(i32, {"int64_data", "int32_data"});

  onnx::TensorProto u64 = Proto(onnx::TensorProto::UINT64, {1});
  u64.add_int64_data(1);
  ExpectInvalid(u64, {"int64_data", "uint64_data"});

  // The right field filled as well does not make the wrong one acceptable.
  onnx::TensorProto both = Proto(onnx::TensorProto::FLOAT, {1});
  both.add_float_data(1.0f);
  both.add_double_data(1.0);
  ExpectInvalid(both, {"double_data"});

  onnx::TensorProto strings = Proto(onnx::TensorProto::INT32, {0});
  strings.add_string_data("x");
  ExpectInvalid(strings, {"string_data"});
}

TEST(TensorFromProtoErrorTest, TypedCountDiffersFromDims) {
  onnx::TensorProto few = Proto(onnx::TensorProto::FLOAT, {3});
  few.add_float_data(1.0f);
  few.add_float_data(2.0f);
  ExpectInvalid(few, {"float_data has 2 values", "[3]", "need 3"});

  onnx::TensorProto many = Proto(onnx::TensorProto::INT8, {1});
  many.add_int32_data(1);
  many.add_int32_data(2);
  ExpectInvalid(many, {"int32_data has 2 values"});

  // No data at all for a non-empty shape (a scalar needs one value).
  ExpectInvalid(Proto(onnx::TensorProto::UINT64, {}), {"uint64_data has 0 values"});
  ExpectInvalid(Proto(onnx::TensorProto::DOUBLE, {2, 2}), {"double_data has 0 values", "need 4"});
}

TEST(TensorFromProtoErrorTest, Int32DataOutOfRangeForTheType) {
  struct Case {
    onnx::TensorProto::DataType type;
    int32_t value;
    const char* type_name;
  };
  for (const Case& c : {Case{onnx::TensorProto::INT8, 200, "int8"},
                        Case{onnx::TensorProto::INT8, -129, "int8"},
                        Case{onnx::TensorProto::UINT8, 256, "uint8"},
                        Case{onnx::TensorProto::UINT8, -1, "uint8"},
                        Case{onnx::TensorProto::INT16, 32768, "int16"},
                        Case{onnx::TensorProto::INT16, -32769, "int16"},
                        Case{onnx::TensorProto::UINT16, -1, "uint16"},
                        Case{onnx::TensorProto::UINT16, 65536, "uint16"},
                        Case{onnx::TensorProto::FLOAT16, 0x10000, "float16"},
                        Case{onnx::TensorProto::FLOAT16, -1, "float16"},
                        Case{onnx::TensorProto::BFLOAT16, 0x10000, "bfloat16"},
                        Case{onnx::TensorProto::BFLOAT16, -32768, "bfloat16"}}) {
    SCOPED_TRACE(::testing::Message() << c.type_name << " " << c.value);
    onnx::TensorProto p = Proto(c.type, {2});
    p.add_int32_data(0);
    p.add_int32_data(c.value);
    ExpectInvalid(p, {"int32_data[1]", std::to_string(c.value).c_str(), "out of range",
                      c.type_name});
  }
}

TEST(TensorFromProtoErrorTest, Uint64DataOutOfRangeForUint32) {
  onnx::TensorProto p = Proto(onnx::TensorProto::UINT32, {1});
  p.add_uint64_data(uint64_t{1} << 32);
  ExpectInvalid(p, {"uint64_data[0]", "4294967296", "out of range for uint32"});
}

TEST(TensorFromProtoErrorTest, UnknownDataType) {
  onnx::TensorProto p;
  p.set_data_type(99);
  p.add_dims(1);
  ExpectInvalid(p, {"unknown data_type 99"});
  p.set_data_type(-3);
  ExpectInvalid(p, {"unknown data_type -3"});
}

TEST(TensorFromProtoErrorTest, NonNumericDataTypes) {
  struct Case {
    onnx::TensorProto::DataType type;
    const char* name;
  };
  for (const Case& c : {Case{onnx::TensorProto::STRING, "string"},
                        Case{onnx::TensorProto::BOOL, "bool"},
                        Case{onnx::TensorProto::COMPLEX64, "complex64"},
                        Case{onnx::TensorProto::COMPLEX128, "complex128"}}) {
    SCOPED_TRACE(c.name);
    onnx::TensorProto p = Proto(c.type, {1});
    if (c.type == onnx::TensorProto::STRING) {
      p.add_string_data("x");
    } else {
      p.set_raw_data(std::string(c.type == onnx::TensorProto::BOOL ? 1 : 8, '\0'));
    }
    ExpectInvalid(p, {c.name, "not a numeric type"});
  }
}

TEST(TensorFromProtoErrorTest, DataTypeUnset) {
  onnx::TensorProto p;
  p.add_dims(1);
  p.add_float_data(1.0f);
  ExpectInvalid(p, {"data_type is not set"});
  p.set_data_type(onnx::TensorProto::UNDEFINED);
  ExpectInvalid(p, {"data_type is not set"});
}

TEST(TensorFromProtoErrorTest, NegativeDimension) {
  onnx::TensorProto p = Proto(onnx::TensorProto::FLOAT, {2, -1});
  p.add_float_data(1.0f);
  ExpectInvalid(p, {"negative dimension -1"});
}

TEST(TensorFromProtoErrorTest, OverflowingDims) {
  onnx::TensorProto p = Proto(onnx::TensorProto::UINT8, {int64_t{1} << 32, int64_t{1} << 32});
  p.set_raw_data("x");
  absl::StatusOr<Tensor> t = TensorFromProto(p);
  ASSERT_FALSE(t.ok());
  EXPECT_THAT(t.status().message(), HasSubstr("[4294967296,4294967296]"));

  // 2^61 elements of 8 bytes: the element count fits in int64, the bytes do not.
  onnx::TensorProto wide = Proto(onnx::TensorProto::UINT64, {int64_t{1} << 61});
  wide.set_raw_data("x");
  ExpectInvalid(wide, {"raw_data has 1 bytes", "more than 2^63"});
}

TEST(TensorFromProtoErrorTest, ExternalData) {
  onnx::TensorProto located = Proto(onnx::TensorProto::FLOAT, {1});
  located.set_data_location(onnx::TensorProto::EXTERNAL);
  onnx::StringStringEntryProto* entry = located.add_external_data();
  entry->set_key("location");
  entry->set_value("weights.bin");
  ExpectInvalid(located, {"external data"});

  // An external_data entry alone (data_location left DEFAULT) is refused too.
  onnx::TensorProto entry_only = Proto(onnx::TensorProto::FLOAT, {1});
  entry_only.add_float_data(1.0f);
  *entry_only.add_external_data() = *entry;
  ExpectInvalid(entry_only, {"external data"});
}

TEST(TensorFromProtoErrorTest, SegmentedTensor) {
  onnx::TensorProto p = Proto(onnx::TensorProto::FLOAT, {1});
  p.add_float_data(1.0f);
  p.mutable_segment()->set_begin(0);
  p.mutable_segment()->set_end(1);
  ExpectInvalid(p, {"segment"});
}

TEST(TensorFromProtoErrorTest, MessagesNameTheTensor) {
  onnx::TensorProto p = Proto(onnx::TensorProto::FLOAT, {2});
  p.set_name("data_0");
  p.add_float_data(1.0f);
  ExpectInvalid(p, {"tensor 'data_0'"});
}

TEST(TensorFromProtoErrorTest, OverMaxBytesIsResourceExhausted) {
  onnx::TensorProto p = Proto(onnx::TensorProto::INT32, {4});
  p.set_raw_data(std::string(16, '\0'));
  EXPECT_TRUE(TensorFromProto(p, 16).ok());
  absl::StatusOr<Tensor> t = TensorFromProto(p, 15);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kResourceExhausted) << t.status();
  EXPECT_THAT(t.status().message(), HasSubstr("[4]"));
}

// Runs in a death-test child: caps the address space at 1 GiB, then decodes.
bool BothRefusedUnderOneGiB(const onnx::TensorProto& raw, const onnx::TensorProto& typed) {
  const rlimit limit{rlim_t{1} << 30, rlim_t{1} << 30};
  setrlimit(RLIMIT_AS, &limit);
  return !TensorFromProto(raw).ok() && !TensorFromProto(typed).ok();
}

TEST(TensorFromProtoErrorTest, HugeDimsWithLittleDataAreRefusedWithoutAllocating) {
  // dims claim 3 GiB of floats (under the default 4 GiB limit) while the data
  // is 4 bytes: the mismatch must be found before the storage is allocated.
  // The child process runs with a 1 GiB address-space limit, so allocating
  // first would throw std::bad_alloc and abort.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ONNX_CONFORM_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(ONNX_CONFORM_UNDER_ASAN)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: no RLIMIT_AS under it "
                  "(resource_limits_test checks the order with the case budget instead)";
#endif
  onnx::TensorProto raw = Proto(onnx::TensorProto::FLOAT, {int64_t{3} << 28});
  raw.set_raw_data(Bytes({0, 0, 0x80, 0x3F}));
  onnx::TensorProto typed = Proto(onnx::TensorProto::FLOAT, {int64_t{3} << 28});
  typed.add_float_data(1.0f);
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(std::exit(BothRefusedUnderOneGiB(raw, typed) ? 0 : 3),
              ::testing::ExitedWithCode(0), "");
}

// ---------------------------------------------------------------- round trip

template <typename T>
void ExpectRoundTrip(Shape shape, std::initializer_list<T> values) {
  const Tensor original = Tensor::FromValues<T>(shape, values);
  const onnx::TensorProto proto = TensorToProto(original, "x");
  EXPECT_EQ(proto.name(), "x");
  EXPECT_EQ(proto.data_type(), static_cast<int32_t>(ElementTypeOf<T>()));
  EXPECT_EQ(proto.raw_data().size(), values.size() * sizeof(T));
  EXPECT_EQ(proto.dims_size(), static_cast<int>(shape.size()));
  absl::StatusOr<Tensor> back = TensorFromProto(proto);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->type(), ElementTypeOf<T>());
  EXPECT_EQ(back->shape(), shape);
  ASSERT_EQ(back->byte_size(), original.byte_size());
  EXPECT_TRUE(std::equal(back->bytes().begin(), back->bytes().end(), original.bytes().begin()));
}

TEST(TensorProtoRoundTripTest, EveryNumericType) {
  ExpectRoundTrip<float>({2, 2}, {1.5f, -0.0f, kInf, std::nanf("")});
  ExpectRoundTrip<double>({1}, {-1e300});
  ExpectRoundTrip<Float16>({2}, {Float16::FromBits(0x7E01), Float16::FromBits(0x8001)});
  ExpectRoundTrip<BFloat16>({1, 1}, {BFloat16::FromBits(0xFF81)});
  ExpectRoundTrip<int8_t>({2}, {-128, 127});
  ExpectRoundTrip<uint8_t>({2}, {0, 255});
  ExpectRoundTrip<int16_t>({2}, {-32768, 32767});
  ExpectRoundTrip<uint16_t>({1}, {65535});
  ExpectRoundTrip<int32_t>({2}, {std::numeric_limits<int32_t>::min(), 7});
  ExpectRoundTrip<uint32_t>({1}, {4294967295u});
  ExpectRoundTrip<int64_t>({2}, {std::numeric_limits<int64_t>::min(),
                                 std::numeric_limits<int64_t>::max()});
  ExpectRoundTrip<uint64_t>({}, {18446744073709551615ULL});
  ExpectRoundTrip<float>({0, 3}, {});
}

// ---------------------------------------------------------------- files

class TensorFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) /
           ("tensor_proto_test_" + std::string(::testing::UnitTest::GetInstance()
                                                   ->current_test_info()
                                                   ->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path WriteBytes(const std::string& name, const std::string& bytes) {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
  }

  fs::path dir_;
};

TEST_F(TensorFileTest, WriteThenReadTensorFile) {
  const fs::path path = dir_ / "input_0.pb";
  ASSERT_TRUE(WriteTensorFile(path, Tensor::FromValues<int64_t>({2}, {-5, 9}), "x").ok());
  absl::StatusOr<Tensor> t = ReadTensorFile(path);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_THAT(t->data<int64_t>(), ElementsAre(-5, 9));
  absl::StatusOr<onnx::TensorProto> proto = ReadTensorProtoFile(path);
  ASSERT_TRUE(proto.ok());
  EXPECT_EQ(proto->name(), "x");
}

TEST_F(TensorFileTest, MissingFileIsNotFoundAndNamed) {
  const fs::path path = dir_ / "absent.pb";
  absl::StatusOr<Tensor> t = ReadTensorFile(path);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(t.status().message(), HasSubstr(path.string()));
}

TEST_F(TensorFileTest, DirectoryIsRefusedAndNamed) {
  const fs::path path = dir_ / "input_0.pb";
  fs::create_directory(path);
  absl::StatusOr<Tensor> t = ReadTensorFile(path);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(t.status().message(), HasSubstr(path.string()));
  EXPECT_THAT(t.status().message(), HasSubstr("not a regular file"));
}

TEST_F(TensorFileTest, GarbageIsDataLossAndNamed) {
  // A varint tag cut short: no protobuf parser accepts it.
  const fs::path path = WriteBytes("garbage.pb", "\xff\xff\xff");
  absl::StatusOr<Tensor> t = ReadTensorFile(path);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(t.status().message(), HasSubstr(path.string()));
  EXPECT_THAT(t.status().message(), HasSubstr("TensorProto"));

  // A length-delimited field (dims is field 1; tag 0x0A) whose length runs
  // past the end of the file.
  const fs::path truncated = WriteBytes("truncated.pb", "\x0a\x10\x01");
  EXPECT_EQ(ReadTensorFile(truncated).status().code(), absl::StatusCode::kDataLoss);
}

TEST_F(TensorFileTest, EmptyOrDataTypeLessFileIsRefusedAndNamed) {
  // An empty file parses as an empty TensorProto, data_type unset: refused,
  // either as a tensor without a type or as not a tensor file at all.
  const fs::path path = WriteBytes("empty.pb", "");
  absl::StatusOr<Tensor> t = ReadTensorFile(path);
  ASSERT_FALSE(t.ok());
  EXPECT_THAT(t.status().code(), ::testing::AnyOf(absl::StatusCode::kInvalidArgument,
                                                  absl::StatusCode::kDataLoss));
  EXPECT_THAT(t.status().message(), HasSubstr(path.string()));
}

TEST_F(TensorFileTest, ReadTensorFileAppliesMaxBytes) {
  const fs::path path = dir_ / "big.pb";
  ASSERT_TRUE(WriteTensorFile(path, Tensor::FromValues<double>({4}, {1, 2, 3, 4}), "").ok());
  absl::StatusOr<Tensor> t = ReadTensorFile(path, 31);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(t.status().message(), HasSubstr(path.string()));
}

TEST_F(TensorFileTest, ReadFileBytesLimit) {
  const fs::path path = WriteBytes("ten.bin", "0123456789");
  absl::StatusOr<std::string> ok = ReadFileBytes(path, 10);
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, "0123456789");
  absl::StatusOr<std::string> over = ReadFileBytes(path, 9);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(over.status().message(), HasSubstr(path.string()));
}

TEST_F(TensorFileTest, ModelWithoutGraphIsRefused) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  model.add_opset_import()->set_version(13);
  const fs::path path = dir_ / "model.onnx";
  ASSERT_TRUE(WriteProtoFile(path, model).ok());
  absl::StatusOr<onnx::ModelProto> read = ReadModelFile(path);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(read.status().message(), HasSubstr(path.string()));
  EXPECT_THAT(read.status().message(), HasSubstr("no graph"));
}

TEST_F(TensorFileTest, ModelFileRoundTripAndErrors) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  model.mutable_graph()->set_name("g");
  model.mutable_graph()->add_node()->set_op_type("Min");
  const fs::path path = dir_ / "model.onnx";
  ASSERT_TRUE(WriteProtoFile(path, model).ok());
  absl::StatusOr<onnx::ModelProto> read = ReadModelFile(path);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->graph().node(0).op_type(), "Min");

  absl::StatusOr<onnx::ModelProto> garbage = ReadModelFile(WriteBytes("bad.onnx", "\xff\xff\xff"));
  ASSERT_FALSE(garbage.ok());
  EXPECT_EQ(garbage.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(garbage.status().message(), HasSubstr("bad.onnx"));

  absl::StatusOr<onnx::ModelProto> missing = ReadModelFile(dir_ / "none.onnx");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(missing.status().message(), HasSubstr("none.onnx"));
}

TEST_F(TensorFileTest, WriteIntoMissingDirectoryFails) {
  const fs::path path = dir_ / "no_such_dir" / "x.pb";
  absl::Status status = WriteTensorFile(path, Tensor::FromValues<float>({1}, {1.0f}), "x");
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.message(), HasSubstr(path.string()));
}

}  // namespace
}  // namespace onnx_conform
