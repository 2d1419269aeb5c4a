// Max: the element-wise maximum of one or more tensors, every version (the
// versions, types and shape rules: ops/extremum/extremum_schemas.cc), Min's mirror.
//
//   absl::StatusOr<Tensor> m = Max(node, inputs, {});
//
// The element rule (NaN propagates, ties return the earliest input, so
// Max(+0, -0) is +0 with its sign left open): ExtremeRule<Extreme::kMax> in
// extremum_element_rule.h. The fast form: reference/fast/.
#ifndef ONNX_CONFORM_OPS_EXTREMUM_MAX_KERNEL_H_
#define ONNX_CONFORM_OPS_EXTREMUM_MAX_KERNEL_H_

#include "reference/evaluation.h"

namespace onnx_conform {

absl::StatusOr<Tensor> Max(const BoundNode& node, NodeInputs inputs, const PlainEvaluation& plain);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_EXTREMUM_MAX_KERNEL_H_
