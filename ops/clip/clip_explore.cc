// Clip's scenario of `onnx-conform explore` (ops/clip/clip_explore.h).
#include "ops/clip/clip_explore.h"

#include <limits>
#include <tuple>
#include <utility>
#include <vector>

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

}  // namespace onnx_conform
