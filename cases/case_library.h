// The suite's own case library: every case definition, per operator, and the
// operator versions and element types it must cover (the suite's reading of
// the operator texts, kept here independent of checker/ so that the cases
// also test the checker).
//
//   for (const Case& c : AllCases()) WriteCase(c, "cases");
//
// Definitions live in min_cases.cc (Min and Max), argmin_cases.cc (ArgMin
// and ArgMax), clip_cases.cc and
// invalid_cases.cc / invalid_operator_cases.cc; expectations are literals or
// direct loops written there, never computed by reference/.
#ifndef ONNX_CONFORM_CASES_CASE_LIBRARY_H_
#define ONNX_CONFORM_CASES_CASE_LIBRARY_H_

#include <span>
#include <string_view>
#include <vector>

#include "cases/case_builder.h"
#include "cases/operator_versions.h"
#include "reference/element_type.h"

namespace onnx_conform {

void AddMinCases(std::vector<Case>& cases);     // and AddMaxCases: min_cases.cc
void AddArgMinCases(std::vector<Case>& cases);  // and AddArgMaxCases: argmin_cases.cc
void AddMaxCases(std::vector<Case>& cases);
void AddArgMaxCases(std::vector<Case>& cases);
void AddClipCases(std::vector<Case>& cases);
// The expanded form (Clip-13's function body) of every valid Clip-13 case.
void AddExpandedClipCases(std::vector<Case>& cases);
void AddInvalidCases(std::vector<Case>& cases);

// Every case, sorted by name. Aborts on a duplicate name (a definition bug).
std::vector<Case> AllCases();

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASES_CASE_LIBRARY_H_
