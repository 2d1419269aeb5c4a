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
// Operators since opset 13 allow all twelve: the same list.
inline constexpr const auto& kAllNumericBfTypes = kNumericTypes;

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

#endif  // ONNX_CONFORM_REFERENCE_ELEMENT_TYPE_H_
