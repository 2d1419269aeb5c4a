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

void IntAttr(onnx::NodeProto& node, const char* name, std::optional<int64_t> value) {
  if (!value) return;
  onnx::AttributeProto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(*value);
}

class ArgReduceScenario : public ExploreScenario {
 public:
  bool EndsChain() const override { return true; }

  void Steer(const ExploreCell&, absl::FunctionRef<int(int64_t)> digit,
             case_gen::Steer& steer) const override {
    steer.rank = 1 + digit(6);
    const std::optional<int64_t> flags[] = {std::nullopt, 1, 0};
    steer.keepdims = flags[digit(3)];
    steer.last = flags[digit(3)];
    steer.negative = digit(2) == 1;
  }

  rc::Gen<ExploreCase> NodeGen(const ExploreCell& cell,
                               const case_gen::Steer& steer) const override {
    return gen::mapcat(ShapeGen(1, steer.rank), [cell, steer](Shape shape) {
      const int rank = static_cast<int>(shape.size());
      rc::Gen<bool> negative = steer.negative ? gen::just(*steer.negative) : gen::arbitrary<bool>();
      return gen::mapcat(
          gen::tuple(gen::inRange(0, rank), negative, FlagGen(steer.keepdims), FlagGen(steer.last)),
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
              if (axis != 0 || negative) {
                c.axis = negative && StatesNegativeAxes(cell) ? axis - rank : axis;
              }
              c.keepdims = keepdims;
              if (HasSelectLastIndex(cell)) c.select_last_index = last;
              return c;
            });
          });
    });
  }

  void FillStep(const StepDraws& draws, const OpSchema&, ChainNode& n) const override {
    n.axis = draws.axis;
    n.keepdims = draws.flag;
  }

  bool StepFits(const ChainNode& n, const Shape& shape) const override {
    return shape[*n.axis] != 0;  // an empty reduced axis has no answer
  }

  absl::Status BuildNode(const ExploreCase& c, onnx::NodeProto& node,
                         NodeInputAdder add_input) const override {
    if (absl::Status s = add_input(node, "data", c.inputs.at(0), BoundSource::kGraphInput);
        !s.ok()) {
      return s;
    }
    IntAttr(node, "axis", c.axis);
    IntAttr(node, "keepdims", c.keepdims);
    IntAttr(node, "select_last_index", c.select_last_index);
    return absl::OkStatus();
  }

  absl::Status BuildStep(const ChainNode& n, const ExploreCell&, const std::string&,
                         onnx::NodeProto& node, NodeInputAdder) const override {
    IntAttr(node, "axis", n.axis);
    IntAttr(node, "keepdims", n.keepdims);
    return absl::OkStatus();
  }

  ElementType OutputType(ElementType) const override { return ElementType::kInt64; }

  void DescribeNode(const ExploreCase& c, std::vector<std::string>& parts) const override {
    if (c.axis) parts.push_back(absl::StrCat("axis=", *c.axis));
    if (c.keepdims) parts.push_back(absl::StrCat("keepdims=", *c.keepdims));
    if (c.select_last_index) {
      parts.push_back(absl::StrCat("select_last_index=", *c.select_last_index));
    }
  }

  void DescribeStep(const ChainNode& n, std::string& text) const override {
    absl::StrAppend(&text, " axis=", n.axis.value_or(0));
    if (n.keepdims) absl::StrAppend(&text, " keepdims=", *n.keepdims);
  }

  void AddFeatures(const ExploreCase& c, std::vector<std::string>& features) const override {
    if (c.axis && *c.axis < 0) features.push_back("negative_axis");
    if (c.keepdims) features.push_back(*c.keepdims != 0 ? "keepdims" : "no_keepdims");
    if (c.select_last_index.value_or(0) != 0) features.push_back("select_last_index");
  }

  void AddClasses(const ExploreCase& c, bool, size_t,
                  std::vector<std::string>& classes) const override {
    classes.push_back(c.axis ? (*c.axis < 0 ? "axis negative" : "axis given") : "axis unset");
    classes.push_back(absl::StrCat(
        "keepdims ", c.keepdims ? absl::StrCat(*c.keepdims) : "unset", ", select_last_index ",
        c.select_last_index ? absl::StrCat(*c.select_last_index) : "unset"));
  }

  void AddSimplerNodes(const ExploreCase& c, std::vector<ExploreCase>& out) const override {
    for (std::optional<int64_t> ExploreCase::*attr :
         {&ExploreCase::axis, &ExploreCase::keepdims, &ExploreCase::select_last_index}) {
      if (!(c.*attr).has_value()) continue;
      (out.emplace_back(c).*attr).reset();
    }
  }

  void AddSimplerStep(const ExploreCase& c, size_t k,
                      std::vector<ExploreCase>& out) const override {
    if (c.chain[k].keepdims.has_value()) out.emplace_back(c).chain[k].keepdims.reset();
  }

  // Keeps the reduced axis, renumbered.
  bool RemoveAxis(const ExploreCase& c, int64_t a, int64_t rank, ExploreCase& s) const override {
    const int64_t axis = c.axis.value_or(0);
    const int64_t normal = axis < 0 ? axis + rank : axis;
    if (normal == a || rank == 1) return false;
    if (normal > a && axis >= 0) s.axis = axis - 1;
    if (normal < a && axis < 0) s.axis = axis + 1;
    return true;
  }

  void AddCauseStructure(const ExploreCase& c, std::vector<std::string>& s) const override {
    if (c.axis.value_or(0) < 0) s.push_back("axis < 0");
    if (c.axis.value_or(0) > 0) s.push_back("axis");
    if (c.keepdims) s.push_back(absl::StrCat("keepdims ", *c.keepdims));
    if (c.select_last_index) s.push_back(absl::StrCat("select_last_index ", *c.select_last_index));
  }

  void AddCasesWithout(const ExploreCase& c, absl::string_view feature,
                       std::vector<ExploreCase>& out) const override {
    if (feature == "axis < 0") {  // the same axis, counted from the front
      *out.emplace_back(c).axis += static_cast<int64_t>(c.inputs.at(0).shape.size());
    } else if (feature == "axis") {
      out.emplace_back(c).axis.reset();
    } else if (absl::StartsWith(feature, "keepdims ")) {
      out.emplace_back(c).keepdims.reset();
    } else if (absl::StartsWith(feature, "select_last_index ")) {
      out.emplace_back(c).select_last_index.reset();
    }
  }
};

const ArgReduceScenario kArgReduce;

}  // namespace

const ExploreScenario* ArgReduceExploreScenario() { return &kArgReduce; }

}  // namespace onnx_conform
