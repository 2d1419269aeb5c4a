// How `onnx-conform run` ends and what it shows on the way (issue 43): a run
// in which nothing passed, a backend that cannot start, --fail-fast, and the
// progress line of a terminal.
#include <stdlib.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <set>

#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/run_command.h"
#include "runners/cli/run_progress.h"
#include "runners/harness/policy.h"
#include "testing/backend_test_util.h"
#include "testing/run_command_fixture.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::Pair;

class RunOutcomeTest : public RunCommandBackendTest {
 protected:
  // Run() timed, in seconds.
  int TimedRun(const std::vector<std::string>& args, double& seconds) {
    const auto start = std::chrono::steady_clock::now();
    const int code = Run(args);
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return code;
  }
};

// An adapter that answers "unsupported" to everything passed nothing: never
// a green run, unless the run says it expects that.
TEST_F(RunOutcomeTest, AnAdapterThatSupportsNothingDoesNotPassTheRun) {
  MakeCases({"a", "b", "c"});
  const std::string backend = "--backend=" + FakeBackend("unsupported");
  EXPECT_EQ(Run({backend, Json(), Cases()}), kExitNothingPassed) << stdout_ << stderr_;
  EXPECT_THAT(stdout_, HasSubstr("0 passed, 0 failed, 3 unsupported\n"));
  EXPECT_THAT(stdout_, HasSubstr("pass rate 0% (0 of 3 cases)"));
  EXPECT_THAT(stderr_, HasSubstr("no case passed (0 of 3)"));
  EXPECT_THAT(stderr_, HasSubstr("--allow-nothing-passed"));
  EXPECT_EQ(Statuses(JsonPath()).size(), 3u);  // the reports are written all the same
  // Allowed, a run that reached no verdict is a skip.
  EXPECT_EQ(Run({backend, "--allow-nothing-passed", Cases()}), kExitNothingRan) << stderr_;
  // The same under --persistent.
  EXPECT_EQ(Run({backend, "--persistent", Cases()}), kExitNothingPassed) << stderr_;
}

// "failed 0" never stands alone: an expectation file that turns every
// failure into xfail leaves a run in which nothing passed.
TEST_F(RunOutcomeTest, EveryCaseAKnownFailureIsNoPassEither) {
  MakeCases({"off-by-one", "crash"});
  const fs::path expect = dir_ / "all.expect";
  std::ofstream(expect) << "off-by-one.min fail  known\ncrash.min crash  known\n";
  const std::vector<std::string> args = {"--backend=" + kFakeByName,
                                         "--expectations=" + expect.string(), Cases()};
  EXPECT_EQ(Run(args), kExitNothingPassed) << stdout_ << stderr_;
  EXPECT_THAT(stdout_, HasSubstr("known failures (xfail) 2"));
  std::vector<std::string> allowed = args;
  allowed.push_back("--allow-nothing-passed");
  EXPECT_EQ(Run(allowed), kExitOk) << stderr_;
}

TEST_F(RunOutcomeTest, OnePassIsEnoughAndTheSummaryGivesThePassRate) {
  MakeCases({"pass", "unsupported", "unsupported.2"});
  EXPECT_EQ(Run({"--backend=" + kFakeByName, Cases()}), kExitOk) << stderr_;
  EXPECT_THAT(stdout_, HasSubstr("1 passed, 0 failed, 2 unsupported\n"
                                 "pass rate 33% (1 of 3 cases); failed 0, known failures "
                                 "(xfail) 0, divergent 0\n"));
}

// A missing adapter, one that is not executable and one that cannot start
// stop the run before its first case, within seconds, with their own exit
// code and a message naming the adapter: not one error per case.
TEST_F(RunOutcomeTest, AnAdapterThatCannotStartStopsTheRunAtOnce) {
  MakeCases({"a", "b", "c", "d", "e", "f"});
  const fs::path not_executable = dir_ / "adapter.sh";
  std::ofstream(not_executable) << "#!/bin/sh\nexit 0\n";
  chmod(not_executable.c_str(), 0644);
  const fs::path bad_interpreter = dir_ / "bad_interpreter.sh";
  std::ofstream(bad_interpreter) << "#!/no/such/interpreter\n";
  chmod(bad_interpreter.c_str(), 0755);
  struct Adapter {
    std::string command, says;
  };
  for (const Adapter& adapter :
       {Adapter{"/nonexistent/adapter", "cannot run '/nonexistent/adapter': No such file"},
        Adapter{not_executable.string(), "Permission denied"},
        Adapter{bad_interpreter.string(), "No such file or directory"},
        Adapter{"sh -c 'exit 127'", "exited with status 127"},
        Adapter{"sh -c 'kill -SEGV $$'", "SIGSEGV"}}) {
    for (bool persistent : {false, true}) {
      SCOPED_TRACE(adapter.command + (persistent ? " --persistent" : ""));
      std::vector<std::string> args = {"--backend=exec:" + adapter.command, "-j2", Json(), Cases()};
      if (persistent) args.insert(args.begin(), "--persistent");
      fs::remove(JsonPath());
      double seconds = 0;
      EXPECT_EQ(TimedRun(args, seconds), kExitBackendUnavailable) << stdout_ << stderr_;
      EXPECT_LT(seconds, 10);
      EXPECT_THAT(stderr_, HasSubstr("the adapter cannot start"));
      EXPECT_THAT(stderr_, HasSubstr(adapter.says));
      EXPECT_THAT(stdout_, Not(HasSubstr("error")));  // no case line
      EXPECT_FALSE(fs::exists(JsonPath()));
    }
  }
  EXPECT_NE(kExitBackendUnavailable, kExitFailed);
  EXPECT_NE(kExitBackendUnavailable, kExitNothingPassed);
}

// An adapter that does not know --version is no setup error; one whose
// first case then ends exactly as --version did (an interpreter that cannot
// find its script, a runtime that cannot load) cannot start either: the run
// stops after that case, not after every one.
TEST_F(RunOutcomeTest, AnAdapterThatEndsItsFirstCaseAsItEndedVersionCannotStart) {
  MakeCases({"a", "b", "c", "d", "e", "f"});
  const fs::path broken = dir_ / "broken.sh";
  std::ofstream(broken) << "#!/bin/sh\necho 'adapter: cannot load libruntime.so' >&2\nexit 1\n";
  chmod(broken.c_str(), 0755);
  for (const char* mode : {"--persistent-if-served", "--jobs=2"}) {
    SCOPED_TRACE(mode);
    fs::remove(JsonPath());
    EXPECT_EQ(Run({"--backend=exec:" + broken.string(), mode, Json(), Cases()}),
              kExitBackendUnavailable)
        << stdout_ << stderr_;
    EXPECT_THAT(stderr_, HasSubstr("on its first case just as on --version"));
    EXPECT_THAT(stderr_, HasSubstr("cannot load libruntime.so"));
    EXPECT_FALSE(fs::exists(JsonPath()));
  }
  // Failing its cases otherwise than --version is a run of errors.
  const fs::path picky = dir_ / "picky.sh";
  std::ofstream(picky) << "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'usage: picky "
                          "--model M' >&2; exit 2; fi\necho 'picky: no kernel today' >&2\n"
                          "exit 1\n";
  chmod(picky.c_str(), 0755);
  EXPECT_EQ(Run({"--backend=exec:" + picky.string(), Json(), Cases()}), kExitFailed) << stderr_;
  EXPECT_EQ(Statuses(JsonPath()).size(), 6u);
}

// A server that exits before it answers anything, the version question
// included, does not serve: said once, before any case.
TEST_F(RunOutcomeTest, AServerThatExitsBeforeAnsweringAnythingStopsTheRun) {
  MakeCases({"pass", "pass2"});
  EXPECT_EQ(Run({"--backend=" + FakeBackend("quit"), "--persistent", Json(), Cases()}),
            kExitBackendUnavailable);
  EXPECT_THAT(stderr_, HasSubstr("does not serve requests: it exited with status 0 before it "
                                 "answered anything"));
  EXPECT_THAT(stderr_, HasSubstr("leave out --persistent"));
  // One that does not know the version question is no setup error.
  EXPECT_EQ(Run({"--backend=" + FakeBackend("no-version"), Cases()}), kExitOk) << stderr_;
  EXPECT_EQ(Run({"--backend=" + FakeBackend("no-version"), "--persistent", Cases()}), kExitOk)
      << stderr_;
}

// --persistent-if-served (ctest's default): one server for every case when
// the adapter serves, one process per case when it does not.
TEST_F(RunOutcomeTest, PersistentIfServedServesWhenTheAdapterDoes) {
  MakeCases({"a", "b", "c"});
  const fs::path serve_log = dir_ / "serve.log";
  const auto processes = [&] {  // distinct adapter pids that handled a case
    std::set<std::string> pids;
    for (absl::string_view pid : absl::StrSplit(ReadText(serve_log), '\n', absl::SkipEmpty())) {
      pids.insert(std::string(pid));
    }
    fs::remove(serve_log);
    return pids.size();
  };
  setenv("FAKE_ADAPTER_SERVE_LOG", serve_log.c_str(), 1);
  EXPECT_EQ(Run({"--backend=" + FakeBackend("pass"), "--persistent-if-served", "-j1", Cases()}),
            kExitOk)
      << stderr_;
  EXPECT_EQ(processes(), 1u);
  // An adapter without --serve: one process per case, all passing.
  const fs::path one_shot = dir_ / "one_shot.sh";
  std::ofstream(one_shot) << "#!/bin/sh\nif [ \"$1\" = --serve ]; then echo 'unknown flag "
                             "--serve' >&2; exit 2; fi\nexec '"
                          << kFakeAdapter << "' pass \"$@\"\n";
  chmod(one_shot.c_str(), 0755);
  EXPECT_EQ(Run({"--backend=exec:" + one_shot.string(), "--persistent-if-served", "-j1", Cases()}),
            kExitOk)
      << stderr_;
  EXPECT_EQ(processes(), 3u);
  // Told --persistent, it cannot start.
  EXPECT_EQ(Run({"--backend=exec:" + one_shot.string(), "--persistent", Cases()}),
            kExitBackendUnavailable);
  EXPECT_THAT(stderr_, HasSubstr("unknown flag --serve"));
  unsetenv("FAKE_ADAPTER_SERVE_LOG");
}

TEST_F(RunOutcomeTest, FailFastStartsNoCaseAfterTheFirstFailure) {
  // Discovery order is by name: exit-9 first.
  MakeCases({"exit-9", "pass", "pass2", "pass3"});
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--fail-fast", "-j1", Json(), Cases()}), kExitFailed)
      << stderr_;
  EXPECT_THAT(Statuses(JsonPath()), ElementsAre(Pair("exit-9.min", "error")));
  EXPECT_THAT(stdout_, HasSubstr("--fail-fast: stopped at the first failure; 1 of 4 cases ran\n"
                                 "0 passed, 0 failed, 1 error\n"));
  // Without a failure it runs everything; without the flag, too.
  EXPECT_EQ(Run({"--backend=" + FakeBackend("pass"), "--fail-fast", Json(), Cases()}), kExitOk);
  EXPECT_EQ(Statuses(JsonPath()).size(), 4u);
  EXPECT_THAT(stdout_, Not(HasSubstr("--fail-fast")));
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "-j1", Json(), Cases()}), kExitFailed);
  EXPECT_EQ(Statuses(JsonPath()).size(), 4u);
}

// On a terminal (--progress=always stands for one here): passes are not
// listed, failures are, in colour; a progress line counts on stderr.
TEST_F(RunOutcomeTest, OnATerminalOnlyFailuresAreListedAndProgressIsCounted) {
  MakeCases({"off-by-one", "pass", "pass2"});
  unsetenv("NO_COLOR");
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--progress=always", "-j1", Cases()}), kExitFailed);
  EXPECT_THAT(stdout_, Not(HasSubstr("pass.min")));
  EXPECT_THAT(stdout_, HasSubstr("\x1b[1;31mfail\x1b[0m        off-by-one.min"));
  EXPECT_THAT(stdout_, HasSubstr("2 passed, 1 failed\n"));
  EXPECT_THAT(stderr_, HasSubstr("[1/3] "));
  EXPECT_THAT(stderr_, HasSubstr("[3/3] "));
  EXPECT_THAT(stderr_, HasSubstr("1 failed"));
  setenv("NO_COLOR", "1", 1);
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--progress=always", Cases()}), kExitFailed);
  unsetenv("NO_COLOR");
  EXPECT_THAT(stdout_, Not(HasSubstr("\x1b[")));
  EXPECT_THAT(stdout_, HasSubstr("fail        off-by-one.min"));
  // Not a terminal (these streams are not), or never: every case, no escape.
  for (const char* progress : {"--progress=auto", "--progress=never"}) {
    EXPECT_EQ(Run({"--backend=" + kFakeByName, progress, Cases()}), kExitFailed);
    EXPECT_THAT(stdout_, HasSubstr("pass        pass.min\n"));
    EXPECT_THAT(stdout_ + stderr_, Not(HasSubstr("\x1b[")));
    EXPECT_THAT(stderr_, Not(HasSubstr("[3/3]")));
  }
  EXPECT_EQ(Run({"--progress=sometimes", Cases()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("--progress: 'sometimes' is not one of auto, always, never"));
}

// Every exit code `run` can end with is in its --help and in docs/ci.md's
// table, by the number the policy gives it.
TEST(RunExitCodesTest, EveryExitCodeIsDocumented) {
  const std::string help(RunUsage());
  const std::string ci = ReadText(fs::path(ONNX_CONFORM_SOURCE_DIR) / "docs" / "ci.md");
  for (int code : {kExitOk, kExitFailed, kExitUsage, kExitNothingPassed, kExitBackendUnavailable,
                   kExitNothingRan, kExitInterrupted}) {
    const std::string number = std::to_string(code);
    EXPECT_THAT(help, HasSubstr("\n  " + number + " ")) << code;
    EXPECT_THAT(ci, HasSubstr("\n| " + number + " |")) << code;
  }
}

TEST(RunProgressTest, TheLineCountsElapsedTimeEstimatesTheRestAndCountsFailures) {
  EXPECT_EQ(ProgressText(0, 40, 0, 0), "[0/40] 0:00 elapsed");
  EXPECT_EQ(ProgressText(10, 40, 3, 0), "[10/40] 0:03 elapsed, ETA 0:09");
  // 4144 cases left at 1.2 s each: 4972.8 s.
  EXPECT_EQ(ProgressText(1, 4145, 1.2, 2), "[1/4145] 0:01 elapsed, ETA 1:22:53, 2 failed");
  EXPECT_EQ(ProgressText(40, 40, 61, 1), "[40/40] 1:01 elapsed, 1 failed");
}

TEST(RunProgressTest, ProgressAndColourOnlyOnTerminalsColourNeverWithNoColor) {
  const auto style = [](const char* mode, bool out, bool err, const char* no_color) {
    const ConsoleStyle s = ChooseConsoleStyle(mode, out, err, no_color);
    return std::pair(s.progress, s.colour);
  };
  EXPECT_EQ(style("auto", true, true, nullptr), std::pair(true, true));
  EXPECT_EQ(style("auto", true, false, nullptr), std::pair(false, false));
  EXPECT_EQ(style("auto", false, true, nullptr), std::pair(false, false));
  EXPECT_EQ(style("auto", true, true, "1"), std::pair(true, false));
  EXPECT_EQ(style("auto", true, true, ""), std::pair(true, true));  // set but empty: ignored
  EXPECT_EQ(style("always", false, false, nullptr), std::pair(true, true));
  EXPECT_EQ(style("never", true, true, nullptr), std::pair(false, false));
  EXPECT_EQ(ColouredLine("pass        x", CaseStatus::kPass), "\x1b[32mpass\x1b[0m        x");
  EXPECT_EQ(ColouredLine("other", CaseStatus::kPass), "other");
}

}  // namespace
}  // namespace onnx_conform
