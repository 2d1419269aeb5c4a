// Min's and Max's negative cases (extremum_negative_cases.h): unknown
// attributes, shapes that neither match nor broadcast, the declared output,
// and on Min alone its arity and mixed input types.
#include "ops/extremum/extremum_negative_cases.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cases/case_values.h"
#include "cases/invalid_case_builders.h"
#include "checker/rules.h"
#include "ops/extremum/extremum_quotes.h"

namespace onnx_conform::invalid_cases {

using namespace case_values;  // NOLINT: the library's own value helpers

namespace {

// The texts' words (docs/operator-texts.md), quoted by the cases.
constexpr std::string_view kMinSameType = "All inputs and the output have the same element type.";
constexpr std::string_view kMinInputs = "Inputs: 1 to 2147483647, variadic `data_0` of type T.";
constexpr std::string_view kMinSameShape = quotes::kSameShape;
constexpr std::string_view kMinBroadcast = quotes::kBroadcast;

}  // namespace

CaseBuilder ExtremumToBreak(std::string_view what, absl::string_view rule, int version,
                            std::string_view op) {
  const bool max = op == "Max";
  CaseBuilder b(op, version, ElementType::kFloat, what);
  b.Inputs({"data_0", "data_1"})
      .Outputs({max ? "max" : "min"})
      .DataSet({MakeTensor<float>({3}, {1, 5, 3}), MakeTensor<float>({3}, {4, 2, 3})},
               {max ? MakeTensor<float>({3}, {4, 5, 3}) : MakeTensor<float>({3}, {1, 2, 3})})
      .Invalid(rule);
  return b;
}

CaseBuilder ExtremumShapesToBreak(int version, std::string_view what, absl::string_view rule,
                                  Shape a, Shape b, Shape out, std::string_view op) {
  auto zeros = [](const Shape& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    return TensorOf<float>(s, std::vector<float>(static_cast<size_t>(n), 0.0f));
  };
  CaseBuilder builder(op, version, ElementType::kFloat, what);
  builder.Inputs({"data_0", "data_1"})
      .Outputs({op == "Max" ? "max" : "min"})
      .Declare({zeros(a), zeros(b)}, {zeros(out)})
      .Invalid(rule);
  return builder;
}

void AddExtremumNegativeCases(std::vector<Case>& cases, std::string_view op) {
  InvalidCases invalid(cases);
  // Attributes.
  invalid.Emit(
      ExtremumToBreak("consumed_inputs", rules::kAttrUnknown, 6, op)
          .Attr("consumed_inputs", std::vector<int64_t>{0, 0})
          .Quote("| 6 | FLOATS | all inputs the same shape | none |")
          .Describe(absl::StrCat("consumed_inputs exists only in ", std::string(op), "-1")));
  invalid.Emit(ExtremumToBreak("axis_attribute", rules::kAttrUnknown, 13, op)
                   .Attr("axis", int64_t{0})
                   .Quote(kMinInputs));
  // Shapes.
  invalid.Emit(
      ExtremumShapesToBreak(6, "unequal_shapes", rules::kShapeEqualRequired, {2, 3}, {3}, {2, 3},
                            op)
          .Quote(kMinSameShape)
          .Describe(absl::StrCat(std::string(op), "-6 does not broadcast [2,3] with [3]")));
  invalid.Emit(
      ExtremumShapesToBreak(1, "unequal_shapes", rules::kShapeEqualRequired, {2}, {3}, {3}, op)
          .Quote(quotes::kSameShapeV1));
  invalid.Emit(
      ExtremumShapesToBreak(8, "not_broadcastable", rules::kShapeBroadcast, {2, 3}, {4}, {2, 3}, op)
          .Quote(kMinBroadcast));
  invalid.Emit(ExtremumShapesToBreak(13, "not_broadcastable", rules::kShapeBroadcast, {2, 3},
                                     {3, 2}, {2, 3}, op)
                   .Quote(kMinBroadcast));
  // The declared output.
  invalid.Emit(ExtremumShapesToBreak(13, "output_not_broadcast_shape", rules::kOutputShapeInferred,
                                     {2, 3}, {3}, {3}, op)
                   .Quote(kMinBroadcast));
}

void AddMinOnlyNegativeCases(std::vector<Case>& cases) {
  InvalidCases invalid(cases);
  {
    CaseBuilder b("Min", 13, ElementType::kFloat, "float_and_double_inputs");
    b.ExtraType(ElementType::kDouble)
        .Inputs({"data_0", "data_1"})
        .Outputs({"min"})
        .DataSet({MakeTensor<float>({3}, {1, 5, 3}), MakeTensor<double>({3}, {4, 2, 3})},
                 {MakeTensor<float>({3}, {1, 2, 3})})
        .Invalid(rules::kTypeParamMismatch)
        .Quote(kMinSameType);
    invalid.Emit(b);
  }
  invalid.Emit(ExtremumShapesToBreak(13, "no_inputs", rules::kNodeInputArity, {3}, {3}, {3})
                   .Quote(kMinInputs)
                   .Describe("Min with no input at all"),
               [](Case& c) { Node(c).clear_input(); });
  invalid.Emit(
      ExtremumToBreak("two_outputs", rules::kNodeOutputArity).Quote("Output: `min` of type T."),
      [](Case& c) {
        Node(c).add_output(std::string("min2"));
        *Graph(c).add_output() = Graph(c).output(0);
        Graph(c).mutable_output(1)->set_name(std::string("min2"));
        c.data_sets[0].outputs.push_back(c.data_sets[0].outputs[0]);
      });
}

}  // namespace onnx_conform::invalid_cases
