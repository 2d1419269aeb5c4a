#include "cases/case_library.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace onnx_conform {
namespace {

using E = ElementType;

std::vector<ElementType> Floats() { return {E::kFloat16, E::kFloat, E::kDouble}; }
std::vector<ElementType> AllNumeric() {
  return {E::kFloat16, E::kFloat, E::kDouble, E::kInt8,   E::kInt16,  E::kInt32,
          E::kInt64,   E::kUint8, E::kUint16, E::kUint32, E::kUint64};
}
std::vector<ElementType> AllNumericBf() {
  std::vector<ElementType> types = AllNumeric();
  types.push_back(E::kBFloat16);
  return types;
}

}  // namespace

const std::vector<OperatorVersion>& SuiteOperatorVersions() {
  static const auto* const kVersions = new std::vector<OperatorVersion>{
      {"Min", 1, Floats()},          {"Min", 6, Floats()},         {"Min", 8, Floats()},
      {"Min", 12, AllNumeric()},     {"Min", 13, AllNumericBf()},  {"ArgMin", 1, AllNumeric()},
      {"ArgMin", 11, AllNumeric()},  {"ArgMin", 12, AllNumeric()}, {"ArgMin", 13, AllNumericBf()},
      {"Clip", 1, Floats()},         {"Clip", 6, Floats()},        {"Clip", 11, Floats()},
      {"Clip", 12, AllNumeric()},    {"Clip", 13, AllNumericBf()},
  };
  return *kVersions;
}

std::vector<ElementType> SuiteTypes(std::string_view op_type, int version) {
  for (const OperatorVersion& v : SuiteOperatorVersions()) {
    if (v.op_type == op_type && v.version == version) return v.types;
  }
  return {};
}

std::vector<Case> AllCases() {
  std::vector<Case> cases;
  AddMinCases(cases);
  AddArgMinCases(cases);
  AddClipCases(cases);
  AddExpandedClipCases(cases);
  AddInvalidCases(cases);
  std::sort(cases.begin(), cases.end(),
            [](const Case& a, const Case& b) { return a.name < b.name; });
  for (size_t i = 1; i < cases.size(); ++i) {
    if (cases[i].name == cases[i - 1].name) {
      std::fprintf(stderr, "duplicate case name %s\n", cases[i].name.c_str());
      std::abort();
    }
  }
  return cases;
}

}  // namespace onnx_conform
