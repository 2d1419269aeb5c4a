// The expanded form of every valid Clip-13 case: the Clip node replaced by
// Clip-13's function body, as ONNX's own `*_expanded` node tests do
// (clip_expanded_cases.cc; AddClipCases adds them).
//
//   AddExpandedClipCases(cases);  // clip_v13_..._expanded
#ifndef ONNX_CONFORM_OPS_CLIP_CLIP_EXPANDED_CASES_H_
#define ONNX_CONFORM_OPS_CLIP_CLIP_EXPANDED_CASES_H_

#include <vector>

#include "cases/case_builder.h"

namespace onnx_conform {

void AddExpandedClipCases(std::vector<Case>& cases);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_CLIP_CLIP_EXPANDED_CASES_H_
