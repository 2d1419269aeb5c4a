// Clip's scenario of `onnx-conform explore` (ops/clip/clip_explore.h).
#include "ops/clip/clip_explore.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ops/clip/clip_bounds.h"

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

}  // namespace

rc::Gen<ExploreCase> ClipNodeGen(const ExploreCell& cell, const case_gen::Steer& steer) {
  rc::Gen<BoundSource> source = steer.source ? gen::just(*steer.source) : SourceGen();
  return gen::mapcat(ShapeGen(0, steer.rank), [=](Shape shape) {
    return gen::map(
        gen::tuple(TensorGen(shape, cell.type), ClipBoundFormGen(cell.version, steer.min_form),
                   ClipBoundFormGen(cell.version, steer.max_form), TensorGen({}, cell.type),
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

void SteerClipNode(const ExploreCell& cell, absl::FunctionRef<int(int64_t)> digit,
                   case_gen::Steer& steer) {
  steer.rank = digit(7);
  const int forms = ClipBoundsAreInputsAt(cell.version) ? 3 : 2;
  const BoundForm order[] = {BoundForm::kPresent, BoundForm::kAbsent, BoundForm::kSkipped};
  steer.min_form = order[digit(forms)];
  steer.max_form = order[digit(forms)];
}

rc::Gen<BoundForm> ClipBoundFormGen(int opset, std::optional<BoundForm> steered) {
  if (steered) return gen::just(*steered);
  return ClipBoundsAreInputsAt(opset)
             ? Pick<BoundForm>({BoundForm::kAbsent, BoundForm::kPresent, BoundForm::kSkipped})
             : Pick<BoundForm>({BoundForm::kAbsent, BoundForm::kPresent});
}

absl::Status AddClipBounds(onnx::NodeProto& node, int opset, const ClipBoundsToBuild& bounds,
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

std::optional<std::pair<double, double>> ClipGivenBounds(const ExploreCase& c) {
  if (c.min_form != BoundForm::kPresent || c.max_form != BoundForm::kPresent) return std::nullopt;
  if (!ClipBoundsAreInputsAt(c.cell.version))
    return std::pair{double{c.min_attr}, double{c.max_attr}};
  return std::pair{ValueOf(c.cell.type, c.min_input.bits.at(0)),
                   ValueOf(c.cell.type, c.max_input.bits.at(0))};
}

void AppendClipBoundBits(ExploreCase& c, std::vector<uint64_t*>& slots) {
  if (!ClipBoundsAreInputsAt(c.cell.version)) return;
  for (TensorSpec* bound : {&c.min_input, &c.max_input}) {
    const BoundForm form = bound == &c.min_input ? c.min_form : c.max_form;
    if (form != BoundForm::kPresent) continue;
    for (uint64_t& b : bound->bits) slots.push_back(&b);
  }
}

int64_t ClipBoundElementCount(const ExploreCase& c) {
  if (!ClipBoundsAreInputsAt(c.cell.version)) return 0;
  return (c.min_form == BoundForm::kPresent) + (c.max_form == BoundForm::kPresent);
}

void ForEachClipBoundAttribute(ExploreCase& c,
                               absl::FunctionRef<void(ElementType, uint64_t&)> visit) {
  if (ClipBoundsAreInputsAt(c.cell.version)) return;
  for (auto [form, attr] :
       {std::pair{c.min_form, &c.min_attr}, std::pair{c.max_form, &c.max_attr}}) {
    if (form != BoundForm::kPresent) continue;
    uint64_t bits = std::bit_cast<uint32_t>(*attr);
    visit(ElementType::kFloat, bits);
    *attr = std::bit_cast<float>(static_cast<uint32_t>(bits));
  }
}

void DescribeClipNode(const ExploreCase& c, std::vector<std::string>& parts) {
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

std::string DescribeClipStep(const ChainNode& n) {
  return absl::StrCat(" min ", FormName(n.min_form), " max ", FormName(n.max_form), " from ",
                      case_gen::BoundSourceName(n.bound_source));
}

void AddClipFeatures(const ExploreCase& c, std::vector<std::string>& features) {
  if (c.min_form == BoundForm::kSkipped || c.max_form == BoundForm::kSkipped) {
    features.push_back("skipped_bound");
  }
  if (c.min_form == BoundForm::kAbsent || c.max_form == BoundForm::kAbsent) {
    features.push_back("missing_bound");
  }
}

void AddClipClasses(const ExploreCase& c, std::vector<std::string>& classes) {
  classes.push_back(absl::StrCat("min ", FormName(c.min_form), ", max ", FormName(c.max_form)));
  if (ClipBoundsAreInputsAt(c.cell.version) && c.min_form == BoundForm::kPresent) {
    classes.push_back(absl::StrCat("bounds from ", case_gen::BoundSourceName(c.bound_source)));
  }
  if (std::optional<std::pair<double, double>> b = ClipGivenBounds(c); b && b->first > b->second) {
    classes.push_back("min > max");
  }
}

std::vector<ExploreCase> SimplerClipBoundAttributes(const ExploreCase& c) {
  std::vector<ExploreCase> out;
  if (ClipBoundsAreInputsAt(c.cell.version)) return out;
  for (float ExploreCase::*bound : {&ExploreCase::min_attr, &ExploreCase::max_attr}) {
    for (float v : {0.0f, 1.0f, -1.0f}) {
      if (c.*bound == v && std::signbit(c.*bound) == std::signbit(v)) break;
      ExploreCase& s = out.emplace_back(c);
      s.*bound = v;
    }
  }
  return out;
}

std::vector<ExploreCase> ClipStatedCases(const ExploreCase& c) {
  std::vector<ExploreCase> out;
  if (!InvertedBoundsUnstated(c.cell)) return out;
  std::optional<std::pair<double, double>> bounds = ClipGivenBounds(c);
  if (!bounds || !(bounds->first > bounds->second)) return out;
  for (BoundForm ExploreCase::*dropped : {&ExploreCase::min_form, &ExploreCase::max_form}) {
    for (uint64_t v : EdgeValues(c.cell.type)) {
      ExploreCase& s = out.emplace_back(c);
      s.*dropped = BoundForm::kAbsent;
      for (TensorSpec& t : s.inputs) std::fill(t.bits.begin(), t.bits.end(), v);
    }
  }
  return out;
}

void AddClipCauseStructure(const ExploreCase& c, std::vector<std::string>& structure) {
  if (c.min_form == BoundForm::kPresent) structure.push_back("min");
  if (c.max_form == BoundForm::kPresent) structure.push_back("max");
  if (std::optional<std::pair<double, double>> b = ClipGivenBounds(c); b && b->first > b->second) {
    structure.push_back("min > max");
  }
}

bool RemoveClipCauseFeature(absl::string_view feature, ExploreCase& c) {
  if (feature == "min") {
    c.min_form = BoundForm::kAbsent;
  } else if (feature == "max") {
    c.max_form = BoundForm::kAbsent;
  } else if (feature == "min > max") {
    std::swap(c.min_attr, c.max_attr);
    std::swap(c.min_input, c.max_input);
  } else {
    return false;
  }
  return true;
}

}  // namespace onnx_conform
