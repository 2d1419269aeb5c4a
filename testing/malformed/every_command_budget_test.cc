// Every command that evaluates a model goes through the one budgeted entry
// (runners/harness/evaluate_model.h, or a case under its budget): `bodies`, `show
// --backend=reference`, `audit --model` and `adequacy` refuse a model over the resource
// limits as `run` does, naming the limit, instead of working for minutes or
// running out of memory.
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "testing/malformed/malformed_input_corpus.h"
#include "testing/test_model.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using testing_util::TestModel;

// Min over 2^12 + 1 copies of a 2^22-element input (over 2^34 element
// operations, a 16 MiB input file), then Clip-13, which has a function
// body, so that `bodies` runs the case too (at opset 12 for the audit to
// 13). Few copies of a large input: the checkers' work grows with the
// node's inputs, the budget with both.
fs::path WriteOverBudgetCase(const fs::path& dir, int opset = 13) {
  constexpr int64_t kElements = int64_t{1} << 22;
  TestModel m(opset);
  m.Input("x", ElementType::kFloat, {kElements}).Output("z", ElementType::kFloat, {kElements});
  m.Node("Min", std::vector<std::string>((1 << 12) + 1, "x"), {"m"});
  m.Node("Clip", {"m"}, {"z"});
  fs::create_directories(dir / DataSetDirName(0));
  malformed::WriteProto(dir / kModelFileName, m.model);
  const std::vector<float> values(kElements, 1.0f);
  malformed::WriteProto(dir / DataFilePath(0, DataFileKind::kInput, 0),
                        malformed::FloatProto({kElements}, values, "x"));
  malformed::WriteProto(dir / DataFilePath(0, DataFileKind::kOutput, 0),
                        malformed::FloatProto({kElements}, values, "z"));
  return dir;
}

class EveryCommandBudgetTest : public ::testing::Test {
 protected:
  // A folder per test: ctest runs this suite's tests side by side.
  void SetUp() override {
    const char* test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    case_ = WriteOverBudgetCase(fs::path(::testing::TempDir()) / "every_command_budget" / test /
                                "min_over_copies");
  }
  fs::path case_;
  std::ostringstream out_, err_;
};

TEST_F(EveryCommandBudgetTest, RunRefusesIt) {
  EXPECT_EQ(RunCommand({case_.string()}, out_, err_), kExitFailed);
  EXPECT_THAT(out_.str(), HasSubstr("element operations"));
}

TEST_F(EveryCommandBudgetTest, BodiesRefusesItWithinTheSameLimits) {
  EXPECT_EQ(BodiesCommand({case_.string()}, out_, err_), kExitFailed);
  EXPECT_THAT(err_.str(), HasSubstr("element operations"));
}

TEST_F(EveryCommandBudgetTest, ShowOnTheReferenceRefusesIt) {
  EXPECT_EQ(ShowCommand({"--backend=reference", case_.string()}, out_, err_), kExitFailed);
  EXPECT_THAT(out_.str(), HasSubstr("element operations"));
}

TEST_F(EveryCommandBudgetTest, AuditOfTheModelRefusesIt) {
  const fs::path at12 = WriteOverBudgetCase(case_.parent_path() / "at_opset_12", 12);
  const int code =
      AuditCommand({"--model=" + (at12 / kModelFileName).string(), "--to=13"}, out_, err_);
  EXPECT_NE(code, kExitOk);
  EXPECT_NE(code, kExitUsage);
  EXPECT_THAT(out_.str() + err_.str(), HasSubstr("element operations"));
}

// A case the reference cannot run within the limits kills no planted bug.
TEST_F(EveryCommandBudgetTest, AdequacyRefusesItAndCountsNoKill) {
  EXPECT_EQ(AdequacyCommand({"--bugs=min-returns-max", "-j", "1", case_.string()}, out_, err_),
            kExitFailed);
  EXPECT_THAT(out_.str(), HasSubstr("element operations"));
  EXPECT_THAT(out_.str(), HasSubstr("0 of 1 bugs killed"));
}

}  // namespace
}  // namespace onnx_conform
