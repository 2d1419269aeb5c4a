// How two backends' outputs for one case differ, for `onnx-conform explore
// --against` (runners/explore/explore.h): the reference then says which
// one, if either, is right.
//
//   std::vector<std::string> d = BackendDifferences(c, a.outputs, b.outputs);
//   // {"output 'y': 1 of 3 elements differ: [2] 0 vs nan"}; empty: they agree
#ifndef ONNX_CONFORM_RUNNERS_EXPLORE_BACKEND_DIFFERENCES_H_
#define ONNX_CONFORM_RUNNERS_EXPLORE_BACKEND_DIFFERENCES_H_

#include <string>
#include <vector>

#include "checker/checked_case.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// Data set 0's outputs `a` and `b`, element by element: equal bits, any two
// NaNs, and two zeros where the reference leaves the sign open are the
// same. One line per differing output; none when they agree.
std::vector<std::string> BackendDifferences(const CheckedCase& c, const std::vector<Tensor>& a,
                                            const std::vector<Tensor>& b);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_EXPLORE_BACKEND_DIFFERENCES_H_
