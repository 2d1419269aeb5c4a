// A scenario of `onnx-conform explore`: everything explore does with the
// node of one node form (the scenario column of ops/operators.def), behind
// one interface, so that drawing, building, describing, shrinking and
// explaining a case never ask which operator it is. The shared node forms
// live here (elementwise_scenario.cc: Variadic and Unary;
// arg_reduce_scenario.cc: ArgReduce); an operator's own form lives in its
// folder (ops/clip/clip_explore.cc).
//
//   const ExploreScenario* s = ScenarioOf("Clip");  // nullptr: no scenario
//   rc::Gen<ExploreCase> gen = s->NodeGen(cell, steer);
//   s->DescribeNode(c, parts);  // "min given", "max absent", ...
//
// A case is the same value whatever its operator (explore_case.h): data
// inputs, and a NodeDraw of optional inputs and attributes that the
// scenario names.
#ifndef ONNX_CONFORM_RUNNERS_EXPLORE_EXPLORE_SCENARIO_H_
#define ONNX_CONFORM_RUNNERS_EXPLORE_EXPLORE_SCENARIO_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/strings/string_view.h"
#include "checker/schema.h"
#include "rapidcheck.h"
#include "runners/explore/case_gen.h"
#include "runners/explore/explore_case.h"

namespace onnx_conform {

// What every chain step of a registered operator draws, whatever its form,
// so that a step's draws do not depend on its operator: further inputs
// that broadcast to the value it is fed, two scalars, two forms of an
// optional input, where given values come from, an axis below the fed
// rank and a flag. Its scenario keeps what it needs (FillStep).
struct StepDraws {
  std::vector<TensorSpec> operands;  // two, each broadcasting to the fed value
  std::pair<TensorSpec, TensorSpec> scalars;
  std::pair<InputForm, InputForm> forms;
  ValueSource source = ValueSource::kGraphInput;
  int64_t axis = 0;
  std::optional<int64_t> flag;
};

// A scenario reads and writes only the case's neutral parts: the data
// inputs, its NodeDraw and its chain steps' (explore_case.h). Building the
// model, counting and shrinking elements, dropping optional inputs and
// unsetting attributes are the same for every scenario, and are not here.
class ExploreScenario {
 public:
  virtual ~ExploreScenario() = default;

  // Drawing (explore_case.cc, explore_chain.cc).

  // Its node's int64 output feeds nothing: its node ends a chain (steered
  // cases take no chain digits, and a step of it comes last).
  virtual bool EndsChain() const { return false; }
  // The rank and the picks a steered case of `cell` takes from the digits
  // of its number, before the chain's digits.
  virtual void Steer(const ExploreCell& cell, absl::FunctionRef<int(int64_t)> digit,
                     case_gen::Steer& steer) const = 0;
  // A case's first node, without a chain.
  virtual rc::Gen<ExploreCase> NodeGen(const ExploreCell& cell,
                                       const case_gen::Steer& steer) const = 0;
  // A chain step of its operator in a case of `cell` from the draws every
  // step makes; `schema` is the step's at the cell's opset.
  virtual void FillStep(const StepDraws& draws, const ExploreCell& cell, const OpSchema& schema,
                        ChainNode& n) const = 0;
  // Whether a step fed a value of `shape` can be built (an axis that is
  // not empty); false makes it an Identity.
  virtual bool StepFits(const ChainNode&, const Shape&) const { return true; }
  // A step's operands broadcast with the data (shrinking slices them).
  virtual bool StepOperandsBroadcast() const { return false; }

  // Building (explore_case_build.cc).

  // The graph name of data input `i` of its first node.
  virtual std::string DataInputName(size_t i) const = 0;
  // The element type of its node's output for input of `type`.
  virtual ElementType OutputType(ElementType type) const { return type; }

  // Reading (explore_case_describe.cc).

  // Describe's parts after the data shapes ("axis=1", "min given"), and a
  // step's text after its op (" [2,1]", " axis=0").
  virtual void DescribeNode(const ExploreCase& c, std::vector<std::string>& parts) const = 0;
  virtual void DescribeStep(const ChainNode& n, std::string& text) const = 0;
  // case.json features and explore's classes of its node; `broadcast` and
  // `rank` are the data inputs'.
  virtual void AddFeatures(const ExploreCase& c, std::vector<std::string>& features) const = 0;
  virtual void AddClasses(const ExploreCase& c, bool broadcast, size_t rank,
                          std::vector<std::string>& classes) const = 0;

  // Shrinking (shrink.cc, explore.cc).

  // `s` is `c` with output axis `axis` of `rank` removed from the data:
  // false where the node cannot lose it, else `s` adjusted (an axis
  // attribute renumbered).
  virtual bool RemoveAxis(const ExploreCase&, int64_t /*axis*/, int64_t /*rank*/,
                          ExploreCase& /*s*/) const {
    return true;
  }
  // Whether the case is where its text says nothing (a named reading left
  // open), and the stated cases nearest such a case.
  virtual bool Unstated(const ExploreCase&) const { return false; }
  virtual std::vector<ExploreCase> StatedCases(const ExploreCase&) const { return {}; }

  // Explaining (finding_cause.cc).

  // Its node's part of a cause's structure, in a fixed order, and the case
  // without `feature` (one or more ways); nothing for a feature not its own.
  virtual void AddCauseStructure(const ExploreCase& c, std::vector<std::string>& s) const = 0;
  virtual void AddCasesWithout(const ExploreCase& c, absl::string_view feature,
                               std::vector<ExploreCase>& out) const = 0;
};

// The scenario of a suite operator, from its line in ops/operators.def;
// nullptr for an operator without one (explore leaves it out and names
// it), and for any other operator.
const ExploreScenario* ScenarioOf(absl::string_view op);

// Each scenario name of ops/operators.def gives one of these (None gives
// nullptr).
#define SUITE_OPERATOR(Name, scenario, official_test_prefix) \
  const ExploreScenario* scenario##ExploreScenario();
#include "ops/operators.def"

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_EXPLORE_EXPLORE_SCENARIO_H_
