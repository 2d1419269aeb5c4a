// Tests of Tensor (creation limits, copies, zero-size and rank-0 tensors),
// ElementCount/ShapeToString and the element type table.
#include "tensor/tensor.h"

#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/element_type.h"
#include "tensor/sanitizers.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

// ---------------------------------------------------------------- element types

TEST(ElementTypeTest, NamesAreOnnxSpellings) {
  EXPECT_EQ(ElementTypeName(ElementType::kFloat), "float");
  EXPECT_EQ(ElementTypeName(ElementType::kDouble), "double");
  EXPECT_EQ(ElementTypeName(ElementType::kFloat16), "float16");
  EXPECT_EQ(ElementTypeName(ElementType::kBFloat16), "bfloat16");
  EXPECT_EQ(ElementTypeName(ElementType::kInt8), "int8");
  EXPECT_EQ(ElementTypeName(ElementType::kUint64), "uint64");
  EXPECT_EQ(ElementTypeName(ElementType::kString), "string");
  // The spellings of ONNX's type strings ("tensor(float8e4m3fn)"), per number.
  const std::pair<int32_t, const char*> kNewer[] = {
      {17, "float8e4m3fn"}, {18, "float8e4m3fnuz"}, {19, "float8e5m2"}, {20, "float8e5m2fnuz"},
      {21, "uint4"},        {22, "int4"},           {23, "float4e2m1"}, {24, "float8e8m0"},
      {25, "uint2"},        {26, "int2"},           {27, "float6e2m3"}, {28, "float6e3m2"}};
  for (const auto& [number, name] : kNewer) {
    EXPECT_EQ(ElementTypeName(static_cast<ElementType>(number)), name);
    EXPECT_EQ(ElementTypeFromName(name), static_cast<ElementType>(number));
    EXPECT_EQ(DataTypeNumberName(number), name);
  }
  EXPECT_EQ(ElementTypeName(static_cast<ElementType>(99)), "unknown");
  EXPECT_EQ(DataTypeNumberName(29), "data type 29");
}

TEST(ElementTypeTest, FromName) {
  EXPECT_EQ(ElementTypeFromName("bfloat16"), ElementType::kBFloat16);
  EXPECT_EQ(ElementTypeFromName("uint32"), ElementType::kUint32);
  EXPECT_EQ(ElementTypeFromName("float32"), std::nullopt);
  EXPECT_EQ(ElementTypeFromName("undefined"), std::nullopt);
  EXPECT_EQ(ElementTypeFromName(""), std::nullopt);
}

TEST(ElementTypeTest, FromProtoNumbers) {
  EXPECT_EQ(ElementTypeFromProto(1), ElementType::kFloat);
  EXPECT_EQ(ElementTypeFromProto(10), ElementType::kFloat16);
  EXPECT_EQ(ElementTypeFromProto(12), ElementType::kUint32);
  EXPECT_EQ(ElementTypeFromProto(13), ElementType::kUint64);
  EXPECT_EQ(ElementTypeFromProto(16), ElementType::kBFloat16);
  EXPECT_EQ(ElementTypeFromProto(0), ElementType::kUndefined);
  EXPECT_EQ(ElementTypeFromProto(17), ElementType::kFloat8E4M3FN);
  EXPECT_EQ(ElementTypeFromProto(28), ElementType::kFloat6E3M2);
  // A newer ONNX's type: unknown, never mistaken for another.
  EXPECT_EQ(ElementTypeFromProto(29), std::nullopt);
  EXPECT_EQ(ElementTypeFromProto(99), std::nullopt);
  EXPECT_EQ(ElementTypeFromProto(-1), std::nullopt);
}

TEST(ElementTypeTest, SizesAndCategories) {
  EXPECT_EQ(ElementSize(ElementType::kInt8), 1u);
  EXPECT_EQ(ElementSize(ElementType::kUint8), 1u);
  EXPECT_EQ(ElementSize(ElementType::kFloat16), 2u);
  EXPECT_EQ(ElementSize(ElementType::kBFloat16), 2u);
  EXPECT_EQ(ElementSize(ElementType::kInt16), 2u);
  EXPECT_EQ(ElementSize(ElementType::kUint16), 2u);
  EXPECT_EQ(ElementSize(ElementType::kFloat), 4u);
  EXPECT_EQ(ElementSize(ElementType::kInt32), 4u);
  EXPECT_EQ(ElementSize(ElementType::kUint32), 4u);
  EXPECT_EQ(ElementSize(ElementType::kDouble), 8u);
  EXPECT_EQ(ElementSize(ElementType::kInt64), 8u);
  EXPECT_EQ(ElementSize(ElementType::kUint64), 8u);
  EXPECT_EQ(ElementSize(ElementType::kString), 0u);
  EXPECT_EQ(ElementSize(ElementType::kBool), 1u);
  EXPECT_EQ(ElementSize(ElementType::kComplex64), 8u);
  EXPECT_EQ(ElementSize(ElementType::kComplex128), 16u);
  // Packed types are held one element per byte; raw_data's widths differ.
  const std::pair<ElementType, int> kWidths[] = {
      {ElementType::kFloat8E4M3FN, 8}, {ElementType::kFloat8E8M0, 8},
      {ElementType::kUint4, 4},        {ElementType::kInt4, 4},
      {ElementType::kFloat4E2M1, 4},   {ElementType::kUint2, 2},
      {ElementType::kInt2, 2},         {ElementType::kFloat6E2M3, 6},
      {ElementType::kFloat6E3M2, 6}};
  for (const auto& [type, bits] : kWidths) {
    EXPECT_EQ(ElementSize(type), 1u) << ElementTypeName(type);
    EXPECT_EQ(ElementBitWidth(type), bits) << ElementTypeName(type);
    EXPECT_EQ(IsPackedType(type), bits < 8) << ElementTypeName(type);
  }
  EXPECT_EQ(ElementBitWidth(ElementType::kComplex128), 128);
  EXPECT_EQ(ElementBitWidth(ElementType::kString), 0);

  int numeric = 0;
  for (int32_t n = -2; n < 40; ++n) {
    if (IsNumeric(static_cast<ElementType>(n))) ++numeric;
  }
  EXPECT_EQ(numeric, 12);
  EXPECT_FALSE(IsNumeric(ElementType::kBool));
  EXPECT_FALSE(IsNumeric(ElementType::kComplex64));
  EXPECT_TRUE(IsFloatingPoint(ElementType::kBFloat16));
  EXPECT_TRUE(IsFloatingPoint(ElementType::kFloat16));
  EXPECT_FALSE(IsFloatingPoint(ElementType::kInt32));
}

TEST(ElementTypeTest, VisitNumericTypeDispatchesToTheCppType) {
  EXPECT_EQ(
      VisitNumericType(ElementType::kUint16, []<typename T>(TypeTag<T>) { return sizeof(T); }), 2u);
  EXPECT_TRUE(VisitNumericType(ElementType::kBFloat16,
                               []<typename T>(TypeTag<T>) { return std::is_same_v<T, BFloat16>; }));
  EXPECT_TRUE(VisitNumericType(ElementType::kUint32,
                               []<typename T>(TypeTag<T>) { return std::is_same_v<T, uint32_t>; }));
  for (ElementType type : kNumericTypes) {
    EXPECT_EQ(VisitNumericType(type, []<typename T>(TypeTag<T>) { return ElementTypeOf<T>(); }),
              type);
  }
}

// ---------------------------------------------------------------- shapes

TEST(ShapeTest, ElementCount) {
  EXPECT_EQ(*ElementCount({}), 1);
  EXPECT_EQ(*ElementCount({2, 3, 4}), 24);
  EXPECT_EQ(*ElementCount({0}), 0);
  EXPECT_EQ(*ElementCount({5, 0, 7}), 0);
  EXPECT_EQ(*ElementCount({kInt64Max}), kInt64Max);
  EXPECT_EQ(*ElementCount({0, kInt64Max}), 0);
}

TEST(ShapeTest, ElementCountRejectsNegativeDimensions) {
  absl::StatusOr<int64_t> count = ElementCount({2, -1, 3});
  ASSERT_FALSE(count.ok());
  EXPECT_EQ(count.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(count.status().message(), HasSubstr("negative dimension -1"));
  EXPECT_THAT(count.status().message(), HasSubstr("[2,-1,3]"));
}

TEST(ShapeTest, ElementCountRejectsOverflowWithoutWrapping) {
  // 2^32 * 2^32 = 2^64 wraps to 0 in 64 bits.
  absl::StatusOr<int64_t> count = ElementCount({int64_t{1} << 32, int64_t{1} << 32});
  ASSERT_FALSE(count.ok());
  EXPECT_EQ(count.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(count.status().message(), HasSubstr("2^63"));
  EXPECT_FALSE(ElementCount({kInt64Max, 2}).ok());
  EXPECT_FALSE(ElementCount({3, int64_t{1} << 62}).ok());
}

TEST(ShapeTest, ShapeToString) {
  EXPECT_EQ(ShapeToString({}), "[]");
  EXPECT_EQ(ShapeToString({2, 3, 4}), "[2,3,4]");
  EXPECT_EQ(ShapeToString({0}), "[0]");
}

// ---------------------------------------------------------------- Tensor

TEST(TensorTest, CreateSetsTypeShapeAndSizes) {
  absl::StatusOr<Tensor> t = Tensor::Create(ElementType::kFloat, {2, 3});
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->type(), ElementType::kFloat);
  EXPECT_THAT(t->shape(), ElementsAre(2, 3));
  EXPECT_EQ(t->rank(), 2);
  EXPECT_EQ(t->element_count(), 6);
  EXPECT_EQ(t->byte_size(), 24u);
  EXPECT_EQ(t->data<float>().size(), 6u);
  EXPECT_EQ(t->bytes().size(), 24u);

  absl::StatusOr<Tensor> h = Tensor::Create(ElementType::kFloat16, {5});
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(h->byte_size(), 10u);
  absl::StatusOr<Tensor> u = Tensor::Create(ElementType::kUint64, {3, 1});
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(u->byte_size(), 24u);
}

TEST(TensorTest, RankZeroTensorHoldsOneElement) {
  absl::StatusOr<Tensor> t = Tensor::Create(ElementType::kInt64, {});
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->rank(), 0);
  EXPECT_TRUE(t->shape().empty());
  EXPECT_EQ(t->element_count(), 1);
  EXPECT_EQ(t->byte_size(), 8u);
  t->data<int64_t>()[0] = -7;
  Tensor copy = *t;
  EXPECT_EQ(copy.data<int64_t>()[0], -7);
}

TEST(TensorTest, ZeroSizeTensors) {
  absl::StatusOr<Tensor> t = Tensor::Create(ElementType::kDouble, {0, 3});
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->element_count(), 0);
  EXPECT_EQ(t->byte_size(), 0u);
  EXPECT_TRUE(t->data<double>().empty());
  EXPECT_TRUE(t->bytes().empty());
  Tensor copy = *t;
  EXPECT_THAT(copy.shape(), ElementsAre(0, 3));
  EXPECT_EQ(copy.element_count(), 0);
  // Even an absurd dimension is fine next to a zero one: no data at all.
  absl::StatusOr<Tensor> wide = Tensor::Create(ElementType::kFloat, {0, kInt64Max});
  ASSERT_TRUE(wide.ok()) << wide.status();
  EXPECT_EQ(wide->byte_size(), 0u);
}

TEST(TensorTest, DefaultTensorIsAnEmptyFloatVector) {
  Tensor t;
  EXPECT_EQ(t.type(), ElementType::kFloat);
  EXPECT_THAT(t.shape(), ElementsAre(0));
  EXPECT_EQ(t.element_count(), 0);
  EXPECT_EQ(t.byte_size(), 0u);
  Tensor copy = t;  // NOLINT(performance-unnecessary-copy-initialization): the copy is tested
  EXPECT_EQ(copy.element_count(), 0);
  Tensor assigned = *Tensor::Create(ElementType::kInt8, {4});
  assigned = t;
  EXPECT_EQ(assigned.type(), ElementType::kFloat);
  EXPECT_EQ(assigned.element_count(), 0);
}

TEST(TensorTest, CreateRejectsNegativeDimension) {
  absl::StatusOr<Tensor> t = Tensor::Create(ElementType::kFloat, {3, -2});
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(t.status().message(), HasSubstr("negative dimension -2"));
}

TEST(TensorTest, CreateRejectsOverflowingShape) {
  absl::StatusOr<Tensor> t =
      Tensor::Create(ElementType::kUint8, {int64_t{1} << 40, int64_t{1} << 30});
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(TensorTest, CreateRejectsMoreThanMaxBytes) {
  // 1000 doubles are 8000 bytes: the limit is inclusive.
  EXPECT_TRUE(Tensor::Create(ElementType::kDouble, {1000}, 8000).ok());
  absl::StatusOr<Tensor> t = Tensor::Create(ElementType::kDouble, {1000}, 7999);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(t.status().message(), HasSubstr("[1000]"));
  EXPECT_THAT(t.status().message(), HasSubstr("7999"));

  // The default limit (4 GiB) stops a huge shape before any allocation.
  absl::StatusOr<Tensor> huge = Tensor::Create(ElementType::kFloat, {int64_t{1} << 31});
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.status().code(), absl::StatusCode::kResourceExhausted);
  absl::StatusOr<Tensor> largest = Tensor::Create(ElementType::kUint8, {kInt64Max});
  ASSERT_FALSE(largest.ok());
  EXPECT_EQ(largest.status().code(), absl::StatusCode::kResourceExhausted);
}

// Every type ONNX defines is created; undefined and unknown numbers are not.
TEST(TensorTest, CreateTakesEveryOnnxTypeOnly) {
  absl::StatusOr<Tensor> flags = Tensor::Create(ElementType::kBool, {3});
  ASSERT_TRUE(flags.ok()) << flags.status();
  EXPECT_EQ(flags->byte_size(), 3u);
  absl::StatusOr<Tensor> pairs = Tensor::Create(ElementType::kComplex128, {2});
  ASSERT_TRUE(pairs.ok()) << pairs.status();
  EXPECT_EQ(pairs->byte_size(), 32u);
  absl::StatusOr<Tensor> nibbles = Tensor::Create(ElementType::kInt4, {5});
  ASSERT_TRUE(nibbles.ok()) << nibbles.status();
  EXPECT_EQ(nibbles->byte_size(), 5u);  // one byte per element in memory
  absl::StatusOr<Tensor> strings = Tensor::Create(ElementType::kString, {2, 2});
  ASSERT_TRUE(strings.ok()) << strings.status();
  EXPECT_EQ(strings->byte_size(), 0u);
  EXPECT_EQ(strings->strings().size(), 4u);
  for (ElementType type :
       {ElementType::kUndefined, static_cast<ElementType>(29), static_cast<ElementType>(-1)}) {
    absl::StatusOr<Tensor> t = Tensor::Create(type, {1});
    ASSERT_FALSE(t.ok()) << static_cast<int>(type);
    EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(t.status().message(), HasSubstr("holds no values"));
  }
}

TEST(TensorTest, FromValues) {
  Tensor t = Tensor::FromValues<int32_t>({2, 2}, {1, -2, 3, std::numeric_limits<int32_t>::min()});
  EXPECT_EQ(t.type(), ElementType::kInt32);
  EXPECT_THAT(t.shape(), ElementsAre(2, 2));
  EXPECT_THAT(t.data<int32_t>(), ElementsAre(1, -2, 3, std::numeric_limits<int32_t>::min()));

  Tensor h =
      Tensor::FromValues<Float16>({2}, {Float16::FromBits(0x3C00), Float16::FromBits(0x8000)});
  EXPECT_EQ(h.type(), ElementType::kFloat16);
  EXPECT_EQ(h.data<Float16>()[0].bits(), 0x3C00);
  EXPECT_EQ(h.data<Float16>()[1].bits(), 0x8000);

  Tensor scalar = Tensor::FromValues<uint64_t>({}, {std::numeric_limits<uint64_t>::max()});
  EXPECT_EQ(scalar.rank(), 0);
  EXPECT_EQ(scalar.data<uint64_t>()[0], 18446744073709551615u);
}

TEST(TensorDeathTest, FromValuesWithTheWrongCountAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // Too few values would leave elements unset; too many would be dropped.
  EXPECT_DEATH(Tensor::FromValues<float>({2, 2}, {1.0f, 2.0f, 3.0f}),
               "3 values for shape \\[2,2\\]");
  EXPECT_DEATH(Tensor::FromValues<int32_t>({1}, {1, 2}), "2 values for shape \\[1\\]");
  EXPECT_DEATH(Tensor::FromValues<int8_t>({-1}, {}), "shape \\[-1\\]");
}

TEST(TensorTest, CopiesAreDeep) {
  Tensor original = Tensor::FromValues<float>({3}, {1.0f, 2.0f, 3.0f});
  Tensor copy(original);
  original.data<float>()[0] = 100.0f;
  EXPECT_THAT(copy.data<float>(), ElementsAre(1.0f, 2.0f, 3.0f));
  EXPECT_NE(copy.bytes().data(), original.bytes().data());

  Tensor assigned = Tensor::FromValues<int8_t>({1}, {5});
  assigned = original;
  EXPECT_EQ(assigned.type(), ElementType::kFloat);
  EXPECT_THAT(assigned.shape(), ElementsAre(3));
  original.data<float>()[1] = 200.0f;
  EXPECT_THAT(assigned.data<float>(), ElementsAre(100.0f, 2.0f, 3.0f));

  Tensor& self = assigned;
  assigned = self;
  EXPECT_THAT(assigned.data<float>(), ElementsAre(100.0f, 2.0f, 3.0f));
}

TEST(TensorTest, MovesTransferStorage) {
  Tensor original = Tensor::FromValues<int16_t>({2}, {-32768, 32767});
  const std::byte* storage = original.bytes().data();
  Tensor moved(std::move(original));
  EXPECT_EQ(moved.bytes().data(), storage);
  EXPECT_THAT(moved.data<int16_t>(), ElementsAre(-32768, 32767));
  Tensor target;
  target = std::move(moved);
  EXPECT_EQ(target.type(), ElementType::kInt16);
  EXPECT_THAT(target.data<int16_t>(), ElementsAre(-32768, 32767));
}

// New storage starts on a 64-byte boundary (a cache line, one AVX-512
// vector) at every size, from a reused buffer and in a copy alike.
TEST(TensorTest, StorageStartsOnACacheLine) {
  const auto offset = [](const Tensor& t) {
    return reinterpret_cast<uintptr_t>(t.bytes().data()) % 64;
  };
  const int64_t counts[] = {1, 3, 1000, int64_t{1} << 20, int64_t{5} << 20};
  for (int64_t count : counts) {
    for (int round = 0; round < 2; ++round) {  // the second may reuse the first's buffer
      absl::StatusOr<Tensor> t = Tensor::Create(ElementType::kInt16, {count});
      ASSERT_TRUE(t.ok());
      EXPECT_EQ(offset(*t), 0u) << count << " elements, round " << round;
      const Tensor copy = *t;
      EXPECT_EQ(offset(copy), 0u) << "copy of " << count << " elements";
    }
  }
}

// A released buffer of 8 MiB to 256 MiB is handed to the next Create it
// fits without wasting more than half of it; smaller ones and tensors that
// hold a different buffer are not affected. (Not under AddressSanitizer.)
TEST(TensorTest, ALargeReleasedBufferIsReused) {
  if (kUnderAddressSanitizer) GTEST_SKIP() << "buffers are never reused under AddressSanitizer";
  const std::byte* first = nullptr;
  {
    absl::StatusOr<Tensor> big = Tensor::Create(ElementType::kFloat, {4 << 20});  // 16 MiB
    ASSERT_TRUE(big.ok());
    first = big->bytes().data();
    big->data<float>()[0] = 5.0f;
  }
  absl::StatusOr<Tensor> fits = Tensor::Create(ElementType::kInt32, {3 << 20});  // 12 MiB
  ASSERT_TRUE(fits.ok());
  EXPECT_EQ(fits->bytes().data(), first);
  // Held by `fits` now: another tensor gets other memory.
  absl::StatusOr<Tensor> other = Tensor::Create(ElementType::kInt32, {3 << 20});
  ASSERT_TRUE(other.ok());
  EXPECT_NE(other->bytes().data(), first);
  *fits = Tensor();  // released again, and kept
  absl::StatusOr<Tensor> too_small = Tensor::Create(ElementType::kInt8, {6 << 20});  // 6 MiB
  ASSERT_TRUE(too_small.ok());
  EXPECT_NE(too_small->bytes().data(), first);  // under 8 MiB: never from the kept buffer
  absl::StatusOr<Tensor> half = Tensor::Create(ElementType::kInt8, {8 << 20});  // half of 16 MiB
  ASSERT_TRUE(half.ok());
  EXPECT_EQ(half->bytes().data(), first);
  // A copy of a large tensor is new memory too, and can reuse.
  Tensor copy = *other;
  EXPECT_NE(copy.bytes().data(), other->bytes().data());
}

}  // namespace
}  // namespace onnx_conform
