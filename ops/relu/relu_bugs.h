// Relu's planted bugs for `onnx-conform adequacy` (ops/relu/relu_bugs.cc),
// in the families of runners/adequacy/bug_families.h.
#ifndef ONNX_CONFORM_OPS_RELU_RELU_BUGS_H_
#define ONNX_CONFORM_OPS_RELU_RELU_BUGS_H_

#include <vector>

#include "runners/adequacy/bug_catalogue.h"

namespace onnx_conform {

void AddReluBugs(std::vector<Bug>& bugs);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_RELU_RELU_BUGS_H_
