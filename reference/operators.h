// The reference's operators: for each operator of the registry
// (checker/registry.h), its plain form and, where it has one, its fast form
// (reference/fast/). Which versions and types exist, and everything a node
// must satisfy, is the registry's; a kernel serves every version.
//
//   const OperatorKernels* k = FindKernels("Min");  // {"Min", &Min, &FastMin}
//
// An operator joins through ops/operators.def; its kernel file defines
//   const OperatorKernels kMinKernels = {"Min", &Min, &FastMin};
#ifndef ONNX_CONFORM_REFERENCE_OPERATORS_H_
#define ONNX_CONFORM_REFERENCE_OPERATORS_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"
#include "reference/evaluation.h"

namespace onnx_conform {

// The function body of one node of an operator version defined as a
// function (OpSchema::FunctionBodyUses), its intermediate values named from
// `prefix` (reference/function_bodies.h expands them).
using FunctionBody = std::vector<onnx::NodeProto> (*)(const onnx::NodeProto& node,
                                                      const std::string& prefix);

struct OperatorKernels {
  absl::string_view op_type;
  PlainKernel plain;
  FastKernel fast;              // null: the plain form serves both (no class is kept)
  FunctionBody body = nullptr;  // where a version is also defined as a function
};

// Each operator of ops/operators.def: kNameKernels, in its kernel's file.
#define SUITE_OPERATOR(Name, ...) extern const OperatorKernels k##Name##Kernels;
#include "ops/operators.def"

// nullptr for an operator the reference does not run.
const OperatorKernels* FindKernels(absl::string_view op_type);

// Every operator the reference runs: the suite's, in ops/operators.def's
// order, then the supporting ones ("Min", ..., "CastLike", "Constant", ...).
std::vector<absl::string_view> OperatorsRun();

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_OPERATORS_H_
