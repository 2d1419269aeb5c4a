#include "ops/extremum/max_kernel.h"

#include "ops/extremum/extremum_element_rule.h"
#include "ops/extremum/extremum_fast_kernel.h"
#include "reference/elementwise.h"
#include "reference/operators.h"

namespace onnx_conform {

// "Element-wise max of each of the input tensors (with Numpy-style
// broadcasting support)", folded left: Max(Max(in0, in1), in2) ...
absl::StatusOr<Tensor> Max(const BoundNode&, NodeInputs inputs, const PlainEvaluation& plain) {
  return FoldElements(inputs, plain, [](auto a, auto b, const ReadingSet& readings) {
    return ExtremeRule<Extreme::kMax>(a, b, readings);
  });
}

const OperatorKernels kMaxKernels = {"Max", &Max, &FastMax};

}  // namespace onnx_conform
