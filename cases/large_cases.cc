#include "cases/large_cases.h"

#include "cases/case_library.h"

namespace onnx_conform {

std::vector<Case> LargeCases() {
  std::vector<Case> cases;
#define SUITE_OPERATOR(Name, ...) Add##Name##LargeCases(cases);
#include "ops/operators.def"
  return cases;
}

}  // namespace onnx_conform
