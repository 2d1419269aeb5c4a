// Clip's bugs (runners/adequacy/bug_families.h).
#include <cmath>
#include <optional>

#include "checker/registry.h"
#include "checker/schema.h"
#include "runners/adequacy/bug_families.h"

namespace onnx_conform {
namespace {

// Whether this Clip version takes its bounds as attributes (1, 6) rather
// than inputs (11 on): the registry says.
bool BoundsAreAttributes(const MutantRun& run) {
  const OpSchema* schema = FindSchemaVersion(run.node().op_type(), static_cast<int>(run.version));
  return schema != nullptr && schema->FindAttribute("min") != nullptr;
}

// Bound 1 (min) or 2 (max): present, and its value when known.
bool HasBound(const MutantRun& run, int position) {
  return BoundsAreAttributes(run)
             ? FindAttribute(run.node(), position == 1 ? "min" : "max") != nullptr
             : HasNodeInput(run, position);
}
std::optional<double> BoundValue(const MutantRun& run, int position) {
  if (BoundsAreAttributes(run)) {
    const onnx::AttributeProto* a = FindAttribute(run.node(), position == 1 ? "min" : "max");
    return a == nullptr ? std::nullopt : std::optional<double>(a->f());
  }
  const Tensor* t = run.FedInput(position);
  return t == nullptr ? std::nullopt : FirstAsDouble(*t);
}
void SetBound(MutantRun& run, int position, double value) {
  if (BoundsAreAttributes(run)) {
    SetFloatAttribute(run.node(), position == 1 ? "min" : "max", static_cast<float>(value));
  } else {
    SetConstantInput(run, position, value);
  }
}
void SwapBounds(MutantRun& run) {
  if (BoundsAreAttributes(run)) {
    RenameAttribute(run.node(), "min", "adequacy_swap");
    RenameAttribute(run.node(), "max", "min");
    RenameAttribute(run.node(), "adequacy_swap", "max");
  } else {
    SwapNodeInputs(run, 1, 2);
  }
}

// A missing bound given the value `value(position)`.
Bug MissingBoundsSet(std::string name, TypeClass types, std::function<double(int)> value,
                     std::string doc, BugNeeds needs = {}) {
  Bug bug{
      .name = std::move(name), .op = "Clip", .types = types, .needs = needs, .doc = std::move(doc)};
  bug.before = [value](MutantRun& run) {
    for (int position : {1, 2}) {
      if (!HasBound(run, position)) SetBound(run, position, value(position));
    }
  };
  return bug;
}

}  // namespace

void AddClipBugs(std::vector<Bug>& bugs) {
  Bug swapped{.name = "clip-bounds-swapped",
              .op = "Clip",
              .types = kAny,
              .doc = "min and max are read the other way round"};
  swapped.before = SwapBounds;
  bugs.push_back(std::move(swapped));
  bugs.push_back(MissingBoundsSet("clip-missing-attribute-as-zero", kAny, [](int) { return 0.0; },
                                  "a missing min or max attribute is read as 0",
                                  {.attribute = "min"}));
  bugs.push_back(PositionsEdited("clip-nan-input-becomes-min", "Clip", kFloats, {0},
                                 ElementEdit::kNaNToNegativeInf,
                                 "a NaN input element comes out as min (max(x, min) keeps min)"));
  bugs.push_back(PositionsEdited("clip-nan-input-becomes-max", "Clip", kFloats, {0},
                                 ElementEdit::kNaNToPositiveInf,
                                 "a NaN input element comes out as max (min(x, max) keeps max)"));
  bugs.push_back(MissingBoundsSet("clip-missing-bound-input-as-zero", kAny, [](int) { return 0.0; },
                                  "an omitted min or max input is read as 0", {.input = 1}));
  bugs.push_back(InputsEdited("clip-integers-through-float32", "Clip", kWide32Up,
                              ElementEdit::kThroughFloat32, false,
                              "integer input and bounds are computed in float32"));
  Bug narrow = InputsEdited("clip-narrow-integers-through-float32", "Clip", kNarrow,
                            ElementEdit::kThroughFloat32, false,
                            "8- and 16-bit integers computed in float32: every one of their "
                            "values is exact in float32, so nothing can differ");
  narrow.kind = BugKind::kEquivalent;
  bugs.push_back(std::move(narrow));
  bugs.push_back(MissingBoundsSet(
      "clip-float-limits-cast-to-integer", kIntegers, [](int) { return -1e300; },
      "a missing bound's float default is cast to the integer type as x86's cvttss2si does "
      "(the type's most negative value): a missing max clips everything to it",
      {.input = 2}));
  Bug lone{.name = "clip-lone-max-taken-as-min",
           .op = "Clip",
           .types = kAny,
           .doc = "a max given without a min is taken as the min"};
  lone.before = [](MutantRun& run) {
    if (HasBound(run, 1) || !HasBound(run, 2)) return;
    if (BoundsAreAttributes(run)) {
      RenameAttribute(run.node(), "max", "min");
    } else {
      SwapNodeInputs(run, 1, 2);
    }
  };
  bugs.push_back(std::move(lone));
  bugs.push_back(MissingBoundsSet(
      "clip-float16-default-bounds-finite", kFloat16,
      [](int position) { return position == 1 ? -65504.0 : 65504.0; },
      "missing float16 bounds are float16's own limits (+-65504), so infinities are clipped"));
  Bug inverted{.name = "clip-inverted-bounds-give-min",
               .op = "Clip",
               .types = kAny,
               .doc = "min > max gives min everywhere (Max(min, Min(x, max)))"};
  inverted.after = [](const MutantRun& run, std::vector<Tensor>& out) {
    const std::optional<double> lo = BoundValue(run, 1), hi = BoundValue(run, 2);
    if (!lo || !hi || !(*lo > *hi) || out.empty()) return;
    FillWith(out[0], *lo);
  };
  bugs.push_back(std::move(inverted));
  Bug infinite = MissingBoundsSet(
      "clip-float16-default-bounds-infinite", kFloat16,
      [](int position) { return position == 1 ? -INFINITY : INFINITY; },
      "missing float16 bounds let infinities through, as onnxruntime's Clip-11 does: follows "
      "the reading clip-missing-bound-skipped");
  infinite.kind = BugKind::kReading;
  bugs.push_back(std::move(infinite));
  AddValueOutputBugs(bugs, "Clip", "clip");
  bugs.push_back(ReadingMutant("Clip", Reading::kClipMissingBoundSkipped));
  bugs.push_back(ReadingMutant("Clip", Reading::kClipNaNBoundIgnored, kFloats));
  bugs.push_back(ReadingMutant("Clip", Reading::kClipInvertedBoundsMinFirst));
}

}  // namespace onnx_conform
