// Reading one element of a tensor of any element type: its bits, its value
// as a double, whether it is NaN, and its text for messages. The ground
// floor of every comparison that is not a kernel's: the verdict's, the
// checker's. The twelve numeric types read as the kernels read them; the
// others as tensor/tensor.h stores them.
//
//   double v = ElementAsDouble(t, 3);           // float8e4m3fn 0x38: 1.0
//   double im = ElementAsDouble(t, 3, 1);       // complex: the imaginary part
//   if (ElementIsNaN(t, 3)) ...
//   std::string s = ElementText(t, 3);          // "1 (0x38)", "true", "\"abc\""
#ifndef ONNX_CONFORM_TENSOR_ELEMENT_VALUE_H_
#define ONNX_CONFORM_TENSOR_ELEMENT_VALUE_H_

#include <cstdint>
#include <string>

#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// How many real numbers make one element: 2 for complex64 and complex128,
// 0 for string (and undefined), 1 for every other type.
int ComponentCount(ElementType type);

// The value of an element of `type` given by its bits (little-endian; a
// packed type's in the low bits, the others ignored), as a double: exact
// for every type but int64 and uint64 beyond 2^53 (rounded to nearest).
// int4 and int2 are two's complement; bool is 0 or 1; NaN patterns give a
// NaN of the element's sign. Precondition: ElementBitWidth(type) is 1..64
// and type is not complex64 (use ElementAsDouble).
double ElementValueFromBits(ElementType type, uint64_t bits);

// Element `index` (row-major) of a tensor: its bits, zero-extended (a packed
// type's bits as stored). Precondition: 0 <= index < element_count(), and
// ElementBitWidth(type) is 1..64 (not string, not complex128).
uint64_t ElementBits(const Tensor& tensor, int64_t index);
// Component `component` of element `index` as a double: the value for a
// real type, the real (0) or imaginary (1) part for complex. Precondition:
// 0 <= component < ComponentCount(type()).
double ElementAsDouble(const Tensor& tensor, int64_t index, int component = 0);
// A NaN element (complex: either part). False for every integer type, bool
// and string.
bool ElementIsNaN(const Tensor& tensor, int64_t index);
// An element for messages: integers in decimal; bool "true"/"false";
// float "%.9g", double "%.17g"; float16, bfloat16 and the small floats the
// value and their bits ("1 (0x3c00)", "nan (0x7f)"); complex "(re, im)";
// a string quoted with C escapes ("\"a\\x00z\"").
std::string ElementText(const Tensor& tensor, int64_t index);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TENSOR_ELEMENT_VALUE_H_
