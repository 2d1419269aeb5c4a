// The scenarios of explore by operator (runners/explore/explore_scenario.h).
#include "runners/explore/explore_scenario.h"

namespace onnx_conform {

const ExploreScenario* NoneExploreScenario() { return nullptr; }

const ExploreScenario* ScenarioOf(absl::string_view op) {
#define SUITE_OPERATOR(Name, scenario, official_test_prefix) \
  if (op == #Name) return scenario##ExploreScenario();
#include "ops/operators.def"
  return nullptr;
}

}  // namespace onnx_conform
