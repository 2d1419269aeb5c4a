// `run --junit`: JUnit XML that the strict JUnit (Ant) schema accepts
// (checked by junit_schema_check.h, whose rules are tested here too), with
// the run's wall time, divergent and xfail cases visible as what they are,
// and escaping of what case folders and adapters wrote.
#include "runners/reports/junit_report.h"

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/junit_schema_check.h"
#include "testing/report_test_util.h"

namespace onnx_conform {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

CaseResult Result(const std::string& name, CaseStatus status, const std::string& message = "") {
  CaseResult r = TestResult(name, status, message);
  r.op_version = 13;
  r.backend = "fake";
  return r;
}

JunitRun RunInfo(double wall_seconds = 1.5, RunPolicy policy = {}) {
  return {.suite_name = "fake",
          .timestamp = "2026-12-02T02:10:19",
          .hostname = "ci-7",
          .wall_seconds = wall_seconds,
          .policy = policy};
}

int Count(const std::string& text, const std::string& needle) {
  int count = 0;
  for (size_t pos = text.find(needle); pos != std::string::npos;
       pos = text.find(needle, pos + needle.size())) {
    ++count;
  }
  return count;
}

// The <testcase> element (up to its end) whose name attribute is `name`.
std::string Testcase(const std::string& xml, const std::string& name) {
  const size_t at = xml.find("name=\"" + name + "\"");
  if (at == std::string::npos) return "";
  const size_t begin = xml.rfind("<testcase", at);
  const size_t self_closed = xml.find("/>\n", at);
  const size_t closed = xml.find("</testcase>", at);
  const size_t next = xml.find("<testcase", at);
  const size_t end = (closed != std::string::npos && closed < next) ? closed + 11 : self_closed + 2;
  return xml.substr(begin, end - begin);
}

std::vector<CaseResult> EveryStatus() {
  std::vector<CaseResult> results;
  for (CaseStatus status : kAllStatuses) {
    results.push_back(Result(absl::StrCat("case_", StatusName(status)), status, "why\nmore"));
  }
  for (CaseResult& r : results) {
    if (r.status == CaseStatus::kDivergent) r.readings = {"min-nan-ignored"};
  }
  return results;
}

// ------------------------------------------------------------- the checker

// The strict schema's rules, each broken once: the checker must see it.
TEST(AntJunitCheckTest, NamesEveryBrokenRule) {
  const std::string good = JunitReport(EveryStatus(), RunInfo());
  ASSERT_THAT(CheckAntJunit(good), IsEmpty()) << good;
  const struct {
    std::string from, to, problem;
  } kBroken[] = {
      {" timestamp=\"2026-12-02T02:10:19\"", "", "lacks the attribute timestamp"},
      {" hostname=\"ci-7\"", "", "lacks the attribute hostname"},
      {"2026-12-02T02:10:19", "2026-12-02T02:10:19Z", "without a zone"},
      {"<testsuites>", "<testsuites tests=\"10\">", "attribute tests, which the schema"},
      {" package=\"onnx_conform\"", "", "lacks the attribute package"},
      {"name=\"case_pass\" time=\"0.250\"/>",
       "name=\"case_pass\" time=\"0.250\"><properties/></testcase>", "<properties> (line"},
      {"name=\"case_pass\" time=\"0.250\"/>",
       "name=\"case_pass\" time=\"0.250\"><system-out>x</system-out></testcase>",
       "<system-out> (line"},
      {"<skipped message", "<skipped/><skipped message", "more than one element"},
      {"<failure type=\"fail\"", "<failure", "lacks the attribute type"},
      {"    <system-err></system-err>\n", "", "lacks <system-err>"},
      {"    <properties>", "    <properties bad=\"1\">", "attribute bad"},
      {"time=\"1.500\"", "time=\"1.5e0\"", "is not a decimal"},
      {"failures=\"3\"", "failures=\"4\"", "failures=\"4\" but it holds 3"},
      {"</testsuites>", "", "never closed"},
      {"case_pass", "case&bogus;pass", "unknown entity"},
      {"case_pass", "case\x01pass", "raw control character"},
      {"case_pass", "case\xffpass", "not UTF-8"},
  };
  for (const auto& broken : kBroken) {
    ASSERT_THAT(good, HasSubstr(broken.from));
    const std::string xml = absl::StrReplaceAll(good, {{broken.from, broken.to}});
    const std::vector<std::string> problems = CheckAntJunit(xml);
    EXPECT_THAT(problems, Contains(HasSubstr(broken.problem))) << broken.to;
  }
}

// ------------------------------------------------------------- the report

TEST(JunitReportTest, EveryStatusConformsToTheStrictSchema) {
  const std::string xml = JunitReport(EveryStatus(), RunInfo());
  EXPECT_THAT(CheckAntJunit(xml), IsEmpty()) << xml;
  EXPECT_THAT(xml, HasSubstr("<testsuite package=\"onnx_conform\" id=\"0\" name=\"fake\" "
                             "timestamp=\"2026-12-02T02:10:19\" hostname=\"ci-7\" tests=\"10\" "
                             "failures=\"3\" errors=\"3\" skipped=\"1\" time=\"1.500\">"));
  EXPECT_EQ(Count(xml, "<properties>"), 1);  // the suite's only
  EXPECT_THAT(xml, HasSubstr("<property name=\"cases.divergent\" value=\"1\"/>"));
  EXPECT_THAT(xml, HasSubstr("<property name=\"divergent.min-nan-ignored\" value=\"1\"/>"));
}

// The suite's time is the run's wall time: ten cases of 0.25 s in a run of
// 1.5 s (they ran in parallel) is 1.500, not their sum.
TEST(JunitReportTest, TheSuiteTimeIsTheWallTimeNotTheSumOfCases) {
  const std::string xml = JunitReport(EveryStatus(), RunInfo(1.5));
  EXPECT_THAT(xml, HasSubstr(" time=\"1.500\">"));
  EXPECT_THAT(xml, Not(HasSubstr("time=\"2.500\"")));
  EXPECT_THAT(Testcase(xml, "case_pass"), HasSubstr("time=\"0.250\""));
}

// A Min that ignores NaN is no skipped test: divergent and xfail cases are
// passing testcases whose name says what they are, with a note.
TEST(JunitReportTest, DivergentAndXfailAreMarkedPassesNeverSkipped) {
  const std::string xml = JunitReport(EveryStatus(), RunInfo());
  for (const char* status : {"divergent", "xfail"}) {
    const std::string name = absl::StrCat("case_", status, " [", status, "]");
    const std::string element = Testcase(xml, name);
    ASSERT_FALSE(element.empty()) << name << "\n" << xml;
    EXPECT_TRUE(absl::EndsWith(element, "/>")) << element;  // passed: no child
    EXPECT_THAT(xml, HasSubstr(absl::StrCat("case_", status, ": ", status,
                                            " (Min-13, opset 13, "
                                            "float")));
  }
  EXPECT_THAT(xml, HasSubstr("case_divergent: divergent (Min-13, opset 13, float); follows "
                             "min-nan-ignored\n    why\n    more\n"));
  EXPECT_THAT(Testcase(xml, "case_unsupported"),
              HasSubstr("<skipped message=\"unsupported: why\"/>"));
  // A valid case the checker rejects fails the run (runners/harness/policy.h).
  EXPECT_THAT(Testcase(xml, "case_invalid"), HasSubstr("<failure type=\"invalid\""));
  // No cause recorded (a report of an older version): the status is.
  EXPECT_THAT(Testcase(xml, "case_fail"),
              HasSubstr("<failure type=\"fail\" message=\"fail: why\">why\nmore</failure>"));
  EXPECT_THAT(Testcase(xml, "case_xpass"), HasSubstr("<failure type=\"xpass\""));
  EXPECT_THAT(Testcase(xml, "case_crash"),
              HasSubstr("<error type=\"crash\" message=\"crash: why\">"));
  EXPECT_THAT(Testcase(xml, "case_timeout"), HasSubstr("<error type=\"timeout\""));
  EXPECT_THAT(Testcase(xml, "case_error"), HasSubstr("<error type=\"error\""));
  EXPECT_THAT(Testcase(xml, "case_pass"), HasSubstr("classname=\"Min.v13\""));
}

// What fails the run fails in JUnit: --strict's divergent cases, a valid
// case the checker rejects (unless --allow-invalid).
TEST(JunitReportTest, CasesFailAsTheRunPolicySays) {
  std::vector<CaseResult> results = {Result("d", CaseStatus::kDivergent),
                                     Result("v", CaseStatus::kInvalid)};
  const std::string plain = JunitReport(results, RunInfo(1, {.allow_invalid = true}));
  EXPECT_THAT(plain, HasSubstr("failures=\"0\""));
  EXPECT_THAT(Testcase(plain, "v"), HasSubstr("<skipped message=\"invalid\"/>"));
  const std::string strict = JunitReport(results, RunInfo(1, {.strict = true}));
  EXPECT_THAT(CheckAntJunit(strict), IsEmpty()) << strict;
  EXPECT_THAT(Testcase(strict, "d [divergent]"), HasSubstr("<failure type=\"divergent\""));
  EXPECT_THAT(Testcase(strict, "v"), HasSubstr("<failure type=\"invalid\""));
  EXPECT_THAT(strict, HasSubstr("failures=\"2\""));
}

// A CI page groups failures by type: one cause, one type, whatever the
// case's values, and the message starts with it.
TEST(JunitReportTest, TheFailureTypeIsTheCauseAndTheMessageStartsWithIt) {
  CaseResult a = Result("min_a", CaseStatus::kFail, "output 'min': [0] expected -0, got 0\nmore");
  a.signature = {.op = "Min",
                 .version = 13,
                 .type = "float",
                 .kind = "values",
                 .rule = "zero-sign",
                 .features = {"neg_zero"}};
  CaseResult b = Result("min_b", CaseStatus::kFail, "output 'min': [3] expected 0, got -0");
  b.signature = a.signature;
  CaseResult crash = Result("min_c", CaseStatus::kCrash, "adapter killed by SIGSEGV");
  crash.signature = {
      .op = "Min", .version = 13, .type = "float", .kind = "crash", .rule = "", .features = {}};
  const std::string xml = JunitReport({a, b, crash}, RunInfo());
  EXPECT_THAT(CheckAntJunit(xml), IsEmpty()) << xml;
  const std::string type = "type=\"Min: values: zero-sign [neg_zero]\"";
  EXPECT_THAT(Testcase(xml, "min_a"),
              HasSubstr(absl::StrCat("<failure ", type,
                                     " message=\"Min: values: zero-sign [neg_zero]: output "
                                     "&apos;min&apos;: [0] expected -0, got 0\">")));
  EXPECT_THAT(Testcase(xml, "min_b"), HasSubstr(type));
  EXPECT_THAT(Testcase(xml, "min_c"),
              HasSubstr("<error type=\"Min: crash\" message=\"Min: crash: adapter killed"));
}

// What made the report: the suite's version, the runtime, the date and
// the command line are properties of the suite.
TEST(JunitReportTest, PropertiesSayWhatMadeTheReport) {
  std::vector<CaseResult> results = {Result("a", CaseStatus::kPass)};
  results[0].runtime = "onnxruntime 1.32.0";
  JunitRun run = RunInfo();
  run.facts = {.suite_version = "9.8.7",
               .run_date = "2031-01-02 03:04 UTC",
               .command_line = "onnx-conform run 'a b'"};
  const std::string xml = JunitReport(results, run);
  EXPECT_THAT(CheckAntJunit(xml), IsEmpty()) << xml;
  EXPECT_THAT(xml, HasSubstr("<property name=\"runtime\" value=\"onnxruntime 1.32.0\"/>"));
  EXPECT_THAT(xml, HasSubstr("<property name=\"onnx_conform.version\" value=\"9.8.7\"/>"));
  EXPECT_THAT(xml, HasSubstr("<property name=\"date\" value=\"2031-01-02 03:04 UTC\"/>"));
  EXPECT_THAT(xml, HasSubstr("<property name=\"command_line\" "
                             "value=\"onnx-conform run &apos;a b&apos;\"/>"));
}

// merge --junit: one file, a testsuite per backend, each counted apart.
TEST(JunitReportTest, PerBackendSuitesConformInOneFile) {
  std::vector<CaseResult> results = EveryStatus();
  for (CaseResult& r : results) r.backend = "ort";
  std::vector<CaseResult> other = {Result("x", CaseStatus::kFail, "why"),
                                   Result("y", CaseStatus::kPass)};
  for (CaseResult& r : other) r.backend = "tvm";
  results.insert(results.end(), other.begin(), other.end());
  const std::string xml = JunitReportPerBackend(results, RunInfo());
  EXPECT_THAT(CheckAntJunit(xml), IsEmpty()) << xml;
  EXPECT_EQ(Count(xml, "<testsuite "), 2);
  EXPECT_THAT(xml, HasSubstr("id=\"0\" name=\"ort\""));
  EXPECT_THAT(xml, HasSubstr("id=\"1\" name=\"tvm\""));
  EXPECT_THAT(xml, HasSubstr("name=\"tvm\" timestamp=\"2026-12-02T02:10:19\" hostname=\"ci-7\" "
                             "tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\" "
                             "time=\"0.500\">"));
}

TEST(JunitReportTest, AnEmptyRunConforms) {
  const std::string xml = JunitReport({}, RunInfo(0));
  EXPECT_THAT(CheckAntJunit(xml), IsEmpty()) << xml;
  EXPECT_THAT(xml, HasSubstr("tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\""));
}

TEST(JunitReportTest, TimestampAndHostName) {
  EXPECT_EQ(JunitTimestamp(std::chrono::system_clock::from_time_t(0)), "1970-01-01T00:00:00");
  EXPECT_EQ(JunitTimestamp(std::chrono::system_clock::from_time_t(1700000000)),
            "2023-11-14T22:13:20");
  EXPECT_FALSE(LocalHostName().empty());
}

TEST(JunitReportTest, MarkupControlBytesAndBadUtf8NeverBreakTheDocument) {
  static constexpr char kMessage[] = "expected <1> & got \"2\" \0\x1b]]>";
  CaseResult r =
      Result("a<b&c>\"d'e\x01\xff", CaseStatus::kFail, std::string(kMessage, sizeof(kMessage) - 1));
  r.op = "";
  const std::string xml = JunitReport({r}, RunInfo(1, {}));
  EXPECT_THAT(CheckAntJunit(xml), IsEmpty()) << xml;
  EXPECT_THAT(xml, HasSubstr("name=\"a&lt;b&amp;c&gt;&quot;d&apos;e\\x01\\xff\""));
  EXPECT_THAT(xml, HasSubstr("expected &lt;1&gt; &amp; got &quot;2&quot; \\x00\\x1b]]&gt;"));
  EXPECT_THAT(xml, HasSubstr("classname=\"onnx_conform\""));
  JunitRun odd = RunInfo();
  odd.suite_name = "suite<&>";
  odd.hostname = "";
  const std::string named = JunitReport({}, odd);
  EXPECT_THAT(named, HasSubstr("name=\"suite&lt;&amp;&gt;\""));
  EXPECT_THAT(named, HasSubstr("hostname=\"localhost\""));
  EXPECT_THAT(CheckAntJunit(named), IsEmpty());
}

}  // namespace
}  // namespace onnx_conform
