// ArgMin's and ArgMax's element rule, the plain reference's
// (argmin_kernel.cc, argmax_kernel.cc): one rule for the mirror pair, every
// point the texts leave open resolved here once and named
// (docs/semantics.md).
//
//   ArgMinTakes(-0.0f, +0.0f, /*select_last_index=*/true, {});  // true: a tie, the last
#ifndef ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_ELEMENT_RULE_H_
#define ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_ELEMENT_RULE_H_

#include "checker/readings.h"
#include "reference/element_rule_parts.h"

namespace onnx_conform {

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

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_ELEMENT_RULE_H_
