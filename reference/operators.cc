#include "reference/operators.h"

#include "reference/support_ops.h"

namespace onnx_conform {
namespace {

// The supporting operators (checker/registry.h): plain forms only.
constexpr OperatorKernels kSupportOperators[] = {
    {"CastLike", &CastLike, nullptr}, {"Constant", &Constant, nullptr},
    {"Identity", &Identity, nullptr}, {"Less", &Less, nullptr},
    {"Where", &Where, nullptr},
};

// The suite's operators, from the one list.
const OperatorKernels* const kSuiteOperators[] = {
#define SUITE_OPERATOR(Name, ...) &k##Name##Kernels,
#include "ops/operators.def"
};

}  // namespace

const OperatorKernels* FindKernels(absl::string_view op_type) {
  for (const OperatorKernels* entry : kSuiteOperators) {
    if (entry->op_type == op_type) return entry;
  }
  for (const OperatorKernels& entry : kSupportOperators) {
    if (entry.op_type == op_type) return &entry;
  }
  return nullptr;
}

std::vector<absl::string_view> OperatorsRun() {
  std::vector<absl::string_view> names;
  for (const OperatorKernels* entry : kSuiteOperators) names.push_back(entry->op_type);
  for (const OperatorKernels& entry : kSupportOperators) names.push_back(entry.op_type);
  return names;
}

}  // namespace onnx_conform
