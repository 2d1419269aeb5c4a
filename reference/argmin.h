// ArgMin: the index (int64) of the smallest element along one axis, every
// version.
//
//   ArgMin-1     every numeric type but bfloat16; axis in [0, r-1]
//   ArgMin-11    as 1, axis in [-r, r-1]
//   ArgMin-12    as 11, plus select_last_index
//   ArgMin-13    as 12, plus bfloat16
//
//   absl::StatusOr<Tensor> i = ArgMin(13, data, {.axis = -1, .keepdims = 0});
//
// NaN counts as the smallest value (LessForArgMin in reference/semantics.h);
// ties go to the first index, or the last with select_last_index = 1.
#ifndef ONNX_CONFORM_REFERENCE_ARGMIN_H_
#define ONNX_CONFORM_REFERENCE_ARGMIN_H_

#include <cstdint>
#include <span>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "reference/tensor.h"

namespace onnx_conform {

inline constexpr int64_t kArgMinVersions[] = {1, 11, 12, 13};

struct ArgMinAttributes {
  int64_t axis = 0;
  int64_t keepdims = 1;           // 0 or 1
  int64_t select_last_index = 0;  // 0 or 1; ArgMin-12 on
};

// `version` is one of kArgMinVersions. InvalidArgument for a disallowed type,
// a rank-0 input (no axis exists), an axis out of range (negative before
// ArgMin-11), keepdims or select_last_index not 0/1, select_last_index = 1
// before ArgMin-12, and an axis of size 0 (no index to return).
absl::StatusOr<Tensor> ArgMin(int64_t version, const Tensor& data,
                              const ArgMinAttributes& attributes);

// ArgMin on a node: arity and attributes (select_last_index only from
// ArgMin-12; an attribute the version lacks is InvalidArgument).
absl::StatusOr<Tensor> RunArgMinNode(const onnx::NodeProto& node, int64_t version,
                                     std::span<const Tensor* const> inputs);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_ARGMIN_H_
