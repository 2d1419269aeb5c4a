#include "ops/extremum/min_kernel.h"

#include "ops/extremum/extremum_element_rule.h"
#include "ops/extremum/extremum_fast_kernel.h"
#include "reference/elementwise.h"
#include "reference/operators.h"

namespace onnx_conform {

// "Element-wise min of each of the input tensors (with Numpy-style
// broadcasting support)", folded left: Min(Min(in0, in1), in2) ...
absl::StatusOr<Tensor> Min(const BoundNode&, NodeInputs inputs, const PlainEvaluation& plain) {
  return FoldElements(inputs, plain, [](auto a, auto b, const ReadingSet& readings) {
    return MinRule(a, b, readings);
  });
}

const OperatorKernels kMinKernels = {"Min", &Min, &FastMin};

}  // namespace onnx_conform
