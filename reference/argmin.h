// ArgMin: the index (int64) of the smallest element along one axis, every
// version.
//
//   ArgMin-1     every numeric type but bfloat16; axis in [-r, r-1]
//                (the text states no range: reference-defined)
//   ArgMin-11    as 1, the range [-r, r-1] stated
//   ArgMin-12    as 11, plus select_last_index
//   ArgMin-13    as 12, plus bfloat16
//
//   absl::StatusOr<Tensor> i = ArgMin(13, data, {.axis = -1, .keepdims = 0});
//
// NaN counts as the smallest value; ties go to the first index, or the last
// with select_last_index = 1 (ArgMinTakes in reference/element_rules.h).
#ifndef ONNX_CONFORM_REFERENCE_ARGMIN_H_
#define ONNX_CONFORM_REFERENCE_ARGMIN_H_

#include <cstdint>
#include <span>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "reference/evaluation.h"
#include "reference/tensor.h"

namespace onnx_conform {

inline constexpr int64_t kArgMinVersions[] = {1, 11, 12, 13};

struct ArgMinAttributes {
  int64_t axis = 0;
  int64_t keepdims = 1;           // 0 or 1
  int64_t select_last_index = 0;  // 0 or 1; ArgMin-12 on
};

// `version` is one of kArgMinVersions. InvalidArgument for a disallowed type,
// a rank-0 input (no axis exists), an axis outside [-r, r-1], keepdims or select_last_index not
// 0/1, select_last_index = 1 before ArgMin-12, and an axis of size 0 (no index to return). `plain`:
// null for the fast kernel, else the plain loop (reference/evaluation.h).
absl::StatusOr<Tensor> ArgMin(int64_t version, const Tensor& data,
                              const ArgMinAttributes& attributes,
                              const PlainEvaluation* plain = nullptr);

// ArgMin on a node: arity and attributes (select_last_index only from
// ArgMin-12; an attribute the version lacks is InvalidArgument).
absl::StatusOr<Tensor> RunArgMinNode(const onnx::NodeProto& node, int64_t version,
                                     std::span<const Tensor* const> inputs,
                                     const PlainEvaluation* plain = nullptr);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_ARGMIN_H_
