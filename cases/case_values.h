// Element values for case definitions, templated on the C++ element type:
// exact conversion of literals, the special values (NaN, infinities, -0,
// extremes) and the two comparisons the expectations need. Independent of
// reference/: only the Float16/BFloat16 value types (and their traits,
// kIsHalfType and kIsFloatType) are shared; a namespace of their own keeps
// IsNaN and Less apart from the reference's (reference/semantics.h), so
// each template has one definition per namespace.
//
//   std::vector<Float16> x = Values<Float16>({1, 2.5, -3});
//   x.push_back(NaN<Float16>());
//   bool smaller = Less(x[0], x[1]);   // compares the widened values
#ifndef ONNX_CONFORM_CASES_CASE_VALUES_H_
#define ONNX_CONFORM_CASES_CASE_VALUES_H_

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <type_traits>
#include <vector>

#include "tensor/element_type.h"
#include "tensor/float16.h"
#include "tensor/tensor.h"

namespace onnx_conform::case_values {

// kIsHalfType and kIsFloatType: tensor/float16.h.
template <typename T>
inline constexpr bool kIsSigned = kIsFloatType<T> || std::is_signed_v<T>;

// The value as a double (exact for every type but int64/uint64 beyond 2^53,
// which case definitions never convert).
template <typename T>
double ToDouble(T v) {
  if constexpr (kIsHalfType<T>) {
    return static_cast<double>(v.ToFloat());
  } else {
    return static_cast<double>(v);
  }
}

// `value` as a T. Aborts when T cannot hold it exactly: a case definition
// must only use literals every listed type represents.
template <typename T>
T Value(double value) {
  T result;
  if constexpr (kIsHalfType<T>) {
    result = T::FromFloat(static_cast<float>(value));
  } else if constexpr (std::is_floating_point_v<T>) {
    result = static_cast<T>(value);
  } else {
    // [lowest, max] as [-2^digits or 0, 2^digits), exact in double.
    const double limit = std::ldexp(1.0, std::numeric_limits<T>::digits);
    const double low = std::is_signed_v<T> ? -limit : 0.0;
    if (!(value >= low && value < limit)) {
      std::fprintf(stderr, "case literal %g out of range for %s\n", value,
                   ElementTypeName(ElementTypeOf<T>()).data());
      std::abort();
    }
    result = static_cast<T>(value);
  }
  const double back = ToDouble(result);
  if (!(back == value || (std::isnan(back) && std::isnan(value)))) {
    std::fprintf(stderr, "case literal %g is not exact in %s\n", value,
                 ElementTypeName(ElementTypeOf<T>()).data());
    std::abort();
  }
  return result;
}

template <typename T>
std::vector<T> Values(std::initializer_list<double> values) {
  std::vector<T> result;
  result.reserve(values.size());
  for (double v : values) result.push_back(Value<T>(v));
  return result;
}

template <typename T>
T Lowest() {
  return std::numeric_limits<T>::lowest();
}
template <typename T>
T Highest() {
  return std::numeric_limits<T>::max();
}

// Float-only values (the templates are only instantiated for float types).
template <typename T>
T NaN() {
  static_assert(kIsFloatType<T>);
  return std::numeric_limits<T>::quiet_NaN();
}
template <typename T>
T Inf() {
  static_assert(kIsFloatType<T>);
  return std::numeric_limits<T>::infinity();
}
template <typename T>
T NegInf() {
  static_assert(kIsFloatType<T>);
  if constexpr (kIsHalfType<T>) {
    return T::FromBits(static_cast<uint16_t>(Inf<T>().bits() | 0x8000));
  } else {
    return -std::numeric_limits<T>::infinity();
  }
}
template <typename T>
T NegZero() {
  static_assert(kIsFloatType<T>);
  if constexpr (kIsHalfType<T>) {
    return T::FromBits(0x8000);
  } else {
    return -T(0);
  }
}
template <typename T>
T DenormMin() {
  static_assert(kIsFloatType<T>);
  return std::numeric_limits<T>::denorm_min();
}
template <typename T>
T Negate(T v) {
  static_assert(kIsFloatType<T>);
  if constexpr (kIsHalfType<T>) {
    return T::FromBits(static_cast<uint16_t>(v.bits() ^ 0x8000));
  } else {
    return -v;
  }
}

template <typename T>
bool IsNaN(T v) {
  if constexpr (kIsHalfType<T>) {
    return v.IsNaN();
  } else if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(v);
  } else {
    return false;
  }
}

// IEEE a < b (false when either is NaN; -0 and +0 are equal). Integers
// compare natively, never through double.
template <typename T>
bool Less(T a, T b) {
  if constexpr (kIsHalfType<T>) {
    return a.ToFloat() < b.ToFloat();
  } else {
    return a < b;
  }
}

// Deterministic small values for larger tensors: 0..12 for unsigned types,
// -6..6 for signed ones, repeating with period 13 (so ties occur).
template <typename T>
std::vector<T> Pattern(int64_t count, int64_t seed) {
  std::vector<T> values;
  values.reserve(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    int64_t v = (i * 7 + seed * 3) % 13;
    if constexpr (kIsSigned<T>) v -= 6;
    values.push_back(Value<T>(static_cast<double>(v)));
  }
  return values;
}

// count distinct values 0..count-1 in a scrambled order (no ties anywhere).
// Precondition: count is not a multiple of 7 and every type holds count - 1.
template <typename T>
std::vector<T> DistinctPattern(int64_t count) {
  if (count % 7 == 0) std::abort();
  std::vector<T> values;
  values.reserve(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    values.push_back(Value<T>(static_cast<double>((i * 7 + 3) % count)));
  }
  return values;
}

// A tensor of T from values in row-major order; aborts on a count mismatch.
template <typename T>
Tensor TensorOf(Shape shape, const std::vector<T>& values) {
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  if (count != static_cast<int64_t>(values.size())) {
    std::fprintf(stderr, "case tensor has %zu values for %lld elements\n", values.size(),
                 static_cast<long long>(count));
    std::abort();
  }
  return Tensor::FromValues<T>(std::move(shape), std::span<const T>(values));
}

// A tensor of T from literals, each exact in T.
template <typename T>
Tensor MakeTensor(Shape shape, std::initializer_list<double> values) {
  return TensorOf<T>(std::move(shape), Values<T>(values));
}

// A rank-0 tensor.
template <typename T>
Tensor Scalar(T value) {
  return TensorOf<T>({}, std::vector<T>{value});
}

}  // namespace onnx_conform::case_values

#endif  // ONNX_CONFORM_CASES_CASE_VALUES_H_
