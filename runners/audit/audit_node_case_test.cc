// NodeCases: which inputs of a node audited alone are generated on one flat
// shape (element-wise ones, by the operator's scenario in ops/operators.def)
// and which keep the shapes the model declares.
#include "runners/audit/audit_node_case.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "runners/audit/audit_model_checks.h"
#include "testing/audit_model_test_util.h"

namespace onnx_conform::audit_testing {
namespace {

// The declared shape of each generated input of the first case of the
// model's only node.
std::vector<Shape> GeneratedShapes(const onnx::ModelProto& model) {
  ModelNodes nodes(model);
  // `class`: explore's EdgeValues() function shares the name.
  const class EdgeValues edges;
  EXPECT_EQ(nodes.nodes().size(), 1u);
  absl::StatusOr<std::vector<AuditCase>> cases =
      NodeCases(nodes.nodes()[0], nodes, model.opset_import(0).version(), edges);
  EXPECT_TRUE(cases.ok()) << cases.status();
  std::vector<Shape> shapes;
  if (!cases.ok() || cases->empty()) return shapes;
  for (const onnx::ValueInfoProto& input : (*cases)[0].model.graph().input()) {
    Shape shape;
    for (const auto& d : input.type().tensor_type().shape().dim()) shape.push_back(d.dim_value());
    shapes.push_back(shape);
  }
  return shapes;
}

onnx::ModelProto OneNode(int opset, const std::string& op, std::vector<std::string> inputs) {
  ModelBuilder b(opset);
  for (const std::string& name : inputs) {
    *b.graph().add_input() = ModelBuilder::Value(name, kFloat, {"2", "3"});
  }
  *b.graph().add_node() = ModelBuilder::Node(op, "n", inputs, {"y"});
  *b.graph().add_output() = ModelBuilder::Value("y", kFloat, {});
  return b.model();
}

TEST(NodeCaseShapeTest, UnaryScenarioRunsFlat) {
  EXPECT_EQ(GeneratedShapes(OneNode(6, "Relu", {"x"})), std::vector<Shape>({{32}}));
}

TEST(NodeCaseShapeTest, ClipScenarioRunsItsFirstInputFlat) {
  ModelBuilder b(11);
  *b.graph().add_input() = ModelBuilder::Value("x", kFloat, {"2", "3"});
  *b.graph().add_input() = ModelBuilder::Value("lo", kFloat, {});
  *b.graph().add_node() = ModelBuilder::Node("Clip", "n", {"x", "lo"}, {"y"});
  EXPECT_EQ(GeneratedShapes(b.model()), std::vector<Shape>({{32}, {}}));
}

TEST(NodeCaseShapeTest, VariadicScenarioRunsInputsOfOneShapeFlat) {
  EXPECT_EQ(GeneratedShapes(OneNode(6, "Max", {"a", "b"})), std::vector<Shape>({{32}, {32}}));
}

TEST(NodeCaseShapeTest, ArgReduceKeepsTheDeclaredShape) {
  EXPECT_EQ(GeneratedShapes(OneNode(11, "ArgMin", {"x"})), std::vector<Shape>({{2, 3}}));
}

}  // namespace
}  // namespace onnx_conform::audit_testing
