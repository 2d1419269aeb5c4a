// `audit --model`'s choices: which kinds of finding fail (--fail-on, the
// exit code), the opset to move to (--to, no downgrade unless asked, none
// beyond what is known), and the repaired model --write writes (external
// data kept external, no unread Constant).
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "onnx/checker.h"
#include "onnx/defs/schema.h"
#include "onnx/shape_inference/implementation.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_model_checks.h"
#include "runners/audit/audit_report.h"
#include "runners/cli/audit_command.h"
#include "runners/cli/cli.h"
#include "runners/harness/diff.h"
#include "runners/harness/evaluate_model.h"
#include "tensor/tensor_file.h"
#include "tensor/tensor_proto.h"
#include "testing/audit_model_test_util.h"

// Inside audit_testing, so the shared builders (audit_model_test_util.h) need
// no using-list in each test file.
namespace onnx_conform::audit_testing {
namespace {

namespace fs = std::filesystem;
using ::testing::Contains;
using ::testing::HasSubstr;

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
  // A float model whose conversion is clean passes: with both bounds given,
  // Clip-13's function body clips as Clip-6 does (with min alone, its missing
  // max would let +inf through: audit_model_readings_test.cc).
  onnx::ModelProto clean_model = MinClipArgMin(kFloat, {"2", "3"}, false);
  ModelBuilder::FloatAttribute(*clean_model.mutable_graph()->mutable_node(1), "max", 1.0f);
  const fs::path clean = Write("exit_clean", clean_model);
  CommandResult r = RunAudit({"--model=" + clean.string(), "--to=13"});
  EXPECT_EQ(r.code, kExitOk) << r.out;
}

// An opset beyond what the suite and ONNX's registry know is a usage error.
TEST(AuditModelTargetTest, AnUnknownOpsetIsAUsageError) {
  const int onnx_newest =
      onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map().at("").second;
  EXPECT_GE(NewestKnownOpset(), onnx_newest);
  EXPECT_GE(NewestKnownOpset(), NewestRegistryOpset());
  const fs::path file = Write("unknown_target", MinClipArgMin(kFloat, {"2", "3"}, false));
  const std::string model = "--model=" + file.string();
  for (int opset : {99, NewestKnownOpset() + 1}) {
    CommandResult r = RunAudit({model, absl::StrCat("--to=", opset)});
    EXPECT_EQ(r.code, kExitUsage) << opset << r.out;
    EXPECT_THAT(r.err, HasSubstr("no such opset")) << opset;
    EXPECT_EQ(RunAudit({"Clip", "--from=6", absl::StrCat("--to=", opset)}).code, kExitUsage);
  }
  EXPECT_NE(RunAudit({model, absl::StrCat("--to=", NewestKnownOpset())}).code, kExitUsage);
  EXPECT_FALSE(AuditModel(file, {.to_opset = 99}).ok());
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
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {});
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_EQ(audit->to_opset, 17);
  EXPECT_FALSE(audit->downgrade);
  EXPECT_THAT(audit->notes, Contains(HasSubstr("nothing moves without a downgrade")));
  absl::StatusOr<ModelAudit> asked = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(asked.ok());
  EXPECT_TRUE(asked->downgrade);
  EXPECT_THAT(ModelAuditMarkdown(*asked), HasSubstr("(a downgrade, as asked)"));
}

// A downgrade is done only when asked, and said to be one.
TEST(AuditModelTargetTest, AskedDowngradeOfAClip13Model) {
  ModelBuilder b(14);  // the newest opset the registry knows (Relu-14)
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kFloat, {"4"});
  *g.add_initializer() = TensorToProto(Tensor::FromValues<float>({}, {0.5f}), "hi");
  *g.add_node() = ModelBuilder::Node("Clip", "cap", {"x", "", "hi"}, {"y"});
  *g.add_output() = ModelBuilder::Value("y", kFloat, {"4"});
  onnx::ModelProto model = b.model();
  model.set_ir_version(8);
  const fs::path file = Write("clip13", model);
  absl::StatusOr<ModelAudit> same = AuditModel(file, {});
  ASSERT_TRUE(same.ok()) << same.status();
  EXPECT_EQ(same->to_opset, 14);
  EXPECT_FALSE(same->converter_audited);
  absl::StatusOr<ModelAudit> down = AuditModel(file, {.to_opset = 6});
  ASSERT_TRUE(down.ok()) << down.status();
  EXPECT_TRUE(down->downgrade);
  EXPECT_TRUE(down->behaviour_compared);
  EXPECT_THAT(down->notes, Contains(HasSubstr("a downgrade from opset 14 to 6, as asked")));
  // ONNX's converter has no adapter down from Clip-13: the failure names the node.
  std::vector<const Finding*> failed = OfKind(*down, FindingKind::kConverterFailed);
  ASSERT_EQ(failed.size(), 1u);
  EXPECT_EQ(failed[0]->node, "'cap'");
  EXPECT_EQ(failed[0]->op_type, "Clip");
}

// --write with nothing to write (the model is at the target already) says
// the audit could not do it: exit 3, not a usage error's 2.
TEST(AuditModelWriteTest, NothingToWriteIsNotAUsageError) {
  ModelBuilder b(14);  // the newest opset the registry knows (Relu-14)
  *b.graph().add_input() = ModelBuilder::Value("x", kFloat, {"4"});
  *b.graph().add_node() = ModelBuilder::Node("Min", "m", {"x"}, {"y"});
  *b.graph().add_output() = ModelBuilder::Value("y", kFloat, {"4"});
  onnx::ModelProto model = b.model();
  model.set_ir_version(8);
  const fs::path file = Write("write_nothing", model);
  const fs::path out = file.parent_path() / "out.onnx";
  CommandResult r = RunAudit({"--model=" + file.string(), "--write=" + out.string()});
  EXPECT_EQ(r.code, kExitNotAudited) << r.err;
  EXPECT_THAT(r.err, HasSubstr("nothing written"));
  EXPECT_EQ(RunAudit({"--model=" + file.string()}).code, kExitOk);
}

// float16 values with infinities and the Clip-6 defaults' edge.
Tensor EdgeHalfValues() {
  const float inf = std::numeric_limits<float>::infinity();
  return Tensor::FromValues<Float16>(
      {2, 3},
      {Float16::FromFloat(-inf), Float16::FromFloat(inf), Float16::FromFloat(-2.0f),
       Float16::FromFloat(0.5f), Float16::FromFloat(65504.0f), Float16::FromFloat(-65504.0f)});
}

// Both models give the same outputs on `x`.
void ExpectSameOutputs(const onnx::ModelProto& a, const onnx::ModelProto& b, const Tensor& x) {
  absl::StatusOr<std::vector<Tensor>> before = RunModel(a, {x});
  absl::StatusOr<std::vector<Tensor>> after = RunModel(b, {x});
  ASSERT_TRUE(before.ok()) << before.status();
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_TRUE(DiffTensors((*before)[0], (*after)[0], Tolerance::Exact(), 3).matches());
}

// The model's floor initializer kept as external data in weights.bin: the
// written model keeps it external, next to itself, and holds no Constant
// that nothing reads (the converter's float bounds, replaced by the repair).
TEST(AuditModelWriteTest, ExternalDataStaysExternalAndUnreadConstantsGo) {
  onnx::ModelProto model = MinClipArgMin(kHalf, {"2", "3"}, false);
  onnx::TensorProto& floor = *model.mutable_graph()->mutable_initializer(0);
  ASSERT_EQ(floor.name(), "floor");
  const fs::path file = Write("write_external", model);
  {
    std::ofstream bin(file.parent_path() / "weights.bin", std::ios::binary);
    bin << floor.raw_data();
  }
  onnx::TensorProto external = floor;
  external.clear_raw_data();
  external.set_data_location(onnx::TensorProto::EXTERNAL);
  for (auto [key, value] : {std::pair<std::string, std::string>{"location", "weights.bin"},
                            {"offset", "0"},
                            {"length", absl::StrCat(floor.raw_data().size())}}) {
    onnx::StringStringEntryProto* e = external.add_external_data();
    e->set_key(key);
    e->set_value(value);
  }
  floor = external;
  ASSERT_TRUE(WriteProtoFile(file, model).ok());
  const fs::path out_dir = file.parent_path() / "out";
  fs::create_directories(out_dir);
  const fs::path out = out_dir / "upgraded.onnx";
  CommandResult r = RunAudit({"--model=" + file.string(), "--to=13", "--write=" + out.string()});
  ASSERT_NE(r.code, kExitUsage) << r.err;
  absl::StatusOr<std::string> bytes = ReadFileBytes(out);
  ASSERT_TRUE(bytes.ok()) << bytes.status() << r.err;
  onnx::ModelProto raw;
  ASSERT_TRUE(raw.ParseFromString(*bytes));
  bool kept_external = false;
  for (const onnx::TensorProto& t : raw.graph().initializer()) {
    if (t.name() != "floor") continue;
    kept_external = t.data_location() == onnx::TensorProto::EXTERNAL && !t.has_raw_data();
    for (const auto& e : t.external_data()) {
      if (e.key() == "location") {
        EXPECT_TRUE(fs::exists(out_dir / e.value())) << e.value();
      }
    }
  }
  EXPECT_TRUE(kept_external);
  absl::StatusOr<onnx::ModelProto> read = ReadModelFile(out);
  ASSERT_TRUE(read.ok()) << read.status();
  absl::StatusOr<onnx::ModelProto> original = ReadModelFile(file);
  ASSERT_TRUE(original.ok()) << original.status();
  ExpectSameOutputs(*original, *read, EdgeHalfValues());
  std::set<std::string> reads;
  for (const onnx::NodeProto& n : read->graph().node())
    reads.insert(n.input().begin(), n.input().end());
  for (const onnx::NodeProto& n : read->graph().node()) {
    if (n.op_type() == "Constant") {
      EXPECT_TRUE(reads.contains(n.output(0))) << n.output(0);
    }
  }
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
  ExpectSameOutputs(*original, *repaired, EdgeHalfValues());
}

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
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  std::vector<const Finding*> invalid = OfKind(*audit, FindingKind::kConverterInvalid);
  ASSERT_EQ(invalid.size(), 1u) << ModelAuditMarkdown(*audit);
  EXPECT_THAT(invalid[0]->detail, HasSubstr("ONNX's checker"));
  ASSERT_TRUE(audit->repaired.has_value()) << ModelAuditMarkdown(*audit);
  EXPECT_GE(audit->repaired->ir_version(), 7);
  EXPECT_NO_THROW(onnx::checker::check_model(*audit->repaired));
}

}  // namespace
}  // namespace onnx_conform::audit_testing
