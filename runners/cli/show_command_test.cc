// `onnx-conform show`: the verdict is run's own, and a person sees what the
// node does (its operator version, every attribute with its default) and a
// quote of the case's own operator.
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/commands.h"
#include "runners/harness/policy.h"
#include "testing/backend_test_util.h"
#include "testing/run_command_fixture.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const fs::path kNodeCases = ONNX_CONFORM_SUITE_NODE_CASES;

class ShowVerdictTest : public RunCommandBackendTest {
 protected:
  int Show(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = ShowCommand(args, out, err);
    shown_ = out.str();
    return code;
  }
  std::string shown_;
};

// A backend that gives the other zero wherever the expected output has a
// zero: +0/-0 ties pass in run, determined signs fail. show exits as run
// judges each case, never on its own comparison.
TEST_F(ShowVerdictTest, ShowExitsAsRunJudgesEachCase) {
  const std::string backend = "--backend=" + FakeBackend("flip-zero-sign");
  ASSERT_EQ(Run({backend, "--filter=^min_v13_float16_", Json(), kNodeCases.string()}), kExitFailed);
  int passed = 0, failed = 0;
  const report::RunReport run_report = ReadReport(JsonPath());
  for (const report::CaseReport& c : run_report.cases()) {
    const int code = Show({backend, c.path()});
    const bool fails = c.status() != "pass" && c.status() != "divergent";
    EXPECT_EQ(code, fails ? kExitFailed : kExitOk) << c.name() << " is " << c.status() << " in run";
    EXPECT_THAT(shown_, HasSubstr("verdict (as run gives it): " + c.status())) << shown_;
    (fails ? failed : passed)++;
  }
  // Both kinds occur: the ties pass and the determined signs fail.
  EXPECT_GT(passed, 0);
  EXPECT_GT(failed, 0);
}

TEST_F(ShowVerdictTest, ShowsTheOperatorVersionAndEveryAttributeWithItsDefault) {
  ASSERT_EQ(Show({(kNodeCases / "argmin_v13_float_axis1").string()}), kExitOk);
  EXPECT_THAT(shown_, HasSubstr("model: opset 13"));
  EXPECT_THAT(shown_, HasSubstr("ArgMin-13("));
  EXPECT_THAT(shown_, HasSubstr("axis=1"));
  EXPECT_THAT(shown_, HasSubstr("keepdims=1 (default)"));
  EXPECT_THAT(shown_, HasSubstr("select_last_index=0 (default)"));
  ASSERT_EQ(Show({(kNodeCases / "clip_v6_float_min_only").string()}), kExitOk);
  EXPECT_THAT(shown_, HasSubstr("Clip-6("));
  EXPECT_THAT(shown_, HasSubstr("min=3"));
  EXPECT_THAT(shown_, HasSubstr("max=3.40282e+38 (default)"));
}

TEST_F(ShowVerdictTest, AClipCaseQuotesClip) {
  ASSERT_EQ(Show({(kNodeCases / "clip_v13_float_neg_zero").string()}), kExitOk);
  EXPECT_THAT(shown_, HasSubstr("spec quote:"));
  EXPECT_THAT(shown_, Not(HasSubstr("Min result")));
}

}  // namespace
}  // namespace onnx_conform
