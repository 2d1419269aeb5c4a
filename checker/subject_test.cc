// What a case is about: the covered operator of its nodes, or the operator
// whose expanded form (function body) it is, told by the case's name or by
// its nodes (OpSchema::FunctionBodyUses).
#include "checker/subject.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

onnx::ModelProto Nodes(const std::vector<std::string>& op_types) {
  onnx::ModelProto model;
  for (const std::string& op : op_types) model.mutable_graph()->add_node()->set_op_type(op);
  return model;
}

TEST(CaseSubjectTest, TheFirstCoveredOperatorOfTheNodes) {
  EXPECT_EQ(CaseSubject(Nodes({"Min"}), "test_min_example"), "Min");
  EXPECT_EQ(CaseSubject(Nodes({"Constant", "Identity", "Clip"}), "x"), "Clip");
  EXPECT_EQ(CaseSubject(Nodes({"Identity"}), "test_identity"), "Identity");
  EXPECT_EQ(CaseSubject(Nodes({}), "empty"), "");
}

TEST(CaseSubjectTest, AnExpandedFormIsItsOperators) {
  // Relu-14's body holds Max, a covered operator, and CastLike: the name tells.
  const onnx::ModelProto relu_body = Nodes({"Constant", "CastLike", "Max"});
  EXPECT_EQ(CaseSubject(relu_body, "test_relu_expanded_ver18"), "Relu");
  EXPECT_EQ(CaseSubject(relu_body, "relu_v14_float_nan_expanded"), "Relu");
  EXPECT_EQ(CaseSubject(relu_body, "some_model"), "Max");
  // Another operator's name that starts like Relu's is not Relu's.
  EXPECT_EQ(CaseSubject(Nodes({"Constant", "LeakyRelu"}), "test_leakyrelu_expanded"), "LeakyRelu");
  // Min has no version defined as a function.
  EXPECT_EQ(CaseSubject(Nodes({"Identity", "Min"}), "test_min_expanded"), "Min");

  // Clip-13's body is supporting operators alone: its nodes tell.
  EXPECT_EQ(CaseSubject(Nodes({"Less", "Where", "Less", "Where"}), "anything"), "Clip");
  EXPECT_EQ(CaseSubject(Nodes({"Identity"}), "clip_v13_int8_no_bounds_expanded"), "Clip");
  EXPECT_EQ(CaseSubject(Nodes({"Identity"}), "test_clip_default_inbounds_expanded"), "Clip");
  // Less without Where is not Clip's body.
  EXPECT_EQ(CaseSubject(Nodes({"Less"}), "test_less"), "Less");
}

}  // namespace
}  // namespace onnx_conform
