// Clip: limit every element to [min, max], every version (the versions,
// types and bound forms: ops/clip/clip_schemas.cc).
//
//   absl::StatusOr<Tensor> y = Clip(node, inputs, {});
//
// Element rule (NaN, ties, min > max at every version): ClipRule in
// clip_element_rule.h. The fast form: reference/fast/.
#ifndef ONNX_CONFORM_OPS_CLIP_CLIP_KERNEL_H_
#define ONNX_CONFORM_OPS_CLIP_CLIP_KERNEL_H_

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "ops/clip/clip_bounds.h"
#include "ops/clip/clip_element_rule.h"
#include "reference/evaluation.h"

namespace onnx_conform {

absl::StatusOr<Tensor> Clip(const BoundNode& node, NodeInputs inputs, const PlainEvaluation& plain);
// Clip-13's function body for one node (clip_body.cc; reference/operators.h).
std::vector<onnx::NodeProto> ClipBody(const onnx::NodeProto& clip, const std::string& prefix);

// The node's bounds in T; nullopt for a side that is not clipped. A FLOAT
// attribute bound becomes T by ConvertFloatAttribute (Clip-1, Clip-6); a
// missing input bound is T's lowest() or max(), as the texts say (Clip-11
// on). The readings that change this: clip-missing-bound-skipped (no bound
// where none is given), clip1-limits-of-t (T's limits for Clip-1's missing
// attributes), clip-nan-bound-ignored (a NaN bound clips nothing).
template <typename T>
struct ClipBounds {
  std::optional<T> lo;
  std::optional<T> hi;
};
template <typename T>
ClipBounds<T> ClipBoundsOf(const BoundNode& node, NodeInputs inputs, const ReadingSet& readings) {
  const auto limit = [](bool is_min) {
    return is_min ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  };
  const auto missing = [&](bool is_min) -> std::optional<T> {
    if (readings.Has(Reading::kClipMissingBoundSkipped)) return std::nullopt;
    return limit(is_min);
  };
  const auto readable = [&](std::optional<T> bound) -> std::optional<T> {
    if (bound && IsNaNValue(*bound) && readings.Has(Reading::kClipNaNBoundIgnored)) return {};
    return bound;
  };
  if (ClipBoundsAreInputs(node)) {
    const auto input = [&](size_t k, bool is_min) -> std::optional<T> {
      if (k < inputs.size() && inputs[k] != nullptr) return inputs[k]->data<T>()[0];
      return missing(is_min);
    };
    return {readable(input(1, true)), readable(input(2, false))};
  }
  if constexpr (kIsFloatType<T>) {
    const auto attribute = [&](const ClipAttributeBound& bound, bool is_min) -> std::optional<T> {
      if (bound.given) return ConvertFloatAttribute<T>(bound.value);
      if (readings.Has(Reading::kClipMissingBoundSkipped)) return std::nullopt;
      if (readings.Has(Reading::kClip1LimitsOfT)) return limit(is_min);
      return ConvertFloatAttribute<T>(bound.value);
    };
    const ClipAttributeBounds bounds = ClipAttributeBoundsOf(node);
    return {readable(attribute(bounds.min, true)), readable(attribute(bounds.max, false))};
  } else {
    return {};  // attribute bounds exist only for the float types
  }
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_CLIP_CLIP_KERNEL_H_
