// Explore's element-wise node forms (runners/explore/explore_scenario.h):
// Variadic (Min, Max: one to four inputs, broadcasting where the schema
// does) and Unary (Relu: the schema takes one input). A chain step of
// them gets a further input where its schema takes two.
#include <algorithm>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "runners/explore/case_gen.h"
#include "runners/explore/explore_scenario.h"

namespace onnx_conform {
namespace {

namespace gen = rc::gen;
using case_gen::BroadcastShapeGen;
using case_gen::ShapeGen;
using case_gen::ShapeText;
using case_gen::TensorGen;

class ElementwiseScenario : public ExploreScenario {
 public:
  // A steered case's picks: how many inputs (less one), and whether one
  // broadcasts.
  static constexpr size_t kInputCount = 0, kBroadcast = 1;

  void Steer(const ExploreCell&, absl::FunctionRef<int(int64_t)> digit,
             case_gen::Steer& steer) const override {
    steer.rank = digit(7);
    steer.picks = {digit(4), digit(2)};  // kInputCount - 1, kBroadcast
  }

  rc::Gen<ExploreCase> NodeGen(const ExploreCell& cell,
                               const case_gen::Steer& steer) const override {
    // Min-1 and 6 want equal shapes: broadcast ones are rarer there, and invalid.
    const bool broadcasts = Broadcasts(cell);
    const int most = MaxInputs(cell, 4);  // Relu: one
    const std::optional<int> inputs = steer.pick(kInputCount);
    std::optional<bool> broadcast;
    if (std::optional<int> d = steer.pick(kBroadcast)) broadcast = *d == 1;
    rc::Gen<int> counts =
        inputs ? gen::just(std::min(1 + *inputs, most)) : gen::inRange(1, most + 1);
    size_t same = broadcasts ? 1 : 3, other = 1;
    if (broadcast && broadcasts) (*broadcast ? same : other) = 0;
    return gen::mapcat(gen::pair(ShapeGen(0, steer.rank), counts), [=](std::pair<Shape, int> p) {
      rc::Gen<TensorSpec> input =
          gen::mapcat(BroadcastShapeGen(p.first, same, other),
                      [cell](Shape shape) { return TensorGen(std::move(shape), cell.type); });
      // A steered broadcast keeps the first input at the full shape, so
      // that the output has the steered rank.
      rc::Gen<TensorSpec> first = broadcast.value_or(false) ? TensorGen(p.first, cell.type) : input;
      return gen::map(gen::pair(first, gen::container<std::vector<TensorSpec>>(
                                           static_cast<size_t>(p.second - 1), input)),
                      [cell](std::pair<TensorSpec, std::vector<TensorSpec>> inputs) {
                        ExploreCase c;
                        c.cell = cell;
                        c.inputs = {std::move(inputs.first)};
                        for (TensorSpec& t : inputs.second) c.inputs.push_back(std::move(t));
                        return c;
                      });
    });
  }

  void FillStep(const StepDraws& draws, const ExploreCell&, const OpSchema& schema,
                ChainNode& n) const override {
    if (schema.max_inputs() >= 2) n.operands = {draws.operands[0]};
  }

  bool StepOperandsBroadcast() const override { return true; }

  std::string DataInputName(size_t i) const override { return absl::StrCat("x", i); }

  void DescribeNode(const ExploreCase&, std::vector<std::string>&) const override {}

  void DescribeStep(const ChainNode& n, std::string& text) const override {
    for (const TensorSpec& t : n.operands) absl::StrAppend(&text, " ", ShapeText(t.shape));
  }

  void AddFeatures(const ExploreCase& c, std::vector<std::string>& features) const override {
    if (c.inputs.size() > 2) features.push_back("variadic");
  }

  void AddClasses(const ExploreCase& c, bool broadcast, size_t rank,
                  std::vector<std::string>& classes) const override {
    classes.push_back(absl::StrCat("inputs ", c.inputs.size()));
    if (broadcast) classes.push_back(absl::StrCat("broadcast to rank ", rank));
  }

  void AddCauseStructure(const ExploreCase& c, std::vector<std::string>& s) const override {
    if (c.inputs.size() > 2) s.push_back(absl::StrCat("inputs ", c.inputs.size()));
    for (const TensorSpec& t : c.inputs) {
      if (t.shape != c.inputs[0].shape) {
        s.push_back("broadcast");
        break;
      }
    }
  }

  void AddCasesWithout(const ExploreCase& c, absl::string_view feature,
                       std::vector<ExploreCase>& out) const override {
    if (!absl::StartsWith(feature, "inputs ")) return;
    for (size_t k = c.inputs.size(); k-- > 0;) {  // each input dropped in turn
      ExploreCase& s = out.emplace_back(c);
      s.inputs.erase(s.inputs.begin() + static_cast<std::ptrdiff_t>(k));
    }
  }
};

const ElementwiseScenario kElementwise;

}  // namespace

const ExploreScenario* VariadicExploreScenario() { return &kElementwise; }
const ExploreScenario* UnaryExploreScenario() { return &kElementwise; }

}  // namespace onnx_conform
