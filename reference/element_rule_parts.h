// The parts the operators' element rules are made of (each operator's rule
// is in its folder, ops/<family>/*_element_rule.h): an output element and
// what the texts determine of it (Decided, MatchClass), IEEE comparison on
// the exact widening, ties and NaNs.
//
//   Decided<float> kept = Tie(Decided<float>{+0.0f}, Decided<float>{-0.0f});
//   // kept.value is +0 (the kept operand), kept.match is kEitherZero
//
// Every rule returns one of its operands, bit for bit: no arithmetic. Values
// compare as their exact widening (float16/bfloat16 to float); integers
// compare natively. Each result carries its MatchClass: how much of it the
// texts determine. The fast kernels (reference/fast/) use other forms of
// the same rules, tested to give the same bits (plain_fast_test); every
// point the texts leave open (NaN, ties, signed zero) is resolved once, in
// the operator's rule, named, and documented in docs/semantics.md.
#ifndef ONNX_CONFORM_REFERENCE_ELEMENT_RULE_PARTS_H_
#define ONNX_CONFORM_REFERENCE_ELEMENT_RULE_PARTS_H_

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "checker/readings.h"
#include "reference/semantics.h"

namespace onnx_conform {

// An output element and what the texts determine of it.
template <typename T>
struct Decided {
  T value;
  MatchClass match = MatchClass::kExactBits;
};

template <typename T>
bool IsNaNValue(T x) {
  if constexpr (kIsFloatType<T>) {
    return std::isnan(Widen(x));  // Widen: float16/bfloat16 exactly as float
  } else {
    return false;
  }
}

template <typename T>
bool SameBits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// IEEE order: false when either is NaN; -0 and +0 are equal.
template <typename T>
bool LessValue(T a, T b) {
  return Widen(a) < Widen(b);
}

// A NaN result: its payload is never specified by the texts.
template <typename T>
Decided<T> AnyNaN(T nan) {
  return {nan, MatchClass::kAnyNaN};
}

// The class an output element ends with: a NaN's payload and sign are
// never specified by the texts, whichever rule chose it.
template <typename T>
Decided<T> Settled(Decided<T> d) {
  if (IsNaNValue(d.value)) d.match = MatchClass::kAnyNaN;
  return d;
}

// Two operands of equal value, the rule keeping `kept`: the same bits keep
// what was determined of them; a +0/-0 tie leaves the sign open.
template <typename T>
Decided<T> Tie(Decided<T> kept, Decided<T> other) {
  if (!SameBits(kept.value, other.value)) return {kept.value, MatchClass::kEitherZero};
  if (other.match == MatchClass::kEitherZero) kept.match = MatchClass::kEitherZero;
  return kept;
}

// Whether a is strictly ahead of b in E's order (IEEE: false with NaN).
template <Extreme E, typename T>
bool AheadValue(T a, T b) {
  return E == Extreme::kMin ? LessValue(a, b) : LessValue(b, a);
}

// A signalling NaN: a NaN whose quiet bit (the mantissa's first) is clear.
template <typename T>
bool IsSignalingNaN(T x) {
  if constexpr (kIsFloatType<T>) {
    if (!IsNaNValue(x)) return false;
    // The quiet bit: what the type's quiet NaN has beyond infinity's bits.
    const auto bits_of = [](T v) {
      uint64_t bits = 0;
      std::memcpy(&bits, &v, sizeof(T));
      return bits;
    };
    const uint64_t quiet =
        bits_of(std::numeric_limits<T>::quiet_NaN()) & ~bits_of(std::numeric_limits<T>::infinity());
    return (bits_of(x) & quiet) == 0;
  } else {
    return false;
  }
}

// The NaN with its quiet bit set, as an operation on a signalling NaN
// returns it (IEEE 754: C's fmin(sNaN, x) is sNaN + x).
template <typename T>
T Quieted(T nan) {
  if constexpr (kIsFloatType<T>) {
    uint64_t bits = 0, quiet = 0, inf = 0;
    const T q = std::numeric_limits<T>::quiet_NaN(), i = std::numeric_limits<T>::infinity();
    std::memcpy(&bits, &nan, sizeof(T));
    std::memcpy(&quiet, &q, sizeof(T));
    std::memcpy(&inf, &i, sizeof(T));
    bits |= quiet & ~inf;
    std::memcpy(&nan, &bits, sizeof(T));
  }
  return nan;
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_ELEMENT_RULE_PARTS_H_
