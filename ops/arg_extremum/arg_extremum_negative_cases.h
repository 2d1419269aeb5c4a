// ArgMin's and ArgMax's negative cases: the rules of their texts, each broken
// once on each mirror (AddArgMinCases and AddArgMaxCases add them).
//
//   AddArgExtremumNegativeCases(cases, "ArgMax");
#ifndef ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_NEGATIVE_CASES_H_
#define ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_NEGATIVE_CASES_H_

#include <string_view>
#include <vector>

#include "cases/case_builder.h"

namespace onnx_conform::invalid_cases {

// The negative cases of `op` ("ArgMin" or "ArgMax") that each mirror has.
void AddArgExtremumNegativeCases(std::vector<Case>& cases, std::string_view op);
// Rules broken on ArgMin alone: its input arity.
void AddArgMinOnlyNegativeCases(std::vector<Case>& cases);

}  // namespace onnx_conform::invalid_cases

#endif  // ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_NEGATIVE_CASES_H_
