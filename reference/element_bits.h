// How kernel loops read and write elements so that they vectorize:
// float16 and bfloat16 as their 16-bit patterns (compilers do not vectorize
// loads and stores of a class type), every other type as itself. The rules
// of reference/semantics.h still decide every value: a loop loads, applies
// the rule to T values, and stores the bits of the result.
//
//   const Stored<Float16>* x = StoredData<Float16>(input);   // uint16_t*
//   Stored<Float16>* y = StoredData<Float16>(output);
//   for (int64_t i = 0; i < n; ++i) y[i] = Store(ClipValue(Load<Float16>(x[i]), lo, hi));
#ifndef ONNX_CONFORM_REFERENCE_ELEMENT_BITS_H_
#define ONNX_CONFORM_REFERENCE_ELEMENT_BITS_H_

#include <cstdint>
#include <type_traits>

#include "reference/semantics.h"
#include "tensor/tensor.h"

namespace onnx_conform {

template <typename T>
using Stored = std::conditional_t<kIsHalfType<T>, uint16_t, T>;

template <typename T>
ONNX_CONFORM_ELEMENT_RULE T Load(Stored<T> stored) {
  if constexpr (kIsHalfType<T>) {
    return T::FromBits(stored);
  } else {
    return stored;
  }
}

template <typename T>
ONNX_CONFORM_ELEMENT_RULE Stored<T> Store(T value) {
  if constexpr (kIsHalfType<T>) {
    return value.bits();
  } else {
    return value;
  }
}

// A tensor's elements as stored. Precondition: T is the C++ type of
// tensor.type(). Float16 and BFloat16 hold exactly their uint16_t bits.
template <typename T>
const Stored<T>* StoredData(const Tensor& tensor) {
  static_assert(sizeof(T) == sizeof(Stored<T>) && std::is_standard_layout_v<T>);
  return reinterpret_cast<const Stored<T>*>(tensor.data<T>().data());
}
template <typename T>
Stored<T>* StoredData(Tensor& tensor) {
  static_assert(sizeof(T) == sizeof(Stored<T>) && std::is_standard_layout_v<T>);
  return reinterpret_cast<Stored<T>*>(tensor.data<T>().data());
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_ELEMENT_BITS_H_
