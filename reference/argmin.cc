#include "reference/argmin.h"

#include "reference/arg_reduce.h"
#include "reference/element_rules.h"

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

}  // namespace onnx_conform
