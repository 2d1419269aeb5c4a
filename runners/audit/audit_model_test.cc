// `audit --model` on real multi-operator models built here with ONNX's
// protos: Min -> Clip -> ArgMin chains with Sigmoid/Add mixed in, initializers,
// casts, custom domains and Scan bodies; the checkers that judge the nodes.
// If and Loop bodies and symbolic dimensions: audit_model_subgraph_test.cc;
// --fail-on, --to and --write: audit_model_options_test.cc; an original
// invalid at its opset and validity rows naming every node: here.
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "ops/suite_operators.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_model_checks.h"
#include "runners/audit/audit_report.h"
#include "runners/audit/audit_report.pb.h"
#include "runners/cli/audit_command.h"
#include "runners/cli/cli.h"
#include "tensor/tensor_proto.h"
#include "testing/audit_model_test_util.h"

// Inside audit_testing, so the shared builders (audit_model_test_util.h) need
// no using-list in each test file.
namespace onnx_conform::audit_testing {
namespace {

namespace fs = std::filesystem;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

TEST(AuditModelChainTest, ConverterInvalidIsBlamedOnTheClipNode) {
  const fs::path file = Write("chain", MinClipArgMin(kHalf, {"2", "3"}, false));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kConverterInvalid);
  ASSERT_EQ(invalid.size(), 1u);
  EXPECT_EQ(invalid[0]->node, "'limit'");
  EXPECT_EQ(invalid[0]->op_type, "Clip");
  EXPECT_EQ(invalid[0]->from_version, 6);
  EXPECT_EQ(invalid[0]->to_version, 13);
  EXPECT_EQ(invalid[0]->concerns, "input 1 (min)");
  EXPECT_EQ(invalid[0]->difference, "version change");
  EXPECT_THAT(invalid[0]->detail, HasSubstr("TYPE-PARAM-MISMATCH"));
  EXPECT_TRUE(audit->behaviour_compared);
  // The generated float16 inputs hold +inf: Clip-6's float max leaves it,
  // Clip-13's float16 max clips it. The change starts at the Clip node.
  for (const Finding* f : OfKind(*audit, FindingKind::kOutputChange)) {
    EXPECT_EQ(f->node, "'limit'") << f->detail;
  }
}

TEST(AuditModelChainTest, ForeignOperatorsDoNotSwitchTheConverterAuditOff) {
  const fs::path file = Write("relu_chain", MinClipArgMin(kDouble, {"2", "3"}, true));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_TRUE(audit->converter_audited);
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kConverterInvalid);
  ASSERT_FALSE(invalid.empty());
  EXPECT_EQ(invalid[0]->node, "'limit'");
  EXPECT_FALSE(audit->behaviour_compared);
  EXPECT_THAT(audit->not_audited, Contains(HasSubstr("Sigmoid: not audited beyond its schema")));
  EXPECT_THAT(audit->not_audited, Contains(HasSubstr("Add: not audited beyond its schema")));
  // Why the whole model is not run names what the reference runs: every
  // operator of the one list, none left out by a hand-written list.
  const std::string* not_run = nullptr;
  for (const std::string& line : audit->not_audited) {
    if (absl::StrContains(line, "the reference runs")) not_run = &line;
  }
  ASSERT_NE(not_run, nullptr);
  for (const SuiteOperator& op : kSuiteOperators) {
    EXPECT_THAT(*not_run, HasSubstr(std::string(op.op_type) + ",")) << *not_run;
  }
  EXPECT_THAT(*not_run, HasSubstr("the model also has Add, Sigmoid")) << *not_run;
  // The whole model is not run, but the double Clip-6 node alone shows its
  // missing max moving from float's max to double's.
  bool clip_alone = false;
  for (const Finding* f : OfKind(*audit, FindingKind::kOutputChange)) {
    clip_alone |= f->node == "'limit'" && absl::StrContains(f->detail, "1.7976931348623157e+308");
  }
  EXPECT_TRUE(clip_alone) << ModelAuditMarkdown(*audit);
  // Sigmoid-6 -> Sigmoid-13 and Add-6 -> Add-13 are listed from ONNX's registry.
  bool relu = false, add = false;
  for (const NodeChange& n : audit->nodes) {
    relu |= n.node == "'rectify'" && n.from_version == 6 && n.to_version == 13 && !n.in_suite;
    add |= n.node == "'shift'" && !n.in_suite;
  }
  EXPECT_TRUE(relu);
  EXPECT_TRUE(add);
  const std::string md = ModelAuditMarkdown(*audit);
  EXPECT_THAT(md, Not(HasSubstr("Same validity and outputs at both opsets")));
  EXPECT_THAT(md, HasSubstr("Sigmoid: not audited beyond its schema"));
  CommandResult r = RunAudit({"--model=" + file.string(), "--to=13"});
  EXPECT_EQ(r.code, kExitFailed) << r.err;

  CommandResult json = RunAudit({"--model=" + file.string(), "--to=13", "--json"});
  EXPECT_EQ(json.code, kExitFailed) << json.err;
  audit::AuditReport report;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json.out, &report).ok()) << json.out;
  EXPECT_GE(report.model().not_audited_size(), 2);
  EXPECT_FALSE(report.model().behaviour_compared());
  bool blamed = false;
  for (const audit::Finding& f : report.model().findings()) {
    EXPECT_NE(f.kind(), "not-compared") << f.detail();
    EXPECT_FALSE(f.difference().empty()) << f.detail();
    blamed |=
        f.kind() == "converter-invalid" && f.node() == "'limit'" && f.concerns() == "input 1 (min)";
  }
  EXPECT_TRUE(blamed);
}

// Cast(x: float -> double) -> Clip-6(min) -> Sigmoid: the Clip's type comes
// only from ONNX's shape inference (Cast's "to"), not from a declaration.
TEST(AuditModelMixedTest, TypesInferredThroughOtherOperators) {
  ModelBuilder b(6);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kFloat, {"n", "4"});
  onnx::NodeProto cast = ModelBuilder::Node("Cast", "widen", {"x"}, {"w"});
  ModelBuilder::IntAttribute(cast, "to", kDouble);
  *g.add_node() = cast;
  onnx::NodeProto clip = ModelBuilder::Node("Clip", "", {"w"}, {"c"});
  ModelBuilder::FloatAttribute(clip, "max", 1.0f);
  *g.add_node() = clip;
  *g.add_node() = ModelBuilder::Node("Sigmoid", "squash", {"c"}, {"y"});
  *g.add_output() = ModelBuilder::Value("y", kDouble, {"n", "4"});
  const fs::path file = Write("cast_clip", b.model());
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kConverterInvalid);
  ASSERT_FALSE(invalid.empty()) << ModelAuditMarkdown(*audit);
  EXPECT_EQ(invalid[0]->node, "#1 Clip");
  EXPECT_THAT(audit->not_audited, Contains(HasSubstr("Cast: not audited beyond its schema")));
  EXPECT_THAT(audit->not_audited, Contains(HasSubstr("Sigmoid: not audited beyond its schema")));
}

// Clip-11 with initializer bounds between Min-8 and a Sigmoid, opset 11 -> 13:
// the converter is right; with Sigmoid the outputs are not compared, and the
// report says so instead of an all-clear.
onnx::ModelProto Clip11WithInitializers(bool relu) {
  ModelBuilder b(11);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kDouble, {"2", "3"});
  *g.add_input() = ModelBuilder::Value("y", kDouble, {"3"});
  *g.add_initializer() = TensorToProto(Tensor::FromValues<double>({}, {-1.0}), "lo");
  *g.add_initializer() = TensorToProto(Tensor::FromValues<double>({}, {1e300}), "hi");
  *g.add_node() = ModelBuilder::Node("Min", "", {"x", "y"}, {"m"});
  *g.add_node() = ModelBuilder::Node("Clip", "bound", {"m", "lo", "hi"}, {"c"});
  std::string last = "c";
  if (relu) {
    *g.add_node() = ModelBuilder::Node("Sigmoid", "", {"c"}, {"r"});
    last = "r";
  }
  onnx::NodeProto argmin = ModelBuilder::Node("ArgMin", "", {last}, {"i"});
  ModelBuilder::IntAttribute(argmin, "axis", 1);
  ModelBuilder::IntAttribute(argmin, "keepdims", 0);
  *g.add_node() = argmin;
  *g.add_output() = ModelBuilder::Value("i", onnx::TensorProto::INT64, {"2"});
  return b.model();
}

TEST(AuditModelMixedTest, CleanConversionIsOnlyClearedForWhatWasChecked) {
  absl::StatusOr<ModelAudit> plain =
      AuditModel(Write("clip11", Clip11WithInitializers(false)), {.to_opset = 13});
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_TRUE(plain->behaviour_compared);
  EXPECT_TRUE(OfKind(*plain, FindingKind::kConverterInvalid).empty()) << ModelAuditMarkdown(*plain);
  EXPECT_TRUE(OfKind(*plain, FindingKind::kConverterOutputChange).empty());
  EXPECT_THAT(ModelAuditMarkdown(*plain),
              HasSubstr("ONNX's converter gives a valid model with the same outputs."));

  // A model from a newer ONNX release (IR 9) is still checked and converted.
  onnx::ModelProto newer = Clip11WithInitializers(false);
  newer.set_ir_version(9);
  absl::StatusOr<ModelAudit> ir9 = AuditModel(Write("clip11_ir9", newer), {.to_opset = 13});
  ASSERT_TRUE(ir9.ok()) << ir9.status();
  EXPECT_TRUE(ir9->converter_audited) << ModelAuditMarkdown(*ir9);

  const fs::path with_relu = Write("clip11_relu", Clip11WithInitializers(true));
  absl::StatusOr<ModelAudit> mixed = AuditModel(with_relu, {.to_opset = 13});
  ASSERT_TRUE(mixed.ok()) << mixed.status();
  EXPECT_FALSE(mixed->behaviour_compared);
  EXPECT_TRUE(mixed->converter_audited);
  const std::string md = ModelAuditMarkdown(*mixed);
  EXPECT_THAT(md, Not(HasSubstr("Same validity and outputs")));
  EXPECT_THAT(md, Not(HasSubstr("with the same outputs")));
  EXPECT_THAT(md, HasSubstr("its outputs were not compared"));
  EXPECT_EQ(RunAudit({"--model=" + with_relu.string()}).code, kExitOk);
}

// A custom-domain node and a Scan body holding a Min, at opset 9 -> 13:
// what the audit cannot audit is named, and the Min in the body is listed.
TEST(AuditModelMixedTest, CustomDomainAndScanBody) {
  ModelBuilder b(9);
  b.graph();
  onnx::ModelProto model = b.model();
  onnx::OperatorSetIdProto* custom = model.add_opset_import();
  custom->set_domain("com.example");
  custom->set_version(1);
  onnx::GraphProto& g = *model.mutable_graph();
  *g.add_input() = ModelBuilder::Value("x", kFloat, {"3", "2"});
  onnx::NodeProto scan = ModelBuilder::Node("Scan", "rows", {"x"}, {"s"});
  ModelBuilder::IntAttribute(scan, "num_scan_inputs", 1);
  onnx::GraphProto* bg = ModelBuilder::GraphAttribute(scan, "body", "row");
  *bg->add_input() = ModelBuilder::Value("r", kFloat, {"2"});
  *bg->add_node() = ModelBuilder::Node("Min", "row_min", {"r", "r"}, {"o"});
  *bg->add_output() = ModelBuilder::Value("o", kFloat, {"2"});
  *g.add_node() = scan;
  onnx::NodeProto mine = ModelBuilder::Node("Mine", "custom", {"s"}, {"y"});
  mine.set_domain("com.example");
  *g.add_node() = mine;
  *g.add_output() = ModelBuilder::Value("y", kFloat, {"3", "2"});
  const fs::path file = Write("scan_custom", model);
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  bool body_min = false;
  for (const NodeChange& n : audit->nodes) {
    body_min |= n.node == "'rows'.body: 'row_min'" && n.from_version == 8 && n.to_version == 13;
  }
  EXPECT_TRUE(body_min) << ModelAuditMarkdown(*audit);
  EXPECT_THAT(audit->not_audited, Contains(HasSubstr("com.example::Mine: not audited")));
  EXPECT_FALSE(audit->behaviour_compared);
}

// Sigmoid -> Clip-6 without bounds on double: ONNX's converter gives Clip-13 no
// bounds, so the missing max moves from float's max to double's. The model
// is not run (Sigmoid), but the Clip node alone shows the converter's change.
TEST(AuditModelMixedTest, ConverterOutputChangeOfANodeInAMixedModel) {
  ModelBuilder b(6);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kDouble, {"4"});
  *g.add_node() = ModelBuilder::Node("Sigmoid", "", {"x"}, {"r"});
  *g.add_node() = ModelBuilder::Node("Clip", "cap", {"r"}, {"y"});
  *g.add_output() = ModelBuilder::Value("y", kDouble, {"4"});
  absl::StatusOr<ModelAudit> audit = AuditModel(Write("relu_clip", b.model()), {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_TRUE(OfKind(*audit, FindingKind::kConverterInvalid).empty());
  std::vector<const Finding*> changed = OfKind(*audit, FindingKind::kConverterOutputChange);
  ASSERT_EQ(changed.size(), 1u) << ModelAuditMarkdown(*audit);
  EXPECT_EQ(changed[0]->node, "'cap'");
  EXPECT_THAT(changed[0]->detail, HasSubstr("the node alone"));
  EXPECT_THAT(ModelAuditMarkdown(*audit), Not(HasSubstr("ONNX's converter gives")));
}

// Min-6 takes inputs of one shape; x [2,3] and y [3] are Min-8's broadcasting.
TEST(AuditModelOriginalTest, AnOriginalInvalidAtItsOwnOpsetIsNamedForWhatItIs) {
  ModelBuilder b(6);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kFloat, {"2", "3"});
  *g.add_input() = ModelBuilder::Value("y", kFloat, {"3"});
  *g.add_node() = ModelBuilder::Node("Min", "spread", {"x", "y"}, {"m"});
  *g.add_output() = ModelBuilder::Value("m", kFloat, {"2", "3"});
  const fs::path file = Write("min6_broadcast", b.model());
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  const std::string md = ModelAuditMarkdown(*audit);
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kOriginalInvalid);
  ASSERT_EQ(invalid.size(), 1u) << md;
  EXPECT_EQ(invalid[0]->node, "'spread'");
  EXPECT_EQ(invalid[0]->op_type, "Min");
  EXPECT_EQ(invalid[0]->name, "SHAPE-EQUAL-REQUIRED");
  EXPECT_THAT(invalid[0]->detail, HasSubstr("invalid at its own opset 6"));
  EXPECT_TRUE(OfKind(*audit, FindingKind::kConverterOutputChange).empty()) << md;
  EXPECT_FALSE(audit->converter_audited);
  CommandResult r = RunAudit({"--model=" + file.string(), "--to=13"});
  EXPECT_EQ(r.code, kExitNotAudited) << r.out;
  EXPECT_THAT(r.out, HasSubstr("original-invalid"));
}

// Clip-1 and Min-1 both set consumed_inputs, which version 6 removes.
TEST(AuditModelOriginalTest, EveryNodeThatLosesTheSameThingIsNamedOnce) {
  ModelBuilder b(1);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kFloat, {"3"});
  onnx::NodeProto clip = ModelBuilder::Node("Clip", "clip1", {"x"}, {"c"});
  onnx::NodeProto min = ModelBuilder::Node("Min", "min1", {"c", "x"}, {"m"});
  for (onnx::NodeProto* n : {&clip, &min}) {
    onnx::AttributeProto* a = n->add_attribute();
    a->set_name("consumed_inputs");
    a->set_type(onnx::AttributeProto::INTS);
    a->add_ints(0);
  }
  ModelBuilder::FloatAttribute(clip, "min", -1.0f);
  ModelBuilder::FloatAttribute(clip, "max", 1.0f);
  *g.add_node() = clip;
  *g.add_node() = min;
  *g.add_output() = ModelBuilder::Value("m", kFloat, {"3"});
  absl::StatusOr<ModelAudit> audit =
      AuditModel(Write("consumed_twice", b.model()), {.to_opset = 6});
  ASSERT_TRUE(audit.ok()) << audit.status();
  std::vector<std::string> nodes;
  for (const Finding* f : OfKind(*audit, FindingKind::kValidityChange)) {
    EXPECT_EQ(f->concerns, "attribute consumed_inputs") << f->node;
    EXPECT_THAT(f->detail, HasSubstr("ATTR-UNKNOWN")) << f->node;
    nodes.push_back(f->node);
  }
  EXPECT_THAT(nodes, ::testing::UnorderedElementsAre("'clip1'", "'min1'"))
      << ModelAuditMarkdown(*audit);
}

// ONNX's checker judges the other operators; Min/ArgMin/Clip only the suite's.
TEST(ModelTypeProblemsTest, OnnxJudgesOtherOperatorsTheSuiteItsOwn) {
  ModelBuilder b(13);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", onnx::TensorProto::INT32, {"3"});
  *g.add_node() = ModelBuilder::Node("Sigmoid", "r", {"x"}, {"y"});  // Sigmoid-13: floats only
  *g.add_output() = ModelBuilder::Value("y", onnx::TensorProto::INT32, {"3"});
  onnx::ModelProto relu = b.model();
  relu.set_ir_version(7);
  std::vector<NodeProblem> problems = ModelTypeProblems(relu, 13);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].checker, "ONNX's checker with strict shape inference");
  EXPECT_EQ(problems[0].op_type, "Sigmoid");
  EXPECT_EQ(problems[0].node, "'r'");

  ModelBuilder c(13);
  *c.graph().add_input() = ModelBuilder::Value("x", kDouble, {"3"});
  *c.graph().add_initializer() = TensorToProto(Tensor::FromValues<float>({}, {0.0f}), "lo");
  *c.graph().add_node() = ModelBuilder::Node("Clip", "k", {"x", "lo"}, {"y"});
  *c.graph().add_output() = ModelBuilder::Value("y", kDouble, {"3"});
  onnx::ModelProto clip = c.model();
  clip.set_ir_version(7);
  problems = ModelTypeProblems(clip, 13);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].checker, "the suite's checker");
  EXPECT_EQ(problems[0].concerns, "input 1 (min)");
}

// x (`type` [3]) -> Clip-6 'pair'(min=`lo`, max=`hi` attributes) -> y.
onnx::ModelProto ClipWithBounds(int32_t type, float lo, float hi) {
  ModelBuilder b(6);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", type, {"3"});
  onnx::NodeProto clip = ModelBuilder::Node("Clip", "pair", {"x"}, {"y"});
  ModelBuilder::FloatAttribute(clip, "min", lo);
  ModelBuilder::FloatAttribute(clip, "max", hi);
  *g.add_node() = clip;
  *g.add_output() = ModelBuilder::Value("y", type, {"3"});
  return b.model();
}

// Whether a schema-change row about min > max is shown for node 'pair'.
bool WarnsMinAboveMax(const ModelAudit& audit) {
  for (const Finding* f : OfKind(audit, FindingKind::kSchemaChange)) {
    if (f->node == "'pair'" && absl::StrContains(f->detail, "min > max")) return true;
  }
  return false;
}

// 1.0001 and 1.0 are both 1 in float16: the node cannot see min > max, and
// the texts about it do not concern it; in float they can.
TEST(AuditModelSchemaTest, MinAboveMaxIsJudgedOnTheBoundsAsTheNodeSeesThem) {
  struct Case {
    int32_t type;
    float lo, hi;
    bool warns;
  };
  for (const Case& c : std::vector<Case>{{kHalf, 1.0001f, 1.0f, false},
                                         {kFloat, 1.0001f, 1.0f, true},
                                         {kHalf, 1.01f, 1.0f, true},
                                         {kHalf, -1.0f, 1.0f, false}}) {
    SCOPED_TRACE(::testing::Message() << c.type << " " << c.lo << " " << c.hi);
    absl::StatusOr<ModelAudit> audit =
        AuditModel(Write("clip6_bounds", ClipWithBounds(c.type, c.lo, c.hi)), {.to_opset = 13});
    ASSERT_TRUE(audit.ok()) << audit.status();
    EXPECT_EQ(WarnsMinAboveMax(*audit), c.warns) << ModelAuditMarkdown(*audit);
  }
}

}  // namespace
}  // namespace onnx_conform::audit_testing
