// Min's and Max's fast forms (extremum_fast_kernel.cc), the kernels the
// kernel table names: the left fold of Min or Max over broadcast rows, on
// the shared rules of reference/semantics.h.
//
//   const OperatorKernels kMinKernels = {"Min", &Min, &FastMin};
#ifndef ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_FAST_KERNEL_H_
#define ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_FAST_KERNEL_H_

#include "reference/evaluation.h"

namespace onnx_conform {

// FastKernel (reference/evaluation.h): writes into `reusable` (inputs[0])
// when it has the output's type and shape and its own memory.
absl::StatusOr<Tensor> FastMin(const BoundNode& node, NodeInputs inputs, Tensor* reusable);
absl::StatusOr<Tensor> FastMax(const BoundNode& node, NodeInputs inputs, Tensor* reusable);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_FAST_KERNEL_H_
