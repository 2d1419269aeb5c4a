// The steps of explore's graphs after the case's first node
// (runners/explore/case_gen.h): registered operators, Identity and
// Less+Where pairs, each where the registry has it for the cell's type.
//
//   ChainGen({"Min", 13, ElementType::kFloat}, {2}, 2, true);  // Less+Where, then any step
#include <algorithm>
#include <string>
#include <tuple>

#include "absl/status/statusor.h"
#include "checker/registry.h"
#include "runners/explore/case_gen.h"
#include "runners/explore/explore_case.h"
#include "runners/explore/explore_scenario.h"

namespace onnx_conform {
namespace case_gen {
namespace {

using E = ElementType;

// Whether `op` (covered or supporting) is in the registry at `opset` with
// an input that takes `type`.
bool TakesType(absl::string_view op, int opset, E type) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", op, opset);
  if (!schema.ok()) return false;
  for (const FormalParameter& input : (*schema)->inputs()) {
    const std::vector<E> types = (*schema)->AllowedTypes(input);
    if (std::find(types.begin(), types.end(), type) != types.end()) return true;
  }
  return false;
}

// The steps a chain at this opset can add for `type`: the registered
// operators that take it, Identity, and Less+Where where the registry has it.
std::vector<std::string> ChainOps(int opset, E type) {
  std::vector<std::string> ops;
  for (absl::string_view op : OperatorsInRegistrationOrder()) {
    absl::StatusOr<const OpSchema*> schema = LookupSchema("", op, opset);
    if (!schema.ok()) continue;
    const std::vector<E> types = (*schema)->PrimaryTypes();
    if (std::find(types.begin(), types.end(), type) != types.end() && ScenarioOf(op) != nullptr) {
      ops.emplace_back(op);
    }
  }
  ops.emplace_back("Identity");
  if (LessWhereTakes(opset, type)) ops.emplace_back(kLessWhere);
  return ops;
}

// A Less+Where step fed a value of shape `shape`: its operand a scalar or
// a shape that broadcasts to it, in any of the four orders.
rc::Gen<ChainNode> LessWhereGen(const ExploreCell& cell, const Shape& shape) {
  rc::Gen<Shape> shapes =
      WeightedOneOf<Shape>({{1, gen::just(Shape{})}, {2, BroadcastShapeGen(shape, 1, 1)}});
  const E type = cell.type;
  return gen::map(
      gen::tuple(gen::mapcat(shapes, [type](Shape s) { return TensorGen(std::move(s), type); }),
                 SourceGen(), gen::arbitrary<bool>(), gen::arbitrary<bool>(),
                 gen::arbitrary<bool>()),
      [](std::tuple<TensorSpec, ValueSource, bool, bool, bool> t) {
        ChainNode n;
        n.op = kLessWhere;
        n.operands = {std::move(std::get<0>(t))};
        n.node.source = std::get<1>(t);
        n.less_b_first = std::get<2>(t);
        n.where_v_first = std::get<3>(t);
        n.output_too = std::get<4>(t);
        return n;
      });
}

// The forms an optional input of the step may take: absent or given, and
// skipped where its schema has an optional input.
rc::Gen<InputForm> OptionalFormGen(const OpSchema* schema) {
  const bool optional =
      schema != nullptr &&
      std::any_of(schema->inputs().begin(), schema->inputs().end(),
                  [](const FormalParameter& input) { return input.option == kOptional; });
  return optional ? Pick<InputForm>({InputForm::kAbsent, InputForm::kPresent, InputForm::kSkipped})
                  : Pick<InputForm>({InputForm::kAbsent, InputForm::kPresent});
}

// A step of a registered operator or Identity fed a value of shape
// `shape`: every step makes the same draws (StepDraws), and its operator's
// scenario keeps what it needs.
rc::Gen<ChainNode> OpStepGen(const ExploreCell& cell, const Shape& shape, const std::string& op) {
  absl::StatusOr<const OpSchema*> found = LookupSchema("", op, cell.version);
  const OpSchema* schema = found.ok() ? *found : nullptr;
  const size_t broadcast_weight = schema != nullptr && schema->broadcasting() ? 1 : 0;
  return gen::map(
      gen::tuple(gen::container<std::vector<TensorSpec>>(
                     2, gen::mapcat(BroadcastShapeGen(shape, 1, broadcast_weight),
                                    [cell](Shape s) { return TensorGen(s, cell.type); })),
                 gen::pair(TensorGen({}, cell.type), TensorGen({}, cell.type)),
                 OptionalFormGen(schema), OptionalFormGen(schema), SourceGen(),
                 gen::inRange<int64_t>(0, std::max<int64_t>(1, shape.size())), FlagGen({}),
                 gen::arbitrary<bool>()),
      [cell, op,
       schema](std::tuple<std::vector<TensorSpec>, std::pair<TensorSpec, TensorSpec>, InputForm,
                          InputForm, ValueSource, int64_t, std::optional<int64_t>, bool>
                   t) {
        ChainNode n;
        n.op = op;
        n.output_too = std::get<7>(t);
        if (op == "Identity" || schema == nullptr) return n;
        const StepDraws draws{.operands = std::move(std::get<0>(t)),
                              .scalars = std::move(std::get<1>(t)),
                              .forms = {std::get<2>(t), std::get<3>(t)},
                              .source = std::get<4>(t),
                              .axis = std::get<5>(t),
                              .flag = std::get<6>(t)};
        ScenarioOf(op)->FillStep(draws, cell, *schema, n);
        return n;
      });
}

}  // namespace

rc::Gen<ValueSource> SourceGen() {
  return Pick<ValueSource>(
      {ValueSource::kGraphInput, ValueSource::kInitializer, ValueSource::kConstant});
}

rc::Gen<std::vector<ChainNode>> ChainGen(ExploreCell cell, Shape shape, int count,
                                         bool less_where_first) {
  if (count == 0) return gen::just(std::vector<ChainNode>{});
  std::vector<std::string> ops = ChainOps(cell.version, cell.type);
  rc::Gen<std::string> picked =
      less_where_first && ops.back() == kLessWhere ? gen::just(std::string(kLessWhere)) : Pick(ops);
  return gen::mapcat(picked, [=](const std::string& op) -> rc::Gen<std::vector<ChainNode>> {
    const ExploreScenario* scenario = ScenarioOf(op);  // nullptr: Identity, Less+Where
    const bool reduce = scenario != nullptr && scenario->EndsChain();
    if (reduce && (shape.empty() || count > 1)) return ChainGen(cell, shape, count);
    rc::Gen<ChainNode> node =
        op == kLessWhere ? LessWhereGen(cell, shape) : OpStepGen(cell, shape, op);
    return gen::mapcat(node, [=](ChainNode n) {
      if (scenario != nullptr && !scenario->StepFits(n, shape)) {
        const bool output_too = n.output_too;
        n = ChainNode{};
        n.op = "Identity";
        n.output_too = output_too;
      }
      return gen::map(ChainGen(cell, shape, count - 1), [n](std::vector<ChainNode> rest) {
        rest.insert(rest.begin(), n);
        return rest;
      });
    });
  });
}

}  // namespace case_gen

bool LessWhereTakes(int opset, ElementType type) {
  return case_gen::TakesType("Less", opset, type) && case_gen::TakesType("Where", opset, type);
}

}  // namespace onnx_conform
