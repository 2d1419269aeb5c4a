// Relu's cases (ops/relu/relu_cases.cc): the valid ones of every version
// and type, Relu's own negative cases, and the probe the generic "type not
// allowed" cases build over a type a version does not allow.
#ifndef ONNX_CONFORM_OPS_RELU_RELU_CASES_H_
#define ONNX_CONFORM_OPS_RELU_RELU_CASES_H_

#include <vector>

#include "cases/case_builder.h"
#include "reference/element_type.h"

namespace onnx_conform {

void AddReluCases(std::vector<Case>& cases);
// Fills the inputs, outputs and one data set of a small valid Relu case
// over `type` on a builder made as
// CaseBuilder("Relu", version, type, "type_not_allowed").
void BuildReluTypeProbe(CaseBuilder& b, int version, ElementType type);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_RELU_RELU_CASES_H_
