#include "reference/element_type.h"

namespace onnx_conform {
namespace {

struct TypeInfo {
  ElementType type;
  absl::string_view name;
  size_t size;
};

constexpr TypeInfo kTypeInfo[] = {
    {ElementType::kUndefined, "undefined", 0}, {ElementType::kFloat, "float", 4},
    {ElementType::kUint8, "uint8", 1},         {ElementType::kInt8, "int8", 1},
    {ElementType::kUint16, "uint16", 2},       {ElementType::kInt16, "int16", 2},
    {ElementType::kInt32, "int32", 4},         {ElementType::kInt64, "int64", 8},
    {ElementType::kString, "string", 0},       {ElementType::kBool, "bool", 1},
    {ElementType::kFloat16, "float16", 2},     {ElementType::kDouble, "double", 8},
    {ElementType::kUint32, "uint32", 4},       {ElementType::kUint64, "uint64", 8},
    {ElementType::kComplex64, "complex64", 0}, {ElementType::kComplex128, "complex128", 0},
    {ElementType::kBFloat16, "bfloat16", 2},
};

const TypeInfo* Find(ElementType type) {
  for (const TypeInfo& info : kTypeInfo) {
    if (info.type == type) return &info;
  }
  return nullptr;
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

size_t ElementSize(ElementType type) {
  if (!IsNumeric(type) && type != ElementType::kBool) return 0;
  return Find(type)->size;
}

absl::string_view ValueKindOf(ElementType type, uint64_t bits) {
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
