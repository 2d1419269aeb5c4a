// `audit --model`'s data: a symbolic dimension takes one value in every
// input (--shape through one input gives it to all; a --shape that names no
// input or contradicts the model is a usage error), the model folder's test
// data is added to the generated edge values, and a comparison that cannot
// be made is a not-compared finding (exit 3), never silence.
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_report.h"
#include "runners/cli/audit_command.h"
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

// x, z: [batch, 5] -> Min-6 'low' (inputs of one shape) -> Clip-6
// 'clip_nobounds' -> y, at opset `opset` (Min-8 broadcasts; Clip-6 only
// below 11).
onnx::ModelProto SharedBatch(int32_t type, int opset = 6) {
  ModelBuilder b(opset);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", type, {"batch", "5"});
  *g.add_input() = ModelBuilder::Value("z", type, {"batch", "5"});
  *g.add_node() = ModelBuilder::Node("Min", "low", {"x", "z"}, {"m"});
  *g.add_node() = ModelBuilder::Node("Clip", "clip_nobounds", {"m"}, {"y"});
  *g.add_output() = ModelBuilder::Value("y", type, {"batch", "5"});
  return b.model();
}

// Ordinary values (no infinity, no NaN) of `shape`.
Tensor Plain(const Shape& shape) {
  std::vector<Float16> values;
  for (int64_t k = 0, n = *ElementCount(shape); k < n; ++k) {
    values.push_back(Float16::FromFloat(0.25f * static_cast<float>(k) - 1.0f));
  }
  return Tensor::FromValues<Float16>(shape, values);
}

bool OutputChangeAt(const ModelAudit& audit, const std::string& node) {
  for (const Finding* f : OfKind(audit, FindingKind::kOutputChange)) {
    if (f->node == node) return true;
  }
  return false;
}

// Clip-6's missing max on float16 is float's max, +inf in float16: +inf stays;
// Clip-13's is float16's max: +inf becomes 65504.
TEST(AuditModelDataTest, ShapeForOneInputGivesItsSymbolicDimensionToAll) {
  const fs::path file = Write("shared_batch", SharedBatch(kHalf));
  CommandResult plain = RunAudit({"--model=" + file.string(), "--to=13"});
  EXPECT_EQ(plain.code, kExitFailed) << plain.out;
  EXPECT_THAT(plain.out, HasSubstr("'clip_nobounds'"));

  CommandResult shaped = RunAudit({"--model=" + file.string(), "--to=13", "--shape=x=2,5"});
  EXPECT_EQ(shaped.code, kExitFailed) << shaped.out;
  EXPECT_THAT(shaped.out, Not(HasSubstr("Same validity and outputs at both opsets")));
  ModelAuditOptions options;
  options.to_opset = 13;
  options.shapes["x"] = {2, 5};
  absl::StatusOr<ModelAudit> audit = AuditModel(file, options);
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_TRUE(audit->behaviour_compared) << ModelAuditMarkdown(*audit);
  EXPECT_TRUE(OutputChangeAt(*audit, "'clip_nobounds'")) << ModelAuditMarkdown(*audit);
  EXPECT_THAT(audit->notes, Not(Contains(HasSubstr("z (batch"))));
  EXPECT_TRUE(OfKind(*audit, FindingKind::kNotCompared).empty()) << ModelAuditMarkdown(*audit);
}

TEST(AuditModelDataTest, ShapeThatNamesNoInputOrContradictsTheModelIsAUsageError) {
  const fs::path file = Write("shared_batch_usage", SharedBatch(kHalf));
  const std::string model = "--model=" + file.string();
  struct Bad {
    std::vector<std::string> shapes;
    std::string message;
  };
  for (const Bad& bad : std::vector<Bad>{
           {{"--shape=x=2,4"}, "dimension 1 of 'x' is declared [batch, 5]"},
           {{"--shape=x=2"}, "rank 1"},
           {{"--shape=w=2,5"}, "no graph input 'w'"},
           {{"--shape=x=2,5", "--shape=z=3,5"}, "symbolic dimension 'batch' is 2 in 'x' and 3"},
       }) {
    std::vector<std::string> args = {model, "--to=13"};
    args.insert(args.end(), bad.shapes.begin(), bad.shapes.end());
    CommandResult r = RunAudit(args);
    EXPECT_EQ(r.code, kExitUsage) << bad.shapes[0];
    EXPECT_THAT(r.err, HasSubstr(bad.message)) << bad.shapes[0];
  }
  // Both inputs given, consistently: no usage error.
  EXPECT_EQ(RunAudit({model, "--to=13", "--shape=x=2,5", "--shape=z=2,5"}).code, kExitFailed);
}

TEST(AuditModelDataTest, FolderDataIsAddedToTheGeneratedEdgeValues) {
  const fs::path file =
      WriteFolder("shared_batch_folder", SharedBatch(kHalf), {{Plain({2, 5}), Plain({2, 5})}});
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  EXPECT_THAT(audit->data, ::testing::MatchesRegex("generated \\([0-9]+ sets\\), test_data_set_0"));
  EXPECT_TRUE(audit->behaviour_compared);
  // The generated values hold +inf; the folder's do not.
  EXPECT_TRUE(OutputChangeAt(*audit, "'clip_nobounds'")) << ModelAuditMarkdown(*audit);
  // The generated values take the folder's size for the symbolic dimension.
  EXPECT_THAT(audit->notes, Contains(HasSubstr("batch = 2")));
  CommandResult r = RunAudit({"--model=" + file.string(), "--to=13"});
  EXPECT_EQ(r.code, kExitFailed) << r.out;
  EXPECT_THAT(r.out, HasSubstr("Run with inputs from generated values ("));
  EXPECT_THAT(r.out, HasSubstr("sets), test_data_set_0."));
}

// Min-8 on float moves to Min-13 unchanged; the folder's data set cannot be
// broadcast ([2,5] and [3,5]): the model runs at neither opset on it.
TEST(AuditModelDataTest, ARunAtNeitherOpsetIsAFindingNeverSilence) {
  // Min-8 -> Min-13 and no Clip: only the Min node.
  onnx::ModelProto min_only = SharedBatch(kHalf, 8);
  min_only.mutable_graph()->mutable_node()->RemoveLast();
  min_only.mutable_graph()->mutable_output(0)->set_name("m");
  const fs::path min_file =
      WriteFolder("min8_bad_data", min_only, {{Plain({2, 5}), Plain({3, 5})}});
  absl::StatusOr<ModelAudit> audit = AuditModel(min_file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  std::vector<const Finding*> not_compared = OfKind(*audit, FindingKind::kNotCompared);
  ASSERT_EQ(not_compared.size(), 1u) << ModelAuditMarkdown(*audit);
  EXPECT_THAT(not_compared[0]->detail, HasSubstr("on test_data_set_0"));
  EXPECT_THAT(not_compared[0]->detail, HasSubstr("neither opset"));
  EXPECT_FALSE(audit->behaviour_compared);
  const std::string md = ModelAuditMarkdown(*audit);
  EXPECT_THAT(md, Not(HasSubstr("Same validity and outputs")));
  CommandResult r = RunAudit({"--model=" + min_file.string(), "--to=13"});
  EXPECT_EQ(r.code, kExitNotAudited) << r.out << r.err;
  EXPECT_THAT(r.err, HasSubstr("could not be judged: not-compared"));
}

}  // namespace
}  // namespace onnx_conform::audit_testing
