// The catalogue's table (runners/adequacy/bug_catalogue.h). Bugs that make
// sense for several operators are made by one function taking the
// operator's name, so that an operator's mirror (Max for Min, ArgMax for
// ArgMin) gets them by adding lines to the table.
#include "runners/adequacy/bug_catalogue.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "checker/registry.h"
#include "checker/schema.h"

namespace onnx_conform {
namespace {

using E = ElementType;
using Before = std::function<void(MutantRun&)>;
using After = std::function<void(const MutantRun&, std::vector<Tensor>&)>;

bool AnyType(E) { return true; }
bool Floats(E t) { return IsFloatingPoint(t); }
bool Halves(E t) { return t == E::kFloat16 || t == E::kBFloat16; }
bool Float16Only(E t) { return t == E::kFloat16; }
bool Unsigned(E t) {
  return t == E::kUint8 || t == E::kUint16 || t == E::kUint32 || t == E::kUint64;
}
bool Integers(E t) { return IsNumeric(t) && !IsFloatingPoint(t); }
bool Wide64(E t) { return t == E::kInt64 || t == E::kUint64; }
bool Wide32Up(E t) { return Integers(t) && ElementSize(t) >= 4; }
bool Narrow(E t) { return Integers(t) && ElementSize(t) <= 2; }

constexpr TypeClass kAny{"any", AnyType};
constexpr TypeClass kFloats{"floats", Floats};
constexpr TypeClass kHalves{"float16, bfloat16", Halves};
constexpr TypeClass kFloat16{"float16", Float16Only};
constexpr TypeClass kUnsigned{"unsigned", Unsigned};
constexpr TypeClass kIntegers{"integers", Integers};
constexpr TypeClass kWide64{"int64, uint64", Wide64};
constexpr TypeClass kWide32Up{"32- and 64-bit integers", Wide32Up};
constexpr TypeClass kNarrow{"8- and 16-bit integers", Narrow};

// Node input positions from 1 on (the operands after the first).
const std::vector<int> kLaterOperands = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

// ---- bugs any operator can have ------------------------------------------

// An element edit of every fed input (and, for an operator returning one of
// its inputs' values, of the outputs, to undo a bijection).
Bug InputsEdited(std::string name, std::string op, TypeClass types, ElementEdit edit,
                 bool undo_on_outputs, std::string doc) {
  Bug bug{.name = std::move(name), .op = std::move(op), .types = types, .doc = std::move(doc)};
  bug.before = [edit](MutantRun& run) { EditFedInputs(run, {}, edit); };
  if (undo_on_outputs) {
    bug.after = [edit](const MutantRun&, std::vector<Tensor>& out) { EditTensors(out, edit); };
  }
  return bug;
}

Bug OutputsEdited(std::string name, std::string op, TypeClass types, ElementEdit edit,
                  std::string doc) {
  Bug bug{.name = std::move(name), .op = std::move(op), .types = types, .doc = std::move(doc)};
  bug.after = [edit](const MutantRun&, std::vector<Tensor>& out) { EditTensors(out, edit); };
  return bug;
}

Bug OutputsMapped(std::string name, std::string op, TypeClass types,
                  std::function<Tensor(const Tensor&)> map, std::string doc) {
  Bug bug{.name = std::move(name), .op = std::move(op), .types = types, .doc = std::move(doc)};
  bug.after = [map](const MutantRun&, std::vector<Tensor>& out) {
    for (Tensor& t : out) t = map(t);
  };
  return bug;
}

Tensor Rank0AsOne(const Tensor& t) { return t.rank() == 0 ? Reshaped(t, {1}) : t; }
Tensor EmptyFlattened(const Tensor& t) {
  return t.element_count() == 0 && t.rank() != 1 ? Reshaped(t, {0}) : t;
}

// A mutant following a named reading of the texts.
Bug ReadingMutant(std::string op, Reading reading, TypeClass types = kAny) {
  Bug bug{.name = std::string(ReadingName(reading)),
          .op = std::move(op),
          .types = types,
          .kind = BugKind::kReading,
          .doc = absl::StrCat("follows the reading ", ReadingName(reading), ": ",
                              InfoOf(reading).summary)};
  bug.before = [reading](MutantRun& run) { run.readings.Add(reading); };
  return bug;
}

// Bugs in the shape of any operator's result.
void AddShapeBugs(std::vector<Bug>& bugs, const std::string& op, const std::string& prefix) {
  bugs.push_back(OutputsMapped(prefix + "-rank0-written-as-1", op, kAny, Rank0AsOne,
                               "a rank-0 result is written with shape [1]"));
  bugs.push_back(OutputsMapped(prefix + "-empty-output-flattened", op, kAny, EmptyFlattened,
                               "a result with no element is written with shape [0]"));
}

// Bugs in how any operator compares its elements; `values`: the operator
// returns one of its inputs' values (Min, Clip), so an edit that is a
// bijection is undone on the result.
void AddComparisonBugs(std::vector<Bug>& bugs, const std::string& op, const std::string& prefix,
                       bool values) {
  bugs.push_back(InputsEdited(prefix + "-denormals-read-as-zero", op, kFloats,
                              ElementEdit::kFlushDenormals, false,
                              "denormal inputs are read as zero (DAZ), as OpenCV DNN does"));
  bugs.push_back(InputsEdited(prefix + "-unsigned-compared-as-signed", op, kUnsigned,
                              ElementEdit::kFlipSignBit, values,
                              "unsigned elements are compared as the signed type of their size"));
  bugs.push_back(InputsEdited(prefix + "-int64-through-double", op, kWide64,
                              ElementEdit::kThroughDouble, false,
                              "64-bit integers are compared (and returned) through double"));
  AddShapeBugs(bugs, op, prefix);
}

// Bugs in the values an operator returns from its inputs.
void AddValueOutputBugs(std::vector<Bug>& bugs, const std::string& op, const std::string& prefix) {
  bugs.push_back(OutputsMapped(prefix + "-half-written-as-float32", op, kHalves, WidenedHalf,
                               "a float16 or bfloat16 result is written as float32"));
  bugs.push_back(OutputsEdited(prefix + "-denormal-outputs-flushed", op, kFloats,
                               ElementEdit::kFlushDenormals,
                               "denormal results are flushed to zero (FTZ)"));
  bugs.push_back(OutputsEdited(prefix + "-negative-zero-made-positive", op, kFloats,
                               ElementEdit::kNegativeZeroToPositive, "a -0 result comes out +0"));
  AddComparisonBugs(bugs, op, prefix, true);
}

// ---- Min and its mirror ----------------------------------------------------

void AddElementwiseBugs(std::vector<Bug>& bugs, const std::string& op, const std::string& prefix,
                        const std::string& opposite, ElementEdit nan_dropped) {
  bugs.push_back(InputsEdited(prefix + "-returns-" + opposite, op, kAny, ElementEdit::kReverseOrder,
                              true, absl::StrCat("computes ", opposite, " instead")));
  Bug third{.name = prefix + "-ignores-third-input",
            .op = op,
            .types = kAny,
            .doc = "reads only the first two inputs"};
  third.before = [](MutantRun& run) { KeepNodeInputs(run, 2); };
  bugs.push_back(std::move(third));
  Bug nan{.name = prefix + "-nan-dropped-in-later-operands",
          .op = op,
          .types = kFloats,
          .doc = "a NaN in any operand but the first is skipped (a < b ? a : b from the left)"};
  nan.before = [nan_dropped](MutantRun& run) { EditFedInputs(run, kLaterOperands, nan_dropped); };
  bugs.push_back(std::move(nan));
  Bug left{.name = prefix + "-left-aligned-broadcast",
           .op = op,
           .types = kAny,
           .doc = "broadcasting aligns shapes on the left (trailing 1s added to the shorter)"};
  left.before = [](MutantRun& run) {
    size_t rank = 0;
    for (const Tensor& t : run.inputs) rank = std::max(rank, t.shape().size());
    for (Tensor& t : run.inputs) {
      Shape shape = t.shape();
      shape.resize(rank, 1);
      if (shape != t.shape()) t = Reshaped(t, shape);
    }
    ForgetShapes(run);
  };
  bugs.push_back(std::move(left));
  Bug first{.name = prefix + "-output-shape-of-first-input",
            .op = op,
            .types = kAny,
            .doc = "the result takes the first input's shape, not the broadcast shape"};
  first.after = [](const MutantRun& run, std::vector<Tensor>& out) {
    const Tensor* x = run.FedInput(0);
    if (x == nullptr || out.empty() || out[0].shape() == x->shape()) return;
    out[0] = RepeatedInto(out[0], x->shape());
  };
  bugs.push_back(std::move(first));
  AddValueOutputBugs(bugs, op, prefix);
}

// ---- ArgMin and its mirror -------------------------------------------------

int64_t IntAttribute(const MutantRun& run, absl::string_view name, int64_t fallback) {
  const onnx::AttributeProto* a = FindAttribute(run.node(), name);
  return a == nullptr ? fallback : a->i();
}

void AddArgReduceBugs(std::vector<Bug>& bugs, const std::string& op, const std::string& prefix,
                      const std::string& opposite) {
  bugs.push_back(InputsEdited(prefix + "-returns-" + opposite, op, kAny, ElementEdit::kReverseOrder,
                              false,
                              absl::StrCat("returns the index of the ", opposite, " instead")));
  Bug last{.name = prefix + "-ties-last",
           .op = op,
           .types = kAny,
           .doc = "a tie goes to the last index (select_last_index=1 always)"};
  last.before = [](MutantRun& run) {
    if (!FindSchemaVersion(run.node().op_type(), static_cast<int>(run.version))
             ->FindAttribute("select_last_index")) {
      RaiseOpset(run, 12);
    }
    SetIntAttribute(run.node(), "select_last_index", 1);
  };
  bugs.push_back(std::move(last));
  Bug ignored{.name = prefix + "-select-last-index-ignored",
              .op = op,
              .types = kAny,
              .needs = {.attribute = "select_last_index"},
              .doc = "select_last_index is ignored: ties go to the first index"};
  ignored.before = [](MutantRun& run) { RemoveAttribute(run.node(), "select_last_index"); };
  bugs.push_back(std::move(ignored));
  Bug kept{.name = prefix + "-keepdims-ignored",
           .op = op,
           .types = kAny,
           .doc = "keepdims=0 is ignored: the reduced axis is always kept"};
  kept.before = [](MutantRun& run) { SetIntAttribute(run.node(), "keepdims", 1); };
  bugs.push_back(std::move(kept));
  Bug dropped{.name = prefix + "-keepdims-default-0",
              .op = op,
              .types = kAny,
              .doc = "keepdims defaults to 0: without the attribute the axis is dropped"};
  dropped.before = [](MutantRun& run) {
    if (!FindAttribute(run.node(), "keepdims")) SetIntAttribute(run.node(), "keepdims", 0);
  };
  bugs.push_back(std::move(dropped));
  Bug off{.name = prefix + "-negative-axis-off-by-one",
          .op = op,
          .types = kAny,
          .doc = "a negative axis is normalised as axis + rank - 1"};
  off.before = [](MutantRun& run) {
    const int64_t axis = IntAttribute(run, "axis", 0);
    if (axis < 0) SetIntAttribute(run.node(), "axis", axis - 1);
  };
  bugs.push_back(std::move(off));
  Bug axis{.name = prefix + "-axis-ignored",
           .op = op,
           .types = kAny,
           .doc = "the axis attribute is ignored: always axis 0"};
  axis.before = [](MutantRun& run) { RemoveAttribute(run.node(), "axis"); };
  bugs.push_back(std::move(axis));
  bugs.push_back(OutputsMapped(prefix + "-int32-indices", op, kAny, NarrowedIndices,
                               "indices are written as int32, not int64"));
  Bug empty{.name = prefix + "-empty-keeps-axis",
            .op = op,
            .types = kAny,
            .doc = "keepdims=0 over an input with no element keeps the reduced axis as 1"};
  empty.after = [](const MutantRun& run, std::vector<Tensor>& out) {
    const Tensor* x = run.FedInput(0);
    if (x == nullptr || x->element_count() != 0 || out.empty()) return;
    if (IntAttribute(run, "keepdims", 1) != 0) return;
    int64_t axis = IntAttribute(run, "axis", 0);
    if (axis < 0) axis += x->rank();
    Shape shape = out[0].shape();
    if (axis < 0 || axis > static_cast<int64_t>(shape.size())) return;
    shape.insert(shape.begin() + axis, 1);
    out[0] = Reshaped(out[0], shape);
  };
  bugs.push_back(std::move(empty));
  AddComparisonBugs(bugs, op, prefix, false);
}

// ---- Clip ------------------------------------------------------------------

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
  Bug nan{.name = "clip-nan-input-becomes-min",
          .op = "Clip",
          .types = kFloats,
          .doc = "a NaN input element comes out as min (max(x, min) keeps min)"};
  nan.before = [](MutantRun& run) { EditFedInputs(run, {0}, ElementEdit::kNaNToNegativeInf); };
  bugs.push_back(std::move(nan));
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

bool Registered(absl::string_view op) { return !SchemaVersions(op).empty(); }

std::vector<Bug> MakeCatalogue() {
  std::vector<Bug> bugs;
  AddElementwiseBugs(bugs, "Min", "min", "max", ElementEdit::kNaNToPositiveInf);
  bugs.push_back(ReadingMutant("Min", Reading::kMinNaNIgnored, kFloats));
  AddArgReduceBugs(bugs, "ArgMin", "argmin", "max");
  bugs.push_back(ReadingMutant("ArgMin", Reading::kArgMinNaNUnordered, kFloats));
  AddClipBugs(bugs);
  // The mirrors, once the registry has them: the same bugs, order reversed
  // (a NaN dropped from a later operand then never wins as -inf).
  if (Registered("Max")) {
    AddElementwiseBugs(bugs, "Max", "max", "min", ElementEdit::kNaNToNegativeInf);
  }
  if (Registered("ArgMax")) AddArgReduceBugs(bugs, "ArgMax", "argmax", "min");
  return bugs;
}

const OpSchema* SchemaOf(const Bug& bug, int64_t version) {
  return FindSchemaVersion(bug.op, static_cast<int>(version));
}

}  // namespace

absl::string_view BugKindName(BugKind kind) {
  switch (kind) {
    case BugKind::kBug: return "bug";
    case BugKind::kReading: return "reading";
    case BugKind::kEquivalent: return "equivalent";
  }
  return "bug";
}

const std::vector<Bug>& BugCatalogue() {
  static const std::vector<Bug>* catalogue = new std::vector<Bug>(MakeCatalogue());
  return *catalogue;
}

bool BugApplies(const Bug& bug, absl::string_view op, int64_t version, ElementType type) {
  if (op != bug.op || !bug.types.has(type)) return false;
  const OpSchema* schema = SchemaOf(bug, version);
  if (schema == nullptr) return false;
  if (!bug.needs.attribute.empty() && schema->FindAttribute(bug.needs.attribute) == nullptr) {
    return false;
  }
  return bug.needs.input < 0 || schema->max_inputs() > bug.needs.input;
}

std::vector<int64_t> BugVersions(const Bug& bug) {
  std::vector<int64_t> versions;
  for (const OpSchema* schema : SchemaVersions(bug.op)) {
    if (schema->inputs().empty()) continue;
    for (ElementType t : schema->AllowedTypes(schema->inputs()[0])) {
      if (BugApplies(bug, bug.op, schema->since_version(), t)) {
        versions.push_back(schema->since_version());
        break;
      }
    }
  }
  std::sort(versions.begin(), versions.end());
  return versions;
}

absl::StatusOr<std::vector<const Bug*>> SelectBugs(absl::string_view names, absl::string_view ops) {
  std::set<std::string> wanted_ops;
  for (absl::string_view op : absl::StrSplit(ops, ',', absl::SkipEmpty())) {
    if (SchemaVersions(op).empty()) {
      return absl::InvalidArgumentError(absl::StrCat("--op: unknown operator '", op, "'"));
    }
    wanted_ops.insert(std::string(op));
  }
  std::vector<const Bug*> selected;
  std::vector<absl::string_view> wanted = absl::StrSplit(names, ',', absl::SkipEmpty());
  for (absl::string_view name : wanted) {
    const auto& all = BugCatalogue();
    if (std::none_of(all.begin(), all.end(), [&](const Bug& b) { return b.name == name; })) {
      return absl::InvalidArgumentError(
          absl::StrCat("--bugs: no bug named '", name, "' (onnx-conform adequacy --list)"));
    }
  }
  for (const Bug& bug : BugCatalogue()) {
    if (!wanted_ops.empty() && !wanted_ops.count(bug.op)) continue;
    if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), bug.name) == wanted.end()) {
      continue;
    }
    selected.push_back(&bug);
  }
  return selected;
}

}  // namespace onnx_conform
