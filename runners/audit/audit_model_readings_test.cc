// `audit --model` says what can differ for each node's own inputs: a
// runtime running Clip-13 as its function body (or reading a new version as
// a documented alternative reading) is flagged where the node's bounds let
// it differ, and the texts about min > max concern only a Clip that can
// have min > max.
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_readings.h"
#include "runners/audit/audit_report.h"
#include "runners/cli/cli.h"
#include "tensor/tensor_proto.h"
#include "testing/audit_model_test_util.h"

// Inside audit_testing, so the shared builders (audit_model_test_util.h) need
// no using-list in each test file.
namespace onnx_conform::audit_testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// x (float [4]) -> Clip 'name' -> y at `opset`; `bounds`: none, "init" (0
// and 6 from initializers, Clip-11 on) or "inputs" (graph inputs lo, hi).
onnx::ModelProto OneClip(int opset, const std::string& name, const std::string& bounds) {
  ModelBuilder b(opset);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kFloat, {"4"});
  std::vector<std::string> inputs = {"x"};
  if (bounds == "init") {
    *g.add_initializer() = TensorToProto(Tensor::FromValues<float>({}, {0.0f}), "lo");
    *g.add_initializer() = TensorToProto(Tensor::FromValues<float>({}, {6.0f}), "hi");
    inputs = {"x", "lo", "hi"};
  } else if (bounds == "inputs") {
    *g.add_input() = ModelBuilder::Value("lo", kFloat, {});
    *g.add_input() = ModelBuilder::Value("hi", kFloat, {});
    inputs = {"x", "lo", "hi"};
  }
  *g.add_node() = ModelBuilder::Node("Clip", name, inputs, {"y"});
  *g.add_output() = ModelBuilder::Value("y", kFloat, {"4"});
  return b.model();
}

// The schema rows shown for a node that speak of min > max.
std::vector<std::string> MinAboveMaxRows(const ModelAudit& audit, const std::string& node) {
  std::vector<std::string> rows;
  for (const Finding* f : OfKind(audit, FindingKind::kSchemaChange)) {
    if (f->node == node &&
        (absl::StrContains(f->detail, "min > max") || absl::StrContains(f->detail, "'max'"))) {
      rows.push_back(f->detail);
    }
  }
  return rows;
}

std::vector<const Finding*> UnderReading(const ModelAudit& audit, const std::string& reading) {
  std::vector<const Finding*> found;
  for (const Finding* f : OfKind(audit, FindingKind::kOutputChange)) {
    if (absl::StrContains(f->change, reading)) found.push_back(f);
  }
  return found;
}

TEST(AuditModelReadingsTest, AClipWithoutBoundsIsFlaggedForClip13sBody) {
  const fs::path file = Write("clip11_nobounds", OneClip(11, "clip_nobounds", ""));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  const std::string md = ModelAuditMarkdown(*audit);
  EXPECT_THAT(MinAboveMaxRows(*audit, "'clip_nobounds'"), ::testing::IsEmpty()) << md;
  std::vector<const Finding*> body = UnderReading(*audit, "clip-missing-bound-skipped");
  ASSERT_EQ(body.size(), 1u) << md;
  EXPECT_EQ(body[0]->node, "'clip_nobounds'");
  EXPECT_EQ(body[0]->difference, kNamedReading);
  EXPECT_THAT(body[0]->detail, HasSubstr("Clip-13's function body"));
  EXPECT_THAT(body[0]->detail, HasSubstr("got inf"));
  EXPECT_EQ(RunAudit({"--model=" + file.string(), "--to=13"}).code, kExitFailed);
}

TEST(AuditModelReadingsTest, KnownOrderedBoundsShowNothingOfMinAboveMax) {
  const fs::path file = Write("clip11_relu6", OneClip(11, "relu6", "init"));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  const std::string md = ModelAuditMarkdown(*audit);
  EXPECT_THAT(MinAboveMaxRows(*audit, "'relu6'"), ::testing::IsEmpty()) << md;
  EXPECT_TRUE(OfKind(*audit, FindingKind::kOutputChange).empty()) << md;
  EXPECT_EQ(RunAudit({"--model=" + file.string(), "--to=13"}).code, kExitOk);

  // Bounds the model is fed: min > max is possible, and its texts concern the node.
  absl::StatusOr<ModelAudit> fed =
      AuditModel(Write("clip11_fed", OneClip(11, "clamp", "inputs")), {.to_opset = 13});
  ASSERT_TRUE(fed.ok()) << fed.status();
  EXPECT_THAT(MinAboveMaxRows(*fed, "'clamp'"), ::testing::Not(::testing::IsEmpty()))
      << ModelAuditMarkdown(*fed);
}

// Clip-11 has no function body, but a missing bound may be read as skipped
// from Clip-11 on (clip-missing-bound-skipped does not apply to Clip-6).
TEST(AuditModelReadingsTest, AReadingNewAtTheTargetIsNamed) {
  const fs::path file = Write("clip6_nobounds", OneClip(6, "cap", ""));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 11});
  ASSERT_TRUE(audit.ok()) << audit.status();
  std::vector<const Finding*> read = UnderReading(*audit, "clip-missing-bound-skipped");
  ASSERT_EQ(read.size(), 1u) << ModelAuditMarkdown(*audit);
  EXPECT_EQ(read[0]->node, "'cap'");
  EXPECT_THAT(read[0]->detail, HasSubstr("Clip-11 read as clip-missing-bound-skipped"));
}

}  // namespace
}  // namespace onnx_conform::audit_testing
