// Min's and Max's negative cases: the rules of their texts, each broken once
// on each mirror (AddMinCases and AddMaxCases add them), and the valid case
// they break, which the format rules (cases/invalid_cases.cc) break too.
//
//   Emit(ExtremumToBreak("two_outputs", rules::kNodeOutputArity), ...);
#ifndef ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_NEGATIVE_CASES_H_
#define ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_NEGATIVE_CASES_H_

#include <string_view>
#include <vector>

#include "absl/strings/string_view.h"
#include "cases/case_builder.h"

namespace onnx_conform::invalid_cases {

// Min-13 (or Max-13) over two float [3] inputs, valid until broken.
CaseBuilder ExtremumToBreak(std::string_view what, absl::string_view rule, int version = 13,
                            std::string_view op = "Min");
// Min (or Max) with two inputs of these shapes and no data (nothing
// computable).
CaseBuilder ExtremumShapesToBreak(int version, std::string_view what, absl::string_view rule,
                                  Shape a, Shape b, Shape out, std::string_view op = "Min");

// The negative cases of `op` ("Min" or "Max") that each mirror has.
void AddExtremumNegativeCases(std::vector<Case>& cases, std::string_view op);
// Rules broken on Min alone: its input and output arity, mixed input types.
void AddMinOnlyNegativeCases(std::vector<Case>& cases);

}  // namespace onnx_conform::invalid_cases

#endif  // ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_NEGATIVE_CASES_H_
