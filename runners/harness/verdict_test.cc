// Tests of the verdict: match classes element by element, and divergence
// under the documented alternative readings (runners/harness/verdict.h), through
// JudgeOutputs and through whole runs with fake adapters that follow a
// reading or flip signs of zeros.
#include "runners/harness/verdict.h"

#include <cmath>
#include <filesystem>
#include <limits>

#include "caseio/case_files.h"
#include "caseio/case_layout.h"
#include "caseio/case_metadata.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/backends/backend.h"
#include "runners/harness/case_runner.h"
#include "runners/harness/policy.h"
#include "tensor/tensor_file.h"
#include "testing/backend_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

const fs::path kSuiteCases = ONNX_CONFORM_SUITE_CASES;
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

onnx::ModelProto Model(const std::string& suite_case) {
  absl::StatusOr<onnx::ModelProto> model =
      ReadModelFile(kSuiteCases / "node" / suite_case / "model.onnx");
  EXPECT_TRUE(model.ok()) << model.status();
  return *model;
}

Tensor Floats(std::initializer_list<float> values) {
  return Tensor::FromValues<float>({static_cast<int64_t>(values.size())}, values);
}

OutputsJudgement Judge(const onnx::ModelProto& model, std::vector<Tensor> inputs,
                       const Tensor& expected, const Tensor& actual) {
  std::vector<InMemoryDataSet> data_sets(1);
  data_sets[0] = {std::move(inputs), {expected}};
  std::shared_ptr<const CheckedCase> c = CheckInMemoryCase("judged", model, std::move(data_sets));
  EXPECT_EQ(c->standing, CaseStanding::kRunnable) << c->standing_message;
  return JudgeOutputs(*c, 0, {actual}, Tolerance::Exact());
}

std::vector<Reading> ApplicableReadings(const onnx::ModelProto& model) {
  absl::StatusOr<BoundGraph> graph = BindGraph(model);
  EXPECT_TRUE(graph.ok()) << graph.status();
  return onnx_conform::ApplicableReadings(*graph).readings();
}

// ---- match classes ----

TEST(VerdictTest, DeterminedZeroSignMustMatch) {
  const onnx::ModelProto min = Model("min_v13_float_neg_zero");  // Min(data_0[5], data_1[5])
  // Min(-0, 1) is -0: the sign is determined.
  const std::vector<Tensor> inputs = {Floats({-0.0f, 2, 3, 4, 5}), Floats({1, 2, 3, 4, 5})};
  const Tensor expected = Floats({-0.0f, 2, 3, 4, 5});
  const OutputsJudgement flipped = Judge(min, inputs, expected, Floats({0.0f, 2, 3, 4, 5}));
  EXPECT_EQ(flipped.kind, OutputsJudgement::Kind::kMismatch);
  ASSERT_EQ(flipped.problems.size(), 1u);
  EXPECT_THAT(flipped.problems[0], HasSubstr("expected -0 (sign determined), got 0"));
}

TEST(VerdictTest, TiedZerosAcceptEitherSign) {
  const onnx::ModelProto min = Model("min_v13_float_neg_zero");
  // Min(+0, -0): a tie the texts leave open.
  const std::vector<Tensor> inputs = {Floats({0.0f, -0.0f, 1, 1, 1}),
                                      Floats({-0.0f, 0.0f, 1, 1, 1})};
  const Tensor expected = Floats({0.0f, -0.0f, 1, 1, 1});
  EXPECT_EQ(Judge(min, inputs, expected, Floats({-0.0f, 0.0f, 1, 1, 1})).kind,
            OutputsJudgement::Kind::kMatch);
  // Still a zero, not a tiny number.
  EXPECT_EQ(Judge(min, inputs, expected, Floats({1e-45f, 0.0f, 1, 1, 1})).kind,
            OutputsJudgement::Kind::kMismatch);
}

TEST(VerdictTest, AnyNaNOnlyWhereANaNIsExpected) {
  const onnx::ModelProto min = Model("min_v13_float_neg_zero");
  const std::vector<Tensor> inputs = {Floats({kNaN, 1, 1, 1, 1}), Floats({2, 1, 1, 1, 1})};
  const float other_nan = std::bit_cast<float>(0xFFC00123u);
  EXPECT_EQ(Judge(min, inputs, Floats({kNaN, 1, 1, 1, 1}), Floats({other_nan, 1, 1, 1, 1})).kind,
            OutputsJudgement::Kind::kMatch);
  EXPECT_EQ(Judge(min, inputs, Floats({kNaN, 1, 1, 1, 1}), Floats({1, other_nan, 1, 1, 1})).kind,
            OutputsJudgement::Kind::kMismatch);
}

// ---- readings ----

TEST(VerdictTest, MinIgnoringNaNIsDivergentWithTheReadingsName) {
  const onnx::ModelProto min = Model("min_v13_float_neg_zero");
  const std::vector<Tensor> inputs = {Floats({kNaN, 1, 1, 1, 1}), Floats({2, 1, 1, 1, 1})};
  const OutputsJudgement j =
      Judge(min, inputs, Floats({kNaN, 1, 1, 1, 1}), Floats({2, 1, 1, 1, 1}));
  EXPECT_EQ(j.kind, OutputsJudgement::Kind::kDivergent);
  EXPECT_EQ(j.backend_reading.Name(), "min-nan-ignored");
  EXPECT_TRUE(j.expected_reading.empty());
  EXPECT_THAT(DescribeDivergence(j), HasSubstr("NaN propagates"));
  // Any other value is a failure, not a divergence.
  EXPECT_EQ(Judge(min, inputs, Floats({kNaN, 1, 1, 1, 1}), Floats({3, 1, 1, 1, 1})).kind,
            OutputsJudgement::Kind::kMismatch);
}

TEST(VerdictTest, ApplicableReadingsFollowTheOperatorVersion) {
  EXPECT_THAT(ApplicableReadings(Model("clip_v13_float_min_max")),
              ElementsAre(Reading::kClipMissingBoundSkipped, Reading::kClipNaNBoundIgnored));
  EXPECT_THAT(ApplicableReadings(Model("clip_v6_float_min_max")),
              ElementsAre(Reading::kClipNaNBoundIgnored, Reading::kClipInvertedBoundsGiveMin,
                          Reading::kClipInvertedBoundsMinFirst));
  // Clip-13's body has no open point.
  EXPECT_THAT(ApplicableReadings(Model("clip_v13_float_min_max_expanded")), ElementsAre());
}

// ---- whole runs on exec backends ----

class VerdictRunTest : public BackendTestBase {
 protected:
  fs::path Suite(const std::string& name) {
    const fs::path target = dir_ / "cases" / name;
    fs::copy(kSuiteCases / "node" / name, target, fs::copy_options::recursive);
    return target;
  }
  CaseResult RunOn(const fs::path& c, const std::string& mode) {
    absl::StatusOr<std::unique_ptr<Backend>> backend = MakeBackend(FakeBackend(mode));
    EXPECT_TRUE(backend.ok());
    return OpenAndRunCase({.dir = c}, **backend);
  }
};

TEST_F(VerdictRunTest, FlippingADeterminedZeroSignFails) {
  // Clip([-1, -0, 0, 1], -0, +0) = Min(+0, Max(x, -0)): the first three
  // end in a +0/-0 tie (either sign), the last is max, +0 exactly.
  const CaseResult clip = RunOn(Suite("clip_v13_float_neg_zero"), "flip-zero-sign");
  EXPECT_EQ(clip.status, CaseStatus::kFail) << clip.message;
  EXPECT_THAT(clip.message,
              HasSubstr("1 of 4 elements differ: [3] expected 0 (sign determined), got -0"));
  // Min([-0, +0, -0, 1, -1], [+0, -0, -0, -0, -0]): [2] and [3] are -0 exactly.
  const CaseResult min = RunOn(Suite("min_v13_float_neg_zero"), "flip-zero-sign");
  EXPECT_EQ(min.status, CaseStatus::kFail) << min.message;
  EXPECT_THAT(min.message,
              HasSubstr("2 of 5 elements differ: [2] expected -0 (sign determined), got 0"));
}

TEST_F(VerdictRunTest, TheFunctionBodysMissingBoundReadingIsDivergent) {
  const CaseResult result =
      RunOn(Suite("clip_v13_float_inf_default_bounds"), "reading-clip-missing-bound-skipped");
  EXPECT_EQ(result.status, CaseStatus::kDivergent) << result.message;
  EXPECT_THAT(result.readings, ElementsAre("clip-missing-bound-skipped"));
  EXPECT_FALSE(FailsRun(result.status));
  EXPECT_THAT(result.message, HasSubstr("follows reading clip-missing-bound-skipped"));
}

TEST_F(VerdictRunTest, ReadingsCombineWhenOneCaseNeedsTwo) {
  // NaN min and no max on a +inf element: the body ignores the NaN and
  // leaves +inf; the suite gives NaN, and its missing max would clip +inf.
  const fs::path c = Suite("clip_v13_float_nan_min_bound");
  const CaseResult result = RunOn(c, "reading-clip-nan-bound-ignored");
  EXPECT_EQ(result.status, CaseStatus::kDivergent) << result.message;
  EXPECT_THAT(result.readings, ElementsAre("clip-nan-bound-ignored"));
}

TEST_F(VerdictRunTest, AMinIgnoringNaNOnAFolderWithoutMetadataIsDivergent) {
  const fs::path c = Suite("min_v13_float_nan");
  fs::remove(c / "case.json");
  const CaseResult result = RunOn(c, "reading-min-nan-ignored");
  EXPECT_EQ(result.status, CaseStatus::kDivergent) << result.message;
  EXPECT_THAT(result.readings, ElementsAre("min-nan-ignored"));
}

TEST_F(VerdictRunTest, OtherValuesOnAReferenceDefinedCaseFail) {
  // Reference-defined (signed zeros), but -0 became the smallest subnormal:
  // no reading explains it.
  const CaseResult result = RunOn(Suite("min_v13_float_neg_zero"), "off-by-one");
  EXPECT_EQ(result.status, CaseStatus::kFail) << result.message;
}

TEST_F(VerdictRunTest, TheReferenceIsDivergentWhenTheCaseFollowsAnotherReading) {
  // The case's expected outputs replaced by the function body's: +-inf kept.
  const fs::path c = Suite("clip_v13_float_inf_default_bounds");
  const fs::path output = c / DataFilePath(0, DataFileKind::kOutput, 0);
  ASSERT_TRUE(WriteTensorFile(output, Floats({-kInf, kInf, 1}), "output").ok());
  const CaseResult result = OpenAndRunCase({.dir = c}, *MakeReferenceBackend());
  EXPECT_EQ(result.status, CaseStatus::kDivergent) << result.message;
  EXPECT_THAT(result.readings, ElementsAre("reference"));
  EXPECT_THAT(result.message, HasSubstr("the case expects reading clip-missing-bound-skipped"));
}

// A negative case scores only when the backend also runs its valid twin.
TEST_F(VerdictRunTest, ARefusalScoresOnlyWhenTheValidTwinRuns) {
  const std::string negative = "min_v13_float_double_input_data";
  const fs::path c = dir_ / "cases" / "invalid" / negative;
  fs::create_directories(c.parent_path());
  fs::copy(kSuiteCases / "invalid" / negative, c, fs::copy_options::recursive);
  absl::StatusOr<std::optional<CaseMetadata>> metadata = ReadCaseMetadata(c);
  ASSERT_TRUE(metadata.ok() && metadata->has_value());
  const std::string twin = (*metadata)->twin();
  ASSERT_FALSE(twin.empty());
  fs::create_directories(dir_ / "cases" / "node");
  fs::copy(kSuiteCases / "node" / twin, dir_ / "cases" / "node" / twin,
           fs::copy_options::recursive);
  // Refusing everything (like /bin/false) scores nothing.
  const CaseResult everything = RunOn(c, "exit-1");
  EXPECT_EQ(everything.status, CaseStatus::kFail) << everything.message;
  EXPECT_THAT(everything.message, HasSubstr("refuses its valid twin " + twin));
  // Refusing the negative case and running the twin scores.
  const CaseResult discerning = RunOn(c, "refuse-negative");
  EXPECT_EQ(discerning.status, CaseStatus::kPass) << discerning.message;
  // A crash is never a refusal.
  EXPECT_EQ(RunOn(c, "crash").status, CaseStatus::kCrash);
}

TEST_F(VerdictRunTest, ExpandedClip13CasesPassOnTheReference) {
  for (const char* name :
       {"clip_v13_float_min_max_expanded", "clip_v13_float_inf_default_bounds_expanded",
        "clip_v13_float16_nan_min_bound_expanded", "clip_v13_bfloat16_min_only_expanded",
        "clip_v13_int8_no_bounds_expanded"}) {
    for (bool plain : {false, true}) {
      const CaseResult result =
          OpenAndRunCase({.dir = kSuiteCases / "node" / name}, *MakeReferenceBackend(plain));
      EXPECT_EQ(result.status, CaseStatus::kPass) << name << ": " << result.message;
      EXPECT_EQ(result.op, "Clip") << name;
    }
  }
}

}  // namespace
}  // namespace onnx_conform
