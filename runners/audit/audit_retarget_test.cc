// Rewriting a case to another opset: the opset and IR version, and Clip
// between attribute bounds and input bounds across 6 <-> 11.
#include "runners/audit/audit_retarget.h"

#include <map>
#include <optional>
#include <string>

#include "checker/model_versions.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/audit/audit_cases.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// A copy: the cases are usually a temporary vector.
AuditCase Named(const std::vector<AuditCase>& cases, absl::string_view scenario) {
  for (const AuditCase& c : cases) {
    if (c.scenario == scenario) return c;
  }
  ADD_FAILURE() << "no case " << scenario;
  return AuditCase{};
}

AuditCase Clip6Case(ElementType type, std::optional<float> min, std::optional<float> max) {
  AuditCase c = Named(BuiltinAuditCases("Clip", 6, type), "no_bounds");
  onnx::NodeProto* node = c.model.mutable_graph()->mutable_node(0);
  for (auto [name, value] : {std::pair{"min", min}, std::pair{"max", max}}) {
    if (!value) continue;
    onnx::AttributeProto* a = node->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(*value);
  }
  return c;
}

const onnx::TensorProto* Initializer(const onnx::ModelProto& model, const std::string& name) {
  for (const onnx::TensorProto& t : model.graph().initializer()) {
    if (t.name() == name) return &t;
  }
  return nullptr;
}

TEST(RetargetCaseTest, SameOpsetChangesNothing) {
  AuditCase c = Clip6Case(ElementType::kFloat, -1.0f, 1.0f);
  absl::StatusOr<AuditCase> same = RetargetCase(c, 6);
  ASSERT_TRUE(same.ok()) << same.status();
  EXPECT_EQ(same->model.SerializeAsString(), c.model.SerializeAsString());
}

TEST(RetargetCaseTest, WithinOneFormOnlyTheOpsetAndIrChange) {
  AuditCase c = Named(BuiltinAuditCases("Min", 6, ElementType::kFloat), "two_inputs");
  absl::StatusOr<AuditCase> at13 = RetargetCase(c, 13);
  ASSERT_TRUE(at13.ok()) << at13.status();
  EXPECT_EQ(DefaultDomainOpset(at13->model), 13);
  EXPECT_EQ(at13->model.ir_version(), 7);
  EXPECT_EQ(at13->model.graph().SerializeAsString(), c.model.graph().SerializeAsString());
  EXPECT_EQ(at13->inputs.size(), 2u);
}

TEST(RetargetCaseTest, Clip6AttributesBecomeScalarInitializersOfTheInputType) {
  // 0.1f is no float16: the attribute rounds to the nearest half, 0x2E66.
  AuditCase c = Clip6Case(ElementType::kFloat16, 0.1f, std::nullopt);
  absl::StatusOr<AuditCase> at11 = RetargetCase(c, 11);
  ASSERT_TRUE(at11.ok()) << at11.status();
  const onnx::NodeProto& node = at11->model.graph().node(0);
  EXPECT_EQ(node.attribute_size(), 0);
  ASSERT_EQ(node.input_size(), 2);
  EXPECT_EQ(node.input(0), "input");
  const onnx::TensorProto* min = Initializer(at11->model, node.input(1));
  ASSERT_NE(min, nullptr);
  absl::StatusOr<Tensor> value = TensorFromProto(*min);
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(value->type(), ElementType::kFloat16);
  EXPECT_EQ(value->rank(), 0);
  EXPECT_EQ(value->data<Float16>()[0].bits(), 0x2E66);
  EXPECT_EQ(at11->model.ir_version(), 6);
  EXPECT_EQ(at11->inputs.size(), 1u);
}

TEST(RetargetCaseTest, OnlyMaxSkipsMinWithAnEmptyName) {
  absl::StatusOr<AuditCase> at13 =
      RetargetCase(Clip6Case(ElementType::kDouble, std::nullopt, 4.5f), 13);
  ASSERT_TRUE(at13.ok()) << at13.status();
  const onnx::NodeProto& node = at13->model.graph().node(0);
  ASSERT_EQ(node.input_size(), 3);
  EXPECT_EQ(node.input(1), "");
  const onnx::TensorProto* max = Initializer(at13->model, node.input(2));
  ASSERT_NE(max, nullptr);
  EXPECT_EQ(TensorFromProto(*max)->data<double>()[0], 4.5);
}

TEST(RetargetCaseTest, NoBoundsStayUnset) {
  absl::StatusOr<AuditCase> at11 =
      RetargetCase(Clip6Case(ElementType::kDouble, std::nullopt, std::nullopt), 11);
  ASSERT_TRUE(at11.ok());
  EXPECT_EQ(at11->model.graph().node(0).input_size(), 1);
  EXPECT_THAT(at11->model.graph().initializer(), IsEmpty());
}

TEST(RetargetCaseTest, Clip11FedBoundsBecomeAttributesAndLeaveTheGraph) {
  const AuditCase c = Named(BuiltinAuditCases("Clip", 11, ElementType::kFloat), "both_bounds");
  ASSERT_EQ(c.inputs.size(), 3u);
  absl::StatusOr<AuditCase> at6 = RetargetCase(c, 6);
  ASSERT_TRUE(at6.ok()) << at6.status();
  const onnx::NodeProto& node = at6->model.graph().node(0);
  EXPECT_THAT(node.input(), ElementsAre("input"));
  std::map<std::string, float> attributes;
  for (const onnx::AttributeProto& a : node.attribute()) {
    EXPECT_EQ(a.type(), onnx::AttributeProto::FLOAT);
    attributes[a.name()] = a.f();
  }
  EXPECT_EQ(attributes, (std::map<std::string, float>{{"min", -1.5f}, {"max", 2.25f}}));
  ASSERT_EQ(at6->model.graph().input_size(), 1);
  EXPECT_EQ(at6->model.graph().input(0).name(), "input");
  ASSERT_EQ(at6->inputs.size(), 1u);
  EXPECT_EQ(at6->inputs[0].element_count(), c.inputs[0].element_count());
}

TEST(RetargetCaseTest, AMaxOnlyClip12BecomesAMaxAttribute) {
  const AuditCase c = Named(BuiltinAuditCases("Clip", 12, ElementType::kInt32), "max_only");
  absl::StatusOr<AuditCase> at6 = RetargetCase(c, 6);
  ASSERT_TRUE(at6.ok()) << at6.status();
  const onnx::NodeProto& node = at6->model.graph().node(0);
  ASSERT_EQ(node.attribute_size(), 1);
  EXPECT_EQ(node.attribute(0).name(), "max");
  EXPECT_EQ(node.attribute(0).f(), 2.0f);
  EXPECT_EQ(at6->inputs.size(), 1u);
}

TEST(RetargetCaseTest, ABoundThatIsNoFloatCannotBecomeAnAttribute) {
  AuditCase c = Named(BuiltinAuditCases("Clip", 11, ElementType::kDouble), "min_only");
  ASSERT_EQ(c.inputs.size(), 2u);
  c.inputs[1].data<double>()[0] = 0.1;  // not a float value
  absl::StatusOr<AuditCase> at6 = RetargetCase(c, 6);
  EXPECT_EQ(at6.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(at6.status().message()), ::testing::HasSubstr("not exactly a FLOAT"));

  AuditCase big = Named(BuiltinAuditCases("Clip", 12, ElementType::kInt64), "min_only");
  big.inputs[1].data<int64_t>()[0] = (int64_t{1} << 53) + 1;
  EXPECT_FALSE(RetargetCase(big, 6).ok());
}

TEST(RetargetCaseTest, ConstantNodeBoundsBecomeAttributes) {
  // What ONNX's converter writes for Clip-6 -> 11: a Constant feeding min.
  AuditCase c = Named(BuiltinAuditCases("Clip", 11, ElementType::kFloat), "no_bounds");
  onnx::GraphProto* graph = c.model.mutable_graph();
  onnx::NodeProto clip = graph->node(0);
  graph->clear_node();
  onnx::NodeProto* constant = graph->add_node();
  constant->set_op_type("Constant");
  constant->add_output("lo");
  onnx::AttributeProto* value = constant->add_attribute();
  value->set_name("value");
  value->set_type(onnx::AttributeProto::TENSOR);
  *value->mutable_t() = TensorToProto(Tensor::FromValues<float>({}, {-0.5f}), "");
  clip.add_input("lo");
  *graph->add_node() = clip;
  absl::StatusOr<AuditCase> at6 = RetargetCase(c, 6);
  ASSERT_TRUE(at6.ok()) << at6.status();
  ASSERT_EQ(at6->model.graph().node_size(), 1) << "the unused Constant is dropped";
  const onnx::NodeProto& node = at6->model.graph().node(0);
  EXPECT_EQ(node.op_type(), "Clip");
  ASSERT_EQ(node.attribute_size(), 1);
  EXPECT_EQ(node.attribute(0).name(), "min");
  EXPECT_EQ(node.attribute(0).f(), -0.5f);
}

TEST(RetargetCaseTest, RoundTripKeepsTheBounds) {
  AuditCase c = Clip6Case(ElementType::kFloat, -2.0f, 7.5f);
  absl::StatusOr<AuditCase> up = RetargetCase(c, 13);
  ASSERT_TRUE(up.ok());
  absl::StatusOr<AuditCase> down = RetargetCase(*up, 6);
  ASSERT_TRUE(down.ok()) << down.status();
  std::map<std::string, float> attributes;
  for (const onnx::AttributeProto& a : down->model.graph().node(0).attribute()) {
    attributes[a.name()] = a.f();
  }
  EXPECT_EQ(attributes, (std::map<std::string, float>{{"min", -2.0f}, {"max", 7.5f}}));
  EXPECT_THAT(down->model.graph().initializer(), IsEmpty());
}

TEST(RetargetCaseTest, NoDefaultDomainImportIsAnError) {
  AuditCase c = Clip6Case(ElementType::kFloat, 0.0f, 1.0f);
  c.model.clear_opset_import();
  EXPECT_EQ(RetargetCase(c, 11).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(ValueElementTypesTest, DeclaredAndImplied) {
  AuditCase c = Named(BuiltinAuditCases("ArgMin", 13, ElementType::kUint16), "axis0");
  c.model.mutable_graph()->clear_output();  // the output's type is implied by ArgMin
  std::map<std::string, ElementType> types = ValueElementTypes(c.model.graph());
  EXPECT_EQ(types.at("data"), ElementType::kUint16);
  EXPECT_EQ(types.at("reduced"), ElementType::kInt64);
}

// An output takes its first input's type where the operator's schema binds
// both to one type parameter, whichever operator it is (Erf and Relu: T),
// and not where it does not (Cast: T1 to T2; Shape: int64 from T).
TEST(ValueElementTypesTest, ImpliedWhereTheSchemaBindsOutputToInput) {
  onnx::GraphProto graph;
  onnx::ValueInfoProto* x = graph.add_input();
  x->set_name("x");
  x->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::DOUBLE);
  auto add_node = [&graph](const std::string& op, const std::string& in, const std::string& out) {
    onnx::NodeProto* node = graph.add_node();
    node->set_op_type(op);
    node->add_input(in);
    node->add_output(out);
  };
  add_node("Erf", "x", "erf");
  add_node("Relu", "erf", "relu");
  add_node("Cast", "relu", "cast");
  add_node("Shape", "relu", "shape");
  const std::map<std::string, ElementType> types = ValueElementTypes(graph);
  EXPECT_EQ(types.at("erf"), ElementType::kDouble);
  EXPECT_EQ(types.at("relu"), ElementType::kDouble);
  EXPECT_FALSE(types.contains("cast"));
  EXPECT_FALSE(types.contains("shape"));
}

}  // namespace
}  // namespace onnx_conform
