// Relu: the rectified linear function, element-wise, every version (the
// versions and types: ops/relu/relu_schemas.cc).
//
//   MatchClasses classes;
//   absl::StatusOr<Tensor> y = Relu(node, inputs, {.output_classes = &classes});
//
// The element rule, ReluRule: "y = max(0, x)" read with Max's resolution
// (ops/extremum/extremum_element_rule.h), docs/semantics.md:
//   NaN (silent): gives NaN, as Max propagates it (numpy.maximum,
//     onnx.reference); reading relu-nan-gives-zero: 0.
//   -0 (silent): max(0, -0) is a tie: +0, its sign left open (kEitherZero).
//   Relu-14's body Max(X, CastLike(0, X)) gives the same under Max's
//   resolution, and relu-nan-gives-zero under max-nan-ignored.
#ifndef ONNX_CONFORM_OPS_RELU_RELU_KERNEL_H_
#define ONNX_CONFORM_OPS_RELU_RELU_KERNEL_H_

#include "ops/extremum/extremum_element_rule.h"
#include "reference/evaluation.h"
#include "reference/operators.h"

namespace onnx_conform {

absl::StatusOr<Tensor> Relu(const BoundNode& node, NodeInputs inputs, const PlainEvaluation& plain);
// Relu-14's function body for one node (relu_body.cc; reference/operators.h).
std::vector<onnx::NodeProto> ReluBody(const onnx::NodeProto& relu, const std::string& prefix);
// The kernel table's entry (ops/operators.def names it kReluKernels): the
// plain form serves both (no fast form).
extern const OperatorKernels kReluKernels;

// +0 of T.
template <typename T>
T ReluZero() {
  if constexpr (kIsHalfType<T>) {
    return T::FromBits(0);
  } else {
    return T{0};
  }
}

// "y = max(0, x)": Max's rule with 0 as the earlier operand.
template <typename T>
Decided<T> ReluRule(Decided<T> x, const ReadingSet& readings) {
  if (IsNaNValue(x.value) && readings.Has(Reading::kReluNaNGivesZero)) return {ReluZero<T>()};
  return Settled(ExtremeRule<Extreme::kMax>(Decided<T>{ReluZero<T>()}, x, ReadingSet{}));
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_RELU_RELU_KERNEL_H_
