// `onnx-conform judge`: a run's verdict on part of its cases from its JSON
// report, as `run` gives it on those cases alone; a case the report lacks
// fails, never skips.
#include "runners/cli/judge_command.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/run_command.h"
#include "runners/harness/policy.h"
#include "runners/reports/report.h"
#include "testing/report_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

CaseResult OfOperator(const std::string& name, const std::string& op, CaseStatus status) {
  CaseResult r = TestResult(name, status, status == CaseStatus::kPass ? "" : "why " + name);
  r.op = op;
  return r;
}

class JudgeCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("oc_judge_test_" + std::to_string(getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string WriteReport(std::vector<CaseResult> results) {
    SortForReports(results);
    const fs::path path = dir_ / "report.json";
    std::ofstream(path) << JsonReport(results);
    return path.string();
  }
  int Judge(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = JudgeCommand(args, out, err);
    stdout_ = out.str();
    stderr_ = err.str();
    return code;
  }

  fs::path dir_;
  std::string stdout_, stderr_;
};

TEST_F(JudgeCommandTest, EachOperatorIsJudgedByItsOwnCases) {
  const std::string report = WriteReport({OfOperator("conv_a", "Conv", CaseStatus::kPass),
                                          OfOperator("conv_b", "Conv", CaseStatus::kFail),
                                          OfOperator("add_a", "Add", CaseStatus::kPass),
                                          OfOperator("add_b", "Add", CaseStatus::kXfail)});
  EXPECT_EQ(Judge({"--op=Add", report}), kExitOk) << stdout_ << stderr_;
  EXPECT_THAT(stdout_, HasSubstr("1 passed"));
  EXPECT_EQ(Judge({"--op=Conv", report}), kExitFailed);
  EXPECT_THAT(stdout_, HasSubstr("conv_b"));
  EXPECT_THAT(stdout_, HasSubstr("why conv_b"));
  EXPECT_THAT(stdout_, Not(HasSubstr("conv_a")));
  EXPECT_EQ(Judge({report}), kExitFailed);
}

TEST_F(JudgeCommandTest, AnOperatorWithNoVerdictIsSkippedNotPassed) {
  const std::string report = WriteReport({OfOperator("scan_a", "Scan", CaseStatus::kUnsupported),
                                          OfOperator("add_a", "Add", CaseStatus::kPass)});
  EXPECT_EQ(Judge({"--op=Scan", report}), kExitNothingPassed);
  EXPECT_EQ(Judge({"--op=Scan", "--allow-nothing-passed", report}), kExitNothingRan);
  EXPECT_EQ(Judge({"--op=NotThere", report}), kExitNothingRan);
}

// An expectation file listing an operator's unsupported tests turns them
// into xfail; they still tested nothing.
TEST_F(JudgeCommandTest, KnownUnsupportedIsStillNoVerdict) {
  CaseResult known = OfOperator("loop_a", "Loop", CaseStatus::kXfail);
  known.message = "unsupported as expected (Loop.expect:1): Loop is not implemented";
  CaseResult known_fail = OfOperator("add_a", "Add", CaseStatus::kXfail);
  known_fail.message = "fail as expected (Add.expect:1): output 0 differs";
  const std::string report = WriteReport({known, known_fail});
  EXPECT_EQ(Judge({"--op=Loop", "--allow-nothing-passed", report}), kExitNothingRan)
      << stdout_ << stderr_;
  // A known failure, all the operator has: the run says it expects that.
  EXPECT_EQ(Judge({"--op=Add", report}), kExitNothingPassed) << stdout_ << stderr_;
  EXPECT_EQ(Judge({"--op=Add", "--allow-nothing-passed", report}), kExitOk) << stdout_ << stderr_;
  EXPECT_EQ(Judge({"--op=NotThere", report}), kExitNothingRan);
}

TEST_F(JudgeCommandTest, ACaseTheReportLacksFails) {
  const std::string report = WriteReport({OfOperator("add_a", "Add", CaseStatus::kPass)});
  EXPECT_EQ(Judge({report, "/cases/add_a"}), kExitOk) << stderr_;
  EXPECT_EQ(Judge({report, "/cases/./add_a/"}), kExitOk) << stderr_;
  EXPECT_EQ(Judge({report, "/cases/add_a", "/cases/add_b"}), kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr("/cases/add_b: not in"));
}

TEST_F(JudgeCommandTest, StrictAndAllowInvalidAreTheRunsOwn) {
  const std::string report = WriteReport({OfOperator("min_a", "Min", CaseStatus::kDivergent),
                                          OfOperator("clip_a", "Clip", CaseStatus::kInvalid)});
  EXPECT_EQ(Judge({"--op=Min", report}), kExitOk);
  EXPECT_EQ(Judge({"--op=Min", "--strict", report}), kExitFailed);
  EXPECT_EQ(Judge({"--op=Clip", report}), kExitFailed);
  EXPECT_EQ(Judge({"--op=Clip", "--allow-invalid", "--allow-nothing-passed", report}), kExitOk);
}

TEST_F(JudgeCommandTest, BadInputIsAnErrorNamingIt) {
  EXPECT_EQ(Judge({}), kExitUsage);
  EXPECT_EQ(Judge({"--bogus", "r.json"}), kExitUsage);
  EXPECT_EQ(Judge({(dir_ / "absent.json").string()}), kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr("absent.json"));
  std::ofstream(dir_ / "bad.json") << "{ not json";
  EXPECT_EQ(Judge({(dir_ / "bad.json").string()}), kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr("bad.json"));
}

// The case folders `run --list` prints (what ctest's listing passes) are
// the ones a report of the same paths holds.
TEST_F(JudgeCommandTest, FindsTheCasesRunListsInARunsReport) {
  const std::string cases = (fs::path(ONNX_CONFORM_SUITE_CASES) / "node").string();
  const std::string report = (dir_ / "run.json").string();
  std::ostringstream listing, out, err;
  ASSERT_EQ(RunCommand({"--list", "--filter=^min_v13_float_", cases}, listing, err), kExitOk);
  ASSERT_EQ(RunCommand({"--quiet", "--filter=^min_v13_float_", "--report-json=" + report, cases},
                       out, err),
            kExitOk)
      << err.str();
  std::vector<std::string> args = {report};
  std::istringstream lines(listing.str());
  for (std::string line; std::getline(lines, line);) {
    args.push_back(line.substr(0, line.find('\t')));
  }
  ASSERT_GT(args.size(), 2u);
  EXPECT_EQ(Judge(args), kExitOk) << stderr_;
  args.push_back(cases + "/no_such_case");
  EXPECT_EQ(Judge(args), kExitFailed);
}

}  // namespace
}  // namespace onnx_conform
