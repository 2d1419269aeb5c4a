// Explore's arg-reduce node form (runners/explore/explore_scenario.h):
// ArgMin, ArgMax. One data input of rank 1 or more and the attributes
// axis (negative where the text states the range), keepdims and
// select_last_index (where the schema has it), each set or not. Its int64
// output ends a chain.
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "checker/registry.h"
#include "ops/arg_extremum/arg_reduce_attributes.h"
#include "runners/explore/case_gen.h"
#include "runners/explore/explore_scenario.h"

namespace onnx_conform {
namespace {

namespace gen = rc::gen;
using case_gen::FlagGen;
using case_gen::ShapeGen;
using case_gen::TensorGen;

const OpSchema* SchemaOf(const ExploreCell& cell) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", cell.op, cell.version);
  return schema.ok() ? *schema : nullptr;
}

// The cell's schema has select_last_index (ArgMin-12 on).
bool HasSelectLastIndex(const ExploreCell& cell) {
  const OpSchema* schema = SchemaOf(cell);
  return schema != nullptr && schema->FindAttribute("select_last_index") != nullptr;
}

// The cell's text states a negative axis range (ArgMin-11 on): a negative
// axis is written as such only there.
bool StatesNegativeAxes(const ExploreCell& cell) {
  const OpSchema* schema = SchemaOf(cell);
  return schema != nullptr && StatesNegativeAxisRange(*schema);
}

// An attribute flag's steered value: unset, 1 or 0 by the pick's digit.
std::optional<std::optional<int64_t>> SteeredFlag(std::optional<int> pick) {
  const std::optional<int64_t> flags[] = {std::nullopt, 1, 0};
  if (!pick) return std::nullopt;
  return flags[*pick];
}

class ArgReduceScenario : public ExploreScenario {
 public:
  // A steered case's picks: keepdims and select_last_index (unset, 1, 0),
  // and whether the axis is negative.
  static constexpr size_t kKeepdims = 0, kSelectLastIndex = 1, kNegativeAxis = 2;

  bool EndsChain() const override { return true; }

  void Steer(const ExploreCell&, absl::FunctionRef<int(int64_t)> digit,
             case_gen::Steer& steer) const override {
    steer.rank = 1 + digit(6);
    steer.picks = {digit(3), digit(3), digit(2)};
  }

  rc::Gen<ExploreCase> NodeGen(const ExploreCell& cell,
                               const case_gen::Steer& steer) const override {
    return gen::mapcat(ShapeGen(1, steer.rank), [cell, steer](Shape shape) {
      const int rank = static_cast<int>(shape.size());
      const std::optional<int> steered_negative = steer.pick(kNegativeAxis);
      rc::Gen<bool> negative =
          steered_negative ? gen::just(*steered_negative == 1) : gen::arbitrary<bool>();
      return gen::mapcat(
          gen::tuple(gen::inRange(0, rank), negative, FlagGen(SteeredFlag(steer.pick(kKeepdims))),
                     FlagGen(SteeredFlag(steer.pick(kSelectLastIndex)))),
          [cell, shape,
           rank](std::tuple<int, bool, std::optional<int64_t>, std::optional<int64_t>> t) {
            // Named copies, not structured bindings: clang 14 cannot capture those.
            const int axis = std::get<0>(t);
            const bool negative = std::get<1>(t);
            const std::optional<int64_t> keepdims = std::get<2>(t);
            const std::optional<int64_t> last = std::get<3>(t);
            Shape fixed = shape;
            if (fixed[axis] == 0) fixed[axis] = 1;  // an empty reduced axis has no answer
            return gen::map(TensorGen(fixed, cell.type), [=](TensorSpec data) {
              ExploreCase c;
              c.cell = cell;
              c.inputs = {std::move(data)};
              // Axis 0 is the default: leaving it unset is the simplest case.
              std::optional<int64_t> written_axis;
              if (axis != 0 || negative) {
                written_axis = negative && StatesNegativeAxes(cell) ? axis - rank : axis;
              }
              c.node.ints = {{"axis", written_axis},
                             {"keepdims", keepdims},
                             {"select_last_index", HasSelectLastIndex(cell) ? last : std::nullopt}};
              return c;
            });
          });
    });
  }

  void FillStep(const StepDraws& draws, const ExploreCell&, const OpSchema&,
                ChainNode& n) const override {
    n.node.ints = {{"axis", draws.axis}, {"keepdims", draws.flag}};
  }

  // An empty reduced axis has no answer.
  bool StepFits(const ChainNode& n, const Shape& shape) const override {
    return shape[n.node.IntValue("axis").value_or(0)] != 0;
  }

  std::string DataInputName(size_t) const override { return "data"; }

  ElementType OutputType(ElementType) const override { return ElementType::kInt64; }

  // "axis=1", "keepdims=0", "select_last_index=1" for each set.
  void DescribeNode(const ExploreCase& c, std::vector<std::string>& parts) const override {
    for (const IntAttribute& a : c.node.ints) {
      if (a.value) parts.push_back(absl::StrCat(a.name, "=", *a.value));
    }
  }

  void DescribeStep(const ChainNode& n, std::string& text) const override {
    absl::StrAppend(&text, " axis=", n.node.IntValue("axis").value_or(0));
    if (std::optional<int64_t> keepdims = n.node.IntValue("keepdims")) {
      absl::StrAppend(&text, " keepdims=", *keepdims);
    }
  }

  void AddFeatures(const ExploreCase& c, std::vector<std::string>& features) const override {
    const Attributes a = AttributesOf(c);
    if (a.axis && *a.axis < 0) features.push_back("negative_axis");
    if (a.keepdims) features.push_back(*a.keepdims != 0 ? "keepdims" : "no_keepdims");
    if (a.select_last_index.value_or(0) != 0) features.push_back("select_last_index");
  }

  void AddClasses(const ExploreCase& c, bool, size_t,
                  std::vector<std::string>& classes) const override {
    const Attributes a = AttributesOf(c);
    classes.push_back(a.axis ? (*a.axis < 0 ? "axis negative" : "axis given") : "axis unset");
    classes.push_back(absl::StrCat(
        "keepdims ", a.keepdims ? absl::StrCat(*a.keepdims) : "unset", ", select_last_index ",
        a.select_last_index ? absl::StrCat(*a.select_last_index) : "unset"));
  }

  // Keeps the reduced axis, renumbered.
  bool RemoveAxis(const ExploreCase& c, int64_t a, int64_t rank, ExploreCase& s) const override {
    const int64_t axis = c.node.IntValue("axis").value_or(0);
    const int64_t normal = axis < 0 ? axis + rank : axis;
    if (normal == a || rank == 1) return false;
    if (normal > a && axis >= 0) *s.node.Int("axis") = axis - 1;
    if (normal < a && axis < 0) *s.node.Int("axis") = axis + 1;
    return true;
  }

  void AddCauseStructure(const ExploreCase& c, std::vector<std::string>& s) const override {
    const Attributes a = AttributesOf(c);
    if (a.axis.value_or(0) < 0) s.push_back("axis < 0");
    if (a.axis.value_or(0) > 0) s.push_back("axis");
    if (a.keepdims) s.push_back(absl::StrCat("keepdims ", *a.keepdims));
    if (a.select_last_index) s.push_back(absl::StrCat("select_last_index ", *a.select_last_index));
  }

  void AddCasesWithout(const ExploreCase& c, absl::string_view feature,
                       std::vector<ExploreCase>& out) const override {
    if (feature == "axis < 0") {  // the same axis, counted from the front
      **out.emplace_back(c).node.Int("axis") += static_cast<int64_t>(c.inputs.at(0).shape.size());
    } else if (feature == "axis") {
      out.emplace_back(c).node.Int("axis")->reset();
    } else if (absl::StartsWith(feature, "keepdims ")) {
      out.emplace_back(c).node.Int("keepdims")->reset();
    } else if (absl::StartsWith(feature, "select_last_index ")) {
      out.emplace_back(c).node.Int("select_last_index")->reset();
    }
  }

 private:
  // The first node's attributes as the scenario drew them.
  struct Attributes {
    std::optional<int64_t> axis, keepdims, select_last_index;
  };
  static Attributes AttributesOf(const ExploreCase& c) {
    return {c.node.IntValue("axis"), c.node.IntValue("keepdims"),
            c.node.IntValue("select_last_index")};
  }
};

const ArgReduceScenario kArgReduce;

}  // namespace

const ExploreScenario* ArgReduceExploreScenario() { return &kArgReduce; }

}  // namespace onnx_conform
