// The operators the reference runs without testing them: Constant and
// Identity (exporters and ONNX's version converter put them between the
// suite's operators), Less and Where (Clip-13's function body) and CastLike
// (Relu-14's), so that the expanded forms of those operators' cases run.
// Their versions and types are the registry's (checker/constant_schema.cc,
// identity_schema.cc, function_body_schemas.cc; CastLike's ONNX's own
// definitions). Each is one form, plain and fast alike.
//
//   absl::StatusOr<Tensor> c = Less(node, {&x, &min}, {});  // bool
//
// Less and Where follow IEEE and numpy exactly and leave nothing open:
// Less(NaN, x) and Less(-0, +0) are false, and Where returns its chosen
// operand's element bit for bit (with its MatchClass).
#ifndef ONNX_CONFORM_REFERENCE_SUPPORT_OPS_H_
#define ONNX_CONFORM_REFERENCE_SUPPORT_OPS_H_

#include "reference/evaluation.h"

namespace onnx_conform {

// A copy made through Tensor::Create, so that it is charged to the case's
// budget like any other tensor (the copy constructor cannot refuse).
absl::StatusOr<Tensor> ChargedCopy(const Tensor& tensor);

absl::StatusOr<Tensor> Constant(const BoundNode& node, NodeInputs inputs,
                                const PlainEvaluation& plain);
absl::StatusOr<Tensor> Identity(const BoundNode& node, NodeInputs inputs,
                                const PlainEvaluation& plain);
absl::StatusOr<Tensor> Less(const BoundNode& node, NodeInputs inputs, const PlainEvaluation& plain);
absl::StatusOr<Tensor> Where(const BoundNode& node, NodeInputs inputs,
                             const PlainEvaluation& plain);
// Exact casts only: a value the target type does not hold as it is (one a
// cast would round or saturate), NaN to an integer, and non-numeric types
// are Unimplemented, naming the element.
absl::StatusOr<Tensor> CastLike(const BoundNode& node, NodeInputs inputs,
                                const PlainEvaluation& plain);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_SUPPORT_OPS_H_
