// Element types of ONNX tensors, and dispatch from a runtime type to a
// template instantiated on the C++ element type.
//
// The enum values are ONNX's TensorProto.DataType numbers, so a proto's
// data_type converts with a range check and no table.
//
//   Tensor t = ...;
//   VisitNumericType(t.type(), [&]<typename T>(TypeTag<T>) { Kernel<T>(t); });
#ifndef ONNX_CONFORM_REFERENCE_ELEMENT_TYPE_H_
#define ONNX_CONFORM_REFERENCE_ELEMENT_TYPE_H_

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <utility>

#include "absl/strings/string_view.h"
#include "reference/float16.h"

namespace onnx_conform {

enum class ElementType : int32_t {
  kUndefined = 0,
  kFloat = 1,
  kUint8 = 2,
  kInt8 = 3,
  kUint16 = 4,
  kInt16 = 5,
  kInt32 = 6,
  kInt64 = 7,
  kString = 8,
  kBool = 9,
  kFloat16 = 10,
  kDouble = 11,
  kUint32 = 12,
  kUint64 = 13,
  kComplex64 = 14,
  kComplex128 = 15,
  kBFloat16 = 16,
};

// The twelve numeric types the suite's operators use, in ONNX's type-list
// order (as the operator texts print them).
inline constexpr ElementType kNumericTypes[] = {
    ElementType::kBFloat16, ElementType::kDouble, ElementType::kFloat,  ElementType::kFloat16,
    ElementType::kInt16,    ElementType::kInt32,  ElementType::kInt64,  ElementType::kInt8,
    ElementType::kUint16,   ElementType::kUint32, ElementType::kUint64, ElementType::kUint8,
};

// The operator texts' type lists, in ONNX's order (as the texts print them):
// double, float, float16 for "FLOATS" (Clip-1..11, Min-1..8); every numeric
// type but bfloat16 (Min-12, Clip-12, ArgMin-1..12); and all twelve.
inline constexpr ElementType kFloatTypes[] = {ElementType::kDouble, ElementType::kFloat,
                                              ElementType::kFloat16};
inline constexpr ElementType kAllNumericTypes[] = {
    ElementType::kDouble, ElementType::kFloat,  ElementType::kFloat16, ElementType::kInt16,
    ElementType::kInt32,  ElementType::kInt64,  ElementType::kInt8,    ElementType::kUint16,
    ElementType::kUint32, ElementType::kUint64, ElementType::kUint8};
inline constexpr ElementType kAllNumericBfTypes[] = {
    ElementType::kBFloat16, ElementType::kDouble, ElementType::kFloat,  ElementType::kFloat16,
    ElementType::kInt16,    ElementType::kInt32,  ElementType::kInt64,  ElementType::kInt8,
    ElementType::kUint16,   ElementType::kUint32, ElementType::kUint64, ElementType::kUint8};

// ONNX's spelling: "float", "float16", "bfloat16", "int64", ...
absl::string_view ElementTypeName(ElementType type);
std::optional<ElementType> ElementTypeFromName(absl::string_view name);
// Any TensorProto.DataType number, known to ONNX or not.
std::optional<ElementType> ElementTypeFromProto(int32_t data_type);

bool IsNumeric(ElementType type);        // one of kNumericTypes
bool IsFloatingPoint(ElementType type);  // float16, bfloat16, float, double
// Bytes per element for numeric types and bool (one byte, 0 or 1, as
// ONNX stores it); 0 for the others.
size_t ElementSize(ElementType type);
// The kind of a value of `type` given as its element bits (little-endian,
// the type's width): "nan", "inf", "zero", "denormal" or "finite" (every
// integer and bool).
absl::string_view ValueKindOf(ElementType type, uint64_t bits);

template <typename T>
struct TypeTag {
  using type = T;
};

template <ElementType E>
struct CppTypeOf;
template <>
struct CppTypeOf<ElementType::kFloat> {
  using type = float;
};
template <>
struct CppTypeOf<ElementType::kDouble> {
  using type = double;
};
template <>
struct CppTypeOf<ElementType::kFloat16> {
  using type = Float16;
};
template <>
struct CppTypeOf<ElementType::kBFloat16> {
  using type = BFloat16;
};
template <>
struct CppTypeOf<ElementType::kInt8> {
  using type = int8_t;
};
template <>
struct CppTypeOf<ElementType::kInt16> {
  using type = int16_t;
};
template <>
struct CppTypeOf<ElementType::kInt32> {
  using type = int32_t;
};
template <>
struct CppTypeOf<ElementType::kInt64> {
  using type = int64_t;
};
template <>
struct CppTypeOf<ElementType::kUint8> {
  using type = uint8_t;
};
template <>
struct CppTypeOf<ElementType::kUint16> {
  using type = uint16_t;
};
template <>
struct CppTypeOf<ElementType::kUint32> {
  using type = uint32_t;
};
template <>
struct CppTypeOf<ElementType::kUint64> {
  using type = uint64_t;
};

template <typename T>
constexpr ElementType ElementTypeOf();
template <>
constexpr ElementType ElementTypeOf<float>() {
  return ElementType::kFloat;
}
template <>
constexpr ElementType ElementTypeOf<double>() {
  return ElementType::kDouble;
}
template <>
constexpr ElementType ElementTypeOf<Float16>() {
  return ElementType::kFloat16;
}
template <>
constexpr ElementType ElementTypeOf<BFloat16>() {
  return ElementType::kBFloat16;
}
template <>
constexpr ElementType ElementTypeOf<int8_t>() {
  return ElementType::kInt8;
}
template <>
constexpr ElementType ElementTypeOf<int16_t>() {
  return ElementType::kInt16;
}
template <>
constexpr ElementType ElementTypeOf<int32_t>() {
  return ElementType::kInt32;
}
template <>
constexpr ElementType ElementTypeOf<int64_t>() {
  return ElementType::kInt64;
}
template <>
constexpr ElementType ElementTypeOf<uint8_t>() {
  return ElementType::kUint8;
}
template <>
constexpr ElementType ElementTypeOf<uint16_t>() {
  return ElementType::kUint16;
}
template <>
constexpr ElementType ElementTypeOf<uint32_t>() {
  return ElementType::kUint32;
}
template <>
constexpr ElementType ElementTypeOf<uint64_t>() {
  return ElementType::kUint64;
}

// Calls visitor(TypeTag<T>{}) with T the C++ type of a numeric `type`.
// Precondition: IsNumeric(type). All branches must return the same type.
template <typename Visitor>
decltype(auto) VisitNumericType(ElementType type, Visitor&& visitor) {
  switch (type) {
#define ONNX_CONFORM_VISIT_CASE(E) \
  case ElementType::E:             \
    return std::forward<Visitor>(visitor)(TypeTag<CppTypeOf<ElementType::E>::type>{});
    ONNX_CONFORM_VISIT_CASE(kFloat)
    ONNX_CONFORM_VISIT_CASE(kFloat16)
    ONNX_CONFORM_VISIT_CASE(kBFloat16)
    ONNX_CONFORM_VISIT_CASE(kDouble)
    ONNX_CONFORM_VISIT_CASE(kInt8)
    ONNX_CONFORM_VISIT_CASE(kInt16)
    ONNX_CONFORM_VISIT_CASE(kInt32)
    ONNX_CONFORM_VISIT_CASE(kInt64)
    ONNX_CONFORM_VISIT_CASE(kUint8)
    ONNX_CONFORM_VISIT_CASE(kUint16)
    ONNX_CONFORM_VISIT_CASE(kUint32)
    ONNX_CONFORM_VISIT_CASE(kUint64)
#undef ONNX_CONFORM_VISIT_CASE
    default: std::abort();  // Precondition broken: callers check IsNumeric first.
  }
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_ELEMENT_TYPE_H_
