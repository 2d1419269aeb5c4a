// The element rules in the forms the fast kernels (reference/fast/) need:
// branch-free, vectorizable, on order keys; the ones several families share
// (Min, Max, ArgMin, ArgMax), and the parts an operator's own fast rule is
// built of (Clip's: ops/clip/clip_fast_kernel.h). The normative rules are
// the plain ones in ops/<family>/*_element_rule.h; each rule here gives the
// same bits (semantics_test, plain_fast_test).
//
//   float m = ExtremePropagatingNaN<Extreme::kMin>(1.0f, NAN);  // NaN (NaN propagates)
//   float x = ExtremePropagatingNaN<Extreme::kMax>(1.0f, 2.0f);  // 2 (Max)
//   bool b = AheadForArg<Extreme::kMin, float>(NAN, -INFINITY);  // true (NaN is smallest)
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

#include "tensor/float16.h"

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

// Which end of the order a selection operator takes: Min and ArgMin the
// smallest value, Max and ArgMax, their mirrors, the largest. Each rule
// below is written once for both: "ahead" is "smaller" for kMin and
// "larger" for kMax, and a NaN wins at either end.
enum class Extreme { kMin, kMax };

// IEEE: whether a is ahead of or level with b (a <= b for kMin, a >= b for
// kMax); false when either is NaN; -0 and +0 are level.
template <Extreme E, typename T>
ONNX_CONFORM_ELEMENT_RULE bool AheadOrLevel(T a, T b) {
  return E == Extreme::kMin ? LessOrEqual(a, b) : LessOrEqual(b, a);
}

// E's order as one integer per float16/bfloat16 value, lower keys ahead:
// every NaN is the lowest int16_t, under every number's key (HalfOrderKey,
// negated for kMax; both lie in [-0x7F80, 0x7F80]). The element-wise and
// the arg rules both order values this way (a NaN wins), so their kernels
// convert each element once and compare integers.
template <Extreme E, typename T>
ONNX_CONFORM_ELEMENT_RULE constexpr int16_t HalfRankKey(T value) {
  static_assert(kIsHalfType<T>);
  const int16_t key =
      E == Extreme::kMin ? HalfOrderKey(value) : static_cast<int16_t>(-HalfOrderKey(value));
  return IsNaN(value) ? std::numeric_limits<int16_t>::min() : key;
}

// ---- Min and Max (reference-defined: NaN, ties, signed zero) ----
// numpy.minimum / numpy.maximum: a NaN operand wins (the first one if both
// are NaN); on a tie (including -0 vs +0) the FIRST operand is returned.
// Min and Max over n inputs fold left, so the result is the earliest input
// holding the extreme (or the earliest NaN), bit for bit.
namespace semantics_internal {
// float16/bfloat16: the same rule as one comparison of keys: the value so
// far is kept when it is NaN, or when `next` is not NaN and it is <=
// `next`. Each operand's key is computed once and the lower key carried
// along the fold, so a broadcast operand's key is one value per row; a
// select through masks keeps a fold of three inputs in one vectorized loop
// (GCC 12 left the ?: form scalar).
template <Extreme E, typename T>
ONNX_CONFORM_ELEMENT_RULE T HalfExtremeCarryingKey(T so_far, int16_t) {
  return so_far;
}
template <Extreme E, typename T, typename... Rest>
ONNX_CONFORM_ELEMENT_RULE T HalfExtremeCarryingKey(T so_far, int16_t so_far_key, T next,
                                                   Rest... rest) {
  const int16_t next_key = HalfRankKey<E>(next);
  return HalfExtremeCarryingKey<E>(BranchFreeSelect(so_far_key <= next_key, so_far, next),
                                   std::min(so_far_key, next_key), rest...);
}
}  // namespace semantics_internal

// ExtremePropagatingNaN<E>(a, b, c) is
// ExtremePropagatingNaN<E>(ExtremePropagatingNaN<E>(a, b), c).
template <Extreme E, typename T, std::same_as<T>... Rest>
ONNX_CONFORM_ELEMENT_RULE T ExtremePropagatingNaN(T a, T b, Rest... rest) {
  if constexpr (kIsHalfType<T>) {
    return semantics_internal::HalfExtremeCarryingKey<E>(a, HalfRankKey<E>(a), b, rest...);
  } else if constexpr (sizeof...(rest) == 0) {
    return (IsNaN(a) || AheadOrLevel<E>(a, b)) ? a : b;
  } else {
    return ExtremePropagatingNaN<E>(ExtremePropagatingNaN<E>(a, b), rest...);
  }
}

// ---- ArgMin and ArgMax (reference-defined: NaN) ----
// The order ArgMin minimises (ArgMax maximises): NaN is ahead of every
// number, smaller for ArgMin (numpy.argmin), larger for ArgMax
// (numpy.argmax), and all NaNs are level; -0 == +0. Ties go to the first
// index, or the last with select_last_index = 1 (spec-defined from
// version 12).
template <Extreme E, typename T>
ONNX_CONFORM_ELEMENT_RULE bool AheadForArg(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    // The same order in two comparisons: when b is a number, "not a >= b"
    // holds exactly when a < b or a is NaN (for kMax: "not a <= b").
    // Written with && (no side effects, so the same result as &): GCC 12
    // vectorizes the arg kernel's four-row loop only in this form.
    if constexpr (E == Extreme::kMin) {
      return !IsNaN(b) && !(a >= b);
    } else {
      return !IsNaN(b) && !(a <= b);
    }
  } else if constexpr (kIsHalfType<T>) {
    return HalfRankKey<E>(a) < HalfRankKey<E>(b);
  } else {
    return E == Extreme::kMin ? a < b : b < a;  // integers have no NaN
  }
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_SEMANTICS_H_
