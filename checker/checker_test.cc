// CheckModel: valid models give no diagnostic; each broken rule is reported
// under exactly its id. Models are built here, in C++ (checker/test_model.h).
#include "checker/checker.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "checker/node_validator.h"
#include "checker/registry.h"
#include "checker/test_model.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

using ::onnx_conform::testing_util::AddAttribute;
using ::onnx_conform::testing_util::SetFloat;
using ::onnx_conform::testing_util::SetInt;
using ::onnx_conform::testing_util::TestModel;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr ElementType kF = ElementType::kFloat;
constexpr ElementType kI64 = ElementType::kInt64;

std::string Describe(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> lines;
  for (const Diagnostic& d : diagnostics) lines.push_back(FormatDiagnostic(d));
  return absl::StrJoin(lines, "\n");
}

// Every diagnostic has rule id `rule`, and there is at least one.
void ExpectOnly(const onnx::ModelProto& model, absl::string_view rule) {
  std::vector<Diagnostic> d = CheckModel(model, "m.onnx");
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rule))) << Describe(d);
}

void ExpectValid(const onnx::ModelProto& model) {
  std::vector<Diagnostic> d = CheckModel(model, "m.onnx");
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

// Two-input Min over [2,3] and [3] (broadcasting) at `opset`.
TestModel MinModel(int64_t opset, ElementType type = kF) {
  TestModel m(opset);
  m.Input("a", type, {2, 3}).Input("b", type, {2, 3}).Output("y", type, {2, 3});
  m.Node("Min", {"a", "b"}, {"y"});
  return m;
}

TestModel ArgMinModel(int64_t opset, std::initializer_list<testing_util::TestDim> in,
                      std::initializer_list<testing_util::TestDim> out, ElementType type = kF) {
  TestModel m(opset);
  m.Input("x", type, in).Output("y", kI64, out);
  m.Node("ArgMin", {"x"}, {"y"});
  return m;
}

TestModel ClipModel(int64_t opset, ElementType type = kF) {
  TestModel m(opset);
  m.Input("x", type, {2, 3}).Input("lo", type, {}).Input("hi", type, {}).Output("y", type, {2, 3});
  m.Node("Clip", {"x", "lo", "hi"}, {"y"});
  return m;
}

// ---- Valid models ----

// Every version accepts every type its constraint lists.
TEST(CheckModelTest, EveryVersionAndAllowedTypeIsValid) {
  for (const OpSchema* schema : AllSchemas()) {
    for (ElementType type : schema->PrimaryTypes()) {
      SCOPED_TRACE(testing::Message() << schema->Name() << " " << ElementTypeName(type));
      const int opset = schema->since_version();
      if (schema->op_type() == "Min") {
        ExpectValid(MinModel(opset, type).model);
      } else if (schema->op_type() == "ArgMin") {
        ExpectValid(ArgMinModel(opset, {2, 3}, {1, 3}, type).model);
      } else if (opset >= 11) {
        ExpectValid(ClipModel(opset, type).model);
      } else {
        TestModel m(opset);
        m.Input("x", type, {2, 3}).Output("y", type, {2, 3});
        onnx::NodeProto& node = m.Node("Clip", {"x"}, {"y"});
        SetFloat(node, "min", -1.0f);
        SetFloat(node, "max", 1.0f);
        ExpectValid(m.model);
      }
    }
  }
}

TEST(CheckModelTest, MinBroadcastsFromVersion8) {
  TestModel m(8);
  m.Input("a", kF, {2, 1, 4}).Input("b", kF, {3, 1}).Input("c", kF, {}).Output("y", kF, {2, 3, 4});
  m.Node("Min", {"a", "b", "c"}, {"y"});
  ExpectValid(m.model);
}

TEST(CheckModelTest, SymbolicDimensionsAreUnknownNotErrors) {
  TestModel m(13);
  m.Input("a", kF, {"N", 3}).Input("b", kF, {3}).Output("y", kF, {5, "M"});
  m.Node("Min", {"a", "b"}, {"y"});
  ExpectValid(m.model);

  TestModel a = ArgMinModel(13, {"N", "C"}, {"N", 1});
  SetInt(*a.model.mutable_graph()->mutable_node(0), "axis", -1);
  ExpectValid(a.model);
}

TEST(CheckModelTest, DomainAiOnnxIsTheDefaultDomain) {
  TestModel m = MinModel(13);
  m.model.mutable_opset_import(0)->set_domain("ai.onnx");
  m.model.mutable_graph()->mutable_node(0)->set_domain("");
  ExpectValid(m.model);
  m.model.mutable_graph()->mutable_node(0)->set_domain("ai.onnx");
  ExpectValid(m.model);
}

TEST(CheckModelTest, OpsetBetweenVersionsUsesTheOlderVersion) {
  // Opset 10 serves Min-8 (floats only), so int32 is not allowed...
  TestModel m = MinModel(10, ElementType::kInt32);
  ExpectOnly(m.model, rules::kTypeNotAllowed);
  // ...while opset 12 serves Min-12, which allows it.
  ExpectValid(MinModel(12, ElementType::kInt32).model);
}

TEST(CheckModelTest, ClipSkipsMinWithAnEmptyName) {
  TestModel m(13);
  m.Input("x", ElementType::kInt8, {3}).Input("hi", ElementType::kInt8, {}).Output(
      "y", ElementType::kInt8, {3});
  m.Node("Clip", {"x", "", "hi"}, {"y"});
  ExpectValid(m.model);
}

TEST(CheckModelTest, ArgMinKeepdimsZeroRemovesTheAxis) {
  TestModel m = ArgMinModel(13, {2, 3, 4}, {2, 4});
  SetInt(*m.model.mutable_graph()->mutable_node(0), "axis", 1);
  SetInt(*m.model.mutable_graph()->mutable_node(0), "keepdims", 0);
  ExpectValid(m.model);
}

// ---- Model ----

TEST(CheckModelTest, ModelIrVersion) {
  TestModel m = MinModel(13);
  m.model.set_ir_version(0);
  ExpectOnly(m.model, rules::kModelIrVersion);
}

TEST(CheckModelTest, ModelOpsetImportMissing) {
  TestModel m = MinModel(13);
  m.model.clear_opset_import();
  ExpectOnly(m.model, rules::kModelOpsetImport);
}

TEST(CheckModelTest, ModelOpsetImportedTwice) {
  TestModel m = MinModel(13);
  onnx::OperatorSetIdProto* again = m.model.add_opset_import();
  again->set_domain("ai.onnx");
  again->set_version(12);
  ExpectOnly(m.model, rules::kModelOpsetDuplicate);
}

TEST(CheckModelTest, ModelOpsetVersionBelowOne) {
  ExpectOnly(MinModel(0).model, rules::kModelOpsetVersion);
}

// ---- Graph ----

TEST(CheckModelTest, GraphWithoutNode) {
  TestModel m(13);
  m.Input("x", kF, {2}).Output("x", kF, {2});
  ExpectOnly(m.model, rules::kGraphNoNode);
}

TEST(CheckModelTest, GraphOutputWithEmptyName) {
  TestModel m = MinModel(13);
  m.model.mutable_graph()->mutable_output(0)->set_name("");
  ExpectOnly(m.model, rules::kGraphNameEmpty);
}

TEST(CheckModelTest, GraphInputUndefined) {
  TestModel m = MinModel(13);
  m.model.mutable_graph()->mutable_node(0)->set_input(1, "nowhere");
  ExpectOnly(m.model, rules::kGraphInputUndefined);
}

TEST(CheckModelTest, GraphNodesOutOfOrder) {
  TestModel m(13);
  m.Input("a", kF, {2}).Output("y", kF, {2});
  m.Node("Min", {"a", "t"}, {"y"});
  m.Node("Min", {"a"}, {"t"});
  ExpectOnly(m.model, rules::kGraphNodeOrder);
}

TEST(CheckModelTest, GraphValueDefinedTwice) {
  TestModel m = MinModel(13);
  m.Node("Min", {"a"}, {"y"});
  ExpectOnly(m.model, rules::kGraphDuplicateOutput);

  TestModel shadow = MinModel(13);
  shadow.model.mutable_graph()->mutable_node(0)->set_output(0, "a");
  shadow.model.mutable_graph()->mutable_output(0)->set_name("a");
  ExpectOnly(shadow.model, rules::kGraphDuplicateOutput);
}

TEST(CheckModelTest, GraphOutputNotProduced) {
  TestModel m = MinModel(13);
  m.Output("z", kF, {2, 3});
  ExpectOnly(m.model, rules::kGraphOutputNotProduced);
}

TEST(CheckModelTest, GraphValueTypeMissingOrNotTensor) {
  TestModel m = MinModel(13);
  m.model.mutable_graph()->mutable_input(1)->clear_type();
  ExpectOnly(m.model, rules::kGraphValueType);

  TestModel undefined = MinModel(13);
  undefined.model.mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type()
      ->set_elem_type(0);
  ExpectOnly(undefined.model, rules::kGraphValueType);

  TestModel kindless = MinModel(13);
  kindless.model.mutable_graph()->mutable_input(0)->mutable_type()->Clear();
  ExpectOnly(kindless.model, rules::kGraphValueType);

  TestModel unknown = MinModel(13);
  unknown.model.mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()
      ->set_elem_type(99);
  ExpectOnly(unknown.model, rules::kGraphValueType);
}

// Sequences are valid ONNX, but no operator of the registry takes one.
TEST(CheckModelTest, NonTensorValuesOnlyWhereOurOperatorsUseThem) {
  TestModel sequence = MinModel(13);
  sequence.model.mutable_graph()->mutable_input(0)->mutable_type()->mutable_sequence_type();
  ExpectOnly(sequence.model, rules::kGraphValueType);

  TestModel other(13);
  other.Input("x", kF, {2}).Output("y", kF, {2});
  other.model.mutable_graph()->mutable_input(0)->mutable_type()->mutable_sequence_type();
  other.Node("SequenceAt", {"x"}, {"y"});
  ExpectOnly(other.model, rules::kNodeSchemaUnknown);
}

TEST(CheckModelTest, GraphInitializerThatDoesNotDecode) {
  TestModel m(13);
  m.Input("x", kF, {3}).Output("y", kF, {3});
  m.Node("Clip", {"x", "lo"}, {"y"});
  onnx::TensorProto* lo = m.model.mutable_graph()->add_initializer();
  lo->set_name("lo");
  lo->set_data_type(onnx::TensorProto::FLOAT);
  lo->add_float_data(1.0f);
  lo->add_float_data(2.0f);  // two values for a scalar
  ExpectOnly(m.model, rules::kGraphInitializerInvalid);
}

TEST(CheckModelTest, ShapeDimensionNegative) {
  TestModel m(13);
  m.Input("x", kF, {-2}).Output("y", kF, {"N"});
  m.Node("Min", {"x"}, {"y"});
  ExpectOnly(m.model, rules::kShapeDimInvalid);
}

// ---- Node ----

TEST(CheckModelTest, UnknownOperatorIsUnsupportedNotAnError) {
  TestModel m(13);
  m.Input("x", kF, {2}).Output("y", kF, {2});
  m.Node("Relu", {"x"}, {"y"});
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
  ASSERT_EQ(d.size(), 1u) << Describe(d);
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
  m.Node("Relu", {"x"}, {"t"});
  m.Node("Min", {"t"}, {"y"});
  std::vector<Diagnostic> d = CheckModel(m.model, "m.onnx");
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kNodeSchemaUnknown),
                                      std::string(rules::kTypeUndeclared)))
      << Describe(d);
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
  AddAttribute(*no_value.model.mutable_graph()->mutable_node(0), "axis",
               onnx::AttributeProto::INT);
  ExpectOnly(no_value.model, rules::kAttrType);
}

// No registry schema has a required attribute: a hand-made schema shows the
// generic rule.
TEST(ValidateNodeTest, AttrRequiredMissing) {
  OpSchema schema("Example", 1);
  schema.Input("x", "T", "").Output("y", "T", "").TypeConstraint("T", kFloatTypes, "")
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
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kAttrRequiredMissing))) << Describe(d);

  SetFloat(node, "alpha", 1.0f);
  d.clear();
  ValidateNode(schema, view, sink);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
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
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kAttrClipBoundsOrder))) << Describe(d);
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

// ---- Collecting everything ----

TEST(CheckModelTest, EveryViolationIsReported) {
  TestModel m = ArgMinModel(1, {2, 3}, {1, 3}, ElementType::kBFloat16);
  onnx::NodeProto& node = *m.model.mutable_graph()->mutable_node(0);
  SetInt(node, "keepdims", 3);
  SetInt(node, "select_last_index", 1);
  m.model.set_ir_version(0);
  std::vector<Diagnostic> d = CheckModel(m.model, "m.onnx");
  EXPECT_THAT(RuleIds(d), testing::UnorderedElementsAre(
                              std::string(rules::kModelIrVersion),
                              std::string(rules::kAttrUnknown), std::string(rules::kTypeNotAllowed),
                              std::string(rules::kAttrBoolValue)))
      << Describe(d);
}

TEST(DiagnosticTest, Format) {
  Diagnostic d = MakeDiagnostic(rules::kAttrAxisRange, "case/model.onnx", "#0 ArgMin",
                                "attribute axis", "axis 3 is outside [-2, 1]");
  EXPECT_EQ(FormatDiagnostic(d),
            "case/model.onnx: error [ATTR-AXIS-RANGE] node #0 ArgMin, attribute axis: axis 3 is "
            "outside [-2, 1]");
  Diagnostic unsupported =
      MakeDiagnostic(rules::kNodeSchemaUnknown, "m.onnx", "", "", "operator 'Relu' is unknown");
  EXPECT_EQ(FormatDiagnostic(unsupported),
            "m.onnx: unsupported [NODE-SCHEMA-UNKNOWN] operator 'Relu' is unknown");
}

}  // namespace
}  // namespace onnx_conform
