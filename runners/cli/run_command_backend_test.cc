// `onnx-conform run` on exec backends, end to end: a run meets adapters that
// crash, hang, print garbage, write wrong outputs or refuse, and goes on;
// expectations, profiles, features, -j, the run log, --resume, SIGINT, a
// killed run, and the reports that carry the backend.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <future>
#include <map>
#include <thread>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "runners/cli/backend_test_util.h"
#include "runners/cli/run_command_fixture.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "runners/reports/report.pb.h"
#include "runners/backends/subprocess.h"

extern char** environ;

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::Pair;

const std::string kByName = FakeBackend("by-name");

TEST_F(RunCommandBackendTest, EveryMisbehaviourGetsItsStatusAndTheRunGoesOn) {
  MakeCases({"pass", "crash", "hang", "garbage", "wrong-type", "unsupported", "exit-9"});
  EXPECT_EQ(Run({"--backend=" + kByName, "--backend-name=fake", "--timeout=1", Json(), Cases()}),
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
  const int code = Run({"--backend=" + kByName, "--persistent", "--timeout=1", Json(), Cases()});
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
      Run({"--backend=" + kByName, "--persistent", "--timeout=3", "--jobs=1", Json(), Cases()});
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
  EXPECT_EQ(Run({"--backend=" + FakeBackend("quit"), "--persistent", Json(), Cases()}),
            kExitFailed);
  EXPECT_THAT(ReadReport(JsonPath()).cases(0).message(),
              HasSubstr("adapter server exited with status 0 without replying"));
}

TEST_F(RunCommandBackendTest, ReportOrderDoesNotDependOnJobs) {
  MakeCases({"pass", "crash", "garbage", "wrong-shape", "unsupported", "exit-4", "missing",
             "off-by-one", "extra", "loud"});
  const fs::path json1 = dir_ / "j1.json";
  const fs::path json4 = dir_ / "j4.json";
  EXPECT_EQ(Run({"--backend=" + kByName, "--report-json=" + json1.string(), Cases()}),
            kExitFailed);
  EXPECT_EQ(Run({"--backend=" + kByName, "-j", "4", "--report-json=" + json4.string(), Cases()}),
            kExitFailed);
  const std::vector<NameStatus> one = Statuses(json1);
  ASSERT_EQ(one.size(), 10u);
  EXPECT_EQ(one, Statuses(json4));
  EXPECT_EQ(one.front(), NameStatus("crash.min", "crash"));
  EXPECT_EQ(one.back(), NameStatus("wrong-shape.min", "fail"));
  // -jN and bad values.
  EXPECT_EQ(Run({"--backend=" + kByName, "-j3", "--report-json=" + json4.string(), Cases()}),
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

TEST_F(RunCommandBackendTest, ExpectationsTurnKnownGapsIntoXfailAndAPassIntoXpass) {
  MakeCases({"pass", "crash", "unsupported", "wrong-type", "exit-9"});
  const fs::path expect = dir_ / "fake.expect";
  WriteText(expect,
            "# the fake's known gaps\n"
            "crash.*          crash        segfaults on every model\n"
            "re:exit-[0-9]\\.min  error      exits early\n"
            "wrong-type.min   fail         writes doubles\n"
            "unsupported.min  unsupported  no kernels at all\n");
  EXPECT_EQ(Run({"--backend=" + kByName, "--expectations=" + expect.string(), Json(), Cases()}),
            kExitOk)
      << stdout_ << stderr_;
  EXPECT_THAT(Statuses(JsonPath()),
              ElementsAre(Pair("crash.min", "xfail"), Pair("exit-9.min", "xfail"),
                          Pair("pass.min", "pass"), Pair("unsupported.min", "xfail"),
                          Pair("wrong-type.min", "xfail")));
  report::RunReport report = ReadReport(JsonPath());
  EXPECT_THAT(report.cases(0).expectation(),
              HasSubstr("fake.expect:2: crash: segfaults on every model"));

  // A listed case that now passes fails the run, so the list stays honest.
  WriteText(expect, ReadText(expect) + "pass.min fail was broken once\n");
  EXPECT_EQ(Run({"--backend=" + kByName, "--expectations=" + expect.string(), Json(), Cases()}),
            kExitFailed);
  EXPECT_EQ(Statuses(JsonPath())[2], NameStatus("pass.min", "xpass"));

  // A line that matches nothing is pointed out, without failing the run.
  WriteText(expect, "crash.min crash segfaults\nnothing.* fail gone\n");
  Run({"--backend=" + kByName, "--expectations=" + expect.string(), Cases()});
  EXPECT_THAT(stderr_, HasSubstr("fake.expect:2: 'nothing.*' matches no case"));
}

TEST_F(RunCommandBackendTest, APatternThatTurnsManyCasesIntoXpassIsPointedOut) {
  MakeCases({"pass", "pass2", "pass3", "crash"});
  const fs::path expect = dir_ / "fake.expect";
  // Meant for the crash alone, but '*' catches every case.
  WriteText(expect, "*  crash  segfaults\n");
  EXPECT_EQ(Run({"--backend=" + kByName, "--expectations=" + expect.string(), Cases()}),
            kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr("fake.expect:1: '*' turned 3 of the 4 cases it matches into "
                                 "xpass: is the pattern broader than meant?"));
  // Narrowed: no warning.
  WriteText(expect, "crash.*  crash  segfaults\n");
  EXPECT_EQ(Run({"--backend=" + kByName, "--expectations=" + expect.string(), Cases()}), kExitOk);
  EXPECT_THAT(stderr_, Not(HasSubstr("broader than meant")));
}

TEST_F(RunCommandBackendTest, ALineBroaderThanMeantIsPointedOutAndFailsUnderStrict) {
  MakeCases({"pass", "crash"});
  const fs::path expect = dir_ / "fake.expect";
  // The first line takes the crash case the second was written for.
  WriteText(expect, "crash.*  crash  segfaults\ncrash.min  crash  segfaults on Min\n");
  EXPECT_EQ(Run({"--backend=" + kByName, "--expectations=" + expect.string(), Cases()}), kExitOk);
  EXPECT_THAT(stderr_, HasSubstr("warning: " + expect.string() +
                                 ":2: 'crash.min' never applies: every case it matches (1) is "
                                 "taken by line(s) 1 first"));
  EXPECT_EQ(Run({"--backend=" + kByName, "--expectations=" + expect.string(), "--strict",
                 Cases()}),
            kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr("--strict: 1 expectation line(s) broader than meant"));
  // One line: nothing to point out, strict or not.
  WriteText(expect, "crash.*  crash  segfaults\n");
  EXPECT_EQ(Run({"--backend=" + kByName, "--expectations=" + expect.string(), "--strict",
                 Cases()}),
            kExitOk);
  EXPECT_THAT(stderr_, Not(HasSubstr("broader than meant")));
}

TEST_F(RunCommandBackendTest, MalformedExpectationOrProfileIsAUsageErrorNamingFileAndLine) {
  MakeCases({"pass"});
  const fs::path expect = dir_ / "bad.expect";
  WriteText(expect, "pass.min fail reason\npass.min\n");
  EXPECT_EQ(Run({"--expectations=" + expect.string(), Cases()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("bad.expect:2:"));
  const fs::path profile = dir_ / "bad.profile";
  WriteText(profile, "Min 13 float\nMin 14 float\n");
  EXPECT_EQ(Run({"--profile=" + profile.string(), Cases()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("bad.profile:2: '14' is not a version of Min"));
  EXPECT_EQ(Run({"--expectations=" + (dir_ / "none.expect").string(), Cases()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("none.expect"));
}

TEST_F(RunCommandBackendTest, UnsupportedInsideTheProfileFailsOutsideItIsAllowed) {
  MakeCases({"pass", "unsupported"});
  const fs::path profile = dir_ / "fake.profile";
  WriteText(profile, "Min 13 double\n");
  EXPECT_EQ(Run({"--backend=" + kByName, "--profile=" + profile.string(), Json(), Cases()}),
            kExitOk);
  EXPECT_EQ(Statuses(JsonPath())[1], NameStatus("unsupported.min", "unsupported"));
  WriteText(profile, "Min 8,12,13 float,double\n");
  EXPECT_EQ(Run({"--backend=" + kByName, "--profile=" + profile.string(), Json(), Cases()}),
            kExitFailed);
  EXPECT_EQ(Statuses(JsonPath())[1], NameStatus("unsupported.min", "fail"));
  EXPECT_THAT(ReadReport(JsonPath()).cases(1).message(),
              HasSubstr("unsupported, but the profile claims Min-13 float (" + profile.string() +
                        ":1): fake: no kernel for this model"));
}

TEST_F(RunCommandBackendTest, FeaturesSelectCasesListingEveryOneOfThem) {
  const std::string head = R"({"operator": "Min", "version": 13, "types": ["float"],
    "expectation": "valid", "semantics": "reference-defined", "features": )";
  WriteText(CopyCase("test_min_example", "a_nan") / "case.json", head + R"(["nan"]})");
  WriteText(CopyCase("test_min_example", "b_nan_tie") / "case.json", head + R"(["tie", "nan"]})");
  WriteText(CopyCase("test_min_example", "c_tie") / "case.json", head + R"(["tie"]})");
  CopyCase("test_min_example", "d_no_metadata");
  EXPECT_EQ(Run({"--features=nan,tie", Json(), Cases()}), kExitOk);
  EXPECT_THAT(Statuses(JsonPath()), ElementsAre(Pair("b_nan_tie", "pass")));
  EXPECT_EQ(Run({"--features=nan", Json(), Cases()}), kExitOk);
  EXPECT_THAT(Statuses(JsonPath()), ElementsAre(Pair("a_nan", "pass"), Pair("b_nan_tie", "pass")));
  EXPECT_EQ(Run({Json(), Cases()}), kExitOk);
  EXPECT_EQ(Statuses(JsonPath()).size(), 4u);
}

TEST_F(RunCommandBackendTest, LogHasOneLinePerCaseAndResumeSkipsThem) {
  MakeCases({"pass", "crash", "wrong-type"});
  const fs::path log = dir_ / "run.jsonl";
  EXPECT_EQ(Run({"--backend=" + kByName, "--log=" + log.string(), Json(), Cases()}),
            kExitFailed);
  EXPECT_EQ(LineCount(log), 3);
  const std::vector<NameStatus> first = Statuses(JsonPath());

  // Resumed: nothing reruns, nothing is logged again.
  EXPECT_EQ(Run({"--backend=" + kByName, "--resume=" + log.string(), Json(), Cases()}),
            kExitFailed);
  EXPECT_EQ(Statuses(JsonPath()), first);
  EXPECT_THAT(stdout_, HasSubstr("resumed 3 finished cases from " + log.string() + "; 0 to run"));
  EXPECT_EQ(LineCount(log), 3);
}

// The log's header records the run; resuming another run is refused
// (exit 2) before anything runs, naming what differs.
TEST_F(RunCommandBackendTest, ResumeRefusesALogOfAnotherRun) {
  MakeCases({"pass", "wrong-type"});
  const fs::path log = dir_ / "run.jsonl";
  EXPECT_EQ(Run({"--backend=" + kByName, "--backend-name=fake", "--log=" + log.string(),
                 Cases()}),
            kExitFailed);
  const std::string before = ReadText(log);
  struct Other {
    std::vector<std::string> args;
    std::string names;
  };
  for (const Other& other : std::vector<Other>{
           {{"--backend=" + FakeBackend("pass"), "--backend-name=fake"}, "adapter '"},
           {{"--backend=" + kByName, "--backend-name=other"}, "backend 'fake' (this run: 'other')"},
           {{"--backend=" + kByName, "--backend-name=fake", "--filter=pass"}, "case set"}}) {
    std::vector<std::string> args = other.args;
    args.push_back("--resume=" + log.string());
    args.push_back(Cases());
    EXPECT_EQ(Run(args), kExitUsage) << other.names << stdout_;
    EXPECT_THAT(stderr_, HasSubstr(log.string() + ": the log was made by another run: "));
    EXPECT_THAT(stderr_, HasSubstr(other.names));
    // --log to append to it is refused the same way.
    args.back() = "--log=" + log.string();
    args.push_back(Cases());
    args.erase(args.end() - 3);  // the --resume
    EXPECT_EQ(Run(args), kExitUsage) << other.names;
  }
  // A case added since is another case set too.
  MakeCases({"extra"});
  EXPECT_EQ(Run({"--backend=" + kByName, "--backend-name=fake", "--resume=" + log.string(),
                 Cases()}),
            kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("case set"));
  EXPECT_EQ(ReadText(log), before);  // nothing appended
}

TEST_F(RunCommandBackendTest, ALogWithoutHeaderResumesWithANote) {
  MakeCases({"pass"});
  const fs::path log = dir_ / "old.jsonl";
  EXPECT_EQ(Run({"--backend=" + kByName, "--log=" + log.string(), Cases()}), kExitOk);
  std::string lines;
  for (absl::string_view line : absl::StrSplit(ReadText(log), '\n', absl::SkipEmpty())) {
    if (!absl::StrContains(line, "onnx_conform_run_log")) absl::StrAppend(&lines, line, "\n");
  }
  WriteText(log, lines);
  EXPECT_EQ(Run({"--backend=" + FakeBackend("crash"), "--resume=" + log.string(), Cases()}),
            kExitOk);
  EXPECT_THAT(stdout_, HasSubstr("resumed 1 finished cases"));
  EXPECT_THAT(stderr_, HasSubstr("has no header line"));
}

TEST_F(RunCommandBackendTest, ResumingFromALogThatDoesNotExistYetStartsAfresh) {
  MakeCases({"pass"});
  const fs::path log = dir_ / "new.jsonl";
  EXPECT_EQ(Run({"--backend=" + kByName, "--resume=" + log.string(), Cases()}), kExitOk);
  EXPECT_EQ(LineCount(log), 1);
}

// Starts the runner as a plain child (posix_spawn, none of RunProcess's
// keeping), so that the test can kill it like a user would.
pid_t SpawnRunner(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {ONNX_CONFORM_EXECUTABLE, "run"};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> c_argv;
  for (std::string& arg : argv) c_argv.push_back(arg.data());
  c_argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  const int error = posix_spawn(&pid, c_argv[0], &actions, nullptr, c_argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return error == 0 ? pid : -1;
}

// The pids in `file` (one a line), waiting up to 10 s for `count` of them.
std::vector<pid_t> WaitForPids(const fs::path& file, size_t count) {
  std::vector<pid_t> pids;
  for (int i = 0; i < 1000 && pids.size() < count; ++i) {
    pids.clear();
    std::ifstream in(file);
    for (pid_t pid = 0; in >> pid;) pids.push_back(pid);
    if (pids.size() < count) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return pids;
}

// True once `pid` no longer runs (gone, or a zombie), within 2 s.
bool EventuallyGone(pid_t pid) {
  for (int i = 0; i < 200; ++i) {
    std::ifstream stat(absl::StrCat("/proc/", pid, "/stat"));
    std::string pid_field, comm, state;
    if (!(stat >> pid_field >> comm >> state) || state == "Z" || state == "X") return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

TEST_F(RunCommandBackendTest, NoAdapterProcessOutlivesAKilledRunner) {
  MakeCases({"hang"});
  for (const bool persistent : {false, true}) {
    SCOPED_TRACE(persistent ? "persistent" : "one process per case");
    // The adapter's pid, and its child's, which leaves the process group.
    const fs::path adapter_file = dir_ / (persistent ? "server.pid" : "adapter.pid");
    const fs::path child_file = dir_ / (persistent ? "server-child.pid" : "child.pid");
    setenv("FAKE_ADAPTER_SERVE_LOG", adapter_file.c_str(), 1);
    setenv("FAKE_ADAPTER_PID_FILE", child_file.c_str(), 1);
    setenv("FAKE_ADAPTER_SETSID", "1", 1);
    const pid_t runner =
        SpawnRunner({"--backend=" + kByName, persistent ? "--persistent" : "--nopersistent",
                     "--timeout=60", Cases()});
    unsetenv("FAKE_ADAPTER_SERVE_LOG");
    unsetenv("FAKE_ADAPTER_PID_FILE");
    unsetenv("FAKE_ADAPTER_SETSID");
    ASSERT_GT(runner, 0);
    const std::vector<pid_t> adapter = WaitForPids(adapter_file, 1);
    const std::vector<pid_t> child = WaitForPids(child_file, 1);
    kill(runner, SIGKILL);
    waitpid(runner, nullptr, 0);
    ASSERT_EQ(adapter.size(), 1u);
    ASSERT_EQ(child.size(), 1u);
    EXPECT_TRUE(EventuallyGone(adapter[0])) << "the adapter " << adapter[0] << " survived";
    EXPECT_TRUE(EventuallyGone(child[0])) << "its child " << child[0] << " survived";
  }
}

TEST_F(RunCommandBackendTest, WithoutAPidNamespaceAKilledRunnersAdapterStillDies) {
  // The fallback (docs/security.md): the adapter gets SIGKILL with its
  // runner; a child that left its process group is not guaranteed to.
  MakeCases({"hang"});
  const fs::path adapter_file = dir_ / "adapter.pid";
  const fs::path child_file = dir_ / "child.pid";
  setenv("ONNX_CONFORM_NO_PID_NAMESPACE", "1", 1);
  setenv("FAKE_ADAPTER_SERVE_LOG", adapter_file.c_str(), 1);
  setenv("FAKE_ADAPTER_PID_FILE", child_file.c_str(), 1);
  const pid_t runner = SpawnRunner({"--backend=" + kByName, "--timeout=60", Cases()});
  unsetenv("ONNX_CONFORM_NO_PID_NAMESPACE");
  unsetenv("FAKE_ADAPTER_SERVE_LOG");
  unsetenv("FAKE_ADAPTER_PID_FILE");
  ASSERT_GT(runner, 0);
  const std::vector<pid_t> adapter = WaitForPids(adapter_file, 1);
  const std::vector<pid_t> child = WaitForPids(child_file, 1);
  kill(runner, SIGKILL);
  waitpid(runner, nullptr, 0);
  ASSERT_EQ(adapter.size(), 1u);
  ASSERT_EQ(child.size(), 1u);
  EXPECT_TRUE(EventuallyGone(adapter[0])) << "the adapter " << adapter[0] << " survived";
  // In its process group, so killed with it by the keeper.
  EXPECT_TRUE(EventuallyGone(child[0])) << "its child " << child[0] << " survived";
}

TEST_F(RunCommandBackendTest, SigtermEndsTheRunWithinASecond) {
  MakeCases({"hang"});
  const fs::path child_file = dir_ / "child.pid";
  setenv("FAKE_ADAPTER_PID_FILE", child_file.c_str(), 1);
  const pid_t runner = SpawnRunner({"--backend=" + kByName, "--timeout=60", Cases()});
  unsetenv("FAKE_ADAPTER_PID_FILE");
  ASSERT_GT(runner, 0);
  const std::vector<pid_t> child = WaitForPids(child_file, 1);
  ASSERT_EQ(child.size(), 1u);
  const auto start = std::chrono::steady_clock::now();
  kill(runner, SIGTERM);
  int status = 0;
  waitpid(runner, &status, 0);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1.0);
  EXPECT_TRUE(EventuallyGone(child[0]));
}

TEST_F(RunCommandBackendTest, AKilledRunKeepsEveryFinishedCase) {
  MakeCases({"pass", "pass2", "z-hang"});
  fs::rename(dir_ / "cases" / "pass2.min", dir_ / "cases" / "pass.min2");
  fs::rename(dir_ / "cases" / "z-hang.min", dir_ / "cases" / "hang.z");
  const fs::path log = dir_ / "killed.jsonl";
  ProcessOptions options;
  options.timeout_seconds = 3;  // kills the runner while its adapter hangs
  // -j3: the passing cases finish while the hanging one runs.
  ProcessResult killed = RunProcess({ONNX_CONFORM_EXECUTABLE, "run", "--backend=" + kByName,
                                     "-j3", "--timeout=60", "--log=" + log.string(), Cases()},
                                    options);
  ASSERT_EQ(killed.end, ProcessEnd::kTimedOut) << killed.stdout_text << killed.stderr_text;
  EXPECT_EQ(LineCount(log), 2) << ReadText(log);

  EXPECT_EQ(Run({"--backend=" + kByName, "--timeout=1", "--resume=" + log.string(), Json(),
                 Cases()}),
            kExitFailed);
  EXPECT_THAT(Statuses(JsonPath()),
              ElementsAre(Pair("hang.z", "timeout"), Pair("pass.min", "pass"),
                          Pair("pass.min2", "pass")));
  EXPECT_THAT(stdout_, HasSubstr("resumed 2 finished cases"));
}

TEST_F(RunCommandBackendTest, SigintStopsCleanlyAndReportsWhatRan) {
  MakeCases({"a-pass", "b-pass", "c-hang"});
  for (const char* name : {"a-pass", "b-pass", "c-hang"}) {
    const std::string mode = std::string(name).substr(2);
    fs::rename(dir_ / "cases" / (std::string(name) + ".min"),
               dir_ / "cases" / (mode + "." + name));
  }
  const fs::path log = dir_ / "interrupted.jsonl";
  const fs::path junit = dir_ / "junit.xml";
  std::future<int> code = std::async(std::launch::async, [&] {
    return Run({"--backend=" + kByName, "-j3", "--timeout=60", "--log=" + log.string(), Json(),
                "--junit=" + junit.string(), Cases()});
  });
  // Once both passing cases are logged, the hanging one is running.
  for (int i = 0; i < 1000 && LineCount(log) < 2; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(LineCount(log), 2);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto start = std::chrono::steady_clock::now();
  kill(getpid(), SIGINT);
  ASSERT_EQ(code.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5);
  EXPECT_EQ(code.get(), 130);
  EXPECT_THAT(Statuses(JsonPath()),
              ElementsAre(Pair("pass.a-pass", "pass"), Pair("pass.b-pass", "pass")));
  EXPECT_THAT(ReadText(junit), HasSubstr("tests=\"2\""));
  EXPECT_EQ(LineCount(log), 2);
  EXPECT_THAT(stdout_, HasSubstr("interrupted: 2 of 3 cases finished"));
}

TEST_F(RunCommandBackendTest, ScoreboardsAndJunitNameTheBackendAndLabels) {
  MakeCases({"pass", "off-by-one", "unsupported"});
  CopyCase("test_argmin_default_axis_example", "pass.argmin");
  const fs::path md = dir_ / "board.md";
  const fs::path html = dir_ / "board.html";
  const fs::path junit = dir_ / "junit.xml";
  EXPECT_EQ(Run({"--backend=" + kByName, "--backend-name=fake", "--scoreboard-md=" + md.string(),
                 "--scoreboard-html=" + html.string(), "--junit=" + junit.string(), Cases()}),
            kExitFailed);
  const std::string board = ReadText(md);
  EXPECT_THAT(board, HasSubstr("# ONNX Conform: fake\n"));
  EXPECT_THAT(board, HasSubstr("### Min\n\n| version | float |\n|---|---|\n"
                               "| 13 | 🟥 1/3 (1 fail, 1 unsupported) |\n"));
  EXPECT_THAT(board, HasSubstr("### ArgMin\n\n| version | float |\n|---|---|\n| 13 | 🟩 1/1 |"));
  EXPECT_THAT(board, HasSubstr("### fail: off-by-one.min (Min-13, float)\n\n```\n"
                               "test_data_set_0: output 'result': 1 of 3 elements differ: [0] "
                               "expected 1, got 1.00000012\n```"));
  EXPECT_THAT(ReadText(html), HasSubstr("<td class=\"red\">1/3 (1 fail, 1 unsupported)</td>"));
  const std::string xml = ReadText(junit);
  EXPECT_THAT(xml, HasSubstr("<testsuite name=\"fake\""));
  EXPECT_THAT(xml, HasSubstr("<property name=\"backend\" value=\"fake\"/><property name=\"op\" "
                             "value=\"Min\"/><property name=\"version\" value=\"13\"/>"));
  EXPECT_THAT(xml, HasSubstr("<property name=\"types\" value=\"float\"/>"));
}

}  // namespace
}  // namespace onnx_conform
