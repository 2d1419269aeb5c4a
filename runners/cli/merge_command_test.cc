// `onnx-conform merge`: reports of several backends and of shards as one
// combined page and one JSON report; failures grouped by cause, unsupported
// reasons, divergent cases by reading; no terminal escape code on the page.
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "runners/reports/combined_scoreboard.h"
#include "testing/junit_schema_check.h"
#include "testing/run_command_fixture.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::MatchesRegex;
using ::testing::Not;
using ::testing::SizeIs;

const fs::path kSuiteNodeCases = fs::path(ONNX_CONFORM_SUITE_CASES) / "node";

class MergeCommandTest : public RunCommandBackendTest {
 protected:
  int Merge(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = MergeCommand(args, out, err);
    stdout_ = out.str();
    stderr_ = err.str();
    return code;
  }
  // Runs the cases on `backend` named `name`; returns the report's path.
  std::string RunTo(const std::string& name, const std::string& backend,
                    std::vector<std::string> extra = {}) {
    const fs::path report = dir_ / (name + ".json");
    std::vector<std::string> args = {"--backend=" + backend, "--backend-name=" + name,
                                     "--report-json=" + report.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back(Cases());
    Run(args);
    EXPECT_TRUE(fs::exists(report)) << stdout_ << stderr_;
    return report.string();
  }
  // The text of `page` from `heading` to the next heading of that level.
  static std::string Section(const std::string& page, const std::string& heading) {
    const size_t start = page.find(heading);
    if (start == std::string::npos) return "";
    const size_t end = page.find("\n## ", start + heading.size());
    return page.substr(start, end == std::string::npos ? std::string::npos : end - start);
  }
};

// merge --junit: one file for CI, valid under the strict (Ant) JUnit schema,
// a testsuite per backend, each failure typed by its cause; and the run's
// and merge's reports say what made them.
TEST_F(MergeCommandTest, OneJunitFileOfEveryBackendPassesTheStrictSchema) {
  CopyCase("test_min_example", "off-by-one.example");
  CopyCase("test_min_float32", "off-by-one.float32");
  CopyCase("test_min_int32", "unsupported.int32");
  CopyCase("test_min_one_input", "crash.one_input");
  const std::string alpha = RunTo("alpha", FakeBackend("by-name"));
  const std::string beta = RunTo("beta", FakeBackend("pass"));
  const report::RunReport alpha_report = ReadReport(alpha);
  EXPECT_EQ(alpha_report.suite_version(), ONNX_CONFORM_VERSION_FOR_TESTS);
  EXPECT_THAT(alpha_report.command_line(), HasSubstr("onnx-conform run --timeout=20 "));
  EXPECT_THAT(alpha_report.date(), MatchesRegex("20[0-9][0-9]-[0-9][0-9]-[0-9][0-9] "
                                                "[0-9][0-9]:[0-9][0-9] UTC"));
  const fs::path junit = dir_ / "all.xml";
  ASSERT_EQ(Merge({alpha, beta, "--junit=" + junit.string()}), kExitOk) << stderr_;
  const std::string xml = ReadText(junit);
  EXPECT_THAT(CheckAntJunit(xml), IsEmpty()) << xml;
  EXPECT_THAT(xml, HasSubstr("id=\"0\" name=\"alpha\""));
  EXPECT_THAT(xml, HasSubstr("id=\"1\" name=\"beta\""));
  // Both off-by-one cases fail with one type, the cause.
  size_t typed = 0;
  for (size_t at = xml.find("<failure type=\"Min: values: value\""); at != std::string::npos;
       at = xml.find("<failure type=\"Min: values: value\"", at + 1)) {
    ++typed;
  }
  EXPECT_EQ(typed, 2u) << xml;
  EXPECT_THAT(xml, HasSubstr("<error type=\"Min: crash\" message=\"Min: crash: "));
  EXPECT_THAT(xml, HasSubstr("<property name=\"command_line\" value=\"onnx-conform merge "));
  EXPECT_THAT(xml, HasSubstr("<property name=\"onnx_conform.version\""));
}

TEST_F(MergeCommandTest, BackendsSideBySideAndFailuresGroupedByCause) {
  CopyCase("test_min_example", "off-by-one.example");
  CopyCase("test_min_float32", "off-by-one.float32");
  CopyCase("test_min_int32", "unsupported.int32");
  CopyCase("test_min_one_input", "crash.one_input");
  const std::string alpha = RunTo("alpha", FakeBackend("by-name"));
  const std::string beta = RunTo("beta", FakeBackend("pass"));
  const fs::path md = dir_ / "board.md", html = dir_ / "board.html", json = dir_ / "all.json";
  ASSERT_EQ(Merge({alpha, beta, "--scoreboard-md=" + md.string(),
                   "--scoreboard-html=" + html.string(), "--report-json=" + json.string()}),
            kExitOk)
      << stderr_;
  const std::string page = ReadText(md);
  // One matrix with a column per backend.
  EXPECT_THAT(page, HasSubstr("| version | type | alpha | beta |"));
  EXPECT_THAT(page, HasSubstr("| 13 | int32 | ⬜ 0/1 (1 unsupported) | 🟩 1/1 |"));
  // The two off-by-one failures are one cause, the crash another.
  const std::string failures = Section(page, "Failures and expected failures, by cause (2 causes)");
  ASSERT_NE(failures, "") << page;
  EXPECT_THAT(failures, HasSubstr("(2 cases)"));
  EXPECT_THAT(failures, HasSubstr("alpha: off-by-one.example"));
  EXPECT_THAT(failures, HasSubstr("alpha: off-by-one.float32"));
  EXPECT_THAT(failures, HasSubstr("Min: crash (1 case)"));
  EXPECT_THAT(failures, Not(HasSubstr("beta:")));
  // The unsupported reason is shown, not only counted.
  const std::string unsupported = Section(page, "## Unsupported, by reason (1 reasons)");
  EXPECT_THAT(unsupported, HasSubstr("fake: no kernel for this model"));
  EXPECT_THAT(unsupported, HasSubstr("alpha: unsupported.int32"));
  EXPECT_THAT(ReadText(html), HasSubstr("<th>alpha</th><th>beta</th>"));
  EXPECT_THAT(ReadReport(json).cases(), SizeIs(8));
}

TEST_F(MergeCommandTest, DivergentCasesAreGroupedByTheReadingTheyFollow) {
  fs::copy(kSuiteNodeCases / "min_v13_float_nan", dir_ / "cases" / "min_v13_float_nan",
           fs::copy_options::recursive);
  fs::copy(kSuiteNodeCases / "min_v13_float_nan_broadcast",
           dir_ / "cases" / "min_v13_float_nan_broadcast", fs::copy_options::recursive);
  const std::string ignoring = RunTo("ignores-nan", FakeBackend("reading-min-nan-ignored"));
  const fs::path md = dir_ / "board.md";
  ASSERT_EQ(Merge({ignoring, "--scoreboard-md=" + md.string()}), kExitOk) << stderr_;
  const std::string readings = Section(ReadText(md), "## Divergent, by reading followed (1 ");
  EXPECT_THAT(readings, HasSubstr("### follows min-nan-ignored (2 cases)"));
  EXPECT_THAT(readings, HasSubstr("ignores-nan: min_v13_float_nan_broadcast"));
}

TEST_F(MergeCommandTest, ShardReportsMergeIntoTheWholeRun) {
  for (int i = 0; i < 6; ++i) CopyCase("test_min_example", "case_" + std::to_string(i));
  const std::string whole = RunTo("whole", "reference");
  const std::string one = RunTo("one", "reference", {"--shard=1/2", "--backend-name=ref"});
  const std::string two = RunTo("two", "reference", {"--shard=2/2", "--backend-name=ref"});
  const fs::path json = dir_ / "merged.json";
  ASSERT_EQ(Merge({one, two, "--report-json=" + json.string()}), kExitOk) << stderr_;
  std::vector<std::string> merged, expected;
  const report::RunReport merged_report = ReadReport(json), whole_report = ReadReport(whole);
  for (const auto& c : merged_report.cases()) merged.push_back(c.name());
  for (const auto& c : whole_report.cases()) expected.push_back(c.name());
  std::sort(merged.begin(), merged.end());
  EXPECT_EQ(merged, expected);
}

TEST_F(MergeCommandTest, AReportGivenTwiceCountsItsCasesOnceNamingBoth) {
  CopyCase("test_min_example", "pass.example");
  const std::string report = RunTo("alpha", "reference");
  const fs::path copy = dir_ / "copy.json";
  fs::copy(report, copy);
  EXPECT_EQ(Merge({report, copy.string(), "--report-json=" + (dir_ / "m.json").string()}), kExitOk);
  EXPECT_THAT(stderr_, HasSubstr("1 case of " + copy.string()));
  EXPECT_THAT(stderr_, HasSubstr("also in " + report + " with the same status: counted once"));
  EXPECT_THAT(ReadReport(dir_ / "m.json").cases(), SizeIs(1));
}

TEST_F(MergeCommandTest, BadReportsAndUsageAreNamed) {
  WriteText(dir_ / "bad.json", "{\"cases\": [{\"name\": \"x\", \"status\": \"splendid\"}]}");
  EXPECT_EQ(Merge({(dir_ / "bad.json").string(), "--report-json=" + (dir_ / "m.json").string()}),
            kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr((dir_ / "bad.json").string() + ": case 1: "));
  WriteText(dir_ / "text.json", "not json");
  EXPECT_EQ(Merge({(dir_ / "text.json").string(), "--report-json=x"}), kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr("text.json: not a JSON report"));
  EXPECT_EQ(Merge({(dir_ / "bad.json").string()}), kExitUsage);  // nothing to write
  EXPECT_EQ(Merge({"--report-json=x"}), kExitUsage);             // no report
}

TEST_F(MergeCommandTest, NoTerminalEscapeCodeReachesThePage) {
  WriteText(dir_ / "evil.json",
            "{\"backend\": \"evil\", \"cases\": [{\"name\": \"c\\u001b[2J\", \"status\": "
            "\"fail\", \"backend\": \"evil\\u001b]0;t\\u0007\", \"op\": \"Min\", "
            "\"op_version\": 13, \"types\": \"float\", \"message\": \"out \\u001b[31m1 differs\"}, "
            "{\"name\": \"u\", \"status\": \"unsupported\", \"backend\": \"evil\", "
            "\"message\": \"no \\u001b[1mkernel\"}]}");
  const fs::path md = dir_ / "board.md", html = dir_ / "board.html";
  ASSERT_EQ(Merge({(dir_ / "evil.json").string(), "--scoreboard-md=" + md.string(),
                   "--scoreboard-html=" + html.string()}),
            kExitOk)
      << stderr_;
  for (const fs::path& page : {md, html}) {
    const std::string text = ReadText(page);
    EXPECT_EQ(text.find('\x1b'), std::string::npos) << page;
    EXPECT_EQ(text.find('\x07'), std::string::npos) << page;
    EXPECT_THAT(text, HasSubstr("\\x1b")) << page;  // shown, escaped
  }
}

CaseResult Failed(const std::string& name, CaseStatus status, const std::string& message) {
  CaseResult r;
  r.name = name;
  r.backend = "b";
  r.status = status;
  r.message = message;
  return r;
}

TEST(NormalisedCauseTest, SameKindOfDifferenceIsOneCauseWhateverTheValues) {
  const std::vector<CaseResult> results = {
      Failed("a", CaseStatus::kFail,
             "output 0: 3 of 6 elements differ; at [1]: expected 1.5, got nan"),
      Failed("b", CaseStatus::kFail,
             "output 0: 1 of 2 elements differ; at [0]: expected -2e+10, got 7"),
      Failed("c", CaseStatus::kFail, "output 0: shape [2, 3] where [3] was expected"),
      Failed("d", CaseStatus::kError,
             "output 0: 3 of 6 elements differ; at [1]: expected 1.5, got nan"),
      Failed("e", CaseStatus::kError, "/tmp/x/out.pb: cannot read 'output_0'"),
      Failed("f", CaseStatus::kError, "/home/y/z.pb: cannot read 'out'"),
      // Expected failures too, by their own message, not the expectation line.
      Failed("g", CaseStatus::kXfail,
             "fail as expected (a.expect:3):\noutput 0: 1 of 1 elements differ"),
      Failed("h", CaseStatus::kPass, ""),
  };
  const std::vector<ResultGroup> groups = FailureGroups(results);
  ASSERT_THAT(groups, SizeIs(5));
  std::vector<std::vector<std::string>> names;
  for (const ResultGroup& g : groups) {
    names.emplace_back();
    for (const CaseResult* r : g.results) names.back().push_back(r->name);
  }
  EXPECT_THAT(names, ::testing::UnorderedElementsAre(
                         ::testing::ElementsAre("a", "b"), ::testing::ElementsAre("c"),
                         ::testing::ElementsAre("d"), ::testing::ElementsAre("e", "f"),
                         ::testing::ElementsAre("g")));
  EXPECT_EQ(groups.back().key, "xfail: output #: # of # elements differ");
}

TEST(NormalisedCauseTest, ApostrophesAndNamesWithDigitsAreKept) {
  auto cause = [](const std::string& message) {
    return NormalisedCause(Failed("x", CaseStatus::kFail, message));
  };
  EXPECT_EQ(cause("Can't create 'a' of 3"), cause("Can't create 'bb' of 41"));
  EXPECT_EQ(cause("Can't create 'a' of 3"), "Can't create '…' of #");
  EXPECT_NE(cause("input_0.pb: no float16 tensors"), cause("input_0.pb: no int8 tensors"));
  EXPECT_EQ(cause("test_data_set_0: got -inf"), cause("test_data_set_12: got NaN"));
}

}  // namespace
}  // namespace onnx_conform
