// ArgMin: index of the smallest element along an axis. Versions 1, 11, 12,
// 13; and the builder ArgMax shares (ops/extremum/extremum_schemas.h).
// Transcribed from the operator texts (docs/operator-texts.md).
#include "ops/arg_extremum/arg_extremum_schemas.h"

#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "checker/op_schemas.h"
#include "checker/rules.h"
#include "checker/schema.h"
#include "ops/arg_extremum/arg_reduce_attributes.h"

namespace onnx_conform::internal {
namespace {

// The texts' sentences around their word ("min", "max").
std::string SummaryOf(const Extremum& e) {
  return absl::StrCat(
      "Computes the indices of the ", e.word,
      " elements of the input tensor's element along the provided axis. The resulting tensor has "
      "the same rank as the input if keepdims equals 1. If keepdims equals 0, then the resulting "
      "tensor has the reduced dimension pruned. The output tensor is integer.");
}
std::string SelectLastSentenceOf(const Extremum& e) {
  return absl::StrCat(
      " If select_last_index is True (default False), the index of the last "
      "occurrence of the ",
      e.word, " is selected if the ", e.word,
      " appears more than once in the input. Otherwise the index of the first "
      "occurrence is selected.");
}
constexpr char kNotEmptySentence[] = " The input tensor must not be empty.";
constexpr char kAxisDoc[] = "The axis in which to compute the arg indices.";
constexpr char kAxisRangeDoc[] =
    "The axis in which to compute the arg indices. Accepted range is [-r, r-1] where r = "
    "rank(data).";
constexpr char kKeepdimsDoc[] =
    "Keep the reduced dimension or not, default 1 means keep reduced dimension.";
constexpr char kSelectLastIndexDoc[] =
    "Whether to select the last index or the first index if the {name} appears in multiple "
    "indices, default is False (first index).";
constexpr char kTypeDoc[] = "Constrain input and output types to all numeric tensors.";

// Axis range ([-r, r-1]; a negative axis at version 1, whose text states no
// range, is accepted with a warning), an empty reduced axis, the
// 0-or-1 attributes, and the output shape: the input's with the reduced
// dimension set to 1 (keepdims=1) or removed (keepdims=0).
void CheckArgExtremum(NodeContext& context) {
  CheckZeroOrOne(context, "keepdims");
  CheckZeroOrOne(context, "select_last_index");
  const std::optional<int64_t> axis_attr = context.GetInt("axis");
  if (!axis_attr) return;  // wrong type, already reported: nothing to infer
  const int64_t axis = *axis_attr;
  const std::optional<int64_t> rank = context.input(0).rank();

  if (axis < 0 && !StatesNegativeAxisRange(context.schema())) {
    context.Report(rules::kAttrNegativeAxisV1, "attribute axis",
                   absl::StrCat("axis ", axis, " is negative; ", context.schema().Name(),
                                "'s text states no range (read as [-r, r-1], as ONNX's shape "
                                "inference does; the range is stated from ",
                                context.schema().op_type(), "-11)"));
  }
  if (!rank) return;
  const int64_t low = -*rank;
  if (axis < low || axis >= *rank) {
    context.Report(rules::kAttrAxisRange, "attribute axis",
                   absl::StrCat("axis ", axis, " is outside [", low, ", ", *rank - 1,
                                "] for input 0 of rank ", *rank));
    return;
  }
  SymbolicShape shape = *context.input(0).shape;
  const size_t reduced = static_cast<size_t>(axis < 0 ? axis + *rank : axis);
  if (shape[reduced] == 0) {
    context.Report(rules::kShapeReducedAxisEmpty, "input 0",
                   absl::StrCat("axis ", axis, " of input shape ", SymbolicShapeToString(shape),
                                " has size 0: no index exists"));
  }
  const std::optional<int64_t> keepdims = context.GetInt("keepdims");
  if (keepdims == 1) {
    shape[reduced] = 1;
  } else if (keepdims == 0) {
    shape.erase(shape.begin() + static_cast<std::ptrdiff_t>(reduced));
  } else {
    return;  // not 0 or 1, or not an INT (reported): the output shape is undefined
  }
  context.SetOutput(0, {ElementType::kInt64, shape});
}

OpSchema ArgExtremum(const Extremum& e, int version, std::span<const ElementType> types) {
  std::string summary = SummaryOf(e);
  if (version >= 12) summary += SelectLastSentenceOf(e);
  if (version == 11) summary += kNotEmptySentence;
  OpSchema schema(e.op_type, version);
  schema.Summary(std::move(summary))
      .Input("data", "T", "An input tensor.")
      .Output("reduced", "tensor(int64)", "Reduced output tensor with integer data type.")
      .Attr("axis", onnx::AttributeProto::INT, version >= 11 ? kAxisRangeDoc : kAxisDoc, int64_t{0})
      .Attr("keepdims", onnx::AttributeProto::INT, kKeepdimsDoc, int64_t{1});
  if (version >= 12) {
    schema.Attr("select_last_index", onnx::AttributeProto::INT, kSelectLastIndexDoc, int64_t{0});
  }
  schema.TypeConstraint("T", types, kTypeDoc)
      .Rule(version >= 11 ? std::string("axis must be in [-r, r-1], r = rank(data).")
                          : absl::StrCat("The text states no range for axis; read as [-r, r-1] "
                                         "(ONNX's ",
                                         e.op_type,
                                         "-1 shape inference adds r to a negative axis); a "
                                         "negative axis is a warning (ATTR-NEGATIVE-AXIS-V1)."))
      .Rule("keepdims is 0 or 1: 1 keeps the reduced dimension as 1, 0 removes it.")
      .Rule("The output is int64 whatever the input type.")
      .Rule("The reduced axis must not have size 0 (no index exists).")
      .Readings({e.nan_reading})
      .Check(CheckArgExtremum);
  if (version == 1) {
    // A negative axis and an empty reduced axis: errors or warnings here,
    // though version 1's text states no range and no version says what an
    // empty axis gives.
    schema.ReadStrictly(
        {"ATTR-NEGATIVE-AXIS-V1", "axis must be in [0, r-1]", "The text states no range for axis",
         absl::StrCat("negative axes start at ", e.op_type, "-11"), "SHAPE-REDUCED-AXIS-EMPTY"});
  }
  if (version == 11) {
    // "must not be empty" reached version 11's text in ONNX 1.15.
    schema.ClarifiedIn("1.15", {"must not be empty"});
    schema.Rule(absl::StrCat("The ", e.op_type,
                             "-11 text adds \"the input tensor must not be empty\" (", e.op_type,
                             "-12 drops it); the checker rejects only an empty reduced axis, "
                             "where no index exists."));
  }
  if (version == 12) schema.ChangesBehaviour({"select_last_index"});
  if (version >= 12) {
    schema.Rule(
        absl::StrCat("select_last_index is 0 or 1: on ties, 1 selects the last "
                     "occurrence of the ",
                     e.word, "imum, 0 the first."));
  } else {
    schema.Rule(
        absl::StrCat("The text does not say which index a tie selects; the suite "
                     "resolves it as the first occurrence (what select_last_index=0 "
                     "states from ",
                     e.op_type, "-12)."));
  }
  return schema;
}

}  // namespace

std::vector<OpSchema> ArgExtremumSchemas(const Extremum& e) {
  std::vector<OpSchema> schemas;
  schemas.push_back(ArgExtremum(e, 1, kAllNumericTypes));
  schemas.push_back(ArgExtremum(e, 11, kAllNumericTypes));
  schemas.push_back(ArgExtremum(e, 12, kAllNumericTypes));
  schemas.push_back(ArgExtremum(e, 13, kAllNumericBfTypes));
  return schemas;
}

std::vector<OpSchema> ArgMinSchemas() {
  return ArgExtremumSchemas({"ArgMin", "min", "", Reading::kArgMinNaNUnordered});
}

// ArgMax: index of the largest element along an axis, the mirror of ArgMin's.
std::vector<OpSchema> ArgMaxSchemas() {
  return ArgExtremumSchemas({"ArgMax", "max", "", Reading::kArgMaxNaNUnordered});
}

}  // namespace onnx_conform::internal

namespace onnx_conform {

// axis and keepdims have defaults at every version; select_last_index is
// absent before version 12 (first index).
ArgReduceAttributes ArgReduceAttributesOf(const BoundNode& node, int64_t rank) {
  const int64_t axis = *node.GetInt("axis");
  return {.axis = axis < 0 ? axis + rank : axis,
          .keepdims = *node.GetInt("keepdims") == 1,
          .select_last_index = node.GetInt("select_last_index") == 1};
}

bool StatesNegativeAxisRange(const OpSchema& schema) { return schema.since_version() >= 11; }

}  // namespace onnx_conform
