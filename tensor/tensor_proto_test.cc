// Tests of TensorProto decoding (raw_data and every typed field, for each of
// the twelve numeric types) and of the encode/decode round trip. The inputs
// that must be refused are tested in tensor/tensor_proto_errors_test.cc,
// the file readers in tensor/tensor_file_test.cc.
#include "tensor/tensor_proto.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <string>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/tensor_proto_test_util.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::Not;

constexpr float kInf = std::numeric_limits<float>::infinity();

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
  s.set_raw_data(Bytes({0,    0,    0,    0,    0,    0,    0,    0x80,     // min
                        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F,     // max
                        0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}));  // -2
  EXPECT_THAT(Decode(s).data<int64_t>(),
              ElementsAre(-9223372036854775807LL - 1, 9223372036854775807LL, -2));
  onnx::TensorProto u = Proto(onnx::TensorProto::UINT64, {2});
  u.set_raw_data(Bytes({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x02, 0x03, 0x04,
                        0x05, 0x06, 0x07, 0x08}));
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
  for (int64_t v :
       {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), int64_t{-1}}) {
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
  ExpectRoundTrip<int64_t>(
      {2}, {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()});
  ExpectRoundTrip<uint64_t>({}, {18446744073709551615ULL});
  ExpectRoundTrip<float>({0, 3}, {});
}

}  // namespace
}  // namespace onnx_conform
