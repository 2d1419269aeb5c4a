// The element rules in the forms the fast kernels (reference/fast/) need:
// branch-free, vectorizable, on order keys. The normative rules are the
// plain ones in reference/element_rules.h; each rule here gives the same
// bits (semantics_test, plain_fast_test).
//
//   float m = MinPropagatingNaN(1.0f, NAN);      // NaN (NaN propagates)
//   bool b = LessForArgMin<float>(NAN, -INFINITY);  // true (NaN is smallest)
//   Float16 h = ConvertFloatAttribute<Float16>(1e-8f);  // nearest even half
//
// float16/bfloat16 compare exactly as their widened float values would
// (HalfOrderKey), and every result is one of the operands, bit for bit: no
// arithmetic is done. Integers compare natively over their whole range
// (never via double). The rules are small inline functions without branches
// on values, so the kernels' loops over them vectorize.
#ifndef ONNX_CONFORM_REFERENCE_SEMANTICS_H_
#define ONNX_CONFORM_REFERENCE_SEMANTICS_H_

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "reference/float16.h"

// Every element rule below is inlined where it is used: a kernel's loop
// applies one per element, and where the compiler declines to inline (its
// growth limits, in a file of many instantiations) the call stops the loop
// from vectorizing.
#if defined(__GNUC__) || defined(__clang__)
#define ONNX_CONFORM_ELEMENT_RULE __attribute__((always_inline)) inline
#else
#define ONNX_CONFORM_ELEMENT_RULE inline
#endif

namespace onnx_conform {

// The value compared: float16/bfloat16 widen exactly to float, others as is.
template <typename T>
constexpr auto Widen(T value) {
  if constexpr (kIsHalfType<T>) {
    return value.ToFloat();
  } else {
    return value;
  }
}

template <typename T>
ONNX_CONFORM_ELEMENT_RULE bool IsNaN(T value) {
  if constexpr (kIsHalfType<T>) {
    // All exponent bits set and a non-zero mantissa: a magnitude above
    // infinity's. One comparison (value.IsNaN() tests two fields), so that
    // loops over it vectorize.
    return (value.bits() & 0x7FFF) > std::numeric_limits<T>::infinity().bits();
  } else if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(value);
  } else {
    return false;
  }
}

// float16 and bfloat16 are sign and magnitude, so the magnitude bits,
// negated when the sign bit is set, order every non-NaN bit pattern exactly
// as the widened floats do (+0 and -0 both give 0, infinities are the
// largest magnitudes). A few integer operations instead of a conversion;
// NaN is tested separately. semantics_test checks this against ToFloat()
// over every bit pattern.
template <typename T>
ONNX_CONFORM_ELEMENT_RULE constexpr int16_t HalfOrderKey(T value) {
  static_assert(kIsHalfType<T>);
  const int16_t magnitude = static_cast<int16_t>(value.bits() & 0x7FFF);
  const int16_t sign_mask = static_cast<int16_t>(-(value.bits() >> 15));  // 0 or -1
  return static_cast<int16_t>((magnitude ^ sign_mask) - sign_mask);
}

// Branch-free "and" / "or" of conditions: every operand is evaluated (no
// short circuit), so a loop over elements compiles to selects, not to a
// branch per element.
template <typename... Conditions>
constexpr bool BranchFreeAnd(Conditions... conditions) {
  return (... & conditions);
}
template <typename... Conditions>
constexpr bool BranchFreeOr(Conditions... conditions) {
  return (... | conditions);
}

// condition ? a : b for float16/bfloat16, on their bits through a mask: no
// branch for the compiler to thread a loop's selects into (GCC 12 turned
// Clip's chained ?: on half values into branches when the rule was inlined
// early, and the loop stopped vectorizing).
template <typename T>
ONNX_CONFORM_ELEMENT_RULE constexpr T BranchFreeSelect(bool condition, T a, T b) {
  static_assert(kIsHalfType<T>);
  const uint16_t mask = static_cast<uint16_t>(-static_cast<int>(condition));
  return T::FromBits(static_cast<uint16_t>((a.bits() & mask) | (b.bits() & ~mask)));
}

// IEEE comparison: false when either is NaN; -0 == +0.
template <typename T>
ONNX_CONFORM_ELEMENT_RULE bool Less(T a, T b) {
  if constexpr (kIsHalfType<T>) {
    return BranchFreeAnd(!IsNaN(a), !IsNaN(b), HalfOrderKey(a) < HalfOrderKey(b));
  } else {
    return a < b;
  }
}
template <typename T>
ONNX_CONFORM_ELEMENT_RULE bool LessOrEqual(T a, T b) {
  if constexpr (kIsHalfType<T>) {
    return BranchFreeAnd(!IsNaN(a), !IsNaN(b), HalfOrderKey(a) <= HalfOrderKey(b));
  } else {
    return a <= b;
  }
}
template <typename T>
ONNX_CONFORM_ELEMENT_RULE bool Equal(T a, T b) {
  if constexpr (kIsHalfType<T>) {
    return BranchFreeAnd(!IsNaN(a), !IsNaN(b), HalfOrderKey(a) == HalfOrderKey(b));
  } else {
    return a == b;
  }
}

// NaN as the lowest value, for float16/bfloat16 as one integer per value:
// every NaN is the lowest int16_t, under every number's HalfOrderKey (which
// lies in [-0x7F80, 0x7F80]). Min and ArgMin both order values this way (a
// NaN wins), so their kernels convert each element once and compare
// integers.
template <typename T>
ONNX_CONFORM_ELEMENT_RULE constexpr int16_t HalfNaNLowestKey(T value) {
  static_assert(kIsHalfType<T>);
  return IsNaN(value) ? std::numeric_limits<int16_t>::min() : HalfOrderKey(value);
}

// ---- Min (reference-defined: NaN, ties, signed zero) ----
// numpy.minimum: a NaN operand wins (the first one if both are NaN); on a tie
// (including -0 vs +0) the FIRST operand is returned. Min over n inputs folds
// left, so the result is the earliest input holding the minimum (or the
// earliest NaN), bit for bit.
namespace semantics_internal {
// float16/bfloat16: the same rule as one comparison of keys: the value so
// far is kept when it is NaN, or when `next` is not NaN and it is <=
// `next`. Each operand's key is computed once and the lower key carried
// along the fold, so a broadcast operand's key is one value per row; a
// select through masks keeps a fold of three inputs in one vectorized loop
// (GCC 12 left the ?: form scalar).
template <typename T>
ONNX_CONFORM_ELEMENT_RULE T HalfMinCarryingKey(T so_far, int16_t) {
  return so_far;
}
template <typename T, typename... Rest>
ONNX_CONFORM_ELEMENT_RULE T HalfMinCarryingKey(T so_far, int16_t so_far_key, T next, Rest... rest) {
  const int16_t next_key = HalfNaNLowestKey(next);
  return HalfMinCarryingKey(BranchFreeSelect(so_far_key <= next_key, so_far, next),
                            std::min(so_far_key, next_key), rest...);
}
}  // namespace semantics_internal

// MinPropagatingNaN(a, b, c) is MinPropagatingNaN(MinPropagatingNaN(a, b), c).
template <typename T, std::same_as<T>... Rest>
ONNX_CONFORM_ELEMENT_RULE T MinPropagatingNaN(T a, T b, Rest... rest) {
  if constexpr (kIsHalfType<T>) {
    return semantics_internal::HalfMinCarryingKey(a, HalfNaNLowestKey(a), b, rest...);
  } else if constexpr (sizeof...(rest) == 0) {
    return (IsNaN(a) || LessOrEqual(a, b)) ? a : b;
  } else {
    return MinPropagatingNaN(MinPropagatingNaN(a, b), rest...);
  }
}

// ---- ArgMin (reference-defined: NaN) ----
// The order ArgMin minimises: NaN is smaller than every number (numpy.argmin)
// and all NaNs are equal to each other; -0 == +0. Ties go to the first index,
// or the last with select_last_index = 1 (spec-defined from ArgMin-12).
template <typename T>
ONNX_CONFORM_ELEMENT_RULE bool LessForArgMin(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    // The same order in two comparisons: when b is a number, "not a >= b"
    // holds exactly when a < b or a is NaN. Written with && (no side
    // effects, so the same result as &): GCC 12 vectorizes ArgMin's
    // four-row loop only in this form.
    return !IsNaN(b) && !(a >= b);
  } else if constexpr (kIsHalfType<T>) {
    return HalfNaNLowestKey(a) < HalfNaNLowestKey(b);
  } else {
    return a < b;  // integers have no NaN
  }
}

// ---- Clip ----
// Spec-defined: values below lo become lo, values above hi become hi; from
// Clip-13, lo > hi gives hi everywhere: Min(hi, Max(x, lo)). The reference
// applies that rule at every version (reference-defined before 13).
// Reference-defined: a NaN input element stays NaN (its own bits); a NaN bound
// makes every non-NaN element NaN (the bound's bits; lo checked before hi), as
// numpy.clip does; a value equal to a bound keeps its own bits (-0 clipped to
// [+0, 1] stays -0), as Clip-13's function body (Less/Where) does.
template <typename T>
ONNX_CONFORM_ELEMENT_RULE T ClipValue(T x, T lo, T hi) {
  // The bound tests first: a kernel's loop over elements then only keeps
  // the comparisons (its bounds are the same for every element).
  if (IsNaN(lo) || IsNaN(hi)) return IsNaN(x) ? x : IsNaN(lo) ? lo : hi;
  // Numeric bounds: a NaN x fails both comparisons below and keeps its own
  // bits.
  if constexpr (kIsHalfType<T>) {
    // The same rule on order keys, as selects: x's key is compared with the
    // bounds' directly (for a NaN x it means nothing, and x is kept at the
    // end). GCC 12 vectorizes the kernel's loop only in this form.
    const int16_t key = HalfOrderKey(x);
    const int16_t lo_key = HalfOrderKey(lo);
    const bool below = key < lo_key;
    const bool above = HalfOrderKey(hi) < std::max(key, lo_key);
    const T clipped = BranchFreeSelect(above, hi, BranchFreeSelect(below, lo, x));
    return BranchFreeSelect(IsNaN(x), x, clipped);
  } else {
    // The float and double loops vectorize better in this form than with
    // a NaN test of x first (bench/ measures it).
    if (Less(x, lo)) x = lo;
    if (Less(hi, x)) x = hi;
    return x;
  }
}

// Clip-1/6 bounds are FLOAT attributes converted to T before comparing:
// float16/bfloat16 round to nearest, ties to even (as Cast does); double is
// exact. Only the FLOATS types use attributes (Clip-1/6 allow no other).
template <typename T>
T ConvertFloatAttribute(float value) {
  static_assert(kIsFloatType<T>, "Clip attributes exist only for float types");
  if constexpr (kIsHalfType<T>) {
    return T::FromFloat(value);
  } else {
    return static_cast<T>(value);
  }
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_SEMANTICS_H_
