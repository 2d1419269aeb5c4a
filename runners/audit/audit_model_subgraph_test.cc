// `audit --model` where the operators hide or their shapes are not known:
// a Clip inside an If branch or a Loop body, and symbolic dimensions (with
// --shape to give them).
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_edge_values.h"
#include "runners/audit/audit_report.h"
#include "runners/cli/cli.h"
#include "testing/audit_model_test_util.h"

// Inside audit_testing, so the shared builders (audit_model_test_util.h) need
// no using-list in each test file.
namespace onnx_conform::audit_testing {
namespace {

namespace fs = std::filesystem;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

// x (double [2,3]) -> If(cond): then Clip-6(x, min=-1), else Identity(x).
onnx::ModelProto ClipInIfBranch(int opset) {
  ModelBuilder b(opset);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kDouble, {"2", "3"});
  *g.add_input() = ModelBuilder::Value("cond", onnx::TensorProto::BOOL, {});
  onnx::NodeProto if_node = ModelBuilder::Node("If", "choose", {"cond"}, {"y"});
  onnx::GraphProto* then_graph = ModelBuilder::GraphAttribute(if_node, "then_branch", "then");
  onnx::NodeProto clip = ModelBuilder::Node("Clip", "branch_limit", {"x"}, {"t"});
  ModelBuilder::FloatAttribute(clip, "min", -1.0f);
  *then_graph->add_node() = clip;
  *then_graph->add_output() = ModelBuilder::Value("t", kDouble, {"2", "3"});
  onnx::GraphProto* else_graph = ModelBuilder::GraphAttribute(if_node, "else_branch", "else");
  *else_graph->add_node() = ModelBuilder::Node("Identity", "", {"x"}, {"e"});
  *else_graph->add_output() = ModelBuilder::Value("e", kDouble, {"2", "3"});
  *g.add_node() = if_node;
  *g.add_output() = ModelBuilder::Value("y", kDouble, {"2", "3"});
  return b.model();
}

TEST(AuditModelSubgraphTest, ClipInsideAnIfBranchIsAudited) {
  const fs::path file = Write("if_branch", ClipInIfBranch(6));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  bool branch_clip = false;
  for (const NodeChange& n : audit->nodes) {
    if (n.node == "'choose'.then_branch: 'branch_limit'") {
      branch_clip = true;
      EXPECT_EQ(n.from_version, 6);
      EXPECT_EQ(n.to_version, 13);
      EXPECT_EQ(n.type, ElementType::kDouble);
    }
  }
  EXPECT_TRUE(branch_clip);
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kConverterInvalid);
  ASSERT_FALSE(invalid.empty()) << ModelAuditMarkdown(*audit);
  EXPECT_EQ(invalid[0]->node, "'choose'.then_branch: 'branch_limit'");
  EXPECT_EQ(invalid[0]->op_type, "Clip");
  const std::string md = ModelAuditMarkdown(*audit);
  EXPECT_THAT(md, Not(HasSubstr("No node's operator version changes")));
  EXPECT_THAT(md, HasSubstr("behaviour and outputs not compared"));
}

// x (float16 [4]), a scalar graph input hi -> If(cond): then
// Clip-11 'then_clip'(x, '', six) with six an initializer, else Clip-11
// 'else_clip'(x, '', hi).
onnx::ModelProto ClipsInBothBranches() {
  ModelBuilder b(11);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kHalf, {"4"});
  *g.add_input() = ModelBuilder::Value("hi", kHalf, {});
  *g.add_input() = ModelBuilder::Value("cond", onnx::TensorProto::BOOL, {});
  std::vector<Float16> six = {Float16::FromFloat(6.0f)};
  *g.add_initializer() = TensorToProto(Tensor::FromValues<Float16>({}, six), "six");
  onnx::NodeProto if_node = ModelBuilder::Node("If", "choose", {"cond"}, {"y"});
  onnx::GraphProto* then_graph = ModelBuilder::GraphAttribute(if_node, "then_branch", "then");
  *then_graph->add_node() = ModelBuilder::Node("Clip", "then_clip", {"x", "", "six"}, {"t"});
  *then_graph->add_output() = ModelBuilder::Value("t", kHalf, {"4"});
  onnx::GraphProto* else_graph = ModelBuilder::GraphAttribute(if_node, "else_branch", "else");
  *else_graph->add_node() = ModelBuilder::Node("Clip", "else_clip", {"x", "", "hi"}, {"e"});
  *else_graph->add_output() = ModelBuilder::Value("e", kHalf, {"4"});
  *g.add_node() = if_node;
  *g.add_output() = ModelBuilder::Value("y", kHalf, {"4"});
  return b.model();
}

// Clip-11's missing min on float16 is -inf (float's lowest()), Clip-13's
// -65504: each branch's Clip is audited on its own, the else-branch's whose
// max is a scalar graph input too.
TEST(AuditModelSubgraphTest, EachIfBranchIsAuditedOnItsOwn) {
  const fs::path file = Write("if_both_branches", ClipsInBothBranches());
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  const std::string md = ModelAuditMarkdown(*audit);
  for (const std::string node :
       {"'choose'.then_branch: 'then_clip'", "'choose'.else_branch: 'else_clip'"}) {
    bool changed = false;
    for (const Finding* f : OfKind(*audit, FindingKind::kOutputChange)) changed |= f->node == node;
    EXPECT_TRUE(changed) << node << "\n" << md;
  }
}

// x (float16 [N]) -> Loop(trip count 2) whose body clips the carried value.
onnx::ModelProto ClipInLoopBody() {
  ModelBuilder b(6);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kHalf, {"N"});
  *g.add_input() = ModelBuilder::Value("trips", onnx::TensorProto::INT64, {});
  *g.add_input() = ModelBuilder::Value("go", onnx::TensorProto::BOOL, {});
  onnx::NodeProto loop = ModelBuilder::Node("Loop", "repeat", {"trips", "go", "x"}, {"out"});
  onnx::GraphProto* bg = ModelBuilder::GraphAttribute(loop, "body", "body");
  *bg->add_input() = ModelBuilder::Value("i", onnx::TensorProto::INT64, {});
  *bg->add_input() = ModelBuilder::Value("c", onnx::TensorProto::BOOL, {});
  *bg->add_input() = ModelBuilder::Value("v", kHalf, {"N"});
  *bg->add_node() = ModelBuilder::Node("Identity", "", {"c"}, {"c_out"});
  onnx::NodeProto clip = ModelBuilder::Node("Clip", "", {"v"}, {"v_out"});
  ModelBuilder::FloatAttribute(clip, "max", 2.0f);
  *bg->add_node() = clip;
  *bg->add_output() = ModelBuilder::Value("c_out", onnx::TensorProto::BOOL, {});
  *bg->add_output() = ModelBuilder::Value("v_out", kHalf, {"N"});
  *g.add_node() = loop;
  *g.add_output() = ModelBuilder::Value("out", kHalf, {"N"});
  return b.model();
}

TEST(AuditModelSubgraphTest, ClipInsideALoopBodyIsAuditedWithoutStaticShapes) {
  const fs::path file = Write("loop_body", ClipInLoopBody());
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  bool body_clip = false;
  for (const NodeChange& n : audit->nodes) {
    body_clip |= n.node == "'repeat'.body: #1 Clip" && n.type == ElementType::kFloat16;
  }
  EXPECT_TRUE(body_clip) << ModelAuditMarkdown(*audit);
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kConverterInvalid);
  ASSERT_FALSE(invalid.empty()) << ModelAuditMarkdown(*audit);
  EXPECT_EQ(invalid[0]->node, "'repeat'.body: #1 Clip");
  // The converter gives both bounds as float Constants (min = float's lowest()).
  EXPECT_EQ(invalid[0]->concerns, "input 1 (min)");
}

TEST(AuditModelShapeTest, SymbolicDimensionsStillGetTheConverterAuditAndGeneratedData) {
  const fs::path file = Write("symbolic", MinClipArgMin(kDouble, {"batch", "3"}, false));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_TRUE(audit->converter_audited);
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kConverterInvalid);
  ASSERT_EQ(invalid.size(), 1u);
  EXPECT_EQ(invalid[0]->node, "'limit'");
  // batch is sized for x to hold every edge value of double in one set:
  // no more sets than the fewest the audit makes.
  EXPECT_EQ(audit->data, absl::StrCat("generated (", kMinEdgeSets, " sets)"));
  EXPECT_THAT(audit->notes, Contains(HasSubstr("x (batch = ")));
  EXPECT_TRUE(audit->behaviour_compared);

  ModelAuditOptions options;
  options.to_opset = 13;
  options.shapes["x"] = {4, 3};
  absl::StatusOr<ModelAudit> shaped = AuditModel(file, options);
  ASSERT_TRUE(shaped.ok()) << shaped.status();
  EXPECT_THAT(shaped->notes, Not(Contains(HasSubstr("x (batch"))));
  EXPECT_TRUE(shaped->behaviour_compared);
  CommandResult r = RunAudit({"--model=" + file.string(), "--shape=x=4,3", "--json"});
  EXPECT_EQ(r.code, kExitFailed) << r.err;
  EXPECT_EQ(RunAudit({"--model=" + file.string(), "--shape=x"}).code, kExitUsage);
  EXPECT_EQ(RunAudit({"--model=" + file.string(), "--shape=x=a,3"}).code, kExitUsage);
}

}  // namespace
}  // namespace onnx_conform::audit_testing
