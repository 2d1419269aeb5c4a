// Clip's negative cases: the rules of its texts, each broken once
// (AddClipCases adds them).
//
//   AddClipNegativeCases(cases);
#ifndef ONNX_CONFORM_OPS_CLIP_CLIP_NEGATIVE_CASES_H_
#define ONNX_CONFORM_OPS_CLIP_CLIP_NEGATIVE_CASES_H_

#include <vector>

#include "cases/case_builder.h"

namespace onnx_conform::invalid_cases {

void AddClipNegativeCases(std::vector<Case>& cases);

}  // namespace onnx_conform::invalid_cases

#endif  // ONNX_CONFORM_OPS_CLIP_CLIP_NEGATIVE_CASES_H_
