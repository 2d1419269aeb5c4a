// Clip's scenario of `onnx-conform explore` (runners/explore/explore_scenario.h):
// how a Clip node of a case is drawn, steered and built, and how its bounds
// are read when a case is described, shrunk and explained. Its bounds are
// FLOAT attributes before ClipBoundsAreInputsAt(version) and optional
// scalar inputs from it (ops/clip/clip_bounds.h); each bound is absent,
// skipped (an input named "") or present, and a steered case may have
// min > max.
//
//   const ExploreScenario* clip = ScenarioOf("Clip");
//   clip->NodeGen({"Clip", 11, ElementType::kFloat}, steer);  // bounds as inputs
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "checker/registry.h"
#include "ops/clip/clip_bounds.h"
#include "runners/explore/case_gen.h"
#include "runners/explore/explore_scenario.h"

namespace onnx_conform {
namespace {

namespace gen = rc::gen;
using case_gen::Pick;
using case_gen::ShapeGen;
using case_gen::SourceGen;
using case_gen::SourceName;
using case_gen::TensorGen;
using case_gen::WeightedOneOf;

// A Clip-1/6 bound attribute: the values float16 and bfloat16 round
// differently, limits, infinities, NaN, small integers, any float.
rc::Gen<float> BoundAttrGen() {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> pool = {0.0f,
                             1.0f,
                             -1.0f,
                             2.0f,
                             -0.0f,
                             0.5f,
                             65504.0f,
                             65520.0f,
                             1.00048828125f,
                             1.000732421875f,
                             0.999755859375f,
                             1e-8f,
                             2.98e-8f,
                             inf,
                             -inf,
                             std::numeric_limits<float>::quiet_NaN(),
                             3.4e38f,
                             -65520.0f};
  return WeightedOneOf<float>({{4, Pick(pool)},
                               {3, gen::map(gen::inRange(-3, 4), [](int v) { return float(v); })},
                               {1, gen::arbitrary<float>()}});
}

// Clip's bounds in its node's NodeDraw: the inputs "min" and "max" from
// ClipBoundsAreInputsAt(version), the FLOAT attributes "min" and "max"
// before.
constexpr const char* kMin = "min";
constexpr const char* kMax = "max";

InputForm FormOf(const NodeDraw& node, const char* bound) {
  if (const OptionalInput* input = node.Input(bound)) return input->form;
  const std::optional<uint32_t>* attribute = node.Float(bound);
  return attribute != nullptr && attribute->has_value() ? InputForm::kPresent : InputForm::kAbsent;
}

// The bound left out.
void Drop(NodeDraw& node, const char* bound) {
  if (OptionalInput* input = node.Input(bound)) input->form = InputForm::kAbsent;
  if (std::optional<uint32_t>* attribute = node.Float(bound)) attribute->reset();
}

// A given bound as a number (a FLOAT attribute, or an input of `type`).
std::optional<double> BoundValue(const NodeDraw& node, ElementType type, const char* bound) {
  if (FormOf(node, bound) != InputForm::kPresent) return std::nullopt;
  if (const OptionalInput* input = node.Input(bound)) return ValueOf(type, input->value.bits.at(0));
  return std::bit_cast<float>(**node.Float(bound));
}

// A case's min and max as numbers, when both are given.
std::optional<std::pair<double, double>> GivenBounds(const ExploreCase& c) {
  const std::optional<double> min = BoundValue(c.node, c.cell.type, kMin);
  const std::optional<double> max = BoundValue(c.node, c.cell.type, kMax);
  if (!min || !max) return std::nullopt;
  return std::pair{*min, *max};
}

bool Inverted(const ExploreCase& c) {
  std::optional<std::pair<double, double>> b = GivenBounds(c);
  return b && b->first > b->second;
}

// Swaps the two bounds' values.
void SwapBounds(NodeDraw& node) {
  if (OptionalInput* min = node.Input(kMin); min != nullptr && node.Input(kMax) != nullptr) {
    std::swap(min->value, node.Input(kMax)->value);
  }
  if (std::optional<uint32_t>* min = node.Float(kMin); min != nullptr && node.Float(kMax)) {
    std::swap(*min, *node.Float(kMax));
  }
}

// A steered min > max: the bounds swapped when they are the other way.
void Invert(ExploreCase& c) {
  std::optional<std::pair<double, double>> b = GivenBounds(c);
  if (!b) return;
  if (b->first < b->second) SwapBounds(c.node);
  if (b->first != b->second) return;
  if (!ClipBoundsAreInputsAt(c.cell.version)) {
    *c.node.Float(kMax) = std::bit_cast<uint32_t>(static_cast<float>(b->first) - 1);
    return;
  }
  c.node.Input(kMin)->value.bits[0] = SimpleValues(c.cell.type)[1];
  c.node.Input(kMax)->value.bits[0] = 0;
}

const char* FormName(InputForm form) {
  const char* names[] = {"absent", "skipped", "given"};
  return names[static_cast<int>(form)];
}

// A Clip bound's form at that version (the steered pick when given:
// present, absent, skipped).
rc::Gen<InputForm> BoundFormGen(int opset, std::optional<int> steered) {
  if (steered) {
    const InputForm order[] = {InputForm::kPresent, InputForm::kAbsent, InputForm::kSkipped};
    return gen::just(order[*steered]);
  }
  return ClipBoundsAreInputsAt(opset)
             ? Pick<InputForm>({InputForm::kAbsent, InputForm::kPresent, InputForm::kSkipped})
             : Pick<InputForm>({InputForm::kAbsent, InputForm::kPresent});
}

// The cell's text leaves min > max unstated, a named reading (Clip before
// 13).
bool InvertedBoundsUnstated(const ExploreCell& cell) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", cell.op, cell.version);
  return schema.ok() && (*schema)->readings().Has(Reading::kClipInvertedBoundsGiveMin);
}

// The bounds of a node at `version` in the form it takes them: inputs
// (given, skipped or absent) from 11, FLOAT attributes before.
NodeDraw BoundsAt(int version, std::pair<InputForm, InputForm> forms,
                  std::pair<TensorSpec, TensorSpec> inputs, std::pair<float, float> attributes,
                  ValueSource source) {
  NodeDraw node;
  node.source = source;
  if (ClipBoundsAreInputsAt(version)) {
    node.optional_inputs = {{kMin, forms.first, std::move(inputs.first)},
                            {kMax, forms.second, std::move(inputs.second)}};
    return node;
  }
  auto attribute = [](InputForm form, float value) -> std::optional<uint32_t> {
    if (form != InputForm::kPresent) return std::nullopt;
    return std::bit_cast<uint32_t>(value);
  };
  node.floats = {{kMin, attribute(forms.first, attributes.first)},
                 {kMax, attribute(forms.second, attributes.second)}};
  return node;
}

class ClipScenario : public ExploreScenario {
 public:
  // A steered case's picks: the form of min, then of max.
  static constexpr size_t kMinForm = 0, kMaxForm = 1;

  // The classes a steered Clip case takes: the rank, then each bound's form
  // (present, absent, and skipped from 11).
  void Steer(const ExploreCell& cell, absl::FunctionRef<int(int64_t)> digit,
             case_gen::Steer& steer) const override {
    steer.rank = digit(7);
    const int forms = ClipBoundsAreInputsAt(cell.version) ? 3 : 2;
    steer.picks = {digit(forms), digit(forms)};
  }

  // Its input (of a steered rank), its bounds' forms and values (min > max
  // when the steer asks for it) and, from version 11, where the given
  // bounds come from.
  rc::Gen<ExploreCase> NodeGen(const ExploreCell& cell,
                               const case_gen::Steer& steer) const override {
    return gen::mapcat(ShapeGen(0, steer.rank), [=](Shape shape) {
      return gen::map(
          gen::tuple(TensorGen(shape, cell.type), BoundFormGen(cell.version, steer.pick(kMinForm)),
                     BoundFormGen(cell.version, steer.pick(kMaxForm)), TensorGen({}, cell.type),
                     TensorGen({}, cell.type), BoundAttrGen(), BoundAttrGen(), SourceGen()),
          [cell, steer](std::tuple<TensorSpec, InputForm, InputForm, TensorSpec, TensorSpec, float,
                                   float, ValueSource>
                            t) {
            ExploreCase c;
            c.cell = cell;
            c.inputs = {std::move(std::get<0>(t))};
            const bool inputs = ClipBoundsAreInputsAt(cell.version);
            c.node = BoundsAt(cell.version, {std::get<1>(t), std::get<2>(t)},
                              {std::move(std::get<3>(t)), std::move(std::get<4>(t))},
                              {std::get<5>(t), std::get<6>(t)},
                              inputs ? std::get<7>(t) : ValueSource::kGraphInput);
            if (steer.alternate) Invert(c);
            return c;
          });
    });
  }

  // A step's bounds are scalars of the data's type; before they are inputs
  // they are given as the FLOAT attributes nearest them.
  void FillStep(const StepDraws& draws, const ExploreCell& cell, const OpSchema&,
                ChainNode& n) const override {
    const float min = static_cast<float>(ValueOf(cell.type, draws.scalars.first.bits.at(0)));
    const float max = static_cast<float>(ValueOf(cell.type, draws.scalars.second.bits.at(0)));
    n.node = BoundsAt(cell.version, draws.forms, draws.scalars, {min, max}, draws.source);
  }

  std::string DataInputName(size_t) const override { return "input"; }

  // "min given", "max=2", "bounds from Constant".
  void DescribeNode(const ExploreCase& c, std::vector<std::string>& parts) const override {
    parts.push_back(absl::StrCat("min ", FormName(FormOf(c.node, kMin))));
    parts.push_back(absl::StrCat("max ", FormName(FormOf(c.node, kMax))));
    for (const FloatAttribute& a : c.node.floats) {
      if (a.bits) parts.push_back(absl::StrCat(a.name, "=", std::bit_cast<float>(*a.bits)));
    }
    const bool any_given =
        std::any_of(c.node.optional_inputs.begin(), c.node.optional_inputs.end(),
                    [](const OptionalInput& input) { return input.form == InputForm::kPresent; });
    if (any_given) parts.push_back(absl::StrCat("bounds from ", SourceName(c.node.source)));
  }

  // " min given max absent from input".
  void DescribeStep(const ChainNode& n, std::string& text) const override {
    absl::StrAppend(&text, " min ", FormName(FormOf(n.node, kMin)), " max ",
                    FormName(FormOf(n.node, kMax)), " from ", SourceName(n.node.source));
  }

  void AddFeatures(const ExploreCase& c, std::vector<std::string>& features) const override {
    const InputForm min = FormOf(c.node, kMin), max = FormOf(c.node, kMax);
    if (min == InputForm::kSkipped || max == InputForm::kSkipped) {
      features.push_back("skipped_bound");
    }
    if (min == InputForm::kAbsent || max == InputForm::kAbsent) {
      features.push_back("missing_bound");
    }
  }

  // "min given, max skipped", "bounds from initializer", "min > max".
  void AddClasses(const ExploreCase& c, bool, size_t,
                  std::vector<std::string>& classes) const override {
    const InputForm min = FormOf(c.node, kMin);
    classes.push_back(
        absl::StrCat("min ", FormName(min), ", max ", FormName(FormOf(c.node, kMax))));
    if (c.node.Input(kMin) != nullptr && min == InputForm::kPresent) {
      classes.push_back(absl::StrCat("bounds from ", SourceName(c.node.source)));
    }
    if (Inverted(c)) classes.push_back("min > max");
  }

  // Min > max where the cell's text leaves it open (Clip-1 to 12).
  bool Unstated(const ExploreCase& c) const override {
    return InvertedBoundsUnstated(c.cell) && Inverted(c);
  }

  // The stated cases nearest an unstated one: one bound dropped, the data
  // set to each edge value.
  std::vector<ExploreCase> StatedCases(const ExploreCase& c) const override {
    std::vector<ExploreCase> out;
    if (!Unstated(c)) return out;
    for (const char* dropped : {kMin, kMax}) {
      for (uint64_t v : EdgeValues(c.cell.type)) {
        ExploreCase& s = out.emplace_back(c);
        Drop(s.node, dropped);
        for (TensorSpec& t : s.inputs) std::fill(t.bits.begin(), t.bits.end(), v);
      }
    }
    return out;
  }

  // "min", "max" (each given) and "min > max".
  void AddCauseStructure(const ExploreCase& c, std::vector<std::string>& s) const override {
    for (const char* bound : {kMin, kMax}) {
      if (FormOf(c.node, bound) == InputForm::kPresent) s.push_back(bound);
    }
    if (Inverted(c)) s.push_back("min > max");
  }

  // A bound dropped, or the bounds swapped.
  void AddCasesWithout(const ExploreCase& c, absl::string_view feature,
                       std::vector<ExploreCase>& out) const override {
    if (feature == kMin || feature == kMax) {
      Drop(out.emplace_back(c).node, feature == kMin ? kMin : kMax);
    } else if (feature == "min > max") {
      SwapBounds(out.emplace_back(c).node);
    }
  }
};

const ClipScenario kClip;

}  // namespace

const ExploreScenario* ClipExploreScenario() { return &kClip; }

}  // namespace onnx_conform
