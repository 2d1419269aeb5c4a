// The suite's operators as data: one entry per line of ops/operators.def,
// in its order, for code that looks an operator up by name. Includes
// nothing of the project, so every floor may use it.
//
//   const SuiteOperator* op = FindSuiteOperator("Clip");  // op->scenario == kClip
//   for (const SuiteOperator& op : kSuiteOperators) ...   // Min, ArgMin, ...
#ifndef ONNX_CONFORM_OPS_SUITE_OPERATORS_H_
#define ONNX_CONFORM_OPS_SUITE_OPERATORS_H_

#include <string_view>

namespace onnx_conform {

// The node form that audit's and explore's scenarios draw for an operator.
enum class NodeScenario {
  kVariadic,   // element-wise over one or more inputs (Min, Max)
  kArgReduce,  // indices along an axis (ArgMin, ArgMax)
  kClip,       // one input between bounds, attributes or inputs by version
  kUnary,      // element-wise over exactly one input (Relu)
  kNone,       // none yet: audit and explore say so
};

struct SuiteOperator {
  std::string_view op_type;
  NodeScenario scenario;
  // The start of the names of ONNX's node tests of the operator.
  std::string_view official_test_prefix;
};

inline constexpr SuiteOperator kSuiteOperators[] = {
#define SUITE_OPERATOR(Name, scenario, prefix) {#Name, NodeScenario::k##scenario, prefix},
#include "ops/operators.def"
};

// nullptr for an operator the suite does not cover.
constexpr const SuiteOperator* FindSuiteOperator(std::string_view op_type) {
  for (const SuiteOperator& op : kSuiteOperators) {
    if (op.op_type == op_type) return &op;
  }
  return nullptr;
}

// For string types other than std::string_view (absl::string_view where
// abseil does not alias it).
template <typename String>
requires requires(const String& s) {
  s.data();
  s.size();
}
constexpr const SuiteOperator* FindSuiteOperator(const String& op_type) {
  return FindSuiteOperator(std::string_view(op_type.data(), op_type.size()));
}

// The suite's operator whose official tests `test_name` is one of, or nullptr.
constexpr const SuiteOperator* OfficialTestOperator(std::string_view test_name) {
  for (const SuiteOperator& op : kSuiteOperators) {
    if (test_name.starts_with(op.official_test_prefix)) return &op;
  }
  return nullptr;
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_SUITE_OPERATORS_H_
