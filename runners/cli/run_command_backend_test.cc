// `onnx-conform run` on exec backends, end to end: a run meets adapters that
// crash, hang, print garbage, write wrong outputs or refuse, and goes on;
// persistent adapters, -j, and the reports that carry the backend.
// Expectations, profiles and features: run_expectations_test.cc; the run
// log, --resume, SIGINT and a killed run: run_resume_test.cc.
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>

#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "runners/reports/report.pb.h"
#include "testing/backend_test_util.h"
#include "testing/junit_schema_check.h"
#include "testing/run_command_fixture.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::Pair;

// A plain wrong value (cause "Min: values: value") names the input
// elements it is computed from, as `show` prints them; a reduction
// (ArgMin) has no one input element per output element, and names none.
TEST_F(RunCommandBackendTest, AWrongValueNamesTheInputsItComesFrom) {
  MakeCases({"off-by-one"});
  CopyCase("test_argmin_default_axis_example", "off-by-one.argmin");
  EXPECT_EQ(Run({"--backend=" + kFakeByName, Json(), Cases()}), kExitFailed) << stderr_;
  const report::RunReport report = ReadReport(JsonPath());
  ASSERT_EQ(report.cases_size(), 2);
  EXPECT_EQ(report.cases(1).name(), "off-by-one.min");
  EXPECT_EQ(report.cases(1).signature().cause(), "Min: values: value");
  EXPECT_THAT(report.cases(1).message(),
              HasSubstr("test_data_set_0: output 'result': 1 of 3 elements differ: [0] expected 1, "
                        "got 1.00000012\ntest_data_set_0: computed from [0] data_0=3, data_1=1, "
                        "data_2=2"));
  EXPECT_EQ(report.cases(0).name(), "off-by-one.argmin");
  EXPECT_THAT(report.cases(0).message(), HasSubstr("[0,0] expected 0, got 1"));
  EXPECT_THAT(report.cases(0).message(), Not(HasSubstr("computed from")));
}

TEST_F(RunCommandBackendTest, EveryMisbehaviourGetsItsStatusAndTheRunGoesOn) {
  MakeCases({"pass", "crash", "hang", "garbage", "wrong-type", "unsupported", "exit-9"});
  EXPECT_EQ(
      Run({"--backend=" + kFakeByName, "--backend-name=fake", "--timeout=1", Json(), Cases()}),
      kExitFailed)
      << stderr_;
  EXPECT_THAT(Statuses(JsonPath()),
              ElementsAre(Pair("crash.min", "crash"), Pair("exit-9.min", "error"),
                          Pair("garbage.min", "error"), Pair("hang.min", "timeout"),
                          Pair("pass.min", "pass"), Pair("unsupported.min", "unsupported"),
                          Pair("wrong-type.min", "fail")));
  report::RunReport report = ReadReport(JsonPath());
  EXPECT_EQ(report.backend(), "fake");
  EXPECT_EQ(report.cases(0).backend(), "fake");
  EXPECT_EQ(report.cases(0).op(), "Min");
  EXPECT_EQ(report.cases(0).op_version(), 13);
  EXPECT_EQ(report.summary().at("error"), 2);
  EXPECT_THAT(stdout_, HasSubstr("1 passed, 1 failed, 1 unsupported, 2 error, 1 crash, 1 timeout"));
}

TEST_F(RunCommandBackendTest, PersistentAdaptersServeManyCasesAndAreReplacedWhenTheyDie) {
  MakeCases({"pass", "pass2", "crash", "hang", "garbage", "wrong-type", "unsupported", "exit-9",
             "off-by-one"});
  const fs::path serve_log = dir_ / "serve.log";
  setenv("FAKE_ADAPTER_SERVE_LOG", serve_log.c_str(), 1);
  const int code =
      Run({"--backend=" + kFakeByName, "--persistent", "--timeout=1", Json(), Cases()});
  unsetenv("FAKE_ADAPTER_SERVE_LOG");
  EXPECT_EQ(code, kExitFailed) << stderr_;
  EXPECT_THAT(Statuses(JsonPath()),
              ElementsAre(Pair("crash.min", "crash"), Pair("exit-9.min", "error"),
                          Pair("garbage.min", "error"), Pair("hang.min", "timeout"),
                          Pair("off-by-one.min", "fail"), Pair("pass.min", "pass"),
                          Pair("pass2.min", "pass"), Pair("unsupported.min", "unsupported"),
                          Pair("wrong-type.min", "fail")));
  const report::RunReport report = ReadReport(JsonPath());
  EXPECT_THAT(report.cases(1).message(), HasSubstr("adapter exited with status 9"));
  EXPECT_THAT(report.cases(1).message(), HasSubstr("fake: failing with 9"));
  EXPECT_EQ(report.cases(7).message(), "fake: no kernel for this model");
  // Nine requests in name order, three servers: the first crashed on its
  // first case (crash), the second served exit-9 and garbage, then hung; the
  // third served the remaining five.
  std::map<std::string, int> requests_per_server;
  for (absl::string_view pid : absl::StrSplit(ReadText(serve_log), '\n', absl::SkipEmpty())) {
    ++requests_per_server[std::string(pid)];
  }
  std::vector<int> counts;
  for (const auto& [pid, count] : requests_per_server) counts.push_back(count);
  std::sort(counts.begin(), counts.end());
  EXPECT_THAT(counts, ElementsAre(1, 3, 5));
}

TEST_F(RunCommandBackendTest, AnEndlessReplyIsAnErrorWithinTheTimeoutAndTheServerIsReplaced) {
  // endless-reply writes 64 KiB a millisecond and never a newline.
  MakeCases({"endless-reply", "pass"});
  const fs::path serve_log = dir_ / "serve.log";
  setenv("FAKE_ADAPTER_SERVE_LOG", serve_log.c_str(), 1);
  const auto start = std::chrono::steady_clock::now();
  const int code =
      Run({"--backend=" + kFakeByName, "--persistent", "--timeout=3", "--jobs=1", Json(), Cases()});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  unsetenv("FAKE_ADAPTER_SERVE_LOG");
  EXPECT_EQ(code, kExitFailed) << stderr_;
  EXPECT_LT(seconds, 3);
  EXPECT_THAT(Statuses(JsonPath()),
              ElementsAre(Pair("endless-reply.min", "error"), Pair("pass.min", "pass")));
  EXPECT_THAT(ReadReport(JsonPath()).cases(0).message(),
              HasSubstr("reply line is over 1048576 bytes; the server was killed"));
}

TEST_F(RunCommandBackendTest, APersistentAdapterThatBreaksTheProtocolIsAnError) {
  MakeCases({"pass"});
  EXPECT_EQ(Run({"--backend=" + FakeBackend("garbage-reply"), "--persistent", Json(), Cases()}),
            kExitFailed);
  EXPECT_THAT(ReadReport(JsonPath()).cases(0).message(),
              HasSubstr("replied with something that is not {\"exit\": N"));
  // One that exits before any reply stops the run before its first case
  // (run_outcome_test.cc).
}

TEST_F(RunCommandBackendTest, ReportOrderDoesNotDependOnJobs) {
  MakeCases({"pass", "crash", "garbage", "wrong-shape", "unsupported", "exit-4", "missing",
             "off-by-one", "extra", "loud"});
  const fs::path json1 = dir_ / "j1.json";
  const fs::path json4 = dir_ / "j4.json";
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--report-json=" + json1.string(), Cases()}),
            kExitFailed);
  EXPECT_EQ(
      Run({"--backend=" + kFakeByName, "-j", "4", "--report-json=" + json4.string(), Cases()}),
      kExitFailed);
  const std::vector<NameStatus> one = Statuses(json1);
  ASSERT_EQ(one.size(), 10u);
  EXPECT_EQ(one, Statuses(json4));
  EXPECT_EQ(one.front(), NameStatus("crash.min", "crash"));
  EXPECT_EQ(one.back(), NameStatus("wrong-shape.min", "fail"));
  // -jN and bad values.
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "-j3", "--report-json=" + json4.string(), Cases()}),
            kExitFailed);
  EXPECT_EQ(Statuses(json4), one);
  EXPECT_EQ(Run({"-j0", Cases()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("--jobs must be at least 1"));
}

TEST_F(RunCommandBackendTest, TheReferenceBackendGivesTheSameReportOnFourThreads) {
  // The reference keeps no state between runs: every case and message is the
  // same whether cases run one at a time or four at once.
  const fs::path json1 = dir_ / "j1.json";
  const fs::path json4 = dir_ / "j4.json";
  const std::string filter = "--filter=^test_(min|argmin|clip)";
  EXPECT_EQ(Run({filter, "--report-json=" + json1.string(), kOfficialCases.string()}), kExitOk);
  EXPECT_EQ(Run({filter, "-j4", "--report-json=" + json4.string(), kOfficialCases.string()}),
            kExitOk);
  const report::RunReport one = ReadReport(json1);
  const report::RunReport four = ReadReport(json4);
  ASSERT_EQ(one.cases_size(), 41);
  ASSERT_EQ(four.cases_size(), 41);
  for (int i = 0; i < one.cases_size(); ++i) {
    EXPECT_EQ(one.cases(i).name(), four.cases(i).name());
    EXPECT_EQ(one.cases(i).status(), "pass") << one.cases(i).message();
    EXPECT_EQ(four.cases(i).status(), "pass") << four.cases(i).message();
  }
}

TEST_F(RunCommandBackendTest, ScoreboardsAndJunitNameTheBackendAndLabels) {
  MakeCases({"pass", "off-by-one", "unsupported"});
  CopyCase("test_argmin_default_axis_example", "pass.argmin");
  const fs::path md = dir_ / "board.md";
  const fs::path html = dir_ / "board.html";
  const fs::path junit = dir_ / "junit.xml";
  EXPECT_EQ(
      Run({"--backend=" + kFakeByName, "--backend-name=fake", "--scoreboard-md=" + md.string(),
           "--scoreboard-html=" + html.string(), "--junit=" + junit.string(), Cases()}),
      kExitFailed);
  const std::string board = ReadText(md);
  EXPECT_THAT(board, HasSubstr("# ONNX Conform: fake\n"));
  EXPECT_THAT(board, HasSubstr("### Min\n\n| version | float |\n|---|---|\n"
                               "| 13 | 🟥 1/3 (1 fail, 1 unsupported) |\n"));
  EXPECT_THAT(board, HasSubstr("### ArgMin\n\n| version | float |\n|---|---|\n| 13 | 🟩 1/1 |"));
  // Failures by cause: the failure signature, the cases, one example.
  EXPECT_THAT(board, HasSubstr("### Min: values: value\n\n"));
  EXPECT_THAT(board, HasSubstr("- fail: off-by-one.min (Min-13, float)\n"));
  EXPECT_THAT(board, HasSubstr("```\ntest_data_set_0: output 'result': 1 of 3 elements differ: [0] "
                               "expected 1, got 1.00000012\ntest_data_set_0: computed from [0] "
                               "data_0=3, data_1=1, data_2=2\n```"));
  EXPECT_THAT(ReadText(html), HasSubstr("<td class=\"red\">1/3 (1 fail, 1 unsupported)</td>"));
  const std::string xml = ReadText(junit);
  EXPECT_THAT(xml, HasSubstr("<testsuite package=\"onnx_conform\" id=\"0\" name=\"fake\""));
  EXPECT_THAT(xml, HasSubstr("<property name=\"backend\" value=\"fake\"/>"));
  // Each case's operator, version and types, where the strict schema allows.
  EXPECT_THAT(xml, HasSubstr("off-by-one.min: fail (Min-13, opset 13, float)\n    "
                             "test_data_set_0: output &apos;result&apos;: 1 of 3 elements differ"));
  EXPECT_THAT(CheckAntJunit(xml), ::testing::IsEmpty()) << xml;
}

// A persistent server's start-up is the run's, not its first case's: each
// case of a server that takes 1.5 s to start is timed without it, while the
// suite's wall time in JUnit includes it.
TEST_F(RunCommandBackendTest, APersistentServersStartUpIsNotChargedToACase) {
  MakeCases({"a", "b", "c"});
  const fs::path junit = dir_ / "junit.xml";
  ASSERT_EQ(Run({"--backend=" + FakeBackend("slow-start"), "--persistent", "--jobs=1",
                 "--timeout=20", Json(), "--junit=" + junit.string(), Cases()}),
            kExitOk)
      << stdout_ << stderr_;
  const report::RunReport report = ReadReport(JsonPath());
  ASSERT_EQ(report.cases_size(), 3);
  for (const report::CaseReport& c : report.cases()) {
    EXPECT_LT(c.seconds(), 1.0) << c.name() << " was charged the server's start-up";
  }
  const std::string xml = ReadText(junit);
  const size_t at = xml.find("<testsuite ");
  ASSERT_NE(at, std::string::npos);
  const std::string suite = xml.substr(at, xml.find('>', at) - at);
  double wall = 0;
  ASSERT_EQ(std::sscanf(suite.c_str() + suite.rfind("time=\"") + 6, "%lf", &wall), 1) << suite;
  EXPECT_GE(wall, 1.5) << suite;
}

}  // namespace
}  // namespace onnx_conform
