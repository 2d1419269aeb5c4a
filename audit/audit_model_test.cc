// `audit --model` on real multi-operator models built here with ONNX's
// protos: Min -> Clip -> ArgMin chains with Relu/Add mixed in, initializers,
// If and Loop bodies holding a Clip, symbolic dimensions; the exit codes,
// --to's default, --write's repaired model, and the kinds of difference.
#include <cctype>
#include <filesystem>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "onnx/checker.h"
#include "onnx/shape_inference/implementation.h"
#include "reference/interpreter.h"
#include "reference/tensor_file.h"
#include "reference/tensor_proto.h"
#include "audit/audit.h"
#include "audit/audit_model_checks.h"
#include "audit/audit_report.h"
#include "audit/audit_report.pb.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "runners/harness/diff.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr int32_t kDouble = onnx::TensorProto::DOUBLE;
constexpr int32_t kHalf = onnx::TensorProto::FLOAT16;
constexpr int32_t kFloat = onnx::TensorProto::FLOAT;

// A small builder over ONNX's protos.
class ModelBuilder {
 public:
  explicit ModelBuilder(int opset) {
    model_.set_ir_version(opset >= 11 ? 6 : 3);
    model_.add_opset_import()->set_version(opset);
    model_.mutable_graph()->set_name("g");
  }
  onnx::GraphProto& graph() { return *model_.mutable_graph(); }
  const onnx::ModelProto& model() const { return model_; }

  static onnx::ValueInfoProto Value(const std::string& name, int32_t type,
                                    std::vector<std::string> dims) {
    onnx::ValueInfoProto v;
    v.set_name(name);
    auto* tensor = v.mutable_type()->mutable_tensor_type();
    tensor->set_elem_type(type);
    auto* shape = tensor->mutable_shape();
    for (const std::string& d : dims) {
      if (!d.empty() && std::isdigit(static_cast<unsigned char>(d[0]))) {
        shape->add_dim()->set_dim_value(std::stoll(d));
      } else {
        shape->add_dim()->set_dim_param(d);
      }
    }
    return v;
  }

  static onnx::NodeProto Node(const std::string& op, const std::string& name,
                              std::vector<std::string> inputs, std::vector<std::string> outputs) {
    onnx::NodeProto n;
    n.set_op_type(op);
    n.set_name(name);
    for (const std::string& i : inputs) n.add_input(i);
    for (const std::string& o : outputs) n.add_output(o);
    return n;
  }

  static void FloatAttribute(onnx::NodeProto& n, const std::string& name, float value) {
    onnx::AttributeProto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(value);
  }

  static void IntAttribute(onnx::NodeProto& n, const std::string& name, int64_t value) {
    onnx::AttributeProto* a = n.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(value);
  }

 private:
  onnx::ModelProto model_;
};

fs::path Write(const std::string& name, const onnx::ModelProto& model) {
  fs::path dir = fs::path(testing::TempDir()) / "audit_model_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path file = dir / absl::StrCat(name, ".onnx");
  EXPECT_TRUE(WriteProtoFile(file, model).ok());
  return file;
}

struct CommandResult {
  int code;
  std::string out;
  std::string err;
};

CommandResult RunAudit(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = AuditCommand(args, out, err);
  return {code, out.str(), err.str()};
}

std::vector<const Finding*> OfKind(const ModelAudit& audit, FindingKind kind) {
  std::vector<const Finding*> found;
  for (const Finding& f : audit.findings) {
    if (f.kind == kind) found.push_back(&f);
  }
  return found;
}

// Min(x, floor) -> Clip-6 (min attribute) -> ArgMin, opset 6, on `type`.
// Min-6 takes inputs of one shape: with static `dims`, `floor` is an
// initializer of zeros; with a symbolic one, a second graph input. With
// `relu`, a Relu sits between Min and Clip and an Add before ArgMin.
onnx::ModelProto MinClipArgMin(int32_t type, std::vector<std::string> dims, bool relu) {
  ModelBuilder b(6);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", type, dims);
  *g.add_input() = ModelBuilder::Value("floor", type, dims);
  Shape shape;
  for (const std::string& d : dims) {
    if (std::isdigit(static_cast<unsigned char>(d[0]))) shape.push_back(std::stoll(d));
  }
  if (shape.size() == dims.size()) {
    absl::StatusOr<Tensor> zeros = Tensor::Create(*ElementTypeFromProto(type), shape);
    EXPECT_TRUE(zeros.ok());
    *g.add_initializer() = TensorToProto(*zeros, "floor");
  }
  *g.add_node() = ModelBuilder::Node("Min", "low", {"x", "floor"}, {"m"});
  std::string clip_in = "m";
  if (relu) {
    *g.add_node() = ModelBuilder::Node("Relu", "rectify", {"m"}, {"r"});
    clip_in = "r";
  }
  onnx::NodeProto clip = ModelBuilder::Node("Clip", "limit", {clip_in}, {"c"});
  ModelBuilder::FloatAttribute(clip, "min", -1.0f);
  *g.add_node() = clip;
  std::string argmin_in = "c";
  if (relu) {
    *g.add_node() = ModelBuilder::Node("Add", "shift", {"c", "x"}, {"s"});
    argmin_in = "s";
  }
  onnx::NodeProto argmin = ModelBuilder::Node("ArgMin", "pick", {argmin_in}, {"i"});
  ModelBuilder::IntAttribute(argmin, "axis", 0);
  *g.add_node() = argmin;
  std::vector<std::string> out_dims = dims;
  out_dims[0] = "1";
  *g.add_output() = ModelBuilder::Value("i", onnx::TensorProto::INT64, out_dims);
  return b.model();
}

TEST(AuditModelChainTest, ConverterInvalidIsBlamedOnTheClipNode) {
  const fs::path file = Write("chain", MinClipArgMin(kHalf, {"2", "3"}, false));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, 13);
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
  absl::StatusOr<ModelAudit> audit = AuditModel(file, 13);
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_TRUE(audit->converter_audited);
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kConverterInvalid);
  ASSERT_FALSE(invalid.empty());
  EXPECT_EQ(invalid[0]->node, "'limit'");
  EXPECT_FALSE(audit->behaviour_compared);
  EXPECT_THAT(audit->not_audited, Contains(HasSubstr("Relu: not audited beyond its schema")));
  EXPECT_THAT(audit->not_audited, Contains(HasSubstr("Add: not audited beyond its schema")));
  // The whole model is not run, but the double Clip-6 node alone shows its
  // missing max moving from float's max to double's.
  bool clip_alone = false;
  for (const Finding* f : OfKind(*audit, FindingKind::kOutputChange)) {
    clip_alone |= f->node == "'limit'" && absl::StrContains(f->detail, "1.7976931348623157e+308");
  }
  EXPECT_TRUE(clip_alone) << ModelAuditMarkdown(*audit);
  // Relu-6 -> Relu-13 and Add-6 -> Add-13 are listed from ONNX's registry.
  bool relu = false, add = false;
  for (const NodeChange& n : audit->nodes) {
    relu |= n.node == "'rectify'" && n.from_version == 6 && n.to_version == 13 && !n.in_suite;
    add |= n.node == "'shift'" && !n.in_suite;
  }
  EXPECT_TRUE(relu);
  EXPECT_TRUE(add);
  const std::string md = ModelAuditMarkdown(*audit);
  EXPECT_THAT(md, Not(HasSubstr("Same validity and outputs at both opsets")));
  EXPECT_THAT(md, HasSubstr("Relu: not audited beyond its schema"));
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
    EXPECT_FALSE(f.difference().empty()) << f.detail();
    blamed |=
        f.kind() == "converter-invalid" && f.node() == "'limit'" && f.concerns() == "input 1 (min)";
  }
  EXPECT_TRUE(blamed);
}

// x (double [2,3]) -> If(cond): then Clip-6(x, min=-1), else Identity(x).
onnx::ModelProto ClipInIfBranch(int opset) {
  ModelBuilder b(opset);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kDouble, {"2", "3"});
  *g.add_input() = ModelBuilder::Value("cond", onnx::TensorProto::BOOL, {});
  onnx::NodeProto if_node = ModelBuilder::Node("If", "choose", {"cond"}, {"y"});
  onnx::AttributeProto* then_branch = if_node.add_attribute();
  then_branch->set_name("then_branch");
  then_branch->set_type(onnx::AttributeProto::GRAPH);
  onnx::GraphProto* then_graph = then_branch->mutable_g();
  then_graph->set_name("then");
  onnx::NodeProto clip = ModelBuilder::Node("Clip", "branch_limit", {"x"}, {"t"});
  ModelBuilder::FloatAttribute(clip, "min", -1.0f);
  *then_graph->add_node() = clip;
  *then_graph->add_output() = ModelBuilder::Value("t", kDouble, {"2", "3"});
  onnx::AttributeProto* else_branch = if_node.add_attribute();
  else_branch->set_name("else_branch");
  else_branch->set_type(onnx::AttributeProto::GRAPH);
  onnx::GraphProto* else_graph = else_branch->mutable_g();
  else_graph->set_name("else");
  *else_graph->add_node() = ModelBuilder::Node("Identity", "", {"x"}, {"e"});
  *else_graph->add_output() = ModelBuilder::Value("e", kDouble, {"2", "3"});
  *g.add_node() = if_node;
  *g.add_output() = ModelBuilder::Value("y", kDouble, {"2", "3"});
  return b.model();
}

TEST(AuditModelSubgraphTest, ClipInsideAnIfBranchIsAudited) {
  const fs::path file = Write("if_branch", ClipInIfBranch(6));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, 13);
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

// x (float16 [N]) -> Loop(trip count 2) whose body clips the carried value.
onnx::ModelProto ClipInLoopBody() {
  ModelBuilder b(6);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kHalf, {"N"});
  *g.add_input() = ModelBuilder::Value("trips", onnx::TensorProto::INT64, {});
  *g.add_input() = ModelBuilder::Value("go", onnx::TensorProto::BOOL, {});
  onnx::NodeProto loop = ModelBuilder::Node("Loop", "repeat", {"trips", "go", "x"}, {"out"});
  onnx::AttributeProto* body = loop.add_attribute();
  body->set_name("body");
  body->set_type(onnx::AttributeProto::GRAPH);
  onnx::GraphProto* bg = body->mutable_g();
  bg->set_name("body");
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
  absl::StatusOr<ModelAudit> audit = AuditModel(file, 13);
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
  absl::StatusOr<ModelAudit> audit = AuditModel(file, 13);
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_TRUE(audit->converter_audited);
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kConverterInvalid);
  ASSERT_EQ(invalid.size(), 1u);
  EXPECT_EQ(invalid[0]->node, "'limit'");
  EXPECT_EQ(audit->data, "generated");
  EXPECT_THAT(audit->notes, Contains(HasSubstr("x (batch)")));
  EXPECT_TRUE(audit->behaviour_compared);

  ModelAuditOptions options;
  options.to_opset = 13;
  options.shapes["x"] = {4, 3};
  absl::StatusOr<ModelAudit> shaped = AuditModel(file, options);
  ASSERT_TRUE(shaped.ok()) << shaped.status();
  EXPECT_THAT(shaped->notes, Not(Contains(HasSubstr("x (batch)"))));
  EXPECT_TRUE(shaped->behaviour_compared);
  CommandResult r = RunAudit({"--model=" + file.string(), "--shape=x=4,3", "--json"});
  EXPECT_EQ(r.code, kExitFailed) << r.err;
  EXPECT_EQ(RunAudit({"--model=" + file.string(), "--shape=x"}).code, kExitUsage);
  EXPECT_EQ(RunAudit({"--model=" + file.string(), "--shape=x=a,3"}).code, kExitUsage);
}

TEST(AuditModelExitTest, FailOnChoosesTheFailingKinds) {
  const fs::path file = Write("exit_codes", MinClipArgMin(kDouble, {"2", "3"}, false));
  EXPECT_EQ(RunAudit({"--model=" + file.string(), "--to=13"}).code, kExitFailed);
  EXPECT_EQ(RunAudit({"--model=" + file.string(), "--to=13", "--fail-on=converter-failed"}).code,
            kExitOk);
  EXPECT_EQ(RunAudit({"--model=" + file.string(), "--to=13", "--fail-on=none"}).code, kExitOk);
  EXPECT_EQ(RunAudit({"--model=" + file.string(), "--fail-on=bogus"}).code, kExitUsage);
  // An operator audit fails only when asked to.
  EXPECT_EQ(RunAudit({"Clip", "--from=6", "--to=11"}).code, kExitOk);
  EXPECT_EQ(RunAudit({"Clip", "--from=6", "--to=11", "--fail-on=converter-invalid"}).code,
            kExitFailed);
  // A float model whose conversion is clean passes.
  const fs::path clean = Write("exit_clean", MinClipArgMin(kFloat, {"2", "3"}, false));
  CommandResult r = RunAudit({"--model=" + clean.string(), "--to=13"});
  EXPECT_EQ(r.code, kExitOk) << r.out;
}

TEST(AuditModelTargetTest, NoImplicitDowngrade) {
  ModelBuilder b(17);
  *b.graph().add_input() = ModelBuilder::Value("x", kFloat, {"3"});
  *b.graph().add_node() = ModelBuilder::Node("Min", "m", {"x"}, {"y"});
  *b.graph().add_output() = ModelBuilder::Value("y", kFloat, {"3"});
  b.graph().mutable_node(0);
  onnx::ModelProto model = b.model();
  model.set_ir_version(8);
  const fs::path file = Write("opset17", model);
  absl::StatusOr<ModelAudit> audit = AuditModel(file, std::nullopt);
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_EQ(audit->to_opset, 17);
  EXPECT_FALSE(audit->downgrade);
  EXPECT_THAT(audit->notes, Contains(HasSubstr("nothing moves without a downgrade")));
  absl::StatusOr<ModelAudit> asked = AuditModel(file, 13);
  ASSERT_TRUE(asked.ok());
  EXPECT_TRUE(asked->downgrade);
  EXPECT_THAT(ModelAuditMarkdown(*asked), HasSubstr("(a downgrade, as asked)"));
}

TEST(AuditModelWriteTest, RepairedModelPassesBothCheckersAndKeepsTheOutputs) {
  const fs::path file = Write("write", MinClipArgMin(kHalf, {"2", "3"}, false));
  const fs::path out = file.parent_path() / "repaired.onnx";
  CommandResult r = RunAudit({"--model=" + file.string(), "--to=13", "--write=" + out.string()});
  EXPECT_EQ(r.code, kExitFailed) << r.err;  // the findings still stand
  absl::StatusOr<onnx::ModelProto> repaired = ReadModelFile(out);
  ASSERT_TRUE(repaired.ok()) << repaired.status() << r.err;
  EXPECT_EQ(repaired->opset_import(0).version(), 13);
  EXPECT_NO_THROW(onnx::checker::check_model(*repaired));
  onnx::ModelProto inferred = *repaired;
  EXPECT_NO_THROW(onnx::shape_inference::InferShapes(inferred, onnx::OpSchemaRegistry::Instance(),
                                                     onnx::ShapeInferenceOptions(true, 1, false)));
  EXPECT_THAT(ModelTypeProblems(*repaired, 13), ::testing::IsEmpty());
  // On values with infinities and the Clip-6 defaults' edge, both give the same outputs.
  absl::StatusOr<onnx::ModelProto> original = ReadModelFile(file);
  ASSERT_TRUE(original.ok());
  const float inf = std::numeric_limits<float>::infinity();
  Tensor x = Tensor::FromValues<Float16>(
      {2, 3},
      {Float16::FromFloat(-inf), Float16::FromFloat(inf), Float16::FromFloat(-2.0f),
       Float16::FromFloat(0.5f), Float16::FromFloat(65504.0f), Float16::FromFloat(-65504.0f)});
  absl::StatusOr<std::vector<Tensor>> before = RunModel(*original, {x});
  absl::StatusOr<std::vector<Tensor>> after = RunModel(*repaired, {x});
  ASSERT_TRUE(before.ok()) << before.status();
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_TRUE(DiffTensors((*before)[0], (*after)[0], Tolerance::Exact(), 3).matches());
}

TEST(AuditDifferenceTest, FindingsTellTheKindsOfDifferenceApart) {
  auto difference_of = [](absl::string_view op, int from, int to, FindingKind kind,
                          absl::string_view needle) -> std::string {
    absl::StatusOr<OperatorAudit> audit = AuditOperator(op, {from, to});
    EXPECT_TRUE(audit.ok());
    for (const Finding& f : audit->findings) {
      if (f.kind == kind && (absl::StrContains(f.detail, needle) || f.scenario == needle)) {
        return f.difference;
      }
    }
    return "<none>";
  };
  EXPECT_EQ(difference_of("Clip", 12, 13, FindingKind::kSchemaChange, "every value becomes max"),
            "text clarification (ONNX 1.18)");
  EXPECT_EQ(difference_of("Clip", 12, 13, FindingKind::kSchemaChange, "function"),
            "text clarification (ONNX 1.13)");
  // min_above_max on float: warned at 12 (unstated), valid at 13.
  EXPECT_EQ(difference_of("Clip", 12, 13, FindingKind::kValidityChange, "DATA-CLIP-BOUNDS-ORDER"),
            "text clarification (ONNX 1.18)");
  // On bfloat16 it is a type Clip-13 adds: a version change.
  EXPECT_EQ(difference_of("Clip", 12, 13, FindingKind::kValidityChange, "bfloat16 is not allowed"),
            "version change");
  EXPECT_EQ(difference_of("ArgMin", 1, 11, FindingKind::kSchemaChange, "must not be empty"),
            "text clarification (ONNX 1.15)");
  EXPECT_EQ(difference_of("ArgMin", 1, 11, FindingKind::kValidityChange, "negative_axis"),
            "suite's stricter reading");
  EXPECT_EQ(difference_of("Clip", 11, 12, FindingKind::kSchemaChange, "int16"), "version change");
  EXPECT_EQ(difference_of("ArgMin", 11, 12, FindingKind::kSchemaChange, "select_last_index"),
            "version change");
}

TEST(AuditReportTest, MergedRowsShowEveryTypesValues) {
  absl::StatusOr<OperatorAudit> audit = AuditOperator("Clip", {6, 11});
  ASSERT_TRUE(audit.ok());
  const std::string md = AuditMarkdown({*audit});
  // The no_bounds row merges double and float16: double's extremes and
  // float16's inf -> 65504 are both shown.
  bool row = false;
  for (absl::string_view line : absl::StrSplit(md, '\n')) {
    if (absl::StartsWith(line, "| output-change | no_bounds |")) {
      row = true;
      EXPECT_THAT(std::string(line), HasSubstr("65504"));
      EXPECT_THAT(std::string(line), HasSubstr("1.7976931348623157e+308"));
    }
  }
  EXPECT_TRUE(row) << md;
}

}  // namespace
}  // namespace onnx_conform

namespace onnx_conform {
namespace {

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
  absl::StatusOr<ModelAudit> audit = AuditModel(file, 13);
  ASSERT_TRUE(audit.ok()) << audit.status();
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kConverterInvalid);
  ASSERT_FALSE(invalid.empty()) << ModelAuditMarkdown(*audit);
  EXPECT_EQ(invalid[0]->node, "#1 Clip");
  EXPECT_THAT(audit->not_audited, Contains(HasSubstr("Cast: not audited beyond its schema")));
  EXPECT_THAT(audit->not_audited, Contains(HasSubstr("Sigmoid: not audited beyond its schema")));
}

// Clip-11 with initializer bounds between Min-8 and a Relu, opset 11 -> 13:
// the converter is right; with Relu the outputs are not compared, and the
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
    *g.add_node() = ModelBuilder::Node("Relu", "", {"c"}, {"r"});
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
  absl::StatusOr<ModelAudit> plain = AuditModel(Write("clip11", Clip11WithInitializers(false)), 13);
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_TRUE(plain->behaviour_compared);
  EXPECT_TRUE(OfKind(*plain, FindingKind::kConverterInvalid).empty()) << ModelAuditMarkdown(*plain);
  EXPECT_TRUE(OfKind(*plain, FindingKind::kConverterOutputChange).empty());
  EXPECT_THAT(ModelAuditMarkdown(*plain),
              HasSubstr("ONNX's converter gives a valid model with the same outputs."));

  // A model from a newer ONNX release (IR 9) is still checked and converted.
  onnx::ModelProto newer = Clip11WithInitializers(false);
  newer.set_ir_version(9);
  absl::StatusOr<ModelAudit> ir9 = AuditModel(Write("clip11_ir9", newer), 13);
  ASSERT_TRUE(ir9.ok()) << ir9.status();
  EXPECT_TRUE(ir9->converter_audited) << ModelAuditMarkdown(*ir9);

  const fs::path with_relu = Write("clip11_relu", Clip11WithInitializers(true));
  absl::StatusOr<ModelAudit> mixed = AuditModel(with_relu, 13);
  ASSERT_TRUE(mixed.ok()) << mixed.status();
  EXPECT_FALSE(mixed->behaviour_compared);
  EXPECT_TRUE(mixed->converter_audited);
  const std::string md = ModelAuditMarkdown(*mixed);
  EXPECT_THAT(md, Not(HasSubstr("Same validity and outputs")));
  EXPECT_THAT(md, Not(HasSubstr("with the same outputs")));
  EXPECT_THAT(md, HasSubstr("its outputs were not compared"));
  EXPECT_EQ(RunAudit({"--model=" + with_relu.string()}).code, kExitOk);
}

}  // namespace
}  // namespace onnx_conform

namespace onnx_conform {
namespace {

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
  onnx::AttributeProto* body = scan.add_attribute();
  body->set_name("body");
  body->set_type(onnx::AttributeProto::GRAPH);
  onnx::GraphProto* bg = body->mutable_g();
  bg->set_name("row");
  *bg->add_input() = ModelBuilder::Value("r", kFloat, {"2"});
  *bg->add_node() = ModelBuilder::Node("Min", "row_min", {"r", "r"}, {"o"});
  *bg->add_output() = ModelBuilder::Value("o", kFloat, {"2"});
  *g.add_node() = scan;
  onnx::NodeProto mine = ModelBuilder::Node("Mine", "custom", {"s"}, {"y"});
  mine.set_domain("com.example");
  *g.add_node() = mine;
  *g.add_output() = ModelBuilder::Value("y", kFloat, {"3", "2"});
  const fs::path file = Write("scan_custom", model);
  absl::StatusOr<ModelAudit> audit = AuditModel(file, 13);
  ASSERT_TRUE(audit.ok()) << audit.status();
  bool body_min = false;
  for (const NodeChange& n : audit->nodes) {
    body_min |= n.node == "'rows'.body: 'row_min'" && n.from_version == 8 && n.to_version == 13;
  }
  EXPECT_TRUE(body_min) << ModelAuditMarkdown(*audit);
  EXPECT_THAT(audit->not_audited, Contains(HasSubstr("com.example::Mine: not audited")));
  EXPECT_FALSE(audit->behaviour_compared);
}

// A downgrade is done only when asked, and said to be one.
TEST(AuditModelTargetTest, AskedDowngradeOfAClip13Model) {
  ModelBuilder b(13);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kFloat, {"4"});
  *g.add_initializer() = TensorToProto(Tensor::FromValues<float>({}, {0.5f}), "hi");
  *g.add_node() = ModelBuilder::Node("Clip", "cap", {"x", "", "hi"}, {"y"});
  *g.add_output() = ModelBuilder::Value("y", kFloat, {"4"});
  onnx::ModelProto model = b.model();
  model.set_ir_version(7);
  const fs::path file = Write("clip13", model);
  absl::StatusOr<ModelAudit> same = AuditModel(file, std::nullopt);
  ASSERT_TRUE(same.ok()) << same.status();
  EXPECT_EQ(same->to_opset, 13);
  EXPECT_FALSE(same->converter_audited);
  absl::StatusOr<ModelAudit> down = AuditModel(file, 6);
  ASSERT_TRUE(down.ok()) << down.status();
  EXPECT_TRUE(down->downgrade);
  EXPECT_TRUE(down->behaviour_compared);
  EXPECT_THAT(down->notes, Contains(HasSubstr("a downgrade from opset 13 to 6, as asked")));
  // ONNX's converter has no adapter down from Clip-13: the failure names the node.
  std::vector<const Finding*> failed = OfKind(*down, FindingKind::kConverterFailed);
  ASSERT_EQ(failed.size(), 1u);
  EXPECT_EQ(failed[0]->node, "'cap'");
  EXPECT_EQ(failed[0]->op_type, "Clip");
}

}  // namespace
}  // namespace onnx_conform

namespace onnx_conform {
namespace {

// ONNX's checker judges the other operators; Min/ArgMin/Clip only the suite's.
TEST(ModelTypeProblemsTest, OnnxJudgesOtherOperatorsTheSuiteItsOwn) {
  ModelBuilder b(13);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", onnx::TensorProto::INT32, {"3"});
  *g.add_node() = ModelBuilder::Node("Relu", "r", {"x"}, {"y"});  // Relu-13: floats only
  *g.add_output() = ModelBuilder::Value("y", onnx::TensorProto::INT32, {"3"});
  onnx::ModelProto relu = b.model();
  relu.set_ir_version(7);
  std::vector<NodeProblem> problems = ModelTypeProblems(relu, 13);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].checker, "ONNX's checker with strict shape inference");
  EXPECT_EQ(problems[0].op_type, "Relu");
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

}  // namespace
}  // namespace onnx_conform

namespace onnx_conform {
namespace {

// ONNX's converter moves Pad-2's pads to an initializer and keeps IR 3, where
// an initializer must be a graph input: ONNX's checker rejects the result.
// The repair raises the IR version.
TEST(AuditModelWriteTest, RepairRaisesTheIrVersion) {
  ModelBuilder b(2);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kFloat, {"2", "2"});
  onnx::NodeProto pad = ModelBuilder::Node("Pad", "widen", {"x"}, {"y"});
  onnx::AttributeProto* pads = pad.add_attribute();
  pads->set_name("pads");
  pads->set_type(onnx::AttributeProto::INTS);
  for (int64_t p : {0, 1, 0, 1}) pads->add_ints(p);
  ModelBuilder::FloatAttribute(pad, "value", 0.0f);
  *g.add_node() = pad;
  *g.add_output() = ModelBuilder::Value("y", kFloat, {"2", "4"});
  const fs::path file = Write("pad2", b.model());
  absl::StatusOr<ModelAudit> audit = AuditModel(file, 13);
  ASSERT_TRUE(audit.ok()) << audit.status();
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kConverterInvalid);
  ASSERT_EQ(invalid.size(), 1u) << ModelAuditMarkdown(*audit);
  EXPECT_THAT(invalid[0]->detail, HasSubstr("ONNX's checker"));
  ASSERT_TRUE(audit->repaired.has_value()) << ModelAuditMarkdown(*audit);
  EXPECT_GE(audit->repaired->ir_version(), 7);
  EXPECT_NO_THROW(onnx::checker::check_model(*audit->repaired));
}

}  // namespace
}  // namespace onnx_conform

namespace onnx_conform {
namespace {

// Relu -> Clip-6 without bounds on double: ONNX's converter gives Clip-13 no
// bounds, so the missing max moves from float's max to double's. The model
// is not run (Relu), but the Clip node alone shows the converter's change.
TEST(AuditModelMixedTest, ConverterOutputChangeOfANodeInAMixedModel) {
  ModelBuilder b(6);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kDouble, {"4"});
  *g.add_node() = ModelBuilder::Node("Relu", "", {"x"}, {"r"});
  *g.add_node() = ModelBuilder::Node("Clip", "cap", {"r"}, {"y"});
  *g.add_output() = ModelBuilder::Value("y", kDouble, {"4"});
  absl::StatusOr<ModelAudit> audit = AuditModel(Write("relu_clip", b.model()), 13);
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_TRUE(OfKind(*audit, FindingKind::kConverterInvalid).empty());
  std::vector<const Finding*> changed = OfKind(*audit, FindingKind::kConverterOutputChange);
  ASSERT_EQ(changed.size(), 1u) << ModelAuditMarkdown(*audit);
  EXPECT_EQ(changed[0]->node, "'cap'");
  EXPECT_THAT(changed[0]->detail, HasSubstr("the node alone"));
  EXPECT_THAT(ModelAuditMarkdown(*audit), Not(HasSubstr("ONNX's converter gives")));
}

}  // namespace
}  // namespace onnx_conform
