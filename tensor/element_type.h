// Element types of ONNX tensors, and dispatch from a runtime type to a
// template instantiated on the C++ element type.
//
// The enum values are ONNX's TensorProto.DataType numbers, so a proto's
// data_type converts with a range check and no table. Every type of the
// newest ONNX is listed (kAllElementTypes); the twelve numeric types the
// operators compute on (kNumericTypes) have a C++ type and VisitNumericType.
// The others are held as their bits (tensor/tensor.h says how) and read
// through tensor/element_value.h.
//
//   Tensor t = ...;
//   VisitNumericType(t.type(), [&]<typename T>(TypeTag<T>) { Kernel<T>(t); });
#ifndef ONNX_CONFORM_TENSOR_ELEMENT_TYPE_H_
#define ONNX_CONFORM_TENSOR_ELEMENT_TYPE_H_

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

#include "absl/strings/string_view.h"
#include "tensor/float16.h"

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
  kFloat8E4M3FN = 17,    // 1 sign, 4 exponent, 3 mantissa bits; NaN, no infinity
  kFloat8E4M3FNUZ = 18,  // as E4M3FN, bias 8; one NaN (0x80), no -0
  kFloat8E5M2 = 19,      // IEEE-like: infinities and NaNs
  kFloat8E5M2FNUZ = 20,  // bias 16; one NaN (0x80), no infinity, no -0
  kUint4 = 21,
  kInt4 = 22,
  kFloat4E2M1 = 23,  // 1 sign, 2 exponent, 1 mantissa bit; no NaN, no infinity
  kFloat8E8M0 = 24,  // 8 exponent bits: 2^(e-127); 0xFF is NaN; no sign, no zero
  kUint2 = 25,
  kInt2 = 26,
  kFloat6E2M3 = 27,  // 1 sign, 2 exponent, 3 mantissa bits; no NaN, no infinity
  kFloat6E3M2 = 28,  // 1 sign, 3 exponent, 2 mantissa bits; no NaN, no infinity
};

// Every element type ONNX defines, in TensorProto.DataType order. A
// data_type beyond these (a newer release's) is unknown to the suite:
// ElementTypeFromProto gives nullopt.
inline constexpr ElementType kAllElementTypes[] = {
    ElementType::kFloat,      ElementType::kUint8,          ElementType::kInt8,
    ElementType::kUint16,     ElementType::kInt16,          ElementType::kInt32,
    ElementType::kInt64,      ElementType::kString,         ElementType::kBool,
    ElementType::kFloat16,    ElementType::kDouble,         ElementType::kUint32,
    ElementType::kUint64,     ElementType::kComplex64,      ElementType::kComplex128,
    ElementType::kBFloat16,   ElementType::kFloat8E4M3FN,   ElementType::kFloat8E4M3FNUZ,
    ElementType::kFloat8E5M2, ElementType::kFloat8E5M2FNUZ, ElementType::kUint4,
    ElementType::kInt4,       ElementType::kFloat4E2M1,     ElementType::kFloat8E8M0,
    ElementType::kUint2,      ElementType::kInt2,           ElementType::kFloat6E2M3,
    ElementType::kFloat6E3M2,
};

// The twelve numeric types the suite's operators use, in ONNX's type-list
// order (as the operator texts print them).
inline constexpr ElementType kNumericTypes[] = {
    ElementType::kBFloat16, ElementType::kDouble, ElementType::kFloat,  ElementType::kFloat16,
    ElementType::kInt16,    ElementType::kInt32,  ElementType::kInt64,  ElementType::kInt8,
    ElementType::kUint16,   ElementType::kUint32, ElementType::kUint64, ElementType::kUint8,
};

// ONNX's spelling in type strings: "float", "float16", "bfloat16", "int64",
// "float8e4m3fn", "uint4", ...; "undefined" for kUndefined, "unknown" for a
// number ONNX does not define.
absl::string_view ElementTypeName(ElementType type);
std::optional<ElementType> ElementTypeFromName(absl::string_view name);
// A TensorProto.DataType number: kUndefined for 0, the type for each of
// kAllElementTypes, nullopt for any other number (negative, or a type of an
// ONNX release newer than the suite).
std::optional<ElementType> ElementTypeFromProto(int32_t data_type);
// "float8e4m3fn" for a known number, "data type 29" for another.
std::string DataTypeNumberName(int32_t data_type);

bool IsNumeric(ElementType type);        // one of kNumericTypes
bool IsFloatingPoint(ElementType type);  // float16, bfloat16, float, double
bool IsComplex(ElementType type);        // complex64, complex128
// The floats of fewer than 16 bits: float8 (all five), float6, float4.
bool IsSmallFloat(ElementType type);
// Bits one element takes in ONNX's raw_data: 4 for uint4/int4/float4e2m1,
// 2 for uint2/int2, 6 for the float6 types, 8 for bool and the 8-bit types,
// 64 for complex64, ...; 0 for string and undefined.
int ElementBitWidth(ElementType type);
// Types of fewer than 8 bits, packed several to a byte in raw_data.
inline bool IsPackedType(ElementType type) {
  const int bits = ElementBitWidth(type);
  return bits > 0 && bits < 8;
}
// Bytes per element of a Tensor's storage (tensor/tensor.h): the numeric
// types, bool (one byte, 0 or 1), the 8-bit floats and complex as ONNX's
// raw_data has them; a packed type one byte per element (its bits, zero
// above them); 0 for string (kept apart) and undefined.
size_t ElementSize(ElementType type);
// The kind of a value of `type` given as its element bits (little-endian,
// the type's width; a packed type's bits in the low bits): "nan", "inf",
// "zero", "denormal" or "finite" (every integer and bool). Complex and
// string: "finite".
absl::string_view ValueKindOf(ElementType type, uint64_t bits);

template <typename T>
struct TypeTag {
  using type = T;
};

// The numeric types and their C++ types, listed once: CppTypeOf,
// ElementTypeOf and VisitNumericType are generated from this list.
#define ONNX_CONFORM_NUMERIC_TYPES(X) \
  X(kFloat, float)                    \
  X(kFloat16, Float16)                \
  X(kBFloat16, BFloat16)              \
  X(kDouble, double)                  \
  X(kInt8, int8_t)                    \
  X(kInt16, int16_t)                  \
  X(kInt32, int32_t)                  \
  X(kInt64, int64_t)                  \
  X(kUint8, uint8_t)                  \
  X(kUint16, uint16_t)                \
  X(kUint32, uint32_t)                \
  X(kUint64, uint64_t)

template <ElementType E>
struct CppTypeOf;
template <typename T>
constexpr ElementType ElementTypeOf();

#define ONNX_CONFORM_MAP_TYPE(E, T)          \
  template <>                                \
  struct CppTypeOf<ElementType::E> {         \
    using type = T;                          \
  };                                         \
  template <>                                \
  constexpr ElementType ElementTypeOf<T>() { \
    return ElementType::E;                   \
  }
ONNX_CONFORM_NUMERIC_TYPES(ONNX_CONFORM_MAP_TYPE)
#undef ONNX_CONFORM_MAP_TYPE

// Calls visitor(TypeTag<T>{}) with T the C++ type of a numeric `type`.
// Precondition: IsNumeric(type). All branches must return the same type.
template <typename Visitor>
decltype(auto) VisitNumericType(ElementType type, Visitor&& visitor) {
  switch (type) {
#define ONNX_CONFORM_VISIT_CASE(E, T) \
  case ElementType::E: return std::forward<Visitor>(visitor)(TypeTag<T>{});
    ONNX_CONFORM_NUMERIC_TYPES(ONNX_CONFORM_VISIT_CASE)
#undef ONNX_CONFORM_VISIT_CASE
    default: std::abort();  // Precondition broken: callers check IsNumeric first.
  }
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TENSOR_ELEMENT_TYPE_H_
