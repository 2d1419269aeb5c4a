// Triage by cause: a planted bug of the fake adapter is one cause in `run`'s
// scoreboard, in its JSON report and in `merge`'s combined page, however
// many versions, types and differing elements its cases have; two planted
// bugs are two causes.
#include <set>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/commands.h"
#include "runners/harness/policy.h"
#include "testing/backend_test_util.h"
#include "testing/run_command_fixture.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;

const std::string kSuiteNodeCases = ONNX_CONFORM_SUITE_NODE_CASES;

class TriageTest : public RunCommandBackendTest {
 protected:
  // Runs a planted bug over the suite's cases `filter` selects; returns the
  // distinct causes of the JSON report's failing cases.
  std::set<std::string> RunBug(const std::string& bug, const std::string& filter,
                               const std::string& name) {
    const fs::path report = dir_ / (name + ".json");
    const int code =
        Run({"--backend=" + FakeBackend("bug-" + bug), "--backend-name=" + name, "--persistent",
             "-j2", "--quiet", "--filter=" + filter, "--report-json=" + report.string(),
             "--scoreboard-md=" + (dir_ / (name + ".md")).string(), kSuiteNodeCases});
    EXPECT_EQ(code, kExitFailed) << stderr_;
    std::set<std::string> causes;
    int failed = 0;
    const report::RunReport read = ReadReport(report);
    for (const report::CaseReport& c : read.cases()) {
      if (c.status() == "pass" || c.status() == "unsupported") continue;
      ++failed;
      EXPECT_EQ(c.status(), "fail") << c.name() << ": " << c.message();
      causes.insert(c.signature().cause());
    }
    EXPECT_GT(failed, 3) << "the bug fails too few cases to show anything";
    return causes;
  }

  // The "### " headings of a Markdown page's section `section`.
  static int CauseHeadings(const std::string& md, const std::string& section) {
    const size_t start = md.find(section);
    if (start == std::string::npos) return -1;
    int headings = 0;
    for (absl::string_view line : absl::StrSplit(md.substr(start), '\n')) {
      if (absl::StartsWith(line, "## ") && !absl::StartsWith(line, section)) break;
      headings += absl::StartsWith(line, "### ");
    }
    return headings;
  }

  int Merge(const std::vector<std::string>& reports, const fs::path& md) {
    std::vector<std::string> args = {"--scoreboard-md=" + md.string()};
    args.insert(args.end(), reports.begin(), reports.end());
    std::ostringstream out, err;
    return MergeCommand(args, out, err);
  }
};

// ArgMin-12/13 cases with ties at select_last_index=1 differ in how many
// elements, in types, features and NaN: one cause all the same.
constexpr char kArgMinFilter[] = "^argmin_v1[23]_(float16|float|int64|uint8)_";

TEST_F(TriageTest, OnePlantedBugIsOneCauseInRunAndMerge) {
  const std::set<std::string> causes = RunBug("select-last-index-ignored", kArgMinFilter, "sli");
  ASSERT_EQ(causes.size(), 1u) << ::testing::PrintToString(causes);
  EXPECT_THAT(*causes.begin(), HasSubstr("ignores select_last_index"));
  const std::string run_md = ReadText(dir_ / "sli.md");
  EXPECT_THAT(run_md, HasSubstr("1 cause)"));
  EXPECT_EQ(CauseHeadings(run_md, "## Failures"), 1) << run_md;

  ASSERT_EQ(Merge({(dir_ / "sli.json").string()}, dir_ / "merged.md"), kExitOk);
  const std::string merged = ReadText(dir_ / "merged.md");
  EXPECT_THAT(merged, HasSubstr("by cause (1 causes)"));
  EXPECT_EQ(CauseHeadings(merged, "## <a id=\"causes\"></a>Failures"), 1);
  // The page opens with the overview, which links to the cause.
  EXPECT_LT(merged.find("## At a glance"), merged.find("## Summary"));
  EXPECT_THAT(merged, HasSubstr("(#cause-1)"));
}

TEST_F(TriageTest, TwoPlantedBugsAreTwoCauses) {
  const std::set<std::string> sli = RunBug("select-last-index-ignored", kArgMinFilter, "sli");
  const std::set<std::string> wide =
      RunBug("int64-through-double", "^min_v1[23]_(int64|uint64)_", "wide");
  ASSERT_EQ(sli.size(), 1u);
  ASSERT_EQ(wide.size(), 1u) << ::testing::PrintToString(wide);
  EXPECT_NE(*sli.begin(), *wide.begin());
  ASSERT_EQ(
      Merge({(dir_ / "sli.json").string(), (dir_ / "wide.json").string()}, dir_ / "merged.md"),
      kExitOk);
  EXPECT_THAT(ReadText(dir_ / "merged.md"), HasSubstr("by cause (2 causes)"));
}

// A backend that rounds a Clip-1/6 float16 bound toward zero fails the
// cases whose bounds float16 cannot hold, and only those.
TEST_F(TriageTest, Float16BoundsRoundedTowardZeroFailTheInexactBoundCases) {
  const std::set<std::string> causes =
      RunBug("clip6-float16-bound", "^clip_v(1|6)_float16_", "trunc");
  EXPECT_EQ(causes.size(), 1u) << ::testing::PrintToString(causes);
  int inexact = 0;
  const report::RunReport run_report = ReadReport(dir_ / "trunc.json");
  for (const report::CaseReport& c : run_report.cases()) {
    const bool is_inexact = absl::StrContains(c.name(), "_inexact_bounds");
    inexact += is_inexact;
    EXPECT_EQ(c.status(), is_inexact ? "fail" : "pass") << c.name();
  }
  EXPECT_EQ(inexact, 4);  // two cases at each of Clip-1 and Clip-6
}

}  // namespace
}  // namespace onnx_conform
