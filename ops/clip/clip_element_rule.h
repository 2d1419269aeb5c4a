// Clip's element rule, the plain reference's (clip_kernel.cc), every point
// the texts leave open resolved here once and named (docs/semantics.md).
//
//   ClipRule(Decided<float>{5.0f}, std::optional<float>(1.0f), std::optional<float>(3.0f), {});
//   // {3, kExactBits}
//   Float16 h = ConvertFloatAttribute<Float16>(1e-8f);  // a Clip-6 bound: nearest even half
#ifndef ONNX_CONFORM_OPS_CLIP_CLIP_ELEMENT_RULE_H_
#define ONNX_CONFORM_OPS_CLIP_CLIP_ELEMENT_RULE_H_

#include <optional>

#include "checker/readings.h"
#include "reference/element_rule_parts.h"
#include "tensor/float16.h"

namespace onnx_conform {

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

// Clip-1 and Clip-6 bounds are FLOAT attributes converted to T before
// comparing: float16/bfloat16 round to nearest, ties to even (as Cast
// does); double is exact. Only the float types use attributes (Clip-1/6
// allow no other). Missing ones are Clip-6's printed defaults, float's
// lowest() and max() (ops/clip/clip_bounds.h; reading clip1-limits-of-t for
// Clip-1).
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

#endif  // ONNX_CONFORM_OPS_CLIP_CLIP_ELEMENT_RULE_H_
