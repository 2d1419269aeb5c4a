// What made a report (runners/reports/report_facts.h) in every format: the
// JSON report, the scoreboards (JUnit: junit_report_test.cc).
#include "runners/reports/report_facts.h"

#include <chrono>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "runners/reports/report.h"
#include "runners/reports/report.pb.h"
#include "runners/reports/scoreboard.h"
#include "testing/report_test_util.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;

const PageFacts kFacts{.suite_version = "9.8.7",
                       .run_date = "2031-01-02 03:04 UTC",
                       .command_line = "onnx-conform run --backend=exec:./a cases"};

std::vector<CaseResult> Results() {
  std::vector<CaseResult> results = {TestResult("a", CaseStatus::kPass),
                                     TestResult("b", CaseStatus::kFail, "why")};
  for (CaseResult& r : results) r.runtime = "onnxruntime 1.32.0";
  return results;
}

TEST(ReportFactsTest, DateAndCommandLine) {
  EXPECT_EQ(ReportDate(std::chrono::system_clock::from_time_t(1700000000)), "2023-11-14 22:13 UTC");
  EXPECT_EQ(CommandLineText({"onnx-conform", "run", "--backend=exec:./a b", "it's", ""}),
            "onnx-conform run '--backend=exec:./a b' 'it'\\''s' ''");
  EXPECT_EQ(FactsText(kFacts, Results()),
            "onnx-conform 9.8.7 · runtime onnxruntime 1.32.0 · 2031-01-02 03:04 UTC · "
            "onnx-conform run --backend=exec:./a cases");
  EXPECT_EQ(FactsText({}, {}), "");
}

// A run over hundreds of folders: pages show its start, the JSON all of it.
TEST(ReportFactsTest, ALongCommandIsCutForPeopleOnly) {
  std::vector<std::string> words = {"onnx-conform", "run", "--backend=exec:./a"};
  for (int i = 0; i < 100; ++i) words.push_back("/data/node/test_case_" + std::to_string(i));
  PageFacts facts{.command_line = CommandLineText(words)};
  const std::string line = FactsText(facts, {});
  EXPECT_LE(line.size(), 260u);
  EXPECT_TRUE(line.starts_with("onnx-conform run --backend=exec:./a /data/node/test_case_0 "));
  EXPECT_TRUE(line.ends_with(" … (the whole command is in the JSON report)")) << line;
  EXPECT_EQ(line.find("test_case_99"), std::string::npos);
  report::RunReport run;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(JsonReport(Results(), facts), &run).ok());
  EXPECT_NE(run.command_line().find("test_case_99"), std::string::npos);
}

TEST(ReportFactsTest, TheJsonReportCarriesThem) {
  report::RunReport run;
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(JsonReport(Results(), kFacts), &run).ok());
  EXPECT_EQ(run.suite_version(), "9.8.7");
  EXPECT_EQ(run.date(), "2031-01-02 03:04 UTC");
  EXPECT_EQ(run.command_line(), "onnx-conform run --backend=exec:./a cases");
  EXPECT_EQ(run.runtime(), "onnxruntime 1.32.0");
  // And the report still reads back.
  absl::StatusOr<std::vector<CaseResult>> back =
      ParseJsonReport(JsonReport(Results(), kFacts), "r");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->size(), 2u);
}

TEST(ReportFactsTest, TheScoreboardsCarryThem) {
  const std::string line =
      "onnx-conform 9.8.7 · runtime onnxruntime 1.32.0 · 2031-01-02 03:04 UTC · onnx-conform run";
  // Markdown's punctuation is backslash-escaped: read without the escapes.
  const std::string md =
      absl::StrReplaceAll(ScoreboardMarkdown(Results(), "T", kFacts), {{"\\", ""}});
  EXPECT_THAT(md, HasSubstr(absl::StrCat("# T\n\n", line, " --backend=exec:./a cases\n\n")));
  EXPECT_THAT(ScoreboardHtml(Results(), "T", kFacts), HasSubstr(std::string("<p>") + line));
}

}  // namespace
}  // namespace onnx_conform
