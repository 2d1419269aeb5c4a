// Min: the element-wise minimum of one or more tensors, every version (the
// versions, types and shape rules: ops/extremum/extremum_schemas.cc).
//
//   MatchClasses classes;
//   absl::StatusOr<Tensor> m = Min(node, inputs, {.output_classes = &classes});
//
// The element rule (NaN propagates, ties return the earliest input, so
// Min(+0, -0) is +0 with its sign left open): MinRule in
// extremum_element_rule.h. The fast form: reference/fast/.
#ifndef ONNX_CONFORM_OPS_EXTREMUM_MIN_KERNEL_H_
#define ONNX_CONFORM_OPS_EXTREMUM_MIN_KERNEL_H_

#include "reference/evaluation.h"

namespace onnx_conform {

absl::StatusOr<Tensor> Min(const BoundNode& node, NodeInputs inputs, const PlainEvaluation& plain);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_EXTREMUM_MIN_KERNEL_H_
