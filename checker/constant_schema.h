// Constant's value as its kernel reads it (checker/constant_schema.cc): the
// tensor its one value attribute holds, decoded as the checker decodes it.
//
//   absl::StatusOr<Tensor> value = ConstantValueOf(node);
#ifndef ONNX_CONFORM_CHECKER_CONSTANT_SCHEMA_H_
#define ONNX_CONFORM_CHECKER_CONSTANT_SCHEMA_H_

#include "absl/status/statusor.h"
#include "checker/bound_graph.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// Unimplemented for a value the suite does not decode (sparse, string,
// bool, complex); ResourceExhausted over the thread's budget.
absl::StatusOr<Tensor> ConstantValueOf(const BoundNode& node);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_CONSTANT_SCHEMA_H_
