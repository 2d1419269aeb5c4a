#include "reference/clip.h"

#include <algorithm>
#include <limits>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "reference/element_rules.h"
#include "reference/fast/kernels.h"
#include "reference/op_support.h"

namespace onnx_conform {
namespace {

std::span<const ElementType> ClipTypes(int64_t version) {
  if (version >= 13) return kAllNumericBfTypes;
  if (version >= 12) return kAllNumericTypes;
  return kFloatTypes;
}

absl::Status CheckVersionAndType(int64_t version, const Tensor& input, bool attribute_bounds) {
  if (std::find(std::begin(kClipVersions), std::end(kClipVersions), version) ==
      std::end(kClipVersions)) {
    return absl::InvalidArgumentError(absl::StrCat("Clip has no version ", version));
  }
  const std::string label = OpLabel("Clip", version);
  if (attribute_bounds != (version < 11)) {
    return absl::InvalidArgumentError(
        absl::StrCat(label, version < 11 ? " takes its bounds as attributes"
                                         : " takes its bounds as inputs (from Clip-11)"));
  }
  return CheckElementType(label, "input", input.type(), ClipTypes(version));
}

// A bound of T, or nullopt for a side that is not clipped.
template <typename T>
using Bound = std::optional<T>;

// "Clip operator limits the given input within an interval", element by
// element (ClipRule).
template <typename T>
void ClipElements(const Tensor& input, Bound<T> lo, Bound<T> hi, Tensor& out,
                  const PlainEvaluation& plain) {
  std::span<const T> x = input.data<T>();
  std::span<T> y = out.data<T>();
  MatchClasses classes(y.size());
  for (size_t i = 0; i < y.size(); ++i) {
    const Decided<T> clipped = Settled(ClipRule(
        Decided<T>{x[i], plain.InputClass(0, static_cast<int64_t>(i))}, lo, hi, plain.readings));
    y[i] = clipped.value;
    classes[i] = clipped.match;
  }
  KeepClasses(std::move(classes), plain.output_classes);
}

// A NaN bound clips nothing under reading clip-nan-bound-ignored.
template <typename T>
Bound<T> Readable(Bound<T> bound, const ReadingSet& readings) {
  if (bound.has_value() && IsNaNValue(*bound) && readings.Has(Reading::kClipNaNBoundIgnored)) {
    return std::nullopt;
  }
  return bound;
}

// The output: the fast kernel (both bounds present; a skipped side is never
// asked of it) or the plain loop. In place, each element is read just
// before its result is written.
template <typename T>
absl::StatusOr<Tensor> ClipTo(const Tensor& input, Bound<T> lo, Bound<T> hi, Tensor* reusable,
                              const PlainEvaluation* plain) {
  const Tensor* const only[] = {&input};
  const bool in_place =
      plain == nullptr && CanWriteOutputInto(reusable, &input, only, input.type(), input.shape());
  absl::StatusOr<Tensor> created =
      in_place ? Tensor() : Tensor::Create(input.type(), input.shape());
  if (!created.ok()) return created.status();
  Tensor& out = in_place ? *reusable : *created;
  if (plain == nullptr) {
    FastClip(input, Tensor::FromValues<T>({}, {*lo}), Tensor::FromValues<T>({}, {*hi}), out);
  } else {
    ClipElements<T>(input, Readable(lo, plain->readings), Readable(hi, plain->readings), out,
                    *plain);
  }
  return std::move(out);
}

// A missing bound: lowest()/max() of `Limits`, converted to T; nullopt
// (not clipped) under reading clip-missing-bound-skipped.
template <typename T>
Bound<T> MissingBound(bool is_min, bool may_skip, const PlainEvaluation* plain) {
  if (may_skip && plain != nullptr && plain->readings.Has(Reading::kClipMissingBoundSkipped)) {
    return std::nullopt;
  }
  return is_min ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
}

}  // namespace

absl::StatusOr<Tensor> ClipWithAttributes(int64_t version, const Tensor& input,
                                          std::optional<float> min, std::optional<float> max,
                                          Tensor* reusable, const PlainEvaluation* plain) {
  if (absl::Status s = CheckVersionAndType(version, input, true); !s.ok()) return s;
  return VisitNumericType(input.type(), [&]<typename T>(TypeTag<T>) -> absl::StatusOr<Tensor> {
    if constexpr (kIsFloatType<T>) {
      // Present: the attribute converted to T. Missing: float's lowest()/max()
      // converted to T (Clip-6 prints them; Clip-1 read the same way), T's
      // own under reading clip1-limits-of-t, none under
      // clip-missing-bound-skipped (Clip-1 only: Clip-6 prints its defaults).
      const ReadingSet readings = plain != nullptr ? plain->readings : ReadingSet{};
      const auto bound = [&](std::optional<float> given, bool is_min) -> Bound<T> {
        if (given.has_value()) return ConvertFloatAttribute<T>(*given);
        if (version == 1 && readings.Has(Reading::kClipMissingBoundSkipped)) return std::nullopt;
        if (version == 1 && readings.Has(Reading::kClip1LimitsOfT)) {
          return MissingBound<T>(is_min, false, plain);
        }
        return ConvertFloatAttribute<T>(is_min ? kClipFloatDefaultMin : kClipFloatDefaultMax);
      };
      return ClipTo<T>(input, bound(min, true), bound(max, false), reusable, plain);
    } else {
      return absl::InternalError("Clip attributes on a non-float type");  // type checked above
    }
  });
}

absl::StatusOr<Tensor> ClipWithInputs(int64_t version, const Tensor& input, const Tensor* min,
                                      const Tensor* max, Tensor* reusable,
                                      const PlainEvaluation* plain) {
  if (absl::Status s = CheckVersionAndType(version, input, false); !s.ok()) return s;
  const std::string label = OpLabel("Clip", version);
  for (auto [bound, name] : {std::pair{min, "min (input 1)"}, std::pair{max, "max (input 2)"}}) {
    if (bound == nullptr) continue;
    if (bound->rank() != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          label, ": ", name, " must be a scalar (a tensor of empty shape), not of shape ",
          ShapeToString(bound->shape())));
    }
    if (bound->type() != input.type()) {
      return absl::InvalidArgumentError(absl::StrCat(
          label, ": ", name, " has element type ", ElementTypeName(bound->type()),
          " but input 0 has ", ElementTypeName(input.type()), " (all share one type T)"));
    }
  }
  return VisitNumericType(input.type(), [&]<typename T>(TypeTag<T>) {
    // Spec-defined: a missing bound is T's lowest() or max().
    const Bound<T> lo =
        min != nullptr ? Bound<T>(min->data<T>()[0]) : MissingBound<T>(true, true, plain);
    const Bound<T> hi =
        max != nullptr ? Bound<T>(max->data<T>()[0]) : MissingBound<T>(false, true, plain);
    return ClipTo<T>(input, lo, hi, reusable, plain);
  });
}

absl::StatusOr<Tensor> RunClipNode(const onnx::NodeProto& node, int64_t version,
                                   std::span<const Tensor* const> inputs, Tensor* reusable,
                                   const PlainEvaluation* plain) {
  const std::string label = OpLabel("Clip", version);
  if (version >= 11) {
    if (absl::Status s = CheckArity(node, label, 1, 3); !s.ok()) return s;
    if (absl::Status s = CheckAttributeNames(node, label, {}); !s.ok()) return s;
    if (inputs.empty() || inputs[0] == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(label, ": input 0 (input) is missing"));
    }
    const Tensor* min = inputs.size() > 1 ? inputs[1] : nullptr;
    const Tensor* max = inputs.size() > 2 ? inputs[2] : nullptr;
    return ClipWithInputs(version, *inputs[0], min, max, reusable, plain);
  }

  if (absl::Status s = CheckArity(node, label, 1, 1); !s.ok()) return s;
  // consumed_inputs (Clip-1) was a legacy optimisation hint: accepted, ignored.
  absl::Status names = version == 1
                           ? CheckAttributeNames(node, label, {"min", "max", "consumed_inputs"})
                           : CheckAttributeNames(node, label, {"min", "max"});
  if (!names.ok()) return names;
  if (inputs.size() != 1 || inputs[0] == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(label, ": input 0 (input) is missing"));
  }
  absl::StatusOr<std::optional<float>> min = GetFloatAttribute(node, label, "min");
  if (!min.ok()) return min.status();
  absl::StatusOr<std::optional<float>> max = GetFloatAttribute(node, label, "max");
  if (!max.ok()) return max.status();
  return ClipWithAttributes(version, *inputs[0], *min, *max, reusable, plain);
}

}  // namespace onnx_conform
