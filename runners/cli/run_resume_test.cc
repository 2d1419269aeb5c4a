// `onnx-conform run` stopped and taken up again, end to end: the run log
// (a line per case as it ends), --resume and the log's header, SIGINT and
// SIGTERM, and a runner killed outright, whose adapters must not outlive it.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <future>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/backends/subprocess.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "testing/backend_test_util.h"
#include "testing/process_test_util.h"
#include "testing/run_command_fixture.h"

extern char** environ;

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

TEST_F(RunCommandBackendTest, LogHasOneLinePerCaseAndResumeSkipsThem) {
  MakeCases({"pass", "crash", "wrong-type"});
  const fs::path log = dir_ / "run.jsonl";
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--log=" + log.string(), Json(), Cases()}),
            kExitFailed);
  EXPECT_EQ(LineCount(log), 3);
  const std::vector<NameStatus> first = Statuses(JsonPath());

  // Resumed: nothing reruns, nothing is logged again.
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--resume=" + log.string(), Json(), Cases()}),
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
  EXPECT_EQ(
      Run({"--backend=" + kFakeByName, "--backend-name=fake", "--log=" + log.string(), Cases()}),
      kExitFailed);
  const std::string before = ReadText(log);
  struct Other {
    std::vector<std::string> args;
    std::string names;
  };
  for (const Other& other : std::vector<Other>{
           {{"--backend=" + FakeBackend("pass"), "--backend-name=fake"}, "adapter '"},
           {{"--backend=" + kFakeByName, "--backend-name=other"},
            "backend 'fake' (this run: 'other')"},
           {{"--backend=" + kFakeByName, "--backend-name=fake", "--filter=pass"}, "case set"}}) {
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
  EXPECT_EQ(
      Run({"--backend=" + kFakeByName, "--backend-name=fake", "--resume=" + log.string(), Cases()}),
      kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("case set"));
  EXPECT_EQ(ReadText(log), before);  // nothing appended
}

TEST_F(RunCommandBackendTest, ALogWithoutHeaderResumesWithANote) {
  MakeCases({"pass"});
  const fs::path log = dir_ / "old.jsonl";
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--log=" + log.string(), Cases()}), kExitOk);
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
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--resume=" + log.string(), Cases()}), kExitOk);
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

// A runner spawned with `env` set for it alone, and the first pid written
// to each of `pid_files` (by the fake adapter and its child); pids is empty
// when one never came.
struct SpawnedRunner {
  pid_t runner = -1;
  std::vector<pid_t> pids;
};
SpawnedRunner SpawnWithEnv(const std::vector<std::pair<std::string, std::string>>& env,
                           const std::vector<std::string>& args,
                           const std::vector<fs::path>& pid_files) {
  for (const auto& [name, value] : env) setenv(name.c_str(), value.c_str(), 1);
  SpawnedRunner spawned{SpawnRunner(args), {}};
  for (const auto& [name, value] : env) unsetenv(name.c_str());
  for (const fs::path& file : pid_files) {
    const std::vector<pid_t> pids = WaitForPids(file, 1);
    if (pids.size() != 1) return {spawned.runner, {}};
    spawned.pids.push_back(pids[0]);
  }
  return spawned;
}

// SIGKILL to the runner; then the adapter (pids[0]) and its child (pids[1])
// must be gone.
void KillRunnerAndExpectAdapterGone(const SpawnedRunner& spawned) {
  ASSERT_GT(spawned.runner, 0);
  kill(spawned.runner, SIGKILL);
  waitpid(spawned.runner, nullptr, 0);
  ASSERT_EQ(spawned.pids.size(), 2u) << "the adapter and its child never wrote their pids";
  EXPECT_TRUE(EventuallyGone(spawned.pids[0])) << "the adapter " << spawned.pids[0] << " survived";
  EXPECT_TRUE(EventuallyGone(spawned.pids[1])) << "its child " << spawned.pids[1] << " survived";
}

TEST_F(RunCommandBackendTest, NoAdapterProcessOutlivesAKilledRunner) {
  MakeCases({"hang"});
  for (const bool persistent : {false, true}) {
    SCOPED_TRACE(persistent ? "persistent" : "one process per case");
    // The adapter's pid, and its child's, which leaves the process group.
    const fs::path adapter_file = dir_ / (persistent ? "server.pid" : "adapter.pid");
    const fs::path child_file = dir_ / (persistent ? "server-child.pid" : "child.pid");
    KillRunnerAndExpectAdapterGone(
        SpawnWithEnv({{"FAKE_ADAPTER_SERVE_LOG", adapter_file.string()},
                      {"FAKE_ADAPTER_PID_FILE", child_file.string()},
                      {"FAKE_ADAPTER_SETSID", "1"}},
                     {"--backend=" + kFakeByName, persistent ? "--persistent" : "--nopersistent",
                      "--timeout=60", Cases()},
                     {adapter_file, child_file}));
  }
}

TEST_F(RunCommandBackendTest, WithoutAPidNamespaceAKilledRunnersAdapterStillDies) {
  // The fallback (docs/security.md): the adapter gets SIGKILL with its
  // runner; its child, left in its process group, is killed with it by the
  // keeper (one that left the group is not guaranteed to be).
  MakeCases({"hang"});
  const fs::path adapter_file = dir_ / "adapter.pid";
  const fs::path child_file = dir_ / "child.pid";
  KillRunnerAndExpectAdapterGone(SpawnWithEnv({{"ONNX_CONFORM_NO_PID_NAMESPACE", "1"},
                                               {"FAKE_ADAPTER_SERVE_LOG", adapter_file.string()},
                                               {"FAKE_ADAPTER_PID_FILE", child_file.string()}},
                                              {"--backend=" + kFakeByName, "--timeout=60", Cases()},
                                              {adapter_file, child_file}));
}

TEST_F(RunCommandBackendTest, SigtermEndsTheRunWithinASecond) {
  MakeCases({"hang"});
  const fs::path child_file = dir_ / "child.pid";
  const SpawnedRunner spawned =
      SpawnWithEnv({{"FAKE_ADAPTER_PID_FILE", child_file.string()}},
                   {"--backend=" + kFakeByName, "--timeout=60", Cases()}, {child_file});
  ASSERT_GT(spawned.runner, 0);
  ASSERT_EQ(spawned.pids.size(), 1u);
  const auto start = std::chrono::steady_clock::now();
  kill(spawned.runner, SIGTERM);
  int status = 0;
  waitpid(spawned.runner, &status, 0);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1.0);
  EXPECT_TRUE(EventuallyGone(spawned.pids[0]));
}

TEST_F(RunCommandBackendTest, AKilledRunKeepsEveryFinishedCase) {
  MakeCases({"pass", "pass2", "z-hang"});
  fs::rename(dir_ / "cases" / "pass2.min", dir_ / "cases" / "pass.min2");
  fs::rename(dir_ / "cases" / "z-hang.min", dir_ / "cases" / "hang.z");
  const fs::path log = dir_ / "killed.jsonl";
  ProcessOptions options;
  options.timeout_seconds = 3;  // kills the runner while its adapter hangs
  // -j3: the passing cases finish while the hanging one runs.
  ProcessResult killed = RunProcess({ONNX_CONFORM_EXECUTABLE, "run", "--backend=" + kFakeByName,
                                     "-j3", "--timeout=60", "--log=" + log.string(), Cases()},
                                    options);
  ASSERT_EQ(killed.end, ProcessEnd::kTimedOut) << killed.stdout_text << killed.stderr_text;
  EXPECT_EQ(LineCount(log), 2) << ReadText(log);

  EXPECT_EQ(
      Run({"--backend=" + kFakeByName, "--timeout=1", "--resume=" + log.string(), Json(), Cases()}),
      kExitFailed);
  EXPECT_THAT(Statuses(JsonPath()), ElementsAre(Pair("hang.z", "timeout"), Pair("pass.min", "pass"),
                                                Pair("pass.min2", "pass")));
  EXPECT_THAT(stdout_, HasSubstr("resumed 2 finished cases"));
}

TEST_F(RunCommandBackendTest, SigintStopsCleanlyAndReportsWhatRan) {
  MakeCases({"a-pass", "b-pass", "c-hang"});
  for (const char* name : {"a-pass", "b-pass", "c-hang"}) {
    const std::string mode = std::string(name).substr(2);
    fs::rename(dir_ / "cases" / (std::string(name) + ".min"), dir_ / "cases" / (mode + "." + name));
  }
  const fs::path log = dir_ / "interrupted.jsonl";
  const fs::path junit = dir_ / "junit.xml";
  std::future<int> code = std::async(std::launch::async, [&] {
    return Run({"--backend=" + kFakeByName, "-j3", "--timeout=60", "--log=" + log.string(), Json(),
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

}  // namespace
}  // namespace onnx_conform
