// The normative element rules of the plain reference: what Min, Max,
// ArgMin, ArgMax and Clip do to one element, in the words of the operator texts, with every
// point the texts leave open (NaN, ties, signed zero) resolved here once,
// named, and documented in docs/semantics.md.
//
//   Decided<float> m = MinRule(Decided<float>{+0.0f}, Decided<float>{-0.0f}, {});
//   // m.value is +0 (the earlier operand), m.match is kEitherZero (a tie)
//
// Every rule returns one of its operands, bit for bit: no arithmetic. Values
// compare as their exact widening (float16/bfloat16 to float); integers
// compare natively. Each result carries its MatchClass: how much of it the
// texts determine. The fast kernels (reference/fast/) use other forms of
// the same rules, tested to give the same bits (plain_fast_test).
#ifndef ONNX_CONFORM_REFERENCE_ELEMENT_RULES_H_
#define ONNX_CONFORM_REFERENCE_ELEMENT_RULES_H_

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>

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

// ---- Min and Max: "Element-wise min (max) of each of the input tensors." ----
// Two operands; n inputs fold left: Min(Min(a, b), c).
// NaN (silent): a NaN operand gives NaN, the earlier operand's
//   (numpy.minimum, numpy.maximum); readings min-nan-ignored and
//   max-nan-ignored: a quiet NaN is ignored unless both are NaN, and a
//   signalling NaN gives a quiet NaN, as IEEE 754-2008 minNum/maxNum and
//   C's fmin/fmax (glibc) do; folded left, so Min(sNaN, 0, 1) is
//   fmin(fmin(sNaN, 0), 1) = fmin(NaN, 1) = 1.
// Ties (silent): the earlier operand; +0/-0 leaves the sign open.
template <Extreme E>
inline constexpr Reading kNaNIgnored =
    E == Extreme::kMin ? Reading::kMinNaNIgnored : Reading::kMaxNaNIgnored;
template <Extreme E, typename T>
Decided<T> ExtremeRule(Decided<T> a, Decided<T> b, const ReadingSet& readings) {
  const bool a_nan = IsNaNValue(a.value);
  const bool b_nan = IsNaNValue(b.value);
  if (a_nan || b_nan) {
    if (readings.Has(kNaNIgnored<E>)) {
      if (!(a_nan && b_nan) && !IsSignalingNaN(a.value) && !IsSignalingNaN(b.value)) {
        return a_nan ? b : a;
      }
      // fmin's NaN is quiet: a later operand then ignores it.
      return AnyNaN(Quieted(a_nan ? a.value : b.value));
    }
    return AnyNaN(a_nan ? a.value : b.value);
  }
  if (AheadValue<E>(b.value, a.value)) return b;
  if (AheadValue<E>(a.value, b.value)) return a;
  return Tie(a, b);
}
template <typename T>
Decided<T> MinRule(Decided<T> a, Decided<T> b, const ReadingSet& readings) {
  return ExtremeRule<Extreme::kMin>(a, b, readings);
}

// ---- ArgMin and ArgMax: "the indices of the min (max) elements of the
// input tensor along the provided axis" ----
// Whether `candidate` is a better extreme than `best` (the earlier index).
// NaN (silent): NaN is ahead of every number (the smallest for ArgMin, the
//   largest for ArgMax), NaNs equal (numpy.argmin, numpy.argmax); readings
//   argmin-nan-unordered and argmax-nan-unordered: IEEE comparisons, false
//   with NaN (so a scan never moves to a NaN, nor away from one it starts
//   with).
// Ties: the first index; the last with select_last_index = 1 (version 12 on).
// -0 and +0 are equal (a tie).
template <Extreme E>
inline constexpr Reading kArgNaNUnordered =
    E == Extreme::kMin ? Reading::kArgMinNaNUnordered : Reading::kArgMaxNaNUnordered;
template <Extreme E, typename T>
bool ArgExtremeTakes(T candidate, T best, bool select_last_index, const ReadingSet& readings) {
  const bool c_nan = IsNaNValue(candidate);
  const bool b_nan = IsNaNValue(best);
  bool ahead;
  bool equal;
  if ((c_nan || b_nan) && !readings.Has(kArgNaNUnordered<E>)) {
    ahead = c_nan && !b_nan;  // NaN is ahead of every number
    equal = c_nan && b_nan;   // and NaNs are equal
  } else {
    // IEEE: -0 == +0, and every comparison with NaN is false.
    ahead = AheadValue<E>(candidate, best);
    equal = !ahead && !AheadValue<E>(best, candidate) && !c_nan && !b_nan;
  }
  return ahead || (equal && select_last_index);
}
template <typename T>
bool ArgMinTakes(T candidate, T best, bool select_last_index, const ReadingSet& readings) {
  return ArgExtremeTakes<Extreme::kMin>(candidate, best, select_last_index, readings);
}

// ---- Clip: "Clip operator limits the given input within an interval." ----
// `lo`/`hi`: the bounds already in T; nullopt for a side that is not
// clipped (reading clip-missing-bound-skipped, or clip-nan-bound-ignored
// for a NaN bound).
// NaN input (silent): stays NaN (numpy.clip, Clip-13's body).
// NaN bound (silent): every number becomes that NaN, min before max (numpy.clip).
// min > max: every value becomes max, Min(max, Max(input, min)) (Clip-13;
//   silent before: the same rule; readings clip-inverted-bounds-give-min
//   and clip-inverted-bounds-min-first).
// A value equal to a bound keeps its own bits; a +0/-0 tie leaves the
// sign open.
template <typename T>
Decided<T> ClipRule(Decided<T> x, std::optional<T> lo, std::optional<T> hi,
                    const ReadingSet& readings) {
  if (IsNaNValue(x.value)) return AnyNaN(x.value);
  if (lo.has_value() && IsNaNValue(*lo)) return AnyNaN(*lo);
  if (hi.has_value() && IsNaNValue(*hi)) return AnyNaN(*hi);
  if (lo.has_value() && hi.has_value() && LessValue(*hi, *lo)) {
    if (readings.Has(Reading::kClipInvertedBoundsGiveMin)) return {*lo};
    if (readings.Has(Reading::kClipInvertedBoundsMinFirst) && LessValue(x.value, *lo)) {
      return {*lo};
    }
    return {*hi};
  }
  Decided<T> y = x;
  if (lo.has_value()) {  // Max(input, min)
    if (LessValue(y.value, *lo)) {
      y = {*lo};
    } else if (!LessValue(*lo, y.value)) {
      y = Tie(y, Decided<T>{*lo});
    }
  }
  if (hi.has_value()) {  // Min(max, ...)
    if (LessValue(*hi, y.value)) {
      y = {*hi};
    } else if (!LessValue(y.value, *hi)) {
      y = Tie(y, Decided<T>{*hi});
    }
  }
  return y;
}

// Clip-1 and Clip-6 bounds are FLOAT attributes converted to T
// (ConvertFloatAttribute: float16/bfloat16 round to nearest even, as Cast);
// missing ones are Clip-6's printed defaults, float's lowest() and max()
// (ops/clip/clip_bounds.h; reading clip1-limits-of-t for Clip-1).

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_ELEMENT_RULES_H_
