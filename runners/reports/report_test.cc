// Tests of the run reports: console lines, summary, JSON (parsed back into
// report.proto's RunReport), the order of results in reports
// (JUnit XML: junit_report_test.cc).
#include "runners/reports/report.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "runners/harness/policy.h"
#include "runners/reports/output_file.h"
#include "runners/reports/report.pb.h"
#include "testing/report_test_util.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

CaseResult Result(const std::string& name, CaseStatus status, const std::string& message = "") {
  return TestResult(name, status, message);
}

// ---------------------------------------------------------------- statuses

TEST(CaseResultTest, StatusNamesRoundTrip) {
  EXPECT_EQ(StatusName(CaseStatus::kPass), "pass");
  EXPECT_EQ(StatusName(CaseStatus::kUnsupported), "unsupported");
  EXPECT_EQ(StatusName(CaseStatus::kXpass), "xpass");
  EXPECT_EQ(StatusFromName("timeout"), CaseStatus::kTimeout);
  EXPECT_EQ(StatusFromName("divergent"), CaseStatus::kDivergent);
  EXPECT_EQ(StatusFromName("passed"), std::nullopt);
  EXPECT_EQ(StatusFromName(""), std::nullopt);
  for (CaseStatus status : kAllStatuses) EXPECT_EQ(StatusFromName(StatusName(status)), status);
}

TEST(CaseResultTest, WhichStatusesFailTheRun) {
  EXPECT_FALSE(FailsRun(CaseStatus::kPass));
  EXPECT_TRUE(FailsRun(CaseStatus::kFail));
  EXPECT_FALSE(FailsRun(CaseStatus::kUnsupported));
  EXPECT_FALSE(FailsRun(CaseStatus::kXfail));
  EXPECT_TRUE(FailsRun(CaseStatus::kXpass));
  EXPECT_TRUE(FailsRun(CaseStatus::kError));
  EXPECT_TRUE(FailsRun(CaseStatus::kCrash));
  EXPECT_TRUE(FailsRun(CaseStatus::kTimeout));
}

// ---------------------------------------------------------------- console

TEST(ConsoleReportTest, ConsoleLine) {
  EXPECT_EQ(ConsoleLine(Result("test_min_example", CaseStatus::kPass)),
            "pass        test_min_example");
  // A pass never prints its message.
  EXPECT_EQ(ConsoleLine(Result("test_min_example", CaseStatus::kPass, "note")),
            "pass        test_min_example");
  EXPECT_EQ(ConsoleLine(Result("test_clip", CaseStatus::kFail, "line one\nline two")),
            "fail        test_clip\n            line one\n            line two");
  EXPECT_EQ(ConsoleLine(Result("t", CaseStatus::kUnsupported, "")), "unsupported t");
}

TEST(ConsoleReportTest, ControlBytesFromCaseFoldersAreEscaped) {
  // A folder name holding a newline or a terminal escape sequence.
  EXPECT_EQ(ConsoleLine(Result("a\nb\x1b[2J\x7f", CaseStatus::kPass)),
            "pass        a\\x0ab\\x1b[2J\\x7f");
  EXPECT_EQ(ConsoleLine(Result("c", CaseStatus::kError, "bad\x1b]0;title\x07\nnext\tline")),
            "error       c\n            bad\\x1b]0;title\\x07\n            next\\x09line");
  // UTF-8 names stay as they are.
  EXPECT_EQ(ConsoleLine(Result("caf\xc3\xa9", CaseStatus::kPass)), "pass        caf\xc3\xa9");
  // C1 controls: a lone 0x9b byte (CSI to an 8-bit terminal) and U+009B.
  EXPECT_EQ(ConsoleLine(Result("x\x9b"
                               "31my\xc2\x9b"
                               "2J",
                               CaseStatus::kPass)),
            "pass        x\\x9b31my\\u009b2J");
}

TEST(ConsoleReportTest, SummaryCountsListEveryStatus) {
  std::vector<CaseResult> results = {Result("a", CaseStatus::kPass), Result("b", CaseStatus::kPass),
                                     Result("c", CaseStatus::kFail),
                                     Result("d", CaseStatus::kUnsupported)};
  std::map<std::string, int> counts = SummaryCounts(results);
  EXPECT_EQ(counts.size(), 10u);
  EXPECT_EQ(counts["pass"], 2);
  EXPECT_EQ(counts["fail"], 1);
  EXPECT_EQ(counts["unsupported"], 1);
  EXPECT_EQ(counts["crash"], 0);
  EXPECT_EQ(counts["xpass"], 0);
  EXPECT_EQ(SummaryCounts({}).size(), 10u);
}

TEST(ConsoleReportTest, SummaryLine) {
  EXPECT_EQ(SummaryLine({}), "0 passed, 0 failed");
  EXPECT_EQ(SummaryLine({Result("a", CaseStatus::kPass), Result("b", CaseStatus::kPass),
                         Result("c", CaseStatus::kFail), Result("d", CaseStatus::kUnsupported)}),
            "2 passed, 1 failed, 1 unsupported");
  EXPECT_EQ(SummaryLine({Result("a", CaseStatus::kXpass), Result("b", CaseStatus::kCrash),
                         Result("c", CaseStatus::kError), Result("d", CaseStatus::kInvalid),
                         Result("e", CaseStatus::kTimeout), Result("f", CaseStatus::kTimeout)}),
            "0 passed, 0 failed, 1 invalid, 1 error, 1 crash, 2 timeout, 1 xpass");
}

// ---------------------------------------------------------------- JSON

TEST(JsonReportTest, ParsesBackWithEveryField) {
  CaseResult failed =
      Result("test_clip_13", CaseStatus::kFail, "output 'y': 1 of 4 elements differ");
  failed.op = "Clip";
  failed.types = "float16";
  failed.seconds = 1.5;
  const std::string json = JsonReport({Result("test_min_example", CaseStatus::kPass), failed});

  report::RunReport run;
  const auto status = google::protobuf::util::JsonStringToMessage(json, &run);
  ASSERT_TRUE(status.ok()) << status.ToString() << "\n" << json;
  ASSERT_EQ(run.cases_size(), 2);
  EXPECT_EQ(run.cases(0).name(), "test_min_example");
  EXPECT_EQ(run.cases(0).status(), "pass");
  EXPECT_EQ(run.cases(0).path(), "/cases/test_min_example");
  EXPECT_EQ(run.cases(0).op(), "Min");
  EXPECT_EQ(run.cases(0).opset(), 13);
  EXPECT_EQ(run.cases(0).seconds(), 0.25);
  EXPECT_EQ(run.cases(1).name(), "test_clip_13");
  EXPECT_EQ(run.cases(1).op(), "Clip");
  EXPECT_EQ(run.cases(1).status(), "fail");
  EXPECT_EQ(run.cases(1).types(), "float16");
  EXPECT_EQ(run.cases(1).message(), "output 'y': 1 of 4 elements differ");
  EXPECT_EQ(run.cases(1).seconds(), 1.5);
  EXPECT_EQ(run.summary().size(), 10u);
  EXPECT_EQ(run.summary().at("pass"), 1);
  EXPECT_EQ(run.summary().at("fail"), 1);
  EXPECT_EQ(run.summary().at("timeout"), 0);

  // Field names as in report.proto, and empty fields printed too.
  EXPECT_THAT(json, HasSubstr("\"cases\""));
  EXPECT_THAT(json, HasSubstr("\"summary\""));
  EXPECT_THAT(json, HasSubstr("\"message\": \"\""));
}

TEST(JsonReportTest, EmptyRun) {
  report::RunReport run;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(JsonReport({}), &run).ok());
  EXPECT_EQ(run.cases_size(), 0);
  EXPECT_EQ(run.summary().at("pass"), 0);
}

TEST(JsonReportTest, SpecialCharactersSurvive) {
  const std::string message = "quote \" backslash \\ newline \n tab \t ctrl \x01 <&> caf\xC3\xA9";
  const std::string json = JsonReport({Result("a\"b", CaseStatus::kError, message)});
  report::RunReport run;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &run).ok()) << json;
  ASSERT_EQ(run.cases_size(), 1);
  EXPECT_EQ(run.cases(0).name(), "a\"b");
  EXPECT_EQ(run.cases(0).message(), message);
}

TEST(JsonReportTest, InvalidUtf8IsShownAsEscapesNotTruncated) {
  // A case directory name or a message quoting file bytes need not be UTF-8.
  // protobuf would cut such a string at the first bad byte (and two cases
  // "test_\xff" and "test_\xfe" would both print as "test_"); each bad byte
  // is written as the text \xNN instead, the rest kept.
  const std::string json = JsonReport({Result("test_\xFF\xFE", CaseStatus::kFail,
                                              "bad \xC3( \xE2\x82 ok caf\xC3\xA9 \xED\xA0\x80")});
  report::RunReport run;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(json, &run).ok()) << json;
  ASSERT_EQ(run.cases_size(), 1);
  EXPECT_EQ(run.cases(0).name(), "test_\\xff\\xfe");
  EXPECT_EQ(run.cases(0).path(), "/cases/test_\\xff\\xfe");
  EXPECT_EQ(run.cases(0).status(), "fail");
  // A lead byte without its continuation, a truncated 3-byte sequence, and
  // an encoded surrogate (U+D800) are invalid; the e-acute is valid.
  EXPECT_EQ(run.cases(0).message(), "bad \\xc3( \\xe2\\x82 ok caf\xC3\xA9 \\xed\\xa0\\x80");
  EXPECT_EQ(run.summary().at("fail"), 1);
}

// ---------------------------------------------------------------- order

// Reports list cases by the cases alone: the order a run found or finished
// them in, or the order of merged shard reports, leaves no trace.
TEST(SortForReportsTest, OneOrderWhateverOrderTheResultsCameIn) {
  std::vector<CaseResult> a = {Result("min_b", CaseStatus::kPass),
                               Result("min_a", CaseStatus::kFail),
                               Result("argmin_c", CaseStatus::kPass)};
  a[0].backend = a[1].backend = "x";
  a[2].backend = "w";
  a[1].path = "/z/min_a";  // paths differ by machine: never before the name
  std::vector<CaseResult> b = {a[2], a[0], a[1]};
  std::vector<CaseResult> c = {a[1], a[0], a[2]};
  for (std::vector<CaseResult>* results : {&a, &b, &c}) {
    SortForReports(*results);
    std::vector<std::string> names;
    for (const CaseResult& r : *results) names.push_back(r.backend + "/" + r.name);
    EXPECT_THAT(names, ::testing::ElementsAre("w/argmin_c", "x/min_a", "x/min_b"));
  }
  EXPECT_EQ(JsonReport(a), JsonReport(b));
  EXPECT_EQ(JsonReport(a), JsonReport(c));
}

// ---------------------------------------------------------------- files

TEST(ReportFileTest, WriteTextFile) {
  const std::filesystem::path dir = ::testing::TempDir();
  const std::filesystem::path path = dir / "report_test_output.json";
  ASSERT_TRUE(WriteTextFile(path, "{\"a\": 1}\n").ok());
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "{\"a\": 1}\n");
  std::filesystem::remove(path);

  const std::filesystem::path bad = dir / "no_such_report_dir" / "r.xml";
  absl::Status status = WriteTextFile(bad, "x");
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(status.message(), HasSubstr(bad.string()));
}

}  // namespace
}  // namespace onnx_conform
