// Constant and Identity, the supporting operators (registry.h): validated
// like the covered ones, their outputs' types, shapes and values reach the
// nodes that read them, and models from ONNX's version converter (libonnx,
// linked here only to produce them) are judged like any other.
#include <cmath>
#include <exception>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "checker/case_checker.h"
#include "checker/checker.h"
#include "checker/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "onnx/version_converter/convert.h"
#include "tensor/tensor_file.h"
#include "tensor/tensor_proto.h"
#include "testing/test_model.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

using ::onnx_conform::testing_util::AddAttribute;
using ::onnx_conform::testing_util::DescribeDiagnostics;
using ::onnx_conform::testing_util::SetFloat;
using ::onnx_conform::testing_util::SetInt;
using ::onnx_conform::testing_util::TestModel;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

constexpr ElementType kF = ElementType::kFloat;
constexpr ElementType kI32 = ElementType::kInt32;
constexpr ElementType kI64 = ElementType::kInt64;

std::vector<Diagnostic> ExpectOnly(const onnx::ModelProto& model, absl::string_view rule) {
  std::vector<Diagnostic> d = CheckModel(model, "m.onnx");
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rule))) << DescribeDiagnostics(d);
  return d;
}

void ExpectValid(const onnx::ModelProto& model) {
  std::vector<Diagnostic> d = CheckModel(model, "m.onnx");
  EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);
}

void SetTensor(onnx::NodeProto& node, const std::string& name, const Tensor& value) {
  *AddAttribute(node, name, onnx::AttributeProto::TENSOR).mutable_t() = TensorToProto(value, "");
}

onnx::NodeProto& AddConstant(TestModel& m, const std::string& output, const Tensor& value) {
  onnx::NodeProto& node = m.Node("Constant", {}, {output});
  SetTensor(node, "value", value);
  return node;
}

// Clip-11+ over x [4] whose min and max come from Constant nodes.
TestModel ClipWithConstantBounds(int opset, const Tensor& lo, const Tensor& hi) {
  TestModel m(opset);
  m.Input("x", kF, {4}).Output("y", kF, {4});
  AddConstant(m, "lo", lo);
  AddConstant(m, "hi", hi);
  m.Node("Clip", {"x", "lo", "hi"}, {"y"});
  return m;
}

// ---- The registry ----

TEST(SupportRegistryTest, SupportingOperatorsAreFoundButNotCovered) {
  std::vector<std::string> names;
  for (const OpSchema* schema : SupportSchemas()) names.push_back(schema->Name());
  EXPECT_THAT(names,
              ElementsAre("CastLike-15", "Constant-1", "Constant-9", "Constant-11", "Constant-12",
                          "Constant-13", "Identity-1", "Identity-13", "Identity-14", "Identity-16",
                          "Less-7", "Less-9", "Less-13", "Where-9", "Where-16"));
  for (const OpSchema* schema : AllSchemas()) {
    for (const char* support : {"CastLike", "Constant", "Identity", "Less", "Where"}) {
      EXPECT_NE(schema->op_type(), support);
    }
  }
  EXPECT_TRUE(SchemaVersions("Constant").empty());
  EXPECT_EQ(FindSchemaVersion("Identity", 13), nullptr);
  EXPECT_TRUE(IsSupportOperator("Identity"));
  EXPECT_FALSE(IsSupportOperator("Clip"));
  absl::StatusOr<const OpSchema*> constant = LookupSchema("", "Constant", 10);
  ASSERT_TRUE(constant.ok()) << constant.status();
  EXPECT_EQ((*constant)->Name(), "Constant-9");
  absl::StatusOr<const OpSchema*> identity = LookupSchema("ai.onnx", "Identity", 15);
  ASSERT_TRUE(identity.ok()) << identity.status();
  EXPECT_EQ((*identity)->Name(), "Identity-14");
}

// ---- Models from ONNX's version converter ----

TestModel Clip6(ElementType type) {
  TestModel m(6);
  m.Input("x", type, {4}).Output("y", type, {4});
  onnx::NodeProto& clip = m.Node("Clip", {"x"}, {"y"});
  SetFloat(clip, "min", -1.0f);
  SetFloat(clip, "max", 2.0f);
  return m;
}

onnx::ModelProto Convert(const onnx::ModelProto& model, int opset) {
  try {
    return onnx::version_conversion::ConvertVersion(model, opset);
  } catch (const std::exception& e) {
    ADD_FAILURE() << "version converter to opset " << opset << ": " << e.what();
    return model;
  }
}

int CountNodes(const onnx::ModelProto& model, absl::string_view op_type) {
  int count = 0;
  for (const onnx::NodeProto& node : model.graph().node()) count += node.op_type() == op_type;
  return count;
}

TEST(ConvertedModelTest, FloatClip6IsValidAtOpsets11To13) {
  const TestModel clip6 = Clip6(kF);
  ExpectValid(clip6.model);
  for (int opset : {11, 12, 13}) {
    SCOPED_TRACE(testing::Message() << "opset " << opset);
    const onnx::ModelProto converted = Convert(clip6.model, opset);
    EXPECT_EQ(CountNodes(converted, "Constant"), 2) << converted.DebugString();
    ExpectValid(converted);
    const Tensor x = Tensor::FromValues<float>({4}, {-3, 0, 1.5f, 9});
    const Tensor y = Tensor::FromValues<float>({4}, {-1, 0, 1.5f, 2});
    DataSetView data{"ds", {{"ds/input_0.pb", &x}}, {{"ds/output_0.pb", &y}}};
    std::vector<Diagnostic> d = CheckDataSet(converted, data, "m.onnx");
    EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);
  }
}

// The converter writes float Constant bounds whatever Clip-6's input type:
// Clip-11 binds T to both, so a float16 or double input cannot take them.
TEST(ConvertedModelTest, HalfAndDoubleClip6GetFloatBoundsAtOpset11) {
  for (ElementType type : {ElementType::kFloat16, ElementType::kDouble}) {
    SCOPED_TRACE(ElementTypeName(type));
    const TestModel clip6 = Clip6(type);
    ExpectValid(clip6.model);
    const onnx::ModelProto converted = Convert(clip6.model, 11);
    std::vector<Diagnostic> d = ExpectOnly(converted, rules::kTypeParamMismatch);
    for (const Diagnostic& diagnostic : d) {
      EXPECT_THAT(diagnostic.node, HasSubstr("Clip")) << FormatDiagnostic(diagnostic);
      EXPECT_THAT(diagnostic.message, HasSubstr("float,")) << FormatDiagnostic(diagnostic);
    }
  }
}

// ---- Constant ----

TEST(ConstantTest, EveryValueFormAtItsVersion) {
  struct Form {
    int opset;
    const char* attribute;
    ElementType type;
    std::vector<int64_t> dims;
  };
  for (const Form& form : std::vector<Form>{{1, "value", kF, {2, 3}},
                                            {9, "value", kI32, {2, 3}},
                                            {11, "value", kI64, {2, 3}},
                                            {12, "value_float", kF, {}},
                                            {12, "value_floats", kF, {3}},
                                            {13, "value_int", kI64, {}},
                                            {13, "value_ints", kI64, {3}},
                                            {13, "value_string", ElementType::kString, {}},
                                            {12, "value_strings", ElementType::kString, {3}}}) {
    SCOPED_TRACE(testing::Message() << form.attribute << " at opset " << form.opset);
    TestModel m(form.opset);
    onnx::ValueInfoProto* output = m.model.mutable_graph()->add_output();
    output->set_name("c");
    onnx::TypeProto::Tensor* type = output->mutable_type()->mutable_tensor_type();
    type->set_elem_type(static_cast<int32_t>(form.type));
    for (int64_t d : form.dims) type->mutable_shape()->add_dim()->set_dim_value(d);
    onnx::NodeProto& node = m.Node("Constant", {}, {"c"});
    const std::string name = form.attribute;
    if (name == "value") {
      onnx::TensorProto* t = AddAttribute(node, name, onnx::AttributeProto::TENSOR).mutable_t();
      t->set_data_type(static_cast<int32_t>(form.type));
      for (int64_t d : form.dims) t->add_dims(d);
      for (int i = 0; i < 6; ++i) {
        form.type == kF     ? t->add_float_data(i)
        : form.type == kI64 ? t->add_int64_data(i)
                            : t->add_int32_data(i);
      }
    } else if (name == "value_float") {
      SetFloat(node, name, 1.5f);
    } else if (name == "value_int") {
      SetInt(node, name, 7);
    } else if (name == "value_floats") {
      onnx::AttributeProto& a = AddAttribute(node, name, onnx::AttributeProto::FLOATS);
      for (float f : {1.0f, 2.0f, 3.0f}) a.add_floats(f);
    } else if (name == "value_ints") {
      onnx::AttributeProto& a = AddAttribute(node, name, onnx::AttributeProto::INTS);
      for (int64_t i : {1, 2, 3}) a.add_ints(i);
    } else if (name == "value_string") {
      AddAttribute(node, name, onnx::AttributeProto::STRING).set_s("a");
    } else {
      onnx::AttributeProto& a = AddAttribute(node, name, onnx::AttributeProto::STRINGS);
      for (const char* s : {"a", "b", "c"}) a.add_strings(s);
    }
    ExpectValid(m.model);
    // A declaration of another type or shape disagrees with the attribute.
    type->set_elem_type(static_cast<int32_t>(ElementType::kDouble));
    ExpectOnly(m.model, rules::kOutputTypeInferred);
    type->set_elem_type(static_cast<int32_t>(form.type));
    type->mutable_shape()->add_dim()->set_dim_value(5);
    ExpectOnly(m.model, rules::kOutputShapeInferred);
  }
}

TEST(ConstantTest, ExactlyOneValueAttribute) {
  TestModel two(12);
  two.Output("c", kF, {});
  onnx::NodeProto& node = two.Node("Constant", {}, {"c"});
  SetTensor(node, "value", Tensor::FromValues<float>({}, {1}));
  SetFloat(node, "value_float", 1.0f);
  std::vector<Diagnostic> d = ExpectOnly(two.model, rules::kAttrConstantValue);
  ASSERT_FALSE(d.empty());
  EXPECT_THAT(d[0].message, HasSubstr("value and value_float"));

  TestModel none(13);
  none.Output("c", kF, {});
  none.Node("Constant", {}, {"c"});
  ExpectOnly(none.model, rules::kAttrConstantValue);
  // Before Constant-11, value is a required attribute.
  TestModel none9(9);
  none9.Output("c", kF, {});
  none9.Node("Constant", {}, {"c"});
  ExpectOnly(none9.model, rules::kAttrRequiredMissing);
}

TEST(ConstantTest, AttributesOfLaterVersionsAreUnknown) {
  TestModel m(11);
  m.Output("c", kF, {});
  SetFloat(m.Node("Constant", {}, {"c"}), "value_float", 1.0f);
  std::vector<Diagnostic> d = ExpectOnly(m.model, rules::kAttrUnknown);
  ASSERT_FALSE(d.empty());
  EXPECT_THAT(d[0].message, HasSubstr("value_float exists in Constant-12, Constant-13"));
  // sparse_value arrives with Constant-11: at opset 10 it is unknown and value is missing.
  TestModel sparse(10);
  sparse.Output("c", kF, {2});
  onnx::NodeProto& node = sparse.Node("Constant", {}, {"c"});
  onnx::SparseTensorProto* s =
      AddAttribute(node, "sparse_value", onnx::AttributeProto::SPARSE_TENSOR)
          .mutable_sparse_tensor();
  s->add_dims(2);
  s->mutable_values()->set_data_type(onnx::TensorProto::FLOAT);
  d = CheckModel(sparse.model, "m.onnx");
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kAttrUnknown),
                                      std::string(rules::kAttrRequiredMissing)))
      << DescribeDiagnostics(d);
}

TEST(ConstantTest, AttributeOfTheWrongTypeOrUndecodable) {
  TestModel wrong(13);
  wrong.Output("c", kF, {});
  SetInt(wrong.Node("Constant", {}, {"c"}), "value_float", 1);
  ExpectOnly(wrong.model, rules::kAttrType);

  TestModel truncated(13);
  truncated.Output("c", kF, {3});
  onnx::TensorProto* t =
      AddAttribute(truncated.Node("Constant", {}, {"c"}), "value", onnx::AttributeProto::TENSOR)
          .mutable_t();
  t->set_data_type(onnx::TensorProto::FLOAT);
  t->add_dims(3);
  t->set_raw_data(std::string(4, '\0'));
  ExpectOnly(truncated.model, rules::kAttrConstantValue);

  TestModel unknown_type(13);
  unknown_type.Output("c", kF, {});
  onnx::TensorProto* u =
      AddAttribute(unknown_type.Node("Constant", {}, {"c"}), "value", onnx::AttributeProto::TENSOR)
          .mutable_t();
  u->set_data_type(-1);
  ExpectOnly(unknown_type.model, rules::kAttrConstantValue);
  // A number a newer ONNX may define: unsupported, not invalid.
  u->set_data_type(99);
  ExpectOnly(unknown_type.model, rules::kTypeUnknown);
}

TEST(ConstantTest, TypeConstraintOfTheVersion) {
  // Constant-1 holds float tensors only; Constant-9 any tensor.
  for (int opset : {8, 9}) {
    TestModel m(opset);
    m.Output("c", kI64, {2});
    AddConstant(m, "c", Tensor::FromValues<int64_t>({2}, {1, 2}));
    if (opset == 8) {
      ExpectOnly(m.model, rules::kTypeNotAllowed);
    } else {
      ExpectValid(m.model);
    }
  }
  // bfloat16 arrives with Constant-13.
  for (int opset : {12, 13}) {
    TestModel m(opset);
    m.Output("c", ElementType::kBFloat16, {1});
    AddConstant(m, "c", Tensor::FromValues<BFloat16>({1}, {BFloat16::FromFloat(1.0f)}));
    if (opset == 12) {
      ExpectOnly(m.model, rules::kTypeNotAllowed);
    } else {
      ExpectValid(m.model);
    }
  }
}

TEST(ConstantTest, TakesNoInput) {
  TestModel m(13);
  m.Input("x", kF, {}).Output("c", kF, {});
  SetTensor(m.Node("Constant", {"x"}, {"c"}), "value", Tensor::FromValues<float>({}, {1}));
  ExpectOnly(m.model, rules::kNodeInputArity);
}

// Clip's rules on its bounds see a Constant's value as they see an initializer's.
TEST(ConstantTest, ClipSeesTheValue) {
  const Tensor one = Tensor::FromValues<float>({}, {1});
  ExpectValid(ClipWithConstantBounds(13, Tensor::FromValues<float>({}, {-1}), one).model);
  ExpectOnly(ClipWithConstantBounds(13, Tensor::FromValues<float>({1}, {-1}), one).model,
             rules::kShapeClipBoundScalar);
  ExpectOnly(ClipWithConstantBounds(
                 13, Tensor::FromValues<float>({}, {std::numeric_limits<float>::quiet_NaN()}), one)
                 .model,
             rules::kDataClipBoundNan);
  ExpectOnly(ClipWithConstantBounds(12, Tensor::FromValues<float>({}, {2}), one).model,
             rules::kDataClipBoundsOrder);
  ExpectOnly(ClipWithConstantBounds(12, Tensor::FromValues<double>({}, {-1}), one).model,
             rules::kTypeParamMismatch);
}

// ---- Identity ----

TEST(IdentityTest, PassesTypeShapeAndValue) {
  // int32 through two Identity nodes into Min-8, which takes floats only.
  TestModel m(8);
  m.Input("x", kI32, {2, 3}).Output("y", kI32, {2, 3});
  m.Node("Identity", {"x"}, {"t"});
  m.Node("Identity", {"t"}, {"u"});
  m.Node("Min", {"u"}, {"y"});
  std::vector<Diagnostic> d = ExpectOnly(m.model, rules::kTypeNotAllowed);
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].node, "#2 Min");
  // The shape goes through: a Min output declared [3] disagrees with [2,3].
  TestModel shape(13);
  shape.Input("x", kF, {2, 3}).Output("y", kF, {3});
  shape.Node("Identity", {"x"}, {"t"});
  shape.Node("Min", {"t"}, {"y"});
  ExpectOnly(shape.model, rules::kOutputShapeInferred);
  // The value goes through: a NaN initializer read by Clip through Identity.
  TestModel value(13);
  value.Input("x", kF, {4}).Output("y", kF, {4});
  *value.model.mutable_graph()->add_initializer() = TensorToProto(
      Tensor::FromValues<float>({}, {std::numeric_limits<float>::quiet_NaN()}), "nan");
  value.Node("Identity", {"nan"}, {"lo"});
  value.Node("Clip", {"x", "lo"}, {"y"});
  ExpectOnly(value.model, rules::kDataClipBoundNan);
}

TEST(IdentityTest, GenericRules) {
  TestModel two(13);
  two.Input("x", kF, {2}).Output("y", kF, {2});
  two.Node("Identity", {"x", "x"}, {"y"});
  ExpectOnly(two.model, rules::kNodeInputArity);

  TestModel retyped(13);
  retyped.Input("x", kF, {2}).Output("y", ElementType::kDouble, {2});
  retyped.Node("Identity", {"x"}, {"y"});
  ExpectOnly(retyped.model, rules::kTypeParamMismatch);

  // Any tensor type, bool and string included.
  TestModel strings(1);
  strings.Input("x", ElementType::kString, {2}).Output("y", ElementType::kString, {2});
  strings.Node("Identity", {"x"}, {"y"});
  ExpectValid(strings.model);
}

void MakeKind(onnx::ValueInfoProto& value, ValueKind kind) {
  onnx::TypeProto element = value.type();
  onnx::TypeProto* type = value.mutable_type();
  if (kind == onnx::TypeProto::kSequenceType) {
    *type->mutable_sequence_type()->mutable_elem_type() = element;
  } else {
    *type->mutable_optional_type()->mutable_elem_type() = element;
  }
}

// Identity-14 takes sequences and Identity-16 optionals: they pass through,
// and a covered operator reading one reports it.
TEST(IdentityTest, SequencesAndOptionalsPassThroughFromTheirVersion) {
  for (ValueKind kind : {onnx::TypeProto::kSequenceType, onnx::TypeProto::kOptionalType}) {
    const int first = kind == onnx::TypeProto::kSequenceType ? 14 : 16;
    for (int opset : {13, first}) {
      SCOPED_TRACE(testing::Message() << kind << " at opset " << opset);
      TestModel m(opset);
      m.Input("x", kF, {2}).Output("y", kF, {2});
      MakeKind(*m.model.mutable_graph()->mutable_input(0), kind);
      MakeKind(*m.model.mutable_graph()->mutable_output(0), kind);
      m.Node("Identity", {"x"}, {"y"});
      if (opset == first) {
        ExpectValid(m.model);
      } else {
        ExpectOnly(m.model, rules::kGraphValueType);
      }
    }
  }
  // Into Min: the Min node is the one that reports it.
  TestModel min(14);
  min.Input("x", kF, {2}).Output("y", kF, {2});
  MakeKind(*min.model.mutable_graph()->mutable_input(0), onnx::TypeProto::kSequenceType);
  min.Node("Identity", {"x"}, {"t"});
  min.Node("Min", {"t"}, {"y"});
  std::vector<Diagnostic> d = ExpectOnly(min.model, rules::kGraphValueType);
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].node, "#1 Min");
  // A sequence in, a tensor declared out.
  TestModel retyped(14);
  retyped.Input("x", kF, {2}).Output("y", kF, {2});
  MakeKind(*retyped.model.mutable_graph()->mutable_input(0), onnx::TypeProto::kSequenceType);
  retyped.Node("Identity", {"x"}, {"y"});
  ExpectOnly(retyped.model, rules::kGraphValueType);
}

// ---- ONNX's official cases of the two operators ----

TEST(OfficialSupportCasesTest, ConstantAndIdentityAreValid) {
  const fs::path root = ONNX_CONFORM_OFFICIAL_NODE_TESTS;
  if (!fs::is_directory(root / "test_constant")) GTEST_SKIP() << "no libonnx-testdata";
  for (const char* name : {"test_constant", "test_identity"}) {
    std::vector<Diagnostic> d = CheckCaseDir(root / name);
    EXPECT_THAT(d, IsEmpty()) << name << "\n" << DescribeDiagnostics(d);
  }
  // Their data files hold sequences and optionals, which the suite does not
  // decode: the models alone.
  for (const char* name : {"test_identity_sequence", "test_identity_opt"}) {
    absl::StatusOr<onnx::ModelProto> model = ReadModelFile(root / name / "model.onnx");
    ASSERT_TRUE(model.ok()) << model.status();
    std::vector<Diagnostic> d = CheckModel(*model, name);
    EXPECT_THAT(d, IsEmpty()) << name << "\n" << DescribeDiagnostics(d);
  }
}

}  // namespace
}  // namespace onnx_conform
