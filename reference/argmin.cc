#include "reference/argmin.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "reference/element_bits.h"
#include "reference/op_support.h"
#include "reference/semantics.h"
#include "reference/vector_clones.h"

namespace onnx_conform {
namespace {

std::span<const ElementType> ArgMinTypes(int64_t version) {
  return version >= 13 ? std::span<const ElementType>(kAllNumericBfTypes)
                       : std::span<const ElementType>(kAllNumericTypes);
}

// One candidate against a position's minimum so far (`current`, at index
// `at`). First index: replace only when strictly smaller. Last index:
// replace unless strictly greater (equal values move the index).
// Branch-free selects, so that the loops below vectorize.
template <bool kSelectLast, typename T, typename Index>
void TakeIfBetter(Stored<T> candidate, Index k, Stored<T>& current, Index& at) {
  const bool take = kSelectLast ? !LessForArgMin(Load<T>(current), Load<T>(candidate))
                                : LessForArgMin(Load<T>(candidate), Load<T>(current));
  current = take ? candidate : current;
  at = take ? k : at;
}

// Rows 1 .. n - 1 of [n, width] against best and index (which start as row
// 0 and 0), for `width` independent positions. With kFourRows, four rows
// per pass, so best and index are read and written once for four. The
// index is as narrow as n allows (SSE2 cannot select 64-bit lanes by a
// narrower comparison).
template <bool kSelectLast, bool kFourRows, typename T, typename Index>
inline __attribute__((always_inline)) void ArgMinDownLoop(const Stored<T>* data, int64_t n,
                                                          int64_t width, Stored<T>* best,
                                                          Index* index) {
  int64_t k = 1;
  for (; kFourRows && k + 4 <= n; k += 4) {
    const Stored<T>* r0 = data + k * width;
    const Stored<T>* r1 = r0 + width;
    const Stored<T>* r2 = r1 + width;
    const Stored<T>* r3 = r2 + width;
    const Index k0 = static_cast<Index>(k);
    for (int64_t i = 0; i < width; ++i) {
      Stored<T> current = best[i];
      Index at = index[i];
      TakeIfBetter<kSelectLast, T>(r0[i], k0, current, at);
      TakeIfBetter<kSelectLast, T>(r1[i], static_cast<Index>(k0 + 1), current, at);
      TakeIfBetter<kSelectLast, T>(r2[i], static_cast<Index>(k0 + 2), current, at);
      TakeIfBetter<kSelectLast, T>(r3[i], static_cast<Index>(k0 + 3), current, at);
      best[i] = current;
      index[i] = at;
    }
  }
  for (; k < n; ++k) {
    const Stored<T>* row = data + k * width;
    for (int64_t i = 0; i < width; ++i) {
      TakeIfBetter<kSelectLast, T>(row[i], static_cast<Index>(k), best[i], index[i]);
    }
  }
}

// ArgMinDownLoop, also built for AVX2 (reference/vector_clones.h) for the
// native types. GCC 12 does not vectorize the AVX2 build of the half-type
// loop (a branch per element, 6x slower than SSE2, measured with bench/),
// so float16 and bfloat16 keep the baseline build.
template <bool kSelectLast, bool kFourRows, typename T, typename Index>
ONNX_CONFORM_VECTOR_CLONES void ArgMinDownWide(const Stored<T>* data, int64_t n, int64_t width,
                                               Stored<T>* best, Index* index) {
  ArgMinDownLoop<kSelectLast, kFourRows, T>(data, n, width, best, index);
}
template <bool kSelectLast, bool kFourRows, typename T, typename Index>
void ArgMinDown(const Stored<T>* data, int64_t n, int64_t width, Stored<T>* best, Index* index) {
  if constexpr (kIsHalfType<T>) {
    ArgMinDownLoop<kSelectLast, kFourRows, T>(data, n, width, best, index);
  } else {
    ArgMinDownWide<kSelectLast, kFourRows, T>(data, n, width, best, index);
  }
}

// data viewed as [outer, n, inner]; out as [outer, inner]. Rows of `inner`
// contiguous elements are compared at once (rows outer, positions inner), so
// memory is read in order. Index holds any k < n.
template <bool kSelectLast, typename Index, typename T>
void ArgMinAcross(const Stored<T>* data, int64_t outer, int64_t n, int64_t inner, int64_t* out) {
  std::vector<Stored<T>> best(static_cast<size_t>(inner));
  std::vector<Index> index(static_cast<size_t>(inner));
  for (int64_t o = 0; o < outer; ++o) {
    const Stored<T>* slab = data + o * n * inner;
    std::copy(slab, slab + inner, best.begin());
    std::fill(index.begin(), index.end(), Index{0});
    // GCC 12 vectorizes the four-row pass for the native types, not for
    // float16/bfloat16 (measured with bench/, ArgMinAxis0).
    ArgMinDown<kSelectLast, !kIsHalfType<T>, T>(slab, n, inner, best.data(), index.data());
    std::copy(index.begin(), index.end(), out + o * inner);
  }
}

// Positions of a contiguous row followed at once by ArgMinOfRow: enough
// that the compiler vectorizes the step instead of unrolling it to scalars.
constexpr int64_t kLanes = 64;

// ArgMin of one contiguous row of n elements. The row is read as
// [n / kLanes, kLanes] and reduced down that first axis like ArgMinAcross
// (so the loop vectorizes), then the lanes' results and the tail are
// merged by the same order: the smallest value, and among equal ones the
// first (or last) index. Index holds any n / kLanes.
template <bool kSelectLast, typename Index, typename T>
int64_t ArgMinOfRow(const Stored<T>* row, int64_t n) {
  T best_value = Load<T>(row[0]);
  int64_t best_index = 0;
  int64_t done = 1;
  if (n >= 2 * kLanes) {
    Stored<T> best[kLanes];
    Index block[kLanes] = {};
    std::copy(row, row + kLanes, best);
    const int64_t blocks = n / kLanes;
    ArgMinDown<kSelectLast, false, T>(row, blocks, kLanes, best, block);
    best_value = Load<T>(best[0]);
    best_index = int64_t{block[0]} * kLanes;
    for (int64_t lane = 1; lane < kLanes; ++lane) {
      const T value = Load<T>(best[lane]);
      const int64_t index = int64_t{block[lane]} * kLanes + lane;
      const bool smaller = LessForArgMin(value, best_value);
      const bool equal = !smaller && !LessForArgMin(best_value, value);
      if (smaller || (equal && (kSelectLast ? index > best_index : index < best_index))) {
        best_value = value;
        best_index = index;
      }
    }
    done = blocks * kLanes;
  }
  for (int64_t j = done; j < n; ++j) {
    const T value = Load<T>(row[j]);
    const bool take =
        kSelectLast ? !LessForArgMin(best_value, value) : LessForArgMin(value, best_value);
    if (take) {
      best_value = value;
      best_index = j;
    }
  }
  return best_index;
}

template <bool kSelectLast, typename Index, typename T>
void ArgMinInto(const Stored<T>* data, int64_t outer, int64_t n, int64_t inner, int64_t* out) {
  if (inner == 1) {  // the last axis: each row is reduced on its own
    for (int64_t o = 0; o < outer; ++o) {
      out[o] = ArgMinOfRow<kSelectLast, Index, T>(data + o * n, n);
    }
  } else {
    ArgMinAcross<kSelectLast, Index, T>(data, outer, n, inner, out);
  }
}

// The narrowest index type that holds every index below n (narrow indices
// keep more positions per vector register).
template <bool kSelectLast, typename T>
void ArgMinInto(const Stored<T>* data, int64_t outer, int64_t n, int64_t inner, int64_t* out) {
  if (n <= std::numeric_limits<int16_t>::max()) {
    ArgMinInto<kSelectLast, int16_t, T>(data, outer, n, inner, out);
  } else if (n <= std::numeric_limits<int32_t>::max()) {
    ArgMinInto<kSelectLast, int32_t, T>(data, outer, n, inner, out);
  } else {
    ArgMinInto<kSelectLast, int64_t, T>(data, outer, n, inner, out);
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
    if (attributes.select_last_index == 1) {
      ArgMinInto<true, T>(StoredData<T>(data), outer, n, inner, out->data<int64_t>().data());
    } else {
      ArgMinInto<false, T>(StoredData<T>(data), outer, n, inner, out->data<int64_t>().data());
    }
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
