// The node rules, through CheckModel: input and output arity, type
// constraints, attributes and shapes; each broken rule is reported under
// exactly its id.
#include "checker/node_validator.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "checker/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/checker_test_util.h"
#include "testing/test_model.h"

namespace onnx_conform {
namespace {

using ::onnx_conform::checker_testing::ArgMinModel;
using ::onnx_conform::checker_testing::ClipModel;
using ::onnx_conform::checker_testing::ExpectOnly;
using ::onnx_conform::checker_testing::ExpectValid;
using ::onnx_conform::checker_testing::kF;
using ::onnx_conform::checker_testing::MinModel;
using ::onnx_conform::testing_util::AddAttribute;
using ::onnx_conform::testing_util::DescribeDiagnostics;
using ::onnx_conform::testing_util::SetFloat;
using ::onnx_conform::testing_util::SetInt;
using ::onnx_conform::testing_util::TestModel;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

// ---- Node ----

TEST(CheckModelTest, UnknownOperatorIsUnsupportedNotAnError) {
  TestModel m(13);
  m.Input("x", kF, {2}).Output("y", kF, {2});
  m.Node("Frobnicate", {"x"}, {"y"});  // no operator of ONNX's
  std::vector<Diagnostic> d = CheckModel(m.model, "m.onnx");
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kNodeSchemaUnknown)));
  EXPECT_TRUE(IsUnsupported(d));
  EXPECT_FALSE(HasErrors(d));
}

TEST(CheckModelTest, OtherDomainIsUnsupported) {
  TestModel m = MinModel(13);
  m.model.mutable_graph()->mutable_node(0)->set_domain("com.example");
  onnx::OperatorSetIdProto* import = m.model.add_opset_import();
  import->set_domain("com.example");
  import->set_version(1);
  ExpectOnly(m.model, rules::kNodeSchemaUnknown);
}

TEST(CheckModelTest, NodeInputArity) {
  TestModel min(13);
  min.Output("y", kF, {});
  min.Node("Min", {}, {"y"});
  ExpectOnly(min.model, rules::kNodeInputArity);

  TestModel argmin = ArgMinModel(13, {2, 3}, {1, 3});
  argmin.model.mutable_graph()->mutable_node(0)->add_input("x");
  ExpectOnly(argmin.model, rules::kNodeInputArity);

  TestModel clip = ClipModel(13);
  clip.model.mutable_graph()->mutable_node(0)->add_input("hi");
  ExpectOnly(clip.model, rules::kNodeInputArity);

  // Clip-6 takes its bounds as attributes, not inputs.
  ExpectOnly(ClipModel(6).model, rules::kNodeInputArity);
}

TEST(CheckModelTest, NodeOutputArity) {
  TestModel m = MinModel(13);
  m.model.mutable_graph()->mutable_node(0)->add_output("extra");
  ExpectOnly(m.model, rules::kNodeOutputArity);
}

TEST(CheckModelTest, NodeEmptyInputNotOptional) {
  TestModel m = MinModel(13);
  m.model.mutable_graph()->mutable_node(0)->set_input(1, "");
  ExpectOnly(m.model, rules::kNodeEmptyInputNotOptional);

  TestModel clip = ClipModel(13);
  clip.model.mutable_graph()->mutable_node(0)->set_input(0, "");
  ExpectOnly(clip.model, rules::kNodeEmptyInputNotOptional);
}

TEST(CheckModelTest, NodeEmptyOutputNotOptional) {
  TestModel m(13);
  m.Input("a", kF, {2});
  m.Node("Min", {"a"}, {""});
  ExpectOnly(m.model, rules::kNodeEmptyOutputNotOptional);
}

// ---- Types ----

// ONNX's checker accepts this (type constraints only with full_check).
TEST(CheckModelTest, TypeParamMismatchFloatAndDouble) {
  TestModel m = MinModel(13);
  m.model.mutable_graph()->mutable_input(1)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::DOUBLE);
  std::vector<Diagnostic> d = CheckModel(m.model, "m.onnx");
  ASSERT_EQ(d.size(), 1u) << DescribeDiagnostics(d);
  EXPECT_EQ(d[0].rule, rules::kTypeParamMismatch);
  EXPECT_EQ(d[0].field, "input 1");
  EXPECT_EQ(d[0].node, "#0 Min");
}

TEST(CheckModelTest, TypeParamMismatchOnTheOutput) {
  TestModel m = ClipModel(13);
  m.model.mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::FLOAT16);
  ExpectOnly(m.model, rules::kTypeParamMismatch);
}

TEST(CheckModelTest, TypeNotAllowedByTheVersion) {
  ExpectOnly(MinModel(8, ElementType::kInt32).model, rules::kTypeNotAllowed);
  ExpectOnly(MinModel(12, ElementType::kBFloat16).model, rules::kTypeNotAllowed);
  ExpectOnly(MinModel(13, ElementType::kBool).model, rules::kTypeNotAllowed);
  ExpectOnly(ArgMinModel(12, {2}, {1}, ElementType::kBFloat16).model, rules::kTypeNotAllowed);
  ExpectOnly(ClipModel(11, ElementType::kInt8).model, rules::kTypeNotAllowed);
  ExpectOnly(ClipModel(13, ElementType::kString).model, rules::kTypeNotAllowed);
}

TEST(CheckModelTest, TypeUndeclaredIsAWarning) {
  TestModel m(13);
  m.Input("x", kF, {2}).Output("y", kF, {2});
  m.Node("Frobnicate", {"x"}, {"t"});  // unknown: so is t's type
  m.Node("Min", {"t"}, {"y"});
  std::vector<Diagnostic> d = CheckModel(m.model, "m.onnx");
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kNodeSchemaUnknown),
                                      std::string(rules::kTypeUndeclared)))
      << DescribeDiagnostics(d);
  EXPECT_FALSE(HasErrors(d));
}

// ---- Attributes ----

TEST(CheckModelTest, AttrUnknown) {
  // select_last_index starts at ArgMin-12.
  TestModel argmin = ArgMinModel(11, {2, 3}, {1, 3});
  SetInt(*argmin.model.mutable_graph()->mutable_node(0), "select_last_index", 1);
  ExpectOnly(argmin.model, rules::kAttrUnknown);
  // consumed_inputs exists only in Min-1.
  TestModel min = MinModel(13);
  AddAttribute(*min.model.mutable_graph()->mutable_node(0), "consumed_inputs",
               onnx::AttributeProto::INTS);
  ExpectOnly(min.model, rules::kAttrUnknown);
  TestModel min1 = MinModel(1);
  AddAttribute(*min1.model.mutable_graph()->mutable_node(0), "consumed_inputs",
               onnx::AttributeProto::INTS);
  ExpectValid(min1.model);
}

TEST(CheckModelTest, AttrDuplicate) {
  TestModel m = ArgMinModel(13, {2, 3}, {1, 3});
  SetInt(*m.model.mutable_graph()->mutable_node(0), "axis", 0);
  SetInt(*m.model.mutable_graph()->mutable_node(0), "axis", 0);
  ExpectOnly(m.model, rules::kAttrDuplicate);
}

TEST(CheckModelTest, AttrType) {
  TestModel axis_float = ArgMinModel(13, {2, 3}, {1, 3});
  SetFloat(*axis_float.model.mutable_graph()->mutable_node(0), "axis", 0.0f);
  ExpectOnly(axis_float.model, rules::kAttrType);

  // A rejected axis has no value: no output shape is inferred from a default.
  TestModel axis_one = ArgMinModel(13, {2, 3}, {2, 1});
  SetFloat(*axis_one.model.mutable_graph()->mutable_node(0), "axis", 1.0f);
  ExpectOnly(axis_one.model, rules::kAttrType);

  TestModel clip = ClipModel(6);
  clip.model.mutable_graph()->mutable_node(0)->mutable_input()->DeleteSubrange(1, 2);
  SetInt(*clip.model.mutable_graph()->mutable_node(0), "min", 0);
  ExpectOnly(clip.model, rules::kAttrType);

  TestModel untyped = ArgMinModel(13, {2, 3}, {1, 3});
  onnx::AttributeProto* attr = untyped.model.mutable_graph()->mutable_node(0)->add_attribute();
  attr->set_name("axis");
  attr->set_i(0);
  ExpectOnly(untyped.model, rules::kAttrType);

  TestModel no_value = ArgMinModel(13, {2, 3}, {1, 3});
  AddAttribute(*no_value.model.mutable_graph()->mutable_node(0), "axis", onnx::AttributeProto::INT);
  ExpectOnly(no_value.model, rules::kAttrType);
}

// No registry schema has a required attribute: a hand-made schema shows the
// generic rule.
TEST(ValidateNodeTest, AttrRequiredMissing) {
  OpSchema schema("Example", 1);
  schema.Input("x", "T", "")
      .Output("y", "T", "")
      .TypeConstraint("T", kFloatTypes, "")
      .RequiredAttr("alpha", onnx::AttributeProto::FLOAT, "");
  onnx::NodeProto node;
  node.set_op_type("Example");
  node.add_input("x");
  node.add_output("y");
  std::vector<TensorInfo> inputs = {{kF, SymbolicShape{2}}};
  NodeView view{&node, inputs, {}, {}, {}};
  std::vector<Diagnostic> d;
  DiagnosticSink sink("m.onnx", "#0 Example", &d);
  ValidateNode(schema, view, sink);
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kAttrRequiredMissing)))
      << DescribeDiagnostics(d);

  SetFloat(node, "alpha", 1.0f);
  d.clear();
  ValidateNode(schema, view, sink);
  EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);
}

TEST(CheckModelTest, AttrBoolValue) {
  TestModel keepdims = ArgMinModel(13, {2, 3}, {1, 3});
  SetInt(*keepdims.model.mutable_graph()->mutable_node(0), "keepdims", 2);
  ExpectOnly(keepdims.model, rules::kAttrBoolValue);

  TestModel last = ArgMinModel(12, {2, 3}, {1, 3});
  SetInt(*last.model.mutable_graph()->mutable_node(0), "select_last_index", -1);
  ExpectOnly(last.model, rules::kAttrBoolValue);
}

TEST(CheckModelTest, AttrAxisRange) {
  TestModel too_big = ArgMinModel(13, {2, 3}, {2, 1});
  SetInt(*too_big.model.mutable_graph()->mutable_node(0), "axis", 2);
  ExpectOnly(too_big.model, rules::kAttrAxisRange);

  TestModel too_small = ArgMinModel(11, {2, 3}, {1, 3});
  SetInt(*too_small.model.mutable_graph()->mutable_node(0), "axis", -3);
  ExpectOnly(too_small.model, rules::kAttrAxisRange);

  TestModel v1 = ArgMinModel(1, {2, 3}, {2, 1});
  SetInt(*v1.model.mutable_graph()->mutable_node(0), "axis", 5);
  ExpectOnly(v1.model, rules::kAttrAxisRange);

  TestModel scalar = ArgMinModel(13, {}, {});
  ExpectOnly(scalar.model, rules::kAttrAxisRange);  // no axis exists in rank 0
}

TEST(CheckModelTest, AttrNegativeAxisBeforeVersion11) {
  TestModel m = ArgMinModel(1, {2, 3}, {2, 1});
  SetInt(*m.model.mutable_graph()->mutable_node(0), "axis", -1);
  ExpectOnly(m.model, rules::kAttrNegativeAxisV1);

  TestModel v11 = ArgMinModel(11, {2, 3}, {2, 1});
  SetInt(*v11.model.mutable_graph()->mutable_node(0), "axis", -1);
  ExpectValid(v11.model);
}

TEST(CheckModelTest, AttrClipBoundsOrderAndNanAreWarnings) {
  TestModel m(6);
  m.Input("x", kF, {3}).Output("y", kF, {3});
  onnx::NodeProto& node = m.Node("Clip", {"x"}, {"y"});
  SetFloat(node, "min", 2.0f);
  SetFloat(node, "max", 1.0f);
  std::vector<Diagnostic> d = CheckModel(m.model, "m.onnx");
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kAttrClipBoundsOrder)))
      << DescribeDiagnostics(d);
  EXPECT_FALSE(HasErrors(d));

  // Clip-6's defaults count: min above float's max is above the default max.
  node.clear_attribute();
  SetFloat(node, "min", std::numeric_limits<float>::infinity());
  ExpectOnly(m.model, rules::kAttrClipBoundsOrder);

  node.clear_attribute();
  SetFloat(node, "max", std::nanf(""));
  ExpectOnly(m.model, rules::kAttrClipBoundNan);
}

// ---- Shapes ----

TEST(CheckModelTest, ShapeEqualRequiredBeforeMin8) {
  for (int opset : {1, 6}) {
    TestModel m(opset);
    m.Input("a", kF, {2, 3}).Input("b", kF, {3}).Output("y", kF, {2, 3});
    m.Node("Min", {"a", "b"}, {"y"});
    ExpectOnly(m.model, rules::kShapeEqualRequired);
  }
}

TEST(CheckModelTest, ShapeBroadcastFails) {
  TestModel m(13);
  m.Input("a", kF, {2, 3}).Input("b", kF, {2}).Output("y", kF, {2, 3});
  m.Node("Min", {"a", "b"}, {"y"});
  ExpectOnly(m.model, rules::kShapeBroadcast);
}

// ONNX's checker accepts this: it never checks that Clip bounds are scalars.
TEST(CheckModelTest, ShapeClipBoundNotScalar) {
  TestModel m = ClipModel(13);
  testing_util::SetTensorType(*m.model.mutable_graph()->mutable_input(1), kF, {1});
  ExpectOnly(m.model, rules::kShapeClipBoundScalar);
}

TEST(CheckModelTest, ShapeReducedAxisEmpty) {
  TestModel m = ArgMinModel(13, {2, 0}, {2, 1});
  SetInt(*m.model.mutable_graph()->mutable_node(0), "axis", 1);
  ExpectOnly(m.model, rules::kShapeReducedAxisEmpty);
}

// ---- Declared outputs ----

TEST(CheckModelTest, OutputTypeInferred) {
  TestModel m = ArgMinModel(13, {2, 3}, {1, 3});
  testing_util::SetTensorType(*m.model.mutable_graph()->mutable_output(0), kF, {1, 3});
  ExpectOnly(m.model, rules::kOutputTypeInferred);
}

TEST(CheckModelTest, OutputShapeInferred) {
  TestModel min(13);
  min.Input("a", kF, {2, 3}).Input("b", kF, {3}).Output("y", kF, {3});
  min.Node("Min", {"a", "b"}, {"y"});
  ExpectOnly(min.model, rules::kOutputShapeInferred);

  TestModel argmin = ArgMinModel(13, {2, 3}, {2, 1});  // axis 0 keeps [1, 3]
  ExpectOnly(argmin.model, rules::kOutputShapeInferred);

  TestModel clip = ClipModel(13);
  testing_util::SetTensorType(*clip.model.mutable_graph()->mutable_output(0), kF, {3, 2});
  ExpectOnly(clip.model, rules::kOutputShapeInferred);
}

}  // namespace
}  // namespace onnx_conform
