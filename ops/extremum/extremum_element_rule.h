// Min's and Max's element rule, the plain reference's (min_kernel.cc,
// max_kernel.cc): one rule for the mirror pair, every point the texts leave
// open resolved here once and named (docs/semantics.md). Relu reads
// "max(0, x)" with it (ops/relu/relu_kernel.h).
//
//   Decided<float> m = MinRule(Decided<float>{+0.0f}, Decided<float>{-0.0f}, {});
//   // m.value is +0 (the earlier operand), m.match is kEitherZero (a tie)
#ifndef ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_ELEMENT_RULE_H_
#define ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_ELEMENT_RULE_H_

#include "checker/readings.h"
#include "reference/element_rule_parts.h"

namespace onnx_conform {

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

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_ELEMENT_RULE_H_
