// Tests of the comparison within a tolerance (runners/harness/diff.h,
// case_runner.h's CaseTolerance): outputs of graphs the reference does not
// compute exactly are judged as ONNX's own runner judges them (rtol 1e-3,
// atol 1e-7, or the test's data.json), NaN positions and integers exactly,
// with the errors measured; the covered operators stay exact whatever a run
// asks.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "caseio/case_layout.h"
#include "checker/checked_case.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/backends/backend.h"
#include "runners/harness/case_runner.h"
#include "tensor/tensor_file.h"
#include "testing/test_model.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using testing_util::TestModel;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// A backend that answers every case with the same outputs.
class FixedOutputsBackend : public Backend {
 public:
  explicit FixedOutputsBackend(std::vector<Tensor> outputs) : outputs_(std::move(outputs)) {}
  std::string name() const override { return "fixed"; }
  BackendOutcome Run(const CheckedCase&, size_t) override {
    return {.kind = BackendOutcome::Kind::kOk, .outputs = outputs_};
  }

 private:
  std::vector<Tensor> outputs_;
};

Tensor Floats(std::initializer_list<float> values) {
  return Tensor::FromValues<float>({static_cast<int64_t>(values.size())}, values);
}

class ToleranceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::path(::testing::TempDir()) / "tolerance_test" / info->name();
    fs::remove_all(dir_);
  }

  // A node test folder of one `op_type` node over `inputs` (graph inputs
  // a, b, ... of `type`), its expected output `expected`.
  fs::path WriteCase(const std::string& op_type, int opset, ElementType type,
                     const std::vector<Tensor>& inputs, const Tensor& expected) {
    const int64_t n = expected.element_count();
    TestModel m(opset);
    std::vector<std::string> names;
    for (size_t k = 0; k < inputs.size(); ++k) {
      names.push_back(std::string(1, static_cast<char>('a' + k)));
      m.Input(names.back(), type, {n});
    }
    m.Output("y", type, {n});
    m.Node(op_type, names, {"y"});
    const fs::path data_set = dir_ / DataSetDirName(0);
    fs::create_directories(data_set);
    EXPECT_TRUE(WriteProtoFile(dir_ / kModelFileName, m.model).ok());
    for (size_t k = 0; k < inputs.size(); ++k) {
      EXPECT_TRUE(
          WriteTensorFile(dir_ / DataFilePath(0, DataFileKind::kInput, static_cast<int64_t>(k)),
                          inputs[k], k == 0 ? "a" : "b")
              .ok());
    }
    EXPECT_TRUE(
        WriteTensorFile(dir_ / DataFilePath(0, DataFileKind::kOutput, 0), expected, "y").ok());
    return dir_;
  }

  // An Add case whose expected output is `expected`, judged against a
  // backend answering `actual`.
  CaseResult JudgeAdd(const Tensor& expected, const Tensor& actual,
                      const VerdictOptions& options = {}) {
    WriteCase("Add", 14, expected.type(), {actual, actual}, expected);
    return Judge(actual, options);
  }

  CaseResult Judge(const Tensor& actual, const VerdictOptions& options = {}) {
    std::shared_ptr<const CheckedCase> c = OpenCase({.dir = dir_});
    EXPECT_EQ(c->standing, CaseStanding::kRunnable) << c->standing_message;
    FixedOutputsBackend backend({actual});
    return RunCase(*c, backend, options);
  }

  void WriteDataJson(const std::string& text) {
    std::ofstream(dir_ / std::string(kOnnxTestDataFileName)) << text;
  }

  fs::path dir_;
};

TEST_F(ToleranceTest, AnOutputOnePercentOffFails) {
  const CaseResult r = JudgeAdd(Floats({1.01f, 2.02f, 3.0f}), Floats({1.0f, 2.0f, 3.0f}));
  EXPECT_EQ(r.status, CaseStatus::kFail) << r.message;
  EXPECT_THAT(r.message, HasSubstr("2 of 3 elements differ beyond rtol 0.001, atol 1e-07 "
                                   "(ONNX's default)"));
  EXPECT_THAT(r.message, HasSubstr("max rel error"));
  ASSERT_EQ(r.output_errors.size(), 1u);
  EXPECT_NEAR(r.output_errors[0].stats.max_rel, 0.01 / 1.01, 1e-6);
  EXPECT_NEAR(r.output_errors[0].stats.max_abs, 0.02, 1e-6);
  EXPECT_EQ(r.output_errors[0].stats.max_abs_index, Shape({1}));
}

TEST_F(ToleranceTest, AnOutputOneHundredThousandthOffPassesAndIsMeasured) {
  const float actual = 1000.0f;
  const float expected = std::nextafter(actual * (1 + 1e-5f), 0.0f);
  const CaseResult r = JudgeAdd(Floats({expected, 5.0f}), Floats({actual, 5.0f}));
  EXPECT_EQ(r.status, CaseStatus::kPass) << r.message;
  ASSERT_EQ(r.output_errors.size(), 1u);
  EXPECT_NEAR(r.output_errors[0].stats.max_rel, 1e-5, 1e-6);
  EXPECT_GT(r.output_errors[0].stats.max_ulp, 100u);
  EXPECT_EQ(r.output_errors[0].tolerance, "rtol 0.001, atol 1e-07 (ONNX's default)");
}

TEST_F(ToleranceTest, TheTestsDataJsonRtolIsHonoured) {
  WriteCase("Add", 14, ElementType::kFloat, {Floats({1, 2}), Floats({1, 2})},
            Floats({1.01f, 2.0f}));
  WriteDataJson(R"({"rtol": 0.02, "atol": 0})");
  const CaseResult loose = Judge(Floats({1.0f, 2.0f}));
  EXPECT_EQ(loose.status, CaseStatus::kPass) << loose.message;
  ASSERT_EQ(loose.output_errors.size(), 1u);
  EXPECT_EQ(loose.output_errors[0].tolerance, "rtol 0.02, atol 0 (data.json)");

  WriteDataJson(R"({"rtol": 0.005})");
  const CaseResult tight = Judge(Floats({1.0f, 2.0f}));
  EXPECT_EQ(tight.status, CaseStatus::kFail);
  EXPECT_THAT(tight.message, HasSubstr("rtol 0.005, atol 1e-07 (data.json)"));
}

TEST_F(ToleranceTest, AMalformedDataJsonIsACaseErrorNamingTheFile) {
  WriteCase("Add", 14, ElementType::kFloat, {Floats({1}), Floats({1})}, Floats({2}));
  WriteDataJson(R"({"rtol": -1})");
  std::shared_ptr<const CheckedCase> c = OpenCase({.dir = dir_});
  EXPECT_EQ(c->standing, CaseStanding::kUnreadable);
  EXPECT_THAT(c->standing_message, HasSubstr("data.json"));
  EXPECT_THAT(c->standing_message, HasSubstr("rtol"));
  WriteDataJson("not json");
  EXPECT_EQ(OpenCase({.dir = dir_})->standing, CaseStanding::kUnreadable);
}

TEST_F(ToleranceTest, ANaNMovedToAnotherPositionFails) {
  const CaseResult r = JudgeAdd(Floats({kNaN, 1.0f}), Floats({1.0f, kNaN}));
  EXPECT_EQ(r.status, CaseStatus::kFail) << r.message;
  ASSERT_EQ(r.output_errors.size(), 1u);
  EXPECT_EQ(r.output_errors[0].stats.nonfinite_mismatches, 2);
  EXPECT_EQ(JudgeAdd(Floats({kNaN, 1.0f}), Floats({kNaN, 1.0f})).status, CaseStatus::kPass);
}

TEST_F(ToleranceTest, IntegersCompareExactlyWhateverTheTolerance) {
  const Tensor expected = Tensor::FromValues<int32_t>({2}, {1000, 7});
  const Tensor actual = Tensor::FromValues<int32_t>({2}, {1001, 7});
  const CaseResult r = JudgeAdd(expected, actual, {.rtol = 0.5, .atol = 10});
  EXPECT_EQ(r.status, CaseStatus::kFail) << r.message;
  EXPECT_TRUE(r.output_errors.empty());  // no float output to measure
}

TEST_F(ToleranceTest, ARunsOverrideLoosensOnlyWhatIsComparedWithinATolerance) {
  const CaseResult add = JudgeAdd(Floats({1.01f}), Floats({1.0f}), {.rtol = 0.05});
  EXPECT_EQ(add.status, CaseStatus::kPass) << add.message;
  ASSERT_EQ(add.output_errors.size(), 1u);
  EXPECT_THAT(add.output_errors[0].tolerance, HasSubstr("(--rtol/--atol)"));

  // Min is a covered operator: its outputs are the reference's, bit for bit.
  WriteCase("Min", 13, ElementType::kFloat, {Floats({1.0f}), Floats({2.0f})}, Floats({1.0f}));
  const CaseResult min = Judge(Floats({std::nextafter(1.0f, 2.0f)}), {.rtol = 0.5, .atol = 1});
  EXPECT_EQ(min.status, CaseStatus::kFail) << min.message;
  EXPECT_TRUE(min.output_errors.empty());
}

// Strings, bools and the elements of a sequence have no storage bytes of
// their own to compare: they are compared value by value, exactly.
TEST_F(ToleranceTest, StringsAndSequencesCompareValueByValue) {
  const Tensor words = Tensor::FromStrings({2}, {"a", "b"});
  WriteCase("Identity", 13, ElementType::kString, {words}, words);
  EXPECT_EQ(Judge(words).status, CaseStatus::kPass);
  const CaseResult other = Judge(Tensor::FromStrings({2}, {"a", "c"}));
  EXPECT_EQ(other.status, CaseStatus::kFail);
  EXPECT_THAT(other.message, HasSubstr("1 of 2 elements differ"));

  std::shared_ptr<const CheckedCase> c = OpenCase({.dir = dir_});
  const Tensor sequence = Tensor::Sequence({Floats({1, 2}), Floats({3})});
  const Tensor longer = Tensor::Sequence({Floats({1, 2}), Floats({3}), Floats({4})});
  const Tensor changed = Tensor::Sequence({Floats({1, 2}), Floats({3.5f})});
  EXPECT_TRUE(DiffTensors(sequence, sequence, Tolerance::Approximate()).matches());
  EXPECT_FALSE(DiffTensors(sequence, longer, Tolerance::Approximate()).matches());
  const TensorDiff diff = DiffTensors(sequence, changed, Tolerance::Approximate());
  EXPECT_EQ(diff.mismatch_count, 1);
  EXPECT_THAT(diff.Describe("seq"), HasSubstr("[1] 3"));
}

}  // namespace
}  // namespace onnx_conform
