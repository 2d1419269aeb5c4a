// The bug families of runners/adequacy/bug_families.h but Clip's.
#include "runners/adequacy/bug_families.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "checker/registry.h"
#include "checker/schema.h"

namespace onnx_conform {
namespace {

// Node input positions from 1 on (the operands after the first).
const std::vector<int> kLaterOperands = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

Tensor Rank0AsOne(const Tensor& t) { return t.rank() == 0 ? Reshaped(t, {1}) : t; }
Tensor EmptyFlattened(const Tensor& t) {
  return t.element_count() == 0 && t.rank() != 1 ? Reshaped(t, {0}) : t;
}

int64_t IntAttribute(const MutantRun& run, absl::string_view name, int64_t fallback) {
  const onnx::AttributeProto* a = FindAttribute(run.node(), name);
  return a == nullptr ? fallback : a->i();
}

}  // namespace

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

// An element edit of the fed inputs at these node input positions.
Bug PositionsEdited(std::string name, std::string op, TypeClass types, std::vector<int> positions,
                    ElementEdit edit, std::string doc) {
  Bug bug{.name = std::move(name), .op = std::move(op), .types = types, .doc = std::move(doc)};
  bug.before = [positions, edit](MutantRun& run) { EditFedInputs(run, positions, edit); };
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

// A mutant following a named reading of the texts.
Bug ReadingMutant(std::string op, Reading reading, TypeClass types) {
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
  bugs.push_back(PositionsEdited(
      prefix + "-nan-dropped-in-later-operands", op, kFloats, kLaterOperands, nan_dropped,
      "a NaN in any operand but the first is skipped (a < b ? a : b from the left)"));
  bugs.push_back(PositionsEdited(prefix + "-nan-dropped-in-first-operand", op, kFloats, {0},
                                 nan_dropped,
                                 "a NaN in the first operand is skipped (b < a ? b : a)"));
  Bug spread{.name = prefix + "-broadcast-input-read-as-its-first-element",
             .op = op,
             .types = kAny,
             .doc = "an input that is broadcast is read as its first element repeated"};
  spread.before = [](MutantRun& run) {
    int64_t most = 0;
    for (const Tensor& t : run.inputs) most = std::max(most, t.element_count());
    for (Tensor& t : run.inputs) {
      if (t.element_count() > 1 && t.element_count() < most)
        t = RepeatedInto(Reshaped(t, {1}), t.shape());
    }
  };
  bugs.push_back(std::move(spread));
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
    // A version without the attribute is raised to the first that has it.
    if (!FindSchemaVersion(run.node().op_type(), static_cast<int>(run.version))
             ->FindAttribute("select_last_index")) {
      for (const OpSchema* schema : SchemaVersions(run.node().op_type())) {
        if (schema->FindAttribute("select_last_index")) {
          RaiseOpset(run, schema->since_version());
          break;
        }
      }
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

}  // namespace onnx_conform
