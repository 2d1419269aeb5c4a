// `audit --model` never clears a node whose outputs change on some input of
// its type: a bound fed by a scalar graph input meets every edge value, a
// short input reaches +-inf, a downstream Min cannot hide the change (the
// node is compared alone too, and a change the model's outputs do not show
// is reported as masked), whatever --shape or the folder's data give.
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_report.h"
#include "runners/cli/cli.h"
#include "testing/audit_model_test_util.h"

// Inside audit_testing, so the shared builders (audit_model_test_util.h) need
// no using-list in each test file.
namespace onnx_conform::audit_testing {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kAllClear[] = "Same validity and outputs at both opsets";

// An output-change finding (any change text) at `node`.
const Finding* OutputChangeAt(const ModelAudit& audit, const std::string& node) {
  for (const Finding* f : OfKind(audit, FindingKind::kOutputChange)) {
    if (f->node == node) return f;
  }
  return nullptr;
}

// x (`type`, [4]) and a scalar graph input `hi` -> Clip-11 'limit'(x, '', hi) -> y.
onnx::ModelProto ClipMaxFromGraphInput(int32_t type) {
  ModelBuilder b(11);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", type, {"4"});
  *g.add_input() = ModelBuilder::Value("hi", type, {});
  *g.add_node() = ModelBuilder::Node("Clip", "limit", {"x", "", "hi"}, {"y"});
  *g.add_output() = ModelBuilder::Value("y", type, {"4"});
  return b.model();
}

// Clip-11's missing min is float's lowest() in the input's type (-inf in
// float16, -3.4e38 in double); Clip-13's is the type's own: the change shows
// only where the scalar max lets the low values through.
TEST(AuditModelMaskingTest, BoundFromAScalarGraphInputMeetsEveryEdgeValue) {
  for (int32_t type : {kHalf, kDouble}) {
    SCOPED_TRACE(type);
    const fs::path file =
        Write(absl::StrCat("clip11_max_input_", type), ClipMaxFromGraphInput(type));
    absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
    ASSERT_TRUE(audit.ok()) << audit.status();
    const std::string md = ModelAuditMarkdown(*audit);
    EXPECT_NE(OutputChangeAt(*audit, "'limit'"), nullptr) << md;
    EXPECT_THAT(md, Not(HasSubstr(kAllClear)));
    CommandResult r = RunAudit({"--model=" + file.string(), "--to=13"});
    EXPECT_EQ(r.code, kExitFailed) << r.out;
  }
}

// x (float16, `dims`) -> Clip-`opset` 'limit' (min=-1 only) -> y: Clip-1 and
// Clip-6 read the missing max as float's max, +inf in float16, so +inf stays;
// Clip-13's is 65504.
onnx::ModelProto ClipMinOnly(int opset, const std::string& length) {
  ModelBuilder b(opset);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kHalf, {length});
  onnx::NodeProto clip = ModelBuilder::Node("Clip", "limit", {"x"}, {"y"});
  ModelBuilder::FloatAttribute(clip, "min", -1.0f);
  *g.add_node() = clip;
  *g.add_output() = ModelBuilder::Value("y", kHalf, {length});
  return b.model();
}

TEST(AuditModelMaskingTest, AShortInputStillMeetsInfinity) {
  for (int opset : {1, 6}) {
    SCOPED_TRACE(opset);
    const fs::path file =
        Write(absl::StrCat("clip", opset, "_min_only_4"), ClipMinOnly(opset, "4"));
    absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
    ASSERT_TRUE(audit.ok()) << audit.status();
    const std::string md = ModelAuditMarkdown(*audit);
    EXPECT_NE(OutputChangeAt(*audit, "'limit'"), nullptr) << md;
    EXPECT_THAT(md, Not(HasSubstr(kAllClear)));
  }
}

// x (float16 `x_dims`) -> Clip-6 'limit' (max=6, or no bounds) -> c;
// Min-6 'low'(c, z) -> y. `z` is a graph input of x's shape, or (`z_low`)
// an initializer of -inf that makes every output -inf at both opsets.
onnx::ModelProto ClipThenMin(std::vector<std::string> dims, bool with_max, bool z_low) {
  ModelBuilder b(6);
  onnx::GraphProto& g = b.graph();
  *g.add_input() = ModelBuilder::Value("x", kHalf, dims);
  *g.add_input() = ModelBuilder::Value("z", kHalf, dims);  // IR 3: initializers are inputs too
  if (z_low) {
    std::vector<Float16> low(4, Float16::FromFloat(-std::numeric_limits<float>::infinity()));
    *g.add_initializer() = TensorToProto(Tensor::FromValues<Float16>({4}, low), "z");
  }
  onnx::NodeProto clip = ModelBuilder::Node("Clip", "limit", {"x"}, {"c"});
  if (with_max) ModelBuilder::FloatAttribute(clip, "max", 6.0f);
  *g.add_node() = clip;
  *g.add_node() = ModelBuilder::Node("Min", "low", {"c", "z"}, {"y"});
  *g.add_output() = ModelBuilder::Value("y", kHalf, dims);
  return b.model();
}

// Clip-6's missing min on float16 is float's lowest(), -inf: -inf stays;
// Clip-13's is -65504. A Min with another input must not hide it.
TEST(AuditModelMaskingTest, AChangeADownstreamMinCouldMaskIsFound) {
  const fs::path file = Write("clip6_max6_min", ClipThenMin({"4"}, true, false));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  const std::string md = ModelAuditMarkdown(*audit);
  EXPECT_TRUE(audit->behaviour_compared) << md;
  EXPECT_NE(OutputChangeAt(*audit, "'limit'"), nullptr) << md;
  EXPECT_THAT(md, Not(HasSubstr(kAllClear)));
  for (const std::string& fail_on : std::vector<std::string>{"", "--fail-on=output-change"}) {
    std::vector<std::string> args = {"--model=" + file.string(), "--to=13"};
    if (!fail_on.empty()) args.push_back(fail_on);
    CommandResult r = RunAudit(args);
    EXPECT_EQ(r.code, kExitFailed) << fail_on << r.out;
  }
}

// Every output is -inf at both opsets: the whole model cannot show the
// change, the node alone does; it is reported as masked, never cleared.
TEST(AuditModelMaskingTest, AChangeTheModelMasksIsReportedAsMasked) {
  const fs::path file = Write("clip6_masked", ClipThenMin({"4"}, true, true));
  absl::StatusOr<ModelAudit> audit = AuditModel(file, {.to_opset = 13});
  ASSERT_TRUE(audit.ok()) << audit.status();
  const std::string md = ModelAuditMarkdown(*audit);
  EXPECT_TRUE(audit->behaviour_compared) << md;
  const Finding* masked = OutputChangeAt(*audit, "'limit'");
  ASSERT_NE(masked, nullptr) << md;
  EXPECT_EQ(masked->change, "masked on these inputs") << md;
  EXPECT_THAT(md, Not(HasSubstr(kAllClear)));
  for (const std::string& fail_on : std::vector<std::string>{"", "--fail-on=output-change"}) {
    std::vector<std::string> args = {"--model=" + file.string(), "--to=13"};
    if (!fail_on.empty()) args.push_back(fail_on);
    CommandResult r = RunAudit(args);
    EXPECT_EQ(r.code, kExitFailed) << fail_on << r.out;
    EXPECT_THAT(r.out, HasSubstr("masked on these inputs"));
  }
  // Not an output-change kind asked: the masked change does not fail.
  EXPECT_EQ(RunAudit({"--model=" + file.string(), "--to=13", "--fail-on=converter-failed"}).code,
            kExitOk);
}

// Ordinary values (no infinity, no NaN) of `shape`.
Tensor Plain(const Shape& shape) {
  std::vector<Float16> values;
  for (int64_t k = 0, n = *ElementCount(shape); k < n; ++k) {
    values.push_back(Float16::FromFloat(0.5f * static_cast<float>(k) - 2.0f));
  }
  return Tensor::FromValues<Float16>(shape, values);
}

// A Clip-6 float16 without bounds feeding a Min, its batch given by --shape
// or by the folder's own data: the generated values still reach +-inf, and
// the node is compared alone.
TEST(AuditModelMaskingTest, ShapeOrFolderDataDoNotClearTheNode) {
  const onnx::ModelProto model = ClipThenMin({"batch", "5"}, false, false);
  const fs::path file = Write("clip6_nobounds_min", model);
  ModelAuditOptions shaped;
  shaped.to_opset = 13;
  shaped.shapes["x"] = {2, 5};
  const fs::path folder =
      WriteFolder("clip6_nobounds_min_folder", model, {{Plain({2, 5}), Plain({2, 5})}});
  for (const auto& [path, options] : std::vector<std::pair<fs::path, ModelAuditOptions>>{
           {file, shaped}, {folder, {.to_opset = 13}}}) {
    SCOPED_TRACE(path.string());
    absl::StatusOr<ModelAudit> audit = AuditModel(path, options);
    ASSERT_TRUE(audit.ok()) << audit.status();
    const std::string md = ModelAuditMarkdown(*audit);
    EXPECT_NE(OutputChangeAt(*audit, "'limit'"), nullptr) << md;
    EXPECT_THAT(md, Not(HasSubstr(kAllClear)));
  }
  CommandResult r =
      RunAudit({"--model=" + file.string(), "--to=13", "--shape=x=2,5", "--fail-on=output-change"});
  EXPECT_EQ(r.code, kExitFailed) << r.out;
  EXPECT_EQ(RunAudit({"--model=" + folder.string(), "--to=13"}).code, kExitFailed);
}

}  // namespace
}  // namespace onnx_conform::audit_testing
