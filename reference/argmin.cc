#include "reference/argmin.h"

#include <algorithm>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "reference/op_support.h"
#include "reference/semantics.h"

namespace onnx_conform {
namespace {

std::span<const ElementType> ArgMinTypes(int64_t version) {
  return version >= 13 ? std::span<const ElementType>(kAllNumericBf)
                       : std::span<const ElementType>(kAllNumeric);
}

// data viewed as [outer, n, inner]; out as [outer, inner]. Rows of `inner`
// contiguous elements are compared at once, so memory is read in order.
template <typename T>
void ArgMinInto(const T* data, int64_t outer, int64_t n, int64_t inner, bool select_last,
                int64_t* out) {
  std::vector<T> best(static_cast<size_t>(inner));
  for (int64_t o = 0; o < outer; ++o) {
    const T* slab = data + o * n * inner;
    int64_t* index = out + o * inner;
    for (int64_t i = 0; i < inner; ++i) {
      best[i] = slab[i];
      index[i] = 0;
    }
    for (int64_t k = 1; k < n; ++k) {
      const T* row = slab + k * inner;
      for (int64_t i = 0; i < inner; ++i) {
        // First index: replace only when strictly smaller. Last index:
        // replace unless strictly greater (equal values move the index).
        const bool take = select_last ? !LessForArgMin(best[i], row[i])
                                      : LessForArgMin(row[i], best[i]);
        if (take) {
          best[i] = row[i];
          index[i] = k;
        }
      }
    }
  }
}

}  // namespace

absl::StatusOr<Tensor> ArgMin(int64_t version, const Tensor& data,
                              const ArgMinAttributes& attributes) {
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
  const int64_t lowest_axis = version >= 11 ? -rank : 0;
  if (attributes.axis < lowest_axis || attributes.axis >= rank) {
    return absl::InvalidArgumentError(absl::StrCat(
        label, ": axis ", attributes.axis, " is outside [", lowest_axis, ", ", rank - 1,
        "] for data of rank ", rank,
        version < 11 && attributes.axis < 0 ? " (negative axes start at ArgMin-11)" : ""));
  }
  const int64_t axis = attributes.axis < 0 ? attributes.axis + rank : attributes.axis;
  const Shape& shape = data.shape();
  const int64_t n = shape[axis];
  if (n == 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        label, ": axis ", attributes.axis, " of data ", ShapeToString(shape),
        " has size 0, so no index of a minimum exists"));
  }

  int64_t outer = 1;
  int64_t inner = 1;
  for (int64_t d = 0; d < axis; ++d) outer *= shape[d];
  for (int64_t d = axis + 1; d < rank; ++d) inner *= shape[d];
  Shape out_shape = shape;
  if (attributes.keepdims == 1) {
    out_shape[axis] = 1;
  } else {
    out_shape.erase(out_shape.begin() + axis);
  }
  absl::StatusOr<Tensor> out = Tensor::Create(ElementType::kInt64, std::move(out_shape));
  if (!out.ok()) return out.status();
  if (out->element_count() == 0) return out;
  VisitNumericType(data.type(), [&]<typename T>(TypeTag<T>) {
    ArgMinInto<T>(data.data<T>().data(), outer, n, inner, attributes.select_last_index == 1,
                  out->data<int64_t>().data());
  });
  return out;
}

absl::StatusOr<Tensor> RunArgMinNode(const onnx::NodeProto& node, int64_t version,
                                     std::span<const Tensor* const> inputs) {
  const std::string label = OpLabel("ArgMin", version);
  if (absl::Status s = CheckArity(node, label, 1, 1); !s.ok()) return s;
  absl::Status names = version >= 12
                           ? CheckAttributeNames(node, label, {"axis", "keepdims", "select_last_index"})
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
  return ArgMin(version, *inputs[0], attributes);
}

}  // namespace onnx_conform
