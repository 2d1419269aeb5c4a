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

// A steered min > max: the bounds swapped when they are the other way.
void Invert(ExploreCase& c) {
  if (c.min_form != BoundForm::kPresent || c.max_form != BoundForm::kPresent) return;
  if (!ClipBoundsAreInputsAt(c.cell.version)) {
    if (c.min_attr < c.max_attr) std::swap(c.min_attr, c.max_attr);
    if (c.min_attr == c.max_attr) c.max_attr = c.min_attr - 1;
    return;
  }
  const double lo = ValueOf(c.cell.type, c.min_input.bits.at(0));
  const double hi = ValueOf(c.cell.type, c.max_input.bits.at(0));
  if (lo < hi) std::swap(c.min_input, c.max_input);
  if (lo == hi) c.min_input.bits[0] = SimpleValues(c.cell.type)[1], c.max_input.bits[0] = 0;
}

const char* FormName(BoundForm form) {
  const char* names[] = {"absent", "skipped", "given"};
  return names[static_cast<int>(form)];
}

void FloatAttr(onnx::NodeProto& node, const char* name, BoundForm form, float value) {
  if (form != BoundForm::kPresent) return;
  onnx::AttributeProto* a = node.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(value);
}

// A Clip bound's form at that version (the steered one when given).
rc::Gen<BoundForm> BoundFormGen(int opset, std::optional<BoundForm> steered) {
  if (steered) return gen::just(*steered);
  return ClipBoundsAreInputsAt(opset)
             ? Pick<BoundForm>({BoundForm::kAbsent, BoundForm::kPresent, BoundForm::kSkipped})
             : Pick<BoundForm>({BoundForm::kAbsent, BoundForm::kPresent});
}

// The cell's text leaves min > max unstated, a named reading (Clip before
// 13).
bool InvertedBoundsUnstated(const ExploreCell& cell) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", cell.op, cell.version);
  return schema.ok() && (*schema)->readings().Has(Reading::kClipInvertedBoundsGiveMin);
}

// A case's min and max as numbers, when both are given (inputs from
// ClipBoundsAreInputsAt(version), else attributes); nullopt otherwise.
std::optional<std::pair<double, double>> GivenBounds(const ExploreCase& c) {
  if (c.min_form != BoundForm::kPresent || c.max_form != BoundForm::kPresent) return std::nullopt;
  if (!ClipBoundsAreInputsAt(c.cell.version))
    return std::pair{double{c.min_attr}, double{c.max_attr}};
  return std::pair{ValueOf(c.cell.type, c.min_input.bits.at(0)),
                   ValueOf(c.cell.type, c.max_input.bits.at(0))};
}

bool Inverted(const ExploreCase& c) {
  std::optional<std::pair<double, double>> b = GivenBounds(c);
  return b && b->first > b->second;
}

// A Clip node's bounds at `opset`: FLOAT attributes before the bounds are
// inputs, else inputs 1 and 2 named `prefix` + "min"/"max" (a skipped one,
// or a missing min before a given max, as "").
struct BoundsToBuild {
  BoundForm min_form = BoundForm::kAbsent, max_form = BoundForm::kAbsent;
  const TensorSpec* min_input = nullptr;
  const TensorSpec* max_input = nullptr;
  float min_attr = 0, max_attr = 0;
  BoundSource source = BoundSource::kGraphInput;
};
absl::Status AddBounds(onnx::NodeProto& node, int opset, const BoundsToBuild& bounds,
                       const std::string& prefix, NodeInputAdder add_input) {
  if (!ClipBoundsAreInputsAt(opset)) {
    FloatAttr(node, "min", bounds.min_form, bounds.min_attr);
    FloatAttr(node, "max", bounds.max_form, bounds.max_attr);
    return absl::OkStatus();
  }
  if (bounds.min_form == BoundForm::kPresent) {
    if (absl::Status s = add_input(node, prefix + "min", *bounds.min_input, bounds.source);
        !s.ok()) {
      return s;
    }
  } else if (bounds.min_form == BoundForm::kSkipped || bounds.max_form != BoundForm::kAbsent) {
    node.add_input("");
  }
  if (bounds.max_form == BoundForm::kPresent) {
    if (absl::Status s = add_input(node, prefix + "max", *bounds.max_input, bounds.source);
        !s.ok()) {
      return s;
    }
  } else if (bounds.max_form == BoundForm::kSkipped) {
    node.add_input("");
  }
  return absl::OkStatus();
}

class ClipScenario : public ExploreScenario {
 public:
  // The classes a steered Clip case takes: the rank, then each bound's form
  // (present, absent, and skipped from 11).
  void Steer(const ExploreCell& cell, absl::FunctionRef<int(int64_t)> digit,
             case_gen::Steer& steer) const override {
    steer.rank = digit(7);
    const int forms = ClipBoundsAreInputsAt(cell.version) ? 3 : 2;
    const BoundForm order[] = {BoundForm::kPresent, BoundForm::kAbsent, BoundForm::kSkipped};
    steer.min_form = order[digit(forms)];
    steer.max_form = order[digit(forms)];
  }

  // Its input (of a steered rank), its bounds' forms and values (min > max
  // when the steer asks for it) and, from version 11, where the given
  // bounds come from.
  rc::Gen<ExploreCase> NodeGen(const ExploreCell& cell,
                               const case_gen::Steer& steer) const override {
    rc::Gen<BoundSource> source = steer.source ? gen::just(*steer.source) : SourceGen();
    return gen::mapcat(ShapeGen(0, steer.rank), [=](Shape shape) {
      return gen::map(
          gen::tuple(TensorGen(shape, cell.type), BoundFormGen(cell.version, steer.min_form),
                     BoundFormGen(cell.version, steer.max_form), TensorGen({}, cell.type),
                     TensorGen({}, cell.type), BoundAttrGen(), BoundAttrGen(), source),
          [cell, steer](std::tuple<TensorSpec, BoundForm, BoundForm, TensorSpec, TensorSpec, float,
                                   float, BoundSource>
                            t) {
            ExploreCase c;
            c.cell = cell;
            c.inputs = {std::move(std::get<0>(t))};
            c.min_form = std::get<1>(t);
            c.max_form = std::get<2>(t);
            c.min_input = std::move(std::get<3>(t));
            c.max_input = std::move(std::get<4>(t));
            c.min_attr = std::get<5>(t);
            c.max_attr = std::get<6>(t);
            if (ClipBoundsAreInputsAt(cell.version)) c.bound_source = std::get<7>(t);
            if (steer.inverted) Invert(c);
            return c;
          });
    });
  }

  void FillStep(const StepDraws& draws, const OpSchema&, ChainNode& n) const override {
    n.operands = {draws.scalars.first, draws.scalars.second};
    n.min_form = draws.forms.first;
    n.max_form = draws.forms.second;
    n.bound_source = draws.source;
  }

  absl::Status BuildNode(const ExploreCase& c, onnx::NodeProto& node,
                         NodeInputAdder add_input) const override {
    if (absl::Status s = add_input(node, "input", c.inputs.at(0), BoundSource::kGraphInput);
        !s.ok()) {
      return s;
    }
    return AddBounds(node, c.cell.version,
                     {.min_form = c.min_form,
                      .max_form = c.max_form,
                      .min_input = &c.min_input,
                      .max_input = &c.max_input,
                      .min_attr = c.min_attr,
                      .max_attr = c.max_attr,
                      .source = c.bound_source},
                     "", add_input);
  }

  // A step's bounds are scalars of the data's type; before they are inputs
  // they are given as the FLOAT attributes nearest them.
  absl::Status BuildStep(const ChainNode& n, const ExploreCell& cell, const std::string& prefix,
                         onnx::NodeProto& node, NodeInputAdder add_input) const override {
    if (n.operands.size() != 2) return absl::InvalidArgumentError("explore: Clip bounds");
    return AddBounds(node, cell.version,
                     {.min_form = n.min_form,
                      .max_form = n.max_form,
                      .min_input = &n.operands[0],
                      .max_input = &n.operands[1],
                      .min_attr = static_cast<float>(ValueOf(cell.type, n.operands[0].bits.at(0))),
                      .max_attr = static_cast<float>(ValueOf(cell.type, n.operands[1].bits.at(0))),
                      .source = n.bound_source},
                     prefix, add_input);
  }

  // The given bound inputs, min then max (none before the bounds are inputs).
  void AppendNodeBits(ExploreCase& c, std::vector<uint64_t*>& slots) const override {
    if (!ClipBoundsAreInputsAt(c.cell.version)) return;
    for (TensorSpec* bound : {&c.min_input, &c.max_input}) {
      const BoundForm form = bound == &c.min_input ? c.min_form : c.max_form;
      if (form != BoundForm::kPresent) continue;
      for (uint64_t& b : bound->bits) slots.push_back(&b);
    }
  }

  int64_t NodeElementCount(const ExploreCase& c) const override {
    if (!ClipBoundsAreInputsAt(c.cell.version)) return 0;
    return (c.min_form == BoundForm::kPresent) + (c.max_form == BoundForm::kPresent);
  }

  int64_t StepElementCount(const ChainNode& n) const override {
    return (n.min_form == BoundForm::kPresent) + (n.max_form == BoundForm::kPresent);
  }

  // "min given", "max=2", "bounds from Constant".
  void DescribeNode(const ExploreCase& c, std::vector<std::string>& parts) const override {
    parts.push_back(absl::StrCat("min ", FormName(c.min_form)));
    parts.push_back(absl::StrCat("max ", FormName(c.max_form)));
    const bool inputs = ClipBoundsAreInputsAt(c.cell.version);
    if (!inputs && c.min_form == BoundForm::kPresent)
      parts.push_back(absl::StrCat("min=", c.min_attr));
    if (!inputs && c.max_form == BoundForm::kPresent)
      parts.push_back(absl::StrCat("max=", c.max_attr));
    if (inputs && (c.min_form == BoundForm::kPresent || c.max_form == BoundForm::kPresent)) {
      parts.push_back(absl::StrCat("bounds from ", case_gen::BoundSourceName(c.bound_source)));
    }
  }

  // " min given max absent from input".
  void DescribeStep(const ChainNode& n, std::string& text) const override {
    absl::StrAppend(&text, " min ", FormName(n.min_form), " max ", FormName(n.max_form), " from ",
                    case_gen::BoundSourceName(n.bound_source));
  }

  void AddFeatures(const ExploreCase& c, std::vector<std::string>& features) const override {
    if (c.min_form == BoundForm::kSkipped || c.max_form == BoundForm::kSkipped) {
      features.push_back("skipped_bound");
    }
    if (c.min_form == BoundForm::kAbsent || c.max_form == BoundForm::kAbsent) {
      features.push_back("missing_bound");
    }
  }

  // "min given, max skipped", "bounds from initializer", "min > max".
  void AddClasses(const ExploreCase& c, bool, size_t,
                  std::vector<std::string>& classes) const override {
    classes.push_back(absl::StrCat("min ", FormName(c.min_form), ", max ", FormName(c.max_form)));
    if (ClipBoundsAreInputsAt(c.cell.version) && c.min_form == BoundForm::kPresent) {
      classes.push_back(absl::StrCat("bounds from ", case_gen::BoundSourceName(c.bound_source)));
    }
    if (Inverted(c)) classes.push_back("min > max");
  }

  // A bound dropped, min first.
  void AddSimplerNodes(const ExploreCase& c, std::vector<ExploreCase>& out) const override {
    for (BoundForm ExploreCase::*form : {&ExploreCase::min_form, &ExploreCase::max_form}) {
      if (c.*form == BoundForm::kAbsent) continue;
      out.emplace_back(c).*form = BoundForm::kAbsent;
    }
  }

  void AddSimplerStep(const ExploreCase& c, size_t k,
                      std::vector<ExploreCase>& out) const override {
    for (BoundForm ChainNode::*form : {&ChainNode::min_form, &ChainNode::max_form}) {
      if (c.chain[k].*form == BoundForm::kAbsent) continue;
      out.emplace_back(c).chain[k].*form = BoundForm::kAbsent;
    }
  }

  // Clip-1/6 bound attributes towards 0, 1, -1.
  void AddSimplerAttributes(const ExploreCase& c, std::vector<ExploreCase>& out) const override {
    if (ClipBoundsAreInputsAt(c.cell.version)) return;
    for (float ExploreCase::*bound : {&ExploreCase::min_attr, &ExploreCase::max_attr}) {
      for (float v : {0.0f, 1.0f, -1.0f}) {
        if (c.*bound == v && std::signbit(c.*bound) == std::signbit(v)) break;
        out.emplace_back(c).*bound = v;
      }
    }
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
    for (BoundForm ExploreCase::*dropped : {&ExploreCase::min_form, &ExploreCase::max_form}) {
      for (uint64_t v : EdgeValues(c.cell.type)) {
        ExploreCase& s = out.emplace_back(c);
        s.*dropped = BoundForm::kAbsent;
        for (TensorSpec& t : s.inputs) std::fill(t.bits.begin(), t.bits.end(), v);
      }
    }
    return out;
  }

  // The given Clip-1/6 bound attributes, as float bits.
  void ForEachAttributeValue(ExploreCase& c,
                             absl::FunctionRef<void(ElementType, uint64_t&)> visit) const override {
    if (ClipBoundsAreInputsAt(c.cell.version)) return;
    for (auto [form, attr] :
         {std::pair{c.min_form, &c.min_attr}, std::pair{c.max_form, &c.max_attr}}) {
      if (form != BoundForm::kPresent) continue;
      uint64_t bits = std::bit_cast<uint32_t>(*attr);
      visit(ElementType::kFloat, bits);
      *attr = std::bit_cast<float>(static_cast<uint32_t>(bits));
    }
  }

  // "min", "max" (each given) and "min > max".
  void AddCauseStructure(const ExploreCase& c, std::vector<std::string>& s) const override {
    if (c.min_form == BoundForm::kPresent) s.push_back("min");
    if (c.max_form == BoundForm::kPresent) s.push_back("max");
    if (Inverted(c)) s.push_back("min > max");
  }

  // A bound dropped, or the bounds swapped.
  void AddCasesWithout(const ExploreCase& c, absl::string_view feature,
                       std::vector<ExploreCase>& out) const override {
    if (feature == "min") {
      out.emplace_back(c).min_form = BoundForm::kAbsent;
    } else if (feature == "max") {
      out.emplace_back(c).max_form = BoundForm::kAbsent;
    } else if (feature == "min > max") {
      ExploreCase& s = out.emplace_back(c);
      std::swap(s.min_attr, s.max_attr);
      std::swap(s.min_input, s.max_input);
    }
  }
};

const ClipScenario kClip;

}  // namespace

const ExploreScenario* ClipExploreScenario() { return &kClip; }

}  // namespace onnx_conform
