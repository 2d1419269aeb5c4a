// A data file's value against the TypeProto its graph value declares, for
// every kind: a tensor's element type and shape, a sequence's elements, an
// optional's value, a map's key type and values, recursively. Used by the
// data checker (checker/data_checker.cc) for values that are not tensors;
// tensors also get the rules of inference there.
//
//   for (const ValueTypeProblem& p : CompareValueToType(value, input.type())) {
//     report(p.shape ? DATA-SHAPE : DATA-TYPE, p.message);
//   }
#ifndef ONNX_CONFORM_CHECKER_VALUE_TYPE_CHECK_H_
#define ONNX_CONFORM_CHECKER_VALUE_TYPE_CHECK_H_

#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// ONNX's type string of a declared type, "?" where it declares nothing:
// "tensor(float)", "seq(tensor(int64))", "optional(seq(tensor(?)))",
// "map(int64,tensor(float))", "sparse_tensor(float)".
std::string TypeProtoString(const onnx::TypeProto& type);

struct ValueTypeProblem {
  bool shape = false;  // a shape differs (DATA-SHAPE); otherwise a kind or type (DATA-TYPE)
  std::string message;
};

// How `value` differs from `declared`, as far as `declared` says: nothing
// for an undeclared part (no kind, elem_type 0, no shape, a dim_param).
// Messages name where inside the value ("element 2 of the sequence: ...").
std::vector<ValueTypeProblem> CompareValueToType(const Tensor& value,
                                                 const onnx::TypeProto& declared);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_VALUE_TYPE_CHECK_H_
