// The suite's own case library: every case definition, per operator, and the
// operator versions and element types it must cover (the suite's reading of
// the operator texts, kept here independent of checker/ so that the cases
// also test the checker).
//
//   for (const Case& c : AllCases()) WriteCase(c, "cases");
//
// Definitions live in each operator's folder (ops/<family>/*_cases.cc) and
// invalid_cases.cc / invalid_operator_cases.cc; expectations are literals or
// direct loops written there, never computed by reference/.
#ifndef ONNX_CONFORM_CASES_CASE_LIBRARY_H_
#define ONNX_CONFORM_CASES_CASE_LIBRARY_H_

#include <span>
#include <string_view>
#include <vector>

#include "cases/case_builder.h"
#include "cases/operator_versions.h"
#include "tensor/element_type.h"

namespace onnx_conform {

// Each operator of ops/operators.def, in its cases file:
//   AddNameCases: every case of the operator, valid and negative.
//   BuildNameTypeProbe: fills a builder made as CaseBuilder("Name", version,
//     type, "type_not_allowed") with inputs, outputs and one data set of a
//     small case, which the type rules break for the types the version
//     does not allow (invalid_operator_cases.cc).
//   AddNameLargeCases: its cases of 2^20 elements or more, never committed
//     (large_cases.h).
#define SUITE_OPERATOR(Name, ...)                                                   \
  void Add##Name##Cases(std::vector<Case>& cases);                                  \
  void Build##Name##TypeProbe(CaseBuilder& builder, int version, ElementType type); \
  void Add##Name##LargeCases(std::vector<Case>& cases);
#include "ops/operators.def"

// The model, graph, node and data-file rules, and each operator version's
// type rules (invalid_cases.cc, invalid_operator_cases.cc).
void AddInvalidCases(std::vector<Case>& cases);

// Every case, sorted by name. Aborts on a duplicate name (a definition bug).
std::vector<Case> AllCases();

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASES_CASE_LIBRARY_H_
