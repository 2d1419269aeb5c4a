// Clip's negative cases (clip_negative_cases.h): bounds of another type,
// bounds as attributes where they are inputs and the other way round, an
// attribute of the wrong type, a bound from a Constant that sets two
// values, bounds that are not scalars, and the node's arity.
#include "ops/clip/clip_negative_cases.h"

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "cases/case_values.h"
#include "cases/invalid_case_builders.h"
#include "checker/rules.h"
#include "ops/clip/clip_quotes.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform::invalid_cases {

using namespace case_values;  // NOLINT: the library's own value helpers

namespace {

// The texts' words (docs/operator-texts.md), quoted by the cases.
constexpr std::string_view kClipAttrs = "`min` FLOAT, `max` FLOAT";
constexpr std::string_view kClipInputs = quotes::kClipInputs;

// Clip-13 over a float [4] input with scalar bounds 2 and 6.
CaseBuilder ClipToBreak(std::string_view what, absl::string_view rule, int version = 13) {
  CaseBuilder b("Clip", version, ElementType::kFloat, what);
  b.Inputs({"input", "min", "max"})
      .Outputs({"output"})
      .DataSet({MakeTensor<float>({4}, {0, 3, 7, 9}), MakeTensor<float>({}, {2}),
                MakeTensor<float>({}, {6})},
               {MakeTensor<float>({4}, {2, 3, 6, 6})})
      .Invalid(rule);
  return b;
}

}  // namespace

void AddClipNegativeCases(std::vector<Case>& cases) {
  InvalidCases invalid(cases);
  // Types.
  {
    CaseBuilder b("Clip", 12, ElementType::kFloat, "double_bounds");
    b.ExtraType(ElementType::kDouble)
        .Inputs({"input", "min", "max"})
        .Outputs({"output"})
        .DataSet({MakeTensor<float>({4}, {0, 3, 7, 9}), MakeTensor<double>({}, {2}),
                  MakeTensor<double>({}, {6})},
                 {MakeTensor<float>({4}, {2, 3, 6, 6})})
        .Invalid(rules::kTypeParamMismatch)
        .Quote(kClipInputs);
    invalid.Emit(b);
  }
  // Attributes.
  invalid.Emit(ClipToBreak("min_attribute", rules::kAttrUnknown, 11)
                   .Attr("min", 2.0f)
                   .Quote(kClipInputs)
                   .Describe("Clip-11 takes its bounds as inputs; the min attribute is gone"));
  {
    CaseBuilder b = ClipToBreak("constant_two_values", rules::kAttrConstantValue, 12);
    b.Quote(kConstantOneValue)
        .Describe("min comes from a Constant node that sets both value and value_float (2)");
    invalid.Emit(b, [](Case& c) {
      onnx::NodeProto& constant = FeedFromConstant(c, 1);
      onnx::AttributeProto* value = constant.add_attribute();
      value->set_name(std::string("value"));
      value->set_type(onnx::AttributeProto::TENSOR);
      *value->mutable_t() = TensorToProto(MakeTensor<float>({}, {2}), "");
      onnx::AttributeProto* value_float = constant.add_attribute();
      value_float->set_name(std::string("value_float"));
      value_float->set_type(onnx::AttributeProto::FLOAT);
      value_float->set_f(2.0f);
    });
  }
  {
    CaseBuilder b("Clip", 6, ElementType::kFloat, "min_int_attribute");
    b.Inputs({"input"})
        .Outputs({"output"})
        .Attr("min", int64_t{2})
        .Declare({MakeTensor<float>({4}, {0, 3, 7, 9})}, {MakeTensor<float>({4}, {2, 3, 7, 9})})
        .Invalid(rules::kAttrType)
        .Quote(kClipAttrs);
    invalid.Emit(b);
  }
  // Bound shapes.
  invalid.Emit(ClipToBreak("min_not_scalar", rules::kShapeClipBoundScalar, 11).Quote(kClipInputs),
               [](Case& c) {
                 c.data_sets[0].inputs[1] = MakeTensor<float>({1}, {2});
                 Graph(c)
                     .mutable_input(1)
                     ->mutable_type()
                     ->mutable_tensor_type()
                     ->mutable_shape()
                     ->add_dim()
                     ->set_dim_value(1);
               });
  invalid.Emit(ClipToBreak("max_two_values", rules::kShapeClipBoundScalar, 13).Quote(kClipInputs),
               [](Case& c) {
                 c.data_sets.clear();
                 Graph(c)
                     .mutable_input(2)
                     ->mutable_type()
                     ->mutable_tensor_type()
                     ->mutable_shape()
                     ->add_dim()
                     ->set_dim_value(2);
               });
  // The node's arity.
  invalid.Emit(ClipToBreak("four_inputs", rules::kNodeInputArity).Quote(kClipInputs),
               [](Case& c) { Node(c).add_input(std::string("max")); });
  {
    CaseBuilder b("Clip", 6, ElementType::kFloat, "bound_as_input");
    b.Inputs({"input", "min"})
        .Outputs({"output"})
        .Declare({MakeTensor<float>({4}, {0, 3, 7, 9}), MakeTensor<float>({}, {2})},
                 {MakeTensor<float>({4}, {2, 3, 7, 9})})
        .Invalid(rules::kNodeInputArity)
        .Quote(kClipAttrs)
        .Describe("Clip-6 takes its bounds as attributes: one input only");
    invalid.Emit(b);
  }
  invalid.Emit(ClipToBreak("input_skipped", rules::kNodeEmptyInputNotOptional)
                   .Quote(kClipInputs)
                   .Describe("Clip(\"\", min, max): `input` is not optional"),
               [](Case& c) {
                 Node(c).set_input(0, std::string(""));
                 Graph(c).mutable_input()->DeleteSubrange(0, 1);
                 c.data_sets[0].inputs.erase(c.data_sets[0].inputs.begin());
               });
}

}  // namespace onnx_conform::invalid_cases
