#include "tensor/element_type.h"

#include "absl/strings/str_cat.h"
#include "tensor/small_float.h"

namespace onnx_conform {
namespace {

struct TypeInfo {
  ElementType type;
  absl::string_view name;
  int bits;  // in raw_data
};

constexpr TypeInfo kTypeInfo[] = {
    {ElementType::kUndefined, "undefined", 0},
    {ElementType::kFloat, "float", 32},
    {ElementType::kUint8, "uint8", 8},
    {ElementType::kInt8, "int8", 8},
    {ElementType::kUint16, "uint16", 16},
    {ElementType::kInt16, "int16", 16},
    {ElementType::kInt32, "int32", 32},
    {ElementType::kInt64, "int64", 64},
    {ElementType::kString, "string", 0},
    {ElementType::kBool, "bool", 8},
    {ElementType::kFloat16, "float16", 16},
    {ElementType::kDouble, "double", 64},
    {ElementType::kUint32, "uint32", 32},
    {ElementType::kUint64, "uint64", 64},
    {ElementType::kComplex64, "complex64", 64},
    {ElementType::kComplex128, "complex128", 128},
    {ElementType::kBFloat16, "bfloat16", 16},
    {ElementType::kFloat8E4M3FN, "float8e4m3fn", 8},
    {ElementType::kFloat8E4M3FNUZ, "float8e4m3fnuz", 8},
    {ElementType::kFloat8E5M2, "float8e5m2", 8},
    {ElementType::kFloat8E5M2FNUZ, "float8e5m2fnuz", 8},
    {ElementType::kUint4, "uint4", 4},
    {ElementType::kInt4, "int4", 4},
    {ElementType::kFloat4E2M1, "float4e2m1", 4},
    {ElementType::kFloat8E8M0, "float8e8m0", 8},
    {ElementType::kUint2, "uint2", 2},
    {ElementType::kInt2, "int2", 2},
    {ElementType::kFloat6E2M3, "float6e2m3", 6},
    {ElementType::kFloat6E3M2, "float6e3m2", 6},
};

// The table is in number order: a type's entry is its number.
constexpr bool InNumberOrder() {
  for (size_t i = 0; i < std::size(kTypeInfo); ++i) {
    if (static_cast<size_t>(kTypeInfo[i].type) != i) return false;
  }
  return std::size(kTypeInfo) == std::size(kAllElementTypes) + 1;
}
static_assert(InNumberOrder());

const TypeInfo* Find(ElementType type) {
  const auto number = static_cast<int32_t>(type);
  if (number < 0 || number >= static_cast<int32_t>(std::size(kTypeInfo))) return nullptr;
  return &kTypeInfo[number];
}

}  // namespace

absl::string_view ElementTypeName(ElementType type) {
  const TypeInfo* info = Find(type);
  return info != nullptr ? info->name : "unknown";
}

std::optional<ElementType> ElementTypeFromName(absl::string_view name) {
  for (const TypeInfo& info : kTypeInfo) {
    if (info.name == name && info.type != ElementType::kUndefined) return info.type;
  }
  return std::nullopt;
}

std::optional<ElementType> ElementTypeFromProto(int32_t data_type) {
  const TypeInfo* info = Find(static_cast<ElementType>(data_type));
  if (info == nullptr) return std::nullopt;
  return info->type;
}

std::string DataTypeNumberName(int32_t data_type) {
  const TypeInfo* info = Find(static_cast<ElementType>(data_type));
  return info != nullptr ? std::string(info->name) : absl::StrCat("data type ", data_type);
}

bool IsNumeric(ElementType type) {
  for (ElementType numeric : kNumericTypes) {
    if (numeric == type) return true;
  }
  return false;
}

bool IsFloatingPoint(ElementType type) {
  return type == ElementType::kFloat || type == ElementType::kDouble ||
         type == ElementType::kFloat16 || type == ElementType::kBFloat16;
}

bool IsComplex(ElementType type) {
  return type == ElementType::kComplex64 || type == ElementType::kComplex128;
}

bool IsSmallFloat(ElementType type) { return SmallFloatFormatOf(type).has_value(); }

int ElementBitWidth(ElementType type) {
  const TypeInfo* info = Find(type);
  return info != nullptr ? info->bits : 0;
}

size_t ElementSize(ElementType type) {
  const int bits = ElementBitWidth(type);
  return bits == 0 ? 0 : static_cast<size_t>((bits + 7) / 8);
}

absl::string_view ValueKindOf(ElementType type, uint64_t bits) {
  if (IsSmallFloat(type)) {
    const auto small = static_cast<uint32_t>(bits);
    if (SmallFloatIsNaN(type, small)) return "nan";
    if (SmallFloatIsDenormal(type, small)) return "denormal";
    const double value = SmallFloatValue(type, small);
    if (value == 0) return "zero";
    return value - value != 0 ? "inf" : "finite";
  }
  int exponent = 0, mantissa = 0;
  switch (type) {
    case ElementType::kFloat16: exponent = 5, mantissa = 10; break;
    case ElementType::kBFloat16: exponent = 8, mantissa = 7; break;
    case ElementType::kFloat: exponent = 8, mantissa = 23; break;
    case ElementType::kDouble: exponent = 11, mantissa = 52; break;
    default: return "finite";
  }
  const uint64_t m = bits & ((uint64_t{1} << mantissa) - 1);
  const uint64_t e = (bits >> mantissa) & ((uint64_t{1} << exponent) - 1);
  if (e == (uint64_t{1} << exponent) - 1) return m == 0 ? "inf" : "nan";
  if (e == 0) return m == 0 ? "zero" : "denormal";
  return "finite";
}

}  // namespace onnx_conform
