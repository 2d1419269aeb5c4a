#include "reference/clip.h"

#include <algorithm>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "reference/element_bits.h"
#include "reference/op_support.h"
#include "reference/semantics.h"
#include "reference/vector_isa.h"

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

// y[i] = ClipValue(x[i], lo, hi) for i in [0, count), with the widest
// vectors the CPU has (reference/vector_isa.h).
template <typename T>
void ClipRow(const Stored<T>* x, int64_t count, T lo, T hi, Stored<T>* y) {
  // ClipValue tests its bounds for NaN at every element. They are the same
  // for all, so the common case gets a loop of its own, in which the
  // compiler knows them to be numbers, drops those tests and vectorizes.
  RunWithWidestVectors(
      [](const Stored<T>* x, int64_t count, T lo, T hi, Stored<T>* y) ONNX_CONFORM_VECTOR_LOOP {
        if (!IsNaN(lo) && !IsNaN(hi)) {
          for (int64_t i = 0; i < count; ++i) y[i] = Store(ClipValue(Load<T>(x[i]), lo, hi));
        } else {
          for (int64_t i = 0; i < count; ++i) y[i] = Store(ClipValue(Load<T>(x[i]), lo, hi));
        }
      },
      x, count, lo, hi, y);
}

// In place, each element is read just before its result is written.
template <typename T>
absl::StatusOr<Tensor> ClipTo(const Tensor& input, T lo, T hi, Tensor* reusable) {
  const Tensor* const only[] = {&input};
  const bool in_place = CanWriteOutputInto(reusable, &input, only, input.type(), input.shape());
  absl::StatusOr<Tensor> created = in_place ? Tensor() : Tensor::Create(input.type(), input.shape());
  if (!created.ok()) return created.status();
  Tensor& out = in_place ? *reusable : *created;
  ClipRow<T>(StoredData<T>(input), input.element_count(), lo, hi, StoredData<T>(out));
  return std::move(out);
}

}  // namespace

absl::StatusOr<Tensor> ClipWithAttributes(int64_t version, const Tensor& input, float min,
                                          float max, Tensor* reusable) {
  if (absl::Status s = CheckVersionAndType(version, input, true); !s.ok()) return s;
  return VisitNumericType(input.type(), [&]<typename T>(TypeTag<T>) -> absl::StatusOr<Tensor> {
    if constexpr (kIsFloatType<T>) {
      return ClipTo<T>(input, ConvertFloatAttribute<T>(min), ConvertFloatAttribute<T>(max),
                       reusable);
    } else {
      return absl::InternalError("Clip attributes on a non-float type");  // type checked above
    }
  });
}

absl::StatusOr<Tensor> ClipWithInputs(int64_t version, const Tensor& input, const Tensor* min,
                                      const Tensor* max, Tensor* reusable) {
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
      return absl::InvalidArgumentError(
          absl::StrCat(label, ": ", name, " has element type ", ElementTypeName(bound->type()),
                       " but input 0 has ", ElementTypeName(input.type()),
                       " (all share one type T)"));
    }
  }
  return VisitNumericType(input.type(), [&]<typename T>(TypeTag<T>) {
    // Spec-defined: a missing bound is T's lowest() or max().
    const T lo = min != nullptr ? min->data<T>()[0] : std::numeric_limits<T>::lowest();
    const T hi = max != nullptr ? max->data<T>()[0] : std::numeric_limits<T>::max();
    return ClipTo<T>(input, lo, hi, reusable);
  });
}

absl::StatusOr<Tensor> RunClipNode(const onnx::NodeProto& node, int64_t version,
                                   std::span<const Tensor* const> inputs, Tensor* reusable) {
  const std::string label = OpLabel("Clip", version);
  if (version >= 11) {
    if (absl::Status s = CheckArity(node, label, 1, 3); !s.ok()) return s;
    if (absl::Status s = CheckAttributeNames(node, label, {}); !s.ok()) return s;
    if (inputs.empty() || inputs[0] == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(label, ": input 0 (input) is missing"));
    }
    const Tensor* min = inputs.size() > 1 ? inputs[1] : nullptr;
    const Tensor* max = inputs.size() > 2 ? inputs[2] : nullptr;
    return ClipWithInputs(version, *inputs[0], min, max, reusable);
  }

  if (absl::Status s = CheckArity(node, label, 1, 1); !s.ok()) return s;
  // consumed_inputs (Clip-1) was a legacy optimisation hint: accepted, ignored.
  absl::Status names = version == 1 ? CheckAttributeNames(node, label, {"min", "max", "consumed_inputs"})
                                    : CheckAttributeNames(node, label, {"min", "max"});
  if (!names.ok()) return names;
  if (inputs.size() != 1 || inputs[0] == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(label, ": input 0 (input) is missing"));
  }
  absl::StatusOr<std::optional<float>> min = GetFloatAttribute(node, label, "min");
  if (!min.ok()) return min.status();
  absl::StatusOr<std::optional<float>> max = GetFloatAttribute(node, label, "max");
  if (!max.ok()) return max.status();
  return ClipWithAttributes(version, *inputs[0], min->value_or(kClip6DefaultMin),
                            max->value_or(kClip6DefaultMax), reusable);
}

}  // namespace onnx_conform
