// The operator versions the suite covers and the element types each allows:
// the (operator, version, type) cells that the case library, its coverage
// and explore go round. They come from the schema registry
// (checker/registry.h), in its order of operators and the library's order
// of types. No case is generated here: explore uses these cells without
// linking the case definitions.
//
//   for (const OperatorVersion& v : SuiteOperatorVersions()) ...  // Min-1 float, ...
//   ForEachSuiteType("Clip", 13, [&]<typename T>(TypeTag<T>) { ... });
#ifndef ONNX_CONFORM_CASES_OPERATOR_VERSIONS_H_
#define ONNX_CONFORM_CASES_OPERATOR_VERSIONS_H_

#include <string_view>
#include <vector>

#include "tensor/element_type.h"

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

// Calls f(TypeTag<T>{}) for each type of an operator version.
template <typename F>
void ForEachSuiteType(std::string_view op_type, int version, F&& f) {
  for (ElementType type : SuiteTypes(op_type, version)) VisitNumericType(type, f);
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASES_OPERATOR_VERSIONS_H_
