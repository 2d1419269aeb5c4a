// ArgMax: the index (int64) of the largest element along one axis, every
// version (the versions, types and attributes: ops/arg_extremum/arg_extremum_schemas.cc),
// ArgMin's mirror.
//
//   absl::StatusOr<Tensor> i = ArgMax(node, inputs, {});
//
// NaN counts as the largest value; ties go to the first index, or the last
// with select_last_index = 1 (ArgExtremeTakes<Extreme::kMax> in
// arg_extremum_element_rule.h). The fast form: reference/fast/.
#ifndef ONNX_CONFORM_OPS_ARG_EXTREMUM_ARGMAX_KERNEL_H_
#define ONNX_CONFORM_OPS_ARG_EXTREMUM_ARGMAX_KERNEL_H_

#include "reference/evaluation.h"

namespace onnx_conform {

absl::StatusOr<Tensor> ArgMax(const BoundNode& node, NodeInputs inputs,
                              const PlainEvaluation& plain);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_ARG_EXTREMUM_ARGMAX_KERNEL_H_
