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
#include "reference/element_type.h"

namespace onnx_conform {

struct OperatorVersion {
  std::string_view op_type;
  int version;
  std::vector<ElementType> types;  // the type constraint T of this version
};

// Every version of every operator of the registry (checker/registry.h) with
// its types: the (operator, version, type) cells of the library.
const std::vector<OperatorVersion>& SuiteOperatorVersions();
// The types of one operator version; empty when the suite does not cover it.
std::vector<ElementType> SuiteTypes(std::string_view op_type, int version);
// The versions of one operator the suite covers, oldest first.
std::vector<int> SuiteVersions(std::string_view op_type);

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

// Calls f(TypeTag<T>{}) for each type of an operator version.
template <typename F>
void ForEachSuiteType(std::string_view op_type, int version, F&& f) {
  for (ElementType type : SuiteTypes(op_type, version)) VisitNumericType(type, f);
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASES_CASE_LIBRARY_H_
