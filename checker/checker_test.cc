// CheckModel: valid models give no diagnostic; each broken model or graph
// rule is reported under exactly its id. Node rules (arity, types,
// attributes, shapes): node_validator_test.cc. Models are built here, in C++
// (testing/test_model.h).
#include "checker/checker.h"

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
using ::onnx_conform::testing_util::DescribeDiagnostics;
using ::onnx_conform::testing_util::SetFloat;
using ::onnx_conform::testing_util::SetInt;
using ::onnx_conform::testing_util::TestModel;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

// ---- Valid models ----

// Every version accepts every type its constraint lists.
TEST(CheckModelTest, EveryVersionAndAllowedTypeIsValid) {
  for (const OpSchema* schema : AllSchemas()) {
    for (ElementType type : schema->PrimaryTypes()) {
      SCOPED_TRACE(testing::Message() << schema->Name() << " " << ElementTypeName(type));
      const int opset = schema->since_version();
      const std::string& op = schema->op_type();
      if (op == "Min" || op == "Max") {
        ExpectValid(MinModel(opset, type, op).model);
      } else if (op == "ArgMin" || op == "ArgMax") {
        ExpectValid(ArgMinModel(opset, {2, 3}, {1, 3}, type, op).model);
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
  m.Input("x", ElementType::kInt8, {3})
      .Input("hi", ElementType::kInt8, {})
      .Output("y", ElementType::kInt8, {3});
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
  undefined.model.mutable_graph()
      ->mutable_output(0)
      ->mutable_type()
      ->mutable_tensor_type()
      ->set_elem_type(0);
  ExpectOnly(undefined.model, rules::kGraphValueType);

  TestModel kindless = MinModel(13);
  kindless.model.mutable_graph()->mutable_input(0)->mutable_type()->Clear();
  ExpectOnly(kindless.model, rules::kGraphValueType);

  TestModel negative = MinModel(13);
  negative.model.mutable_graph()
      ->mutable_input(0)
      ->mutable_type()
      ->mutable_tensor_type()
      ->set_elem_type(-1);
  ExpectOnly(negative.model, rules::kGraphValueType);
}

// A data type number beyond the suite's may be a newer ONNX's: the model is
// unsupported, never invalid; the number is named. Every type ONNX 1.23
// defines (float8, int4, float6, ...) is known.
TEST(CheckModelTest, UnknownElementTypeIsUnsupportedNotInvalid) {
  TestModel unknown = MinModel(13);
  unknown.model.mutable_graph()
      ->mutable_input(0)
      ->mutable_type()
      ->mutable_tensor_type()
      ->set_elem_type(99);
  std::vector<Diagnostic> d = CheckModel(unknown.model, "m.onnx");
  ASSERT_THAT(RuleIds(d), ElementsAre(std::string(rules::kTypeUnknown))) << DescribeDiagnostics(d);
  EXPECT_EQ(d[0].severity, Severity::kUnsupported);
  EXPECT_THAT(d[0].message, HasSubstr("element type 99"));

  TestModel nested(13);
  nested.Input("x", kF, {2}).Output("y", kF, {2});
  onnx::TypeProto* type = nested.model.mutable_graph()->mutable_input(0)->mutable_type();
  type->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(40);
  nested.Node("Identity", {"x"}, {"y"});
  EXPECT_THAT(RuleIds(CheckModel(nested.model, "m.onnx")),
              Contains(std::string(rules::kTypeUnknown)));

  TestModel initializer = MinModel(13);
  onnx::TensorProto* init = initializer.model.mutable_graph()->add_initializer();
  init->set_name("b");
  init->set_data_type(29);
  init->add_dims(2);
  init->set_raw_data("xx");
  d = CheckModel(initializer.model, "m.onnx");
  EXPECT_THAT(RuleIds(d), Contains(std::string(rules::kTypeUnknown))) << DescribeDiagnostics(d);
  EXPECT_FALSE(HasErrors(d)) << DescribeDiagnostics(d);

  for (int32_t number = 17; number <= 28; ++number) {
    TestModel known(21);
    known.Input("x", static_cast<ElementType>(number), {3})
        .Output("y", static_cast<ElementType>(number), {3});
    known.Node("Identity", {"x"}, {"y"});
    d = CheckModel(known.model, "m.onnx");
    EXPECT_THAT(RuleIds(d), Not(Contains(std::string(rules::kGraphValueType))))
        << number << DescribeDiagnostics(d);
    EXPECT_THAT(RuleIds(d), Not(Contains(std::string(rules::kTypeUnknown)))) << number;
  }
}

// Sequences are valid ONNX, taken only where a schema takes them: not by
// the covered operators, by ONNX's SequenceAt.
TEST(CheckModelTest, NonTensorValuesOnlyWhereTheSchemaTakesThem) {
  TestModel sequence = MinModel(13);
  sequence.model.mutable_graph()->mutable_input(0)->mutable_type()->mutable_sequence_type();
  ExpectOnly(sequence.model, rules::kGraphValueType);

  TestModel other(13);
  other.Input("x", kF, {2}).Input("at", ElementType::kInt64, {}).Output("y", kF, {2});
  other.model.mutable_graph()->mutable_input(0)->mutable_type()->mutable_sequence_type();
  other.Node("SequenceAt", {"x", "at"}, {"y"});
  ExpectValid(other.model);
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

// ---- Collecting everything ----

TEST(CheckModelTest, EveryViolationIsReported) {
  TestModel m = ArgMinModel(1, {2, 3}, {1, 3}, ElementType::kBFloat16);
  onnx::NodeProto& node = *m.model.mutable_graph()->mutable_node(0);
  SetInt(node, "keepdims", 3);
  SetInt(node, "select_last_index", 1);
  m.model.set_ir_version(0);
  std::vector<Diagnostic> d = CheckModel(m.model, "m.onnx");
  EXPECT_THAT(RuleIds(d), testing::UnorderedElementsAre(std::string(rules::kModelIrVersion),
                                                        std::string(rules::kAttrUnknown),
                                                        std::string(rules::kTypeNotAllowed),
                                                        std::string(rules::kAttrBoolValue)))
      << DescribeDiagnostics(d);
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
