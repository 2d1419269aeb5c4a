// `onnx-conform audit`: the command line, the JSON report, the --model
// audit, and docs/upgrade-audit.md being current.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "caseio/case_layout.h"
#include "checker/registry.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "ops/suite_operators.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_intro.h"
#include "runners/audit/audit_report.h"
#include "runners/audit/audit_report.pb.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

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

TEST(AuditDocumentTest, DocsUpgradeAuditIsCurrent) {
  const fs::path doc = fs::path(ONNX_CONFORM_SOURCE_DIR) / "docs" / "upgrade-audit.md";
  std::ifstream in(doc);
  ASSERT_TRUE(in.good()) << doc << " is missing: run `onnx-conform audit > docs/upgrade-audit.md`";
  std::stringstream committed;
  committed << in.rdbuf();
  const CommandResult current = RunAudit({});
  ASSERT_NE(current.code, kExitUsage) << current.err;
  if (committed.str() == current.out) return;
  std::vector<std::string> a = absl::StrSplit(committed.str(), '\n');
  std::vector<std::string> b = absl::StrSplit(current.out, '\n');
  size_t line = 0;
  while (line < a.size() && line < b.size() && a[line] == b[line]) ++line;
  FAIL() << doc << " is out of date (regenerate it: `onnx-conform audit > docs/upgrade-audit.md`)."
         << "\nFirst difference at line " << line + 1
         << ":\n  committed: " << (line < a.size() ? a[line] : "<end>")
         << "\n  current:   " << (line < b.size() ? b[line] : "<end>");
}

// The intro names every version whose schema declares a clarification
// (with each release) or a stricter reading, from the schemas themselves.
TEST(AuditDocumentTest, IntroNamesTheDeclaredClarificationsAndStrictReadings) {
  const std::string intro = AuditIntro();
  int declared = 0;
  for (const OpSchema* schema : AllSchemas()) {
    for (const OpSchema::Clarification& c : schema->clarifications()) {
      ++declared;
      EXPECT_THAT(intro, HasSubstr(absl::StrCat(schema->Name(), ": ONNX ")));
      EXPECT_THAT(intro, HasSubstr(absl::StrCat("ONNX ", c.release, ", \"", c.markers[0])));
    }
    if (!schema->strict_readings().empty()) {
      ++declared;
      EXPECT_THAT(intro, HasSubstr(schema->Name()));
    }
  }
  EXPECT_GT(declared, 0) << "no schema declares a clarification or a stricter reading";
}

// Every operator, each pair compared by its own scenario: the document,
// and exit 0 (no --fail-on kinds by default, nothing left not compared).
TEST(AuditCommandTest, PrintsTheDocumentByDefault) {
  CommandResult r = RunAudit({});
  EXPECT_EQ(r.code, kExitOk) << r.err;
  for (const SuiteOperator& op : kSuiteOperators) {
    EXPECT_THAT(r.out, HasSubstr(absl::StrCat("## ", std::string(op.op_type), "\n")));
  }
  EXPECT_THAT(r.out, HasSubstr("### Relu-6 -> Relu-13\n\nSchema:"));
  EXPECT_FALSE(absl::StrContains(r.out, "**Not compared**")) << r.out;
}

TEST(AuditCommandTest, ReluIsComparedWithAndWithoutTheCaseLibrary) {
  CommandResult own = RunAudit({"Relu"});
  EXPECT_EQ(own.code, kExitOk) << own.err;
  EXPECT_FALSE(absl::StrContains(own.out, "Not compared")) << own.out;
  const std::string library = std::string(ONNX_CONFORM_SOURCE_DIR) + "/cases/node";
  CommandResult r = RunAudit({"Relu", "--cases=" + library});
  EXPECT_EQ(r.code, kExitOk) << r.err;
  EXPECT_FALSE(absl::StrContains(r.out, "Not compared")) << r.out;
  EXPECT_THAT(r.out, HasSubstr("library/"));  // the library's cases are in the rows
}

TEST(AuditCommandTest, JsonFollowsTheReportProto) {
  CommandResult r = RunAudit({"Clip", "--from=6", "--to", "11", "--json"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  audit::AuditReport report;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(r.out, &report).ok()) << r.out;
  ASSERT_EQ(report.operators_size(), 1);
  const audit::OperatorAudit& clip = report.operators(0);
  EXPECT_EQ(clip.operator_(), "Clip");
  ASSERT_EQ(clip.pairs_size(), 1);
  EXPECT_EQ(clip.pairs(0).from_version(), 6);
  EXPECT_EQ(clip.pairs(0).to_version(), 11);
  bool moved = false, invalid_half = false;
  for (const audit::Finding& f : clip.findings()) {
    if (f.kind() == "schema-change" && f.name() == "min" && f.change() == "moved to input") {
      moved = true;
    }
    if (f.kind() == "converter-invalid" && f.types_size() == 1 && f.types(0) == "float16") {
      invalid_half = true;
    }
  }
  EXPECT_TRUE(moved);
  EXPECT_TRUE(invalid_half);
  EXPECT_GT(report.summary().at("converter-invalid"), 0);
  EXPECT_EQ(report.summary().at("converter-failed"), 0);
  EXPECT_FALSE(report.has_model());
}

TEST(AuditCommandTest, OneOperatorOnly) {
  CommandResult r = RunAudit({"ArgMin"});
  ASSERT_EQ(r.code, kExitOk);
  EXPECT_THAT(r.out, HasSubstr("### ArgMin-11 -> ArgMin-12"));
  EXPECT_FALSE(absl::StrContains(r.out, "## Clip"));
}

TEST(AuditCommandTest, UsageErrors) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"--frm=6"},
                                             {"--from=zero"},
                                             {"--from=0"},
                                             {"--to"},
                                             {"Sigmoid"},
                                             {"Min", "Clip"},
                                             {"Clip", "--model=m.onnx"},
                                             {"--model=m.onnx", "--from=6"}}) {
    CommandResult r = RunAudit(args);
    EXPECT_EQ(r.code, kExitUsage) << absl::StrJoin(args, " ");
    EXPECT_THAT(r.err, HasSubstr("usage: onnx-conform audit"));
    EXPECT_THAT(r.out, IsEmpty());
  }
}

TEST(AuditCommandTest, JsonFlagDoesNotStick) {
  ASSERT_EQ(RunAudit({"Min", "--from=12", "--to=13", "--json"}).code, kExitOk);
  CommandResult r = RunAudit({"Min", "--from=12", "--to=13"});
  EXPECT_TRUE(absl::StartsWith(r.out, "# Opset upgrade audit")) << r.out.substr(0, 80);
}

// ---- --model ----

onnx::ValueInfoProto Value(const std::string& name, int32_t type, std::vector<int64_t> dims) {
  onnx::ValueInfoProto v;
  v.set_name(name);
  v.mutable_type()->mutable_tensor_type()->set_elem_type(type);
  for (int64_t d : dims) {
    v.mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(d);
  }
  return v;
}

fs::path FreshDir(const std::string& name) {
  fs::path dir = fs::path(testing::TempDir()) / "audit_command_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Clip-6 on float16 with a min attribute only.
onnx::ModelProto Clip6HalfModel() {
  onnx::ModelProto m;
  m.set_ir_version(3);
  m.add_opset_import()->set_version(6);
  onnx::GraphProto* g = m.mutable_graph();
  g->set_name("clip6");
  onnx::NodeProto* n = g->add_node();
  n->set_name("limit");
  n->set_op_type("Clip");
  n->add_input("x");
  n->add_output("y");
  onnx::AttributeProto* a = n->add_attribute();
  a->set_name("min");
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(-1.0f);
  *g->add_input() = Value("x", onnx::TensorProto::FLOAT16, {2, 7});
  *g->add_output() = Value("y", onnx::TensorProto::FLOAT16, {2, 7});
  return m;
}

TEST(AuditModelTest, Clip6Float16ModelToOpset13) {
  const fs::path file = FreshDir("clip6") / "clip6.onnx";
  ASSERT_TRUE(WriteProtoFile(file, Clip6HalfModel()).ok());
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_EQ(audit->from_opset, 6);
  EXPECT_EQ(audit->to_opset, 13);
  ASSERT_EQ(audit->nodes.size(), 1u);
  EXPECT_EQ(audit->nodes[0].node, "'limit'");
  EXPECT_EQ(audit->nodes[0].from_version, 6);
  EXPECT_EQ(audit->nodes[0].to_version, 13);
  EXPECT_EQ(audit->nodes[0].type, ElementType::kFloat16);
  EXPECT_THAT(audit->data, ::testing::MatchesRegex("generated \\([0-9]+ sets\\)"));

  std::vector<std::string> node_findings;
  std::vector<std::string> model_findings;
  for (const Finding& f : audit->findings) {
    if (f.aspect == "model") {
      model_findings.push_back(absl::StrCat(FindingKindName(f.kind), " ", f.change));
    } else {
      EXPECT_EQ(f.node, "'limit'");
      node_findings.push_back(absl::StrCat(f.aspect, " ", f.name, " ", f.change));
    }
  }
  // The node sets min (moved to an input); max's default moves too. The
  // types added do not concern a float16 node.
  EXPECT_THAT(node_findings, ::testing::Contains("attribute min moved to input"));
  EXPECT_THAT(node_findings, ::testing::Contains("attribute max moved to input"));
  EXPECT_THAT(node_findings, ::testing::Not(::testing::Contains("type T added")));
  // Generated inputs hold +inf: Clip-6's float max default leaves it (it is
  // +inf in float16), Clip-13's float16 max clips it to 65504. ONNX's
  // converter gives min a float Constant: invalid.
  EXPECT_THAT(model_findings, ::testing::Contains("output-change outputs differ"));
  EXPECT_THAT(model_findings, ::testing::Contains("converter-invalid invalid"));

  CommandResult r = RunAudit({"--model=" + file.string(), "--to=13"});
  ASSERT_EQ(r.code, kExitFailed) << r.err;  // converter-invalid and output-change fail
  EXPECT_THAT(r.out, HasSubstr("## Node 'limit': Clip-6 -> Clip-13 (float16)"));
  EXPECT_THAT(r.out, HasSubstr("converter-invalid"));
}

TEST(AuditModelTest, Min1CaseFolderAlsoUsesItsTestData) {
  const fs::path dir = FreshDir("min1");
  onnx::ModelProto m;
  m.set_ir_version(3);
  m.add_opset_import()->set_version(1);
  onnx::GraphProto* g = m.mutable_graph();
  g->set_name("min1");
  onnx::NodeProto* n = g->add_node();
  n->set_op_type("Min");
  n->add_input("a");
  n->add_input("b");
  n->add_output("m");
  onnx::AttributeProto* a = n->add_attribute();
  a->set_name("consumed_inputs");
  a->set_type(onnx::AttributeProto::INTS);
  a->add_ints(0);
  a->add_ints(0);
  *g->add_input() = Value("a", onnx::TensorProto::FLOAT, {3});
  *g->add_input() = Value("b", onnx::TensorProto::FLOAT, {3});
  *g->add_output() = Value("m", onnx::TensorProto::FLOAT, {3});
  ASSERT_TRUE(WriteProtoFile(dir / "model.onnx", m).ok());
  fs::create_directories(dir / DataSetDirName(0));
  ASSERT_TRUE(WriteTensorFile(dir / DataFilePath(0, DataFileKind::kInput, 0),
                              Tensor::FromValues<float>({3}, {1, 5, -2}), "a")
                  .ok());
  ASSERT_TRUE(WriteTensorFile(dir / DataFilePath(0, DataFileKind::kInput, 1),
                              Tensor::FromValues<float>({3}, {2, 4, -3}), "b")
                  .ok());
  ASSERT_TRUE(WriteTensorFile(dir / DataFilePath(0, DataFileKind::kOutput, 0),
                              Tensor::FromValues<float>({3}, {1, 4, -3}), "m")
                  .ok());

  absl::StatusOr<ModelAudit> audit = AuditModel(dir / "model.onnx", {.to_opset = 6});
  ASSERT_TRUE(audit.ok()) << audit.status();
  // The folder's data is added to the generated edge values, never instead of them.
  EXPECT_THAT(audit->data, ::testing::MatchesRegex("generated \\([0-9]+ sets\\), test_data_set_0"));
  ASSERT_EQ(audit->nodes.size(), 1u);
  EXPECT_EQ(audit->nodes[0].node, "#0 Min");
  bool consumed = false, validity = false;
  for (const Finding& f : audit->findings) {
    if (f.name == "consumed_inputs" && f.change == "removed") consumed = true;
    if (f.aspect == "model" && f.kind == FindingKind::kValidityChange) {
      validity = true;
      EXPECT_EQ(f.change, "valid -> invalid");
      EXPECT_EQ(f.node, "#0 Min");  // the node Min-6 rejects (consumed_inputs)
      EXPECT_EQ(f.op_type, "Min");
      EXPECT_EQ(f.from_version, 1);
      EXPECT_EQ(f.to_version, 6);
      EXPECT_EQ(f.concerns, "attribute consumed_inputs");
    }
    // ONNX's converter drops consumed_inputs: no converter finding.
    EXPECT_NE(f.kind, FindingKind::kConverterInvalid);
    EXPECT_NE(f.kind, FindingKind::kConverterFailed);
  }
  EXPECT_TRUE(consumed);
  EXPECT_TRUE(validity);
  EXPECT_TRUE(audit->converter_audited);
  EXPECT_THAT(ModelAuditMarkdown(*audit),
              HasSubstr("ONNX's converter gives a valid model with the same outputs."));
}

TEST(AuditModelTest, NothingAppliesToAFloatMin8Node) {
  const fs::path file = FreshDir("min8") / "min8.onnx";
  onnx::ModelProto m;
  m.set_ir_version(3);
  m.add_opset_import()->set_version(8);
  onnx::GraphProto* g = m.mutable_graph();
  g->set_name("min8");
  onnx::NodeProto* n = g->add_node();
  n->set_op_type("Min");
  n->add_input("a");
  n->add_input("b");
  n->add_output("m");
  *g->add_input() = Value("a", onnx::TensorProto::FLOAT, {2, 3});
  *g->add_input() = Value("b", onnx::TensorProto::FLOAT, {3});
  *g->add_output() = Value("m", onnx::TensorProto::FLOAT, {2, 3});
  ASSERT_TRUE(WriteProtoFile(file, m).ok());
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  ASSERT_EQ(audit->nodes.size(), 1u);  // Min-8 -> Min-13
  EXPECT_THAT(audit->findings, IsEmpty());

  absl::StatusOr<ModelAudit> same = AuditModel(file, {.to_opset = 11});  // Min-8 serves opset 11
  ASSERT_TRUE(same.ok());
  EXPECT_THAT(same->nodes, IsEmpty());
  EXPECT_THAT(same->findings, IsEmpty());
}

// A rank-less input is invalid for ONNX's checker; symbolic dimensions are
// generated (audit_model_subgraph_test.cc).
TEST(AuditModelTest, HugeInputsAreNotGenerated) {
  for (auto [name, dims] : {std::pair{"huge", std::vector<int64_t>{1 << 16, 1 << 16}}}) {
    onnx::ModelProto m = Clip6HalfModel();
    for (onnx::ValueInfoProto* v :
         {m.mutable_graph()->mutable_input(0), m.mutable_graph()->mutable_output(0)}) {
      v->mutable_type()->mutable_tensor_type()->clear_shape();
      for (int64_t d : dims) {
        v->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(d);
      }
    }
    const fs::path file = FreshDir(name) / "model_file.onnx";
    ASSERT_TRUE(WriteProtoFile(file, m).ok());
    absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
    ASSERT_TRUE(audit.ok()) << audit.status();
    EXPECT_EQ(audit->data, "");
    EXPECT_FALSE(audit->behaviour_compared);
    // The converter's type error needs no data.
    EXPECT_TRUE(audit->converter_audited);
    bool invalid = false;
    for (const Finding& f : audit->findings) invalid |= f.kind == FindingKind::kConverterInvalid;
    EXPECT_TRUE(invalid) << name;
    ASSERT_EQ(audit->not_audited.size(), 1u) << name;
    EXPECT_THAT(audit->not_audited[0], HasSubstr("graph input 'x'"));
    // The Clip node alone still shows float16's inf -> 65504.
    bool node_alone = false;
    for (const Finding& f : audit->findings) {
      node_alone |= f.kind == FindingKind::kOutputChange && f.node == "'limit'" &&
                    absl::StrContains(f.detail, "the node alone");
    }
    EXPECT_TRUE(node_alone);
    EXPECT_THAT(ModelAuditMarkdown(*audit), Not(HasSubstr("Same validity and outputs")));
  }
}

TEST(AuditModelTest, UnreadableModelFails) {
  const fs::path file = FreshDir("bad") / "bad.onnx";
  std::ofstream(file) << "not a model";
  EXPECT_FALSE(AuditModel(file, {.to_opset = 13}).ok());
  CommandResult r = RunAudit({"--model", file.string()});
  EXPECT_EQ(r.code, kExitUsage);  // exit 1 is kept for failing findings
  EXPECT_THAT(r.err, HasSubstr("bad.onnx"));
}

}  // namespace
}  // namespace onnx_conform
