#include "reference/argmin.h"

#include <algorithm>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "reference/element_rules.h"
#include "reference/fast/kernels.h"
#include "reference/op_support.h"

namespace onnx_conform {
namespace {

std::span<const ElementType> ArgMinTypes(int64_t version) {
  return version >= 13 ? std::span<const ElementType>(kAllNumericBfTypes)
                       : std::span<const ElementType>(kAllNumericTypes);
}

// "Computes the indices of the min elements of the input tensor's element
// along the provided axis": data viewed as [outer, n, inner], out as
// [outer, inner]; the best index so far is replaced when ArgMinTakes.
template <typename T>
void ArgMinElements(const Tensor& data, int64_t axis, bool select_last_index, Tensor& out,
                    const ReadingSet& readings) {
  // Named fields, not structured bindings: clang 14 cannot capture those.
  const AxisSplit split = SplitAtAxis(data.shape(), axis);
  const int64_t outer = split.outer, n = split.n, inner = split.inner;
  std::span<const T> x = data.data<T>();
  std::span<int64_t> indices = out.data<int64_t>();
  const auto at = [&](int64_t o, int64_t k, int64_t i) {
    return x[static_cast<size_t>((o * n + k) * inner + i)];
  };
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      int64_t best = 0;
      for (int64_t k = 1; k < n; ++k) {
        if (ArgMinTakes(at(o, k, i), at(o, best, i), select_last_index, readings)) best = k;
      }
      indices[static_cast<size_t>(o * inner + i)] = best;
    }
  }
}

}  // namespace

absl::StatusOr<Tensor> ArgMin(int64_t version, const Tensor& data,
                              const ArgMinAttributes& attributes, const PlainEvaluation* plain) {
  const std::string label = OpLabel("ArgMin", version);
  if (std::find(std::begin(kArgMinVersions), std::end(kArgMinVersions), version) ==
      std::end(kArgMinVersions)) {
    return absl::InvalidArgumentError(absl::StrCat("ArgMin has no version ", version));
  }
  if (absl::Status s = CheckElementType(label, "data", data.type(), ArgMinTypes(version));
      !s.ok()) {
    return s;
  }
  if (attributes.keepdims != 0 && attributes.keepdims != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(label, ": keepdims must be 0 or 1, not ", attributes.keepdims));
  }
  if (attributes.select_last_index != 0 && attributes.select_last_index != 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        label, ": select_last_index must be 0 or 1, not ", attributes.select_last_index));
  }
  if (version < 12 && attributes.select_last_index != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(label, " has no select_last_index (it starts at ArgMin-12)"));
  }
  const int64_t rank = data.rank();
  if (rank == 0) {
    // Reference-defined: a scalar has no axis; [-0, -1] is an empty range.
    return absl::InvalidArgumentError(
        absl::StrCat(label, ": data is a scalar (rank 0), which has no axis to reduce"));
  }
  // [-r, r-1] at every version: ArgMin-11 on state it; ArgMin-1 states no
  // range, and ONNX's own ArgMin-1 shape inference adds r to a negative
  // axis (reference-defined; the checker warns, ARGMIN-V1-NEGATIVE-AXIS).
  if (attributes.axis < -rank || attributes.axis >= rank) {
    return absl::InvalidArgumentError(absl::StrCat(label, ": axis ", attributes.axis,
                                                   " is outside [", -rank, ", ", rank - 1,
                                                   "] for data of rank ", rank));
  }
  const int64_t axis = attributes.axis < 0 ? attributes.axis + rank : attributes.axis;
  const Shape& shape = data.shape();
  const int64_t n = shape[axis];
  if (n == 0) {
    return absl::InvalidArgumentError(absl::StrCat(label, ": axis ", attributes.axis, " of data ",
                                                   ShapeToString(shape),
                                                   " has size 0, so no index of a minimum exists"));
  }

  Shape out_shape = shape;
  if (attributes.keepdims == 1) {
    out_shape[axis] = 1;
  } else {
    out_shape.erase(out_shape.begin() + axis);
  }
  absl::StatusOr<Tensor> out = Tensor::Create(ElementType::kInt64, std::move(out_shape));
  if (!out.ok()) return out.status();
  const bool select_last = attributes.select_last_index == 1;
  if (plain == nullptr) {
    FastArgMin(data, axis, select_last, *out);
  } else {
    VisitNumericType(data.type(), [&]<typename T>(TypeTag<T>) {
      ArgMinElements<T>(data, axis, select_last, *out, plain->readings);
    });
    KeepClasses({}, plain->output_classes);  // indices are exact
  }
  return out;
}

absl::StatusOr<Tensor> RunArgMinNode(const onnx::NodeProto& node, int64_t version,
                                     std::span<const Tensor* const> inputs,
                                     const PlainEvaluation* plain) {
  const std::string label = OpLabel("ArgMin", version);
  if (absl::Status s = CheckArity(node, label, 1, 1); !s.ok()) return s;
  absl::Status names =
      version >= 12 ? CheckAttributeNames(node, label, {"axis", "keepdims", "select_last_index"})
                    : CheckAttributeNames(node, label, {"axis", "keepdims"});
  if (!names.ok()) return names;
  if (inputs.size() != 1 || inputs[0] == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(label, ": input 0 (data) is missing"));
  }
  ArgMinAttributes attributes;
  for (auto [name, field] : {std::pair<const char*, int64_t*>{"axis", &attributes.axis},
                             {"keepdims", &attributes.keepdims},
                             {"select_last_index", &attributes.select_last_index}}) {
    absl::StatusOr<std::optional<int64_t>> value = GetIntAttribute(node, label, name);
    if (!value.ok()) return value.status();
    if (value->has_value()) *field = **value;
  }
  return ArgMin(version, *inputs[0], attributes, plain);
}

}  // namespace onnx_conform
