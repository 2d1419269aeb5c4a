// ArgMin's and ArgMax's fast forms (arg_extremum_fast_kernel.cc), the
// kernels the kernel table names: one loop for both, on the shared rules of
// reference/semantics.h.
//
//   const OperatorKernels kArgMinKernels = {"ArgMin", &ArgMin, &FastArgMin};
#ifndef ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_FAST_KERNEL_H_
#define ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_FAST_KERNEL_H_

#include "reference/evaluation.h"

namespace onnx_conform {

// FastKernel (reference/evaluation.h); the output is new (int64).
absl::StatusOr<Tensor> FastArgMin(const BoundNode& node, NodeInputs inputs, Tensor* reusable);
absl::StatusOr<Tensor> FastArgMax(const BoundNode& node, NodeInputs inputs, Tensor* reusable);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_FAST_KERNEL_H_
