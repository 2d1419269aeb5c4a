#include "ops/arg_extremum/argmin_kernel.h"

#include "ops/arg_extremum/arg_extremum_element_rule.h"
#include "ops/arg_extremum/arg_extremum_fast_kernel.h"
#include "ops/arg_extremum/arg_reduce_loop.h"
#include "reference/operators.h"

namespace onnx_conform {

// "Computes the indices of the min elements of the input tensor's element
// along the provided axis."
absl::StatusOr<Tensor> ArgMin(const BoundNode& node, NodeInputs inputs,
                              const PlainEvaluation& plain) {
  return ReduceToIndices(node, *inputs[0], plain,
                         [](auto candidate, auto best, bool last, const ReadingSet& readings) {
                           return ArgMinTakes(candidate, best, last, readings);
                         });
}

const OperatorKernels kArgMinKernels = {"ArgMin", &ArgMin, &FastArgMin};

}  // namespace onnx_conform
