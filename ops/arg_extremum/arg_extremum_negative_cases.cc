// ArgMin's and ArgMax's negative cases (arg_extremum_negative_cases.h): the
// attributes, their types and values, the axis range, an empty reduced axis,
// the declared output, and on ArgMin alone its input arity.
#include "ops/arg_extremum/arg_extremum_negative_cases.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "cases/case_values.h"
#include "cases/invalid_case_builders.h"
#include "checker/rules.h"
#include "ops/arg_extremum/arg_extremum_quotes.h"

namespace onnx_conform::invalid_cases {

using namespace case_values;  // NOLINT: the library's own value helpers

namespace {

// The texts' words (docs/operator-texts.md), quoted by the cases.
constexpr std::string_view kArgMinOneInput =
    "One input `data` of type T; one output `reduced` of type int64.";
constexpr std::string_view kArgMinAttrs = quotes::kArgDefaults;
constexpr std::string_view kArgMinAxisRange = quotes::kArgAxisRange;
constexpr std::string_view kArgMinSelectLast =
    "as 11, plus `select_last_index` INT default 0: when the minimum occurs more than once, 1 "
    "selects the last occurrence, 0 the first";
constexpr std::string_view kArgMaxSelectLast =
    "as 11, plus `select_last_index` INT default 0: when the maximum occurs more than once, 1 "
    "selects the last occurrence, 0 the first";
constexpr std::string_view kArgMinKeepdims =
    "If keepdims is 1 the output has the input's rank with the reduced dimension set to 1; if 0 "
    "that dimension is removed.";

// ArgMin (or ArgMax) over a float [2, 3] input.
CaseBuilder ArgExtremumToBreak(int version, std::string_view what, absl::string_view rule,
                               std::string_view op = "ArgMin") {
  CaseBuilder b(op, version, ElementType::kFloat, what);
  b.Inputs({"data"}).Outputs({"reduced"}).Invalid(rule);
  return b;
}
Tensor ArgExtremumInput() { return MakeTensor<float>({2, 3}, {2, 1, 3, 0, 4, 5}); }
// The indices of ArgExtremumInput's extremes along axis 0 with keepdims.
Tensor ArgExtremumInputAxis0(std::string_view op) {
  return op == "ArgMax" ? MakeTensor<int64_t>({1, 3}, {0, 1, 1})
                        : MakeTensor<int64_t>({1, 3}, {1, 0, 0});
}

}  // namespace

void AddArgExtremumNegativeCases(std::vector<Case>& cases, std::string_view op) {
  InvalidCases invalid(cases);
  const std::string_view select_last = op == "ArgMax" ? kArgMaxSelectLast : kArgMinSelectLast;
  // Attributes.
  invalid.Emit(
      ArgExtremumToBreak(11, "select_last_index", rules::kAttrUnknown, op)
          .Attr("select_last_index", int64_t{1})
          .DataSet({ArgExtremumInput()}, {ArgExtremumInputAxis0(op)})
          .Quote(select_last)
          .Describe(absl::StrCat("select_last_index arrives in ", std::string(op), "-12")));
  invalid.Emit(ArgExtremumToBreak(13, "axis_twice", rules::kAttrDuplicate, op)
                   .Attr("axis", int64_t{0})
                   .Attr("axis", int64_t{1})
                   .Declare({ArgExtremumInput()}, {ArgExtremumInputAxis0(op)})
                   .Quote(kArgMinAttrs));
  invalid.Emit(ArgExtremumToBreak(13, "axis_float", rules::kAttrType, op)
                   .Attr("axis", 1.0f)
                   .Declare({ArgExtremumInput()}, {MakeTensor<int64_t>({2, 1}, {1, 0})})
                   .Quote(kArgMinAttrs));
  invalid.Emit(ArgExtremumToBreak(12, "keepdims_ints", rules::kAttrType, op)
                   .Attr("keepdims", std::vector<int64_t>{1})
                   .Declare({ArgExtremumInput()}, {ArgExtremumInputAxis0(op)})
                   .Quote(kArgMinAttrs));
  for (int version : {1, 13}) {
    invalid.Emit(ArgExtremumToBreak(version, "keepdims_2", rules::kAttrBoolValue, op)
                     .Attr("keepdims", int64_t{2})
                     .Declare({ArgExtremumInput()}, {ArgExtremumInputAxis0(op)})
                     .Quote(kArgMinKeepdims));
  }
  invalid.Emit(ArgExtremumToBreak(12, "select_last_index_minus1", rules::kAttrBoolValue, op)
                   .Attr("select_last_index", int64_t{-1})
                   .Declare({ArgExtremumInput()}, {ArgExtremumInputAxis0(op)})
                   .Quote(select_last));
  // The axis range.
  const Tensor zeros_2x3 = MakeTensor<int64_t>({2, 3}, {0, 0, 0, 0, 0, 0});
  invalid.Emit(ArgExtremumToBreak(13, "axis_2_rank_2", rules::kAttrAxisRange, op)
                   .Attr("axis", int64_t{2})
                   .Declare({ArgExtremumInput()}, {zeros_2x3})
                   .Quote(kArgMinAxisRange));
  invalid.Emit(ArgExtremumToBreak(11, "axis_minus3_rank_2", rules::kAttrAxisRange, op)
                   .Attr("axis", int64_t{-3})
                   .Declare({ArgExtremumInput()}, {zeros_2x3})
                   .Quote(kArgMinAxisRange));
  invalid.Emit(ArgExtremumToBreak(1, "axis_2_rank_2", rules::kAttrAxisRange, op)
                   .Attr("axis", int64_t{2})
                   .Declare({ArgExtremumInput()}, {zeros_2x3})
                   .Quote(kArgMinAttrs)
                   .Describe(absl::StrCat(std::string(op), "-1 reduces axis 0..r-1; r = 2")));
  invalid.Emit(ArgExtremumToBreak(13, "scalar_input", rules::kAttrAxisRange, op)
                   .Declare({MakeTensor<float>({}, {1})}, {MakeTensor<int64_t>({}, {0})})
                   .Quote(kArgMinAxisRange)
                   .Describe("a rank-0 input has no axis: [-0, -1] is empty"));
  // An empty reduced axis.
  for (int version : {1, 13}) {
    invalid.Emit(
        ArgExtremumToBreak(version, "reduce_empty_axis", rules::kShapeReducedAxisEmpty, op)
            .Attr("axis", int64_t{1})
            .Declare({MakeTensor<float>({2, 0}, {})}, {MakeTensor<int64_t>({2, 1}, {0, 0})})
            .Quote(absl::StrCat(std::string(op),
                                " over an axis of size 0: an error (no index exists).")));
  }
  // The declared output.
  const bool max = op == "ArgMax";
  invalid.Emit(
      ArgExtremumToBreak(13, "output_float", rules::kOutputTypeInferred, op)
          .DataSet({ArgExtremumInput()},
                   {MakeTensor<float>({1, 3}, {max ? 0.0 : 1.0, max ? 1.0 : 0.0, max ? 1.0 : 0.0})})
          .Quote(kArgMinOneInput));
  invalid.Emit(ArgExtremumToBreak(13, "output_rank_dropped", rules::kOutputShapeInferred, op)
                   .Attr("axis", int64_t{1})
                   .DataSet({ArgExtremumInput()},
                            {MakeTensor<int64_t>({2}, {max ? 2.0 : 1.0, max ? 2.0 : 0.0})})
                   .Quote(kArgMinKeepdims)
                   .Describe("keepdims defaults to 1: the output is [2,1], declared [2]"));
}

void AddArgMinOnlyNegativeCases(std::vector<Case>& cases) {
  InvalidCases invalid(cases);
  invalid.Emit(ArgExtremumToBreak(13, "two_inputs", rules::kNodeInputArity)
                   .Quote(kArgMinOneInput)
                   .Inputs({"data", "other"})
                   .Declare({ArgExtremumInput(), ArgExtremumInput()},
                            {MakeTensor<int64_t>({1, 3}, {1, 0, 0})}));
}

}  // namespace onnx_conform::invalid_cases
