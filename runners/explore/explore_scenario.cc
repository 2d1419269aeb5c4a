// The scenarios of explore by operator (runners/explore/explore_scenario.h).
#include "runners/explore/explore_scenario.h"

namespace onnx_conform {

int64_t ExploreScenario::StepElementCount(const ChainNode& n) const {
  int64_t count = 0;
  for (const TensorSpec& t : n.operands) count += static_cast<int64_t>(t.bits.size());
  return count;
}

const ExploreScenario* NoneExploreScenario() { return nullptr; }

const ExploreScenario* ScenarioOf(absl::string_view op) {
#define SUITE_OPERATOR(Name, scenario, official_test_prefix) \
  if (op == #Name) return scenario##ExploreScenario();
#include "ops/operators.def"
  return nullptr;
}

}  // namespace onnx_conform
