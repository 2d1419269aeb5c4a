// RunProcess and SplitCommandWords: exit codes, signals, timeouts that kill
// the whole process group, bounded capture, cancellation, spawn failures.
#include "runners/backends/subprocess.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/process_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<std::string> Words(absl::string_view command) {
  absl::StatusOr<std::vector<std::string>> words = SplitCommandWords(command);
  EXPECT_TRUE(words.ok()) << words.status();
  return words.ok() ? *words : std::vector<std::string>{};
}

TEST(SplitCommandWordsTest, SplitsOnBlanksLikeAShell) {
  EXPECT_THAT(Words("a b\t c"), ElementsAre("a", "b", "c"));
  EXPECT_THAT(Words("  node   adapter.js  "), ElementsAre("node", "adapter.js"));
}

TEST(SplitCommandWordsTest, QuotesAndBackslashes) {
  EXPECT_THAT(Words("'a b' \"c d\""), ElementsAre("a b", "c d"));
  EXPECT_THAT(Words("a\\ b"), ElementsAre("a b"));
  EXPECT_THAT(Words("\"say \\\"hi\\\" \\\\ \\n\""), ElementsAre("say \"hi\" \\ \\n"));
  EXPECT_THAT(Words("'it'\\''s'"), ElementsAre("it's"));
  EXPECT_THAT(Words("x\"y\"'z'"), ElementsAre("xyz"));
  EXPECT_THAT(Words("prog '' end"), ElementsAre("prog", "", "end"));
  EXPECT_THAT(Words("'single \\ keeps \" all'"), ElementsAre("single \\ keeps \" all"));
}

TEST(SplitCommandWordsTest, NoExpansionOfAnyKind) {
  EXPECT_THAT(Words("echo $HOME * ~ a|b >c ;d"),
              ElementsAre("echo", "$HOME", "*", "~", "a|b", ">c", ";d"));
}

TEST(SplitCommandWordsTest, Errors) {
  EXPECT_THAT(SplitCommandWords("a 'b").status().message(), HasSubstr("unterminated single"));
  EXPECT_THAT(SplitCommandWords("a \"b").status().message(), HasSubstr("unterminated double"));
  EXPECT_THAT(SplitCommandWords("a b\\").status().message(), HasSubstr("trailing backslash"));
  EXPECT_THAT(SplitCommandWords("   ").status().message(), HasSubstr("no program"));
  EXPECT_FALSE(SplitCommandWords("").ok());
}

// Shell that waits until FILE is written.
std::string WaitFor(const fs::path& file) {
  return absl::StrCat("while [ ! -s '", file.string(), "' ]; do sleep 0.01; done; ");
}

// Shell that prints the shell's own pid as /proc numbers it: cut's parent.
constexpr char kOwnPid[] = "cut -d\" \" -f4 /proc/self/stat";

// Shell for "run COMMAND in the background, its pid in FILE": the pid as
// /proc numbers it (an adapter may run in a PID namespace of its own, where
// $! is another number).
std::string Background(const std::string& command, const fs::path& file) {
  return absl::StrCat("sh -c '", kOwnPid, " > \"$0\"; exec ", command, "' '", file.string(), "' &");
}

ProcessResult Sh(const std::string& script, double timeout = 20, size_t max_bytes = 64 * 1024) {
  ProcessOptions options;
  options.timeout_seconds = timeout;
  options.max_captured_bytes = max_bytes;
  return RunProcess({"/bin/sh", "-c", script}, options);
}

TEST(RunProcessTest, ExitCodeAndBothStreams) {
  ProcessResult r = Sh("echo out; echo err >&2; exit 4");
  EXPECT_EQ(r.end, ProcessEnd::kExited);
  EXPECT_EQ(r.exit_code, 4);
  EXPECT_EQ(r.stdout_text, "out\n");
  EXPECT_EQ(r.stderr_text, "err\n");
}

TEST(RunProcessTest, StdinIsEmpty) {
  ProcessResult r = Sh("cat; echo done");
  EXPECT_EQ(r.end, ProcessEnd::kExited);
  EXPECT_EQ(r.stdout_text, "done\n");
}

TEST(RunProcessTest, DeathBySignal) {
  ProcessResult r = Sh("kill -SEGV $$");
  EXPECT_EQ(r.end, ProcessEnd::kSignaled);
  EXPECT_EQ(r.signal, SIGSEGV);
  EXPECT_EQ(DescribeSignal(SIGSEGV), "killed by signal 11 (SIGSEGV)");
}

TEST(RunProcessTest, TimeoutKillsTheWholeProcessGroup) {
  const fs::path pid_file = fs::path(testing::TempDir()) / "timeout_background.pid";
  fs::remove(pid_file);
  const auto start = std::chrono::steady_clock::now();
  ProcessResult r = Sh(absl::StrCat(Background("sleep 30", pid_file), " sleep 30"), 1);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.end, ProcessEnd::kTimedOut);
  EXPECT_GE(seconds, 0.9);
  EXPECT_LT(seconds, 10);
  const pid_t background = WaitForPid(pid_file);
  ASSERT_GT(background, 0);
  EXPECT_TRUE(EventuallyGone(background)) << "background child " << background << " survived";
}

TEST(RunProcessTest, BackgroundChildrenDoNotOutliveANormalExit) {
  const fs::path pid_file = fs::path(testing::TempDir()) / "exit_background.pid";
  fs::remove(pid_file);
  const auto start = std::chrono::steady_clock::now();
  // The background sleep keeps the output pipes open: the run must not wait for it.
  ProcessResult r = Sh(absl::StrCat(Background("sleep 30", pid_file), WaitFor(pid_file), "exit 0"));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10);
  EXPECT_EQ(r.end, ProcessEnd::kExited);
  EXPECT_EQ(r.exit_code, 0);
  const pid_t background = WaitForPid(pid_file);
  ASSERT_GT(background, 0);
  EXPECT_TRUE(EventuallyGone(background));
}

class ProcessTreeTest : public testing::TestWithParam<bool> {
 protected:
  // false: as without PID namespaces (the child subreaper's work alone).
  void SetUp() override {
    if (!GetParam()) setenv("ONNX_CONFORM_NO_PID_NAMESPACE", "1", 1);
  }
  void TearDown() override { unsetenv("ONNX_CONFORM_NO_PID_NAMESPACE"); }
};

INSTANTIATE_TEST_SUITE_P(Namespaces, ProcessTreeTest, testing::Bool(),
                         [](const testing::TestParamInfo<bool>& info) {
                           return info.param ? "OwnPidNamespace" : "SubreaperOnly";
                         });

TEST_P(ProcessTreeTest, ChildrenThatLeftTheProcessGroupDoNotOutliveTheRun) {
  // setsid: a new session and group, which kill(-group) does not reach; and
  // one whose parent is gone (reparented away from the adapter).
  // Files of their own per parameter: ctest runs both at once.
  const std::string suffix = GetParam() ? "_ns" : "_subreaper";
  const fs::path session_file = fs::path(testing::TempDir()) / ("setsid_background" + suffix);
  const fs::path orphan_file = fs::path(testing::TempDir()) / ("orphan_background" + suffix);
  fs::remove(session_file);
  fs::remove(orphan_file);
  const fs::path orphan_maker = fs::path(testing::TempDir()) / ("orphan_maker" + suffix + ".sh");
  std::ofstream(orphan_maker) << "setsid " << Background("sleep 30", orphan_file) << "\n";
  ProcessResult r = Sh(absl::StrCat("setsid ", Background("sleep 30", session_file), " sh ",
                                    orphan_maker.string(), "; ", WaitFor(session_file),
                                    WaitFor(orphan_file), "exit 0"));
  EXPECT_EQ(r.end, ProcessEnd::kExited) << r.stderr_text;
  EXPECT_EQ(r.exit_code, 0) << r.stderr_text;
  for (const fs::path& file : {session_file, orphan_file}) {
    const pid_t background = WaitForPid(file);
    ASSERT_GT(background, 0) << file;
    EXPECT_TRUE(EventuallyGone(background)) << file << ": " << background << " survived";
  }
}

TEST(RunProcessTest, CaptureIsBoundedAndKeepsBothEnds) {
  // 1 MB of x, then END: more than the pipe holds, so it is read while running.
  ProcessResult r =
      Sh("echo BEGIN; head -c 1000000 /dev/zero | tr '\\0' x; echo; echo END", 20, 1000);
  EXPECT_EQ(r.end, ProcessEnd::kExited);
  EXPECT_LT(r.stdout_text.size(), 1100u);
  EXPECT_TRUE(absl::StartsWith(r.stdout_text, "BEGIN\n")) << r.stdout_text.substr(0, 20);
  EXPECT_TRUE(absl::EndsWith(r.stdout_text, "END\n"));
  EXPECT_THAT(r.stdout_text, HasSubstr("bytes left out"));
}

TEST(RunProcessTest, CancellationKillsTheProcess) {
  std::atomic<bool> cancel{false};
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel = true;
  });
  ProcessOptions options;
  options.timeout_seconds = 30;
  options.cancel = &cancel;
  const auto start = std::chrono::steady_clock::now();
  ProcessResult r = RunProcess({"/bin/sh", "-c", "sleep 30"}, options);
  canceller.join();
  EXPECT_EQ(r.end, ProcessEnd::kCancelled);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10);
}

TEST(RunProcessTest, MissingProgramIsASpawnFailure) {
  ProcessResult r = RunProcess({"/no/such/program", "x"}, {});
  EXPECT_EQ(r.end, ProcessEnd::kSpawnFailed);
  EXPECT_THAT(r.spawn_error, HasSubstr("/no/such/program"));
  EXPECT_EQ(RunProcess({"no-such-program-in-path-either"}, {}).end, ProcessEnd::kSpawnFailed);
  EXPECT_EQ(RunProcess({}, {}).end, ProcessEnd::kSpawnFailed);
}

TEST(RunProcessTest, ProgramIsSearchedInPath) {
  ProcessResult r = RunProcess({"sh", "-c", "exit 0"}, {});
  EXPECT_EQ(r.end, ProcessEnd::kExited);
  EXPECT_EQ(r.exit_code, 0);
}

TEST(RunProcessTest, ManyThreadsAtOnceEachGetTheirOwnOutput) {
  constexpr int kThreads = 8, kRuns = 10;
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &wrong] {
      for (int i = 0; i < kRuns; ++i) {
        const std::string word = absl::StrCat("t", t, "r", i);
        ProcessResult r = RunProcess({"/bin/sh", "-c", "echo \"$0\"", word}, {});
        if (r.end != ProcessEnd::kExited || r.stdout_text != word + "\n") ++wrong;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(wrong, 0);
}

// A line server in sh: "ok X" answers "X"; "die N" exits N; "segv" kills
// itself; "hang" sleeps; "bg FILE" starts a background sleep, its pid in FILE;
// "flood N" answers a line of N bytes.
constexpr char kServerScript[] = R"(
while read -r command arg; do
  case "$command" in
    ok) echo "$arg" ;;
    die) echo "dying" >&2; exit "$arg" ;;
    segv) kill -SEGV $$ ;;
    hang) sleep 30 ;;
    bg) sh -c 'cut -d" " -f4 /proc/self/stat > "$0"; exec sleep 30' "$arg" & echo started ;;
    flood) head -c "$arg" /dev/zero | tr '\0' x; echo ;;
  esac
done)";

std::unique_ptr<LineServer> StartServer() {
  absl::StatusOr<std::unique_ptr<LineServer>> server =
      LineServer::Start({"/bin/sh", "-c", kServerScript});
  EXPECT_TRUE(server.ok()) << server.status();
  return server.ok() ? *std::move(server) : nullptr;
}

TEST(LineServerTest, AnswersRequestAfterRequest) {
  std::unique_ptr<LineServer> server = StartServer();
  ASSERT_NE(server, nullptr);
  for (const std::string word : {"one", "two", "three"}) {
    LineExchange x = server->Exchange("ok " + word, 10, nullptr);
    EXPECT_EQ(x.end, LineEnd::kReplied);
    EXPECT_EQ(x.reply, word);
  }
  EXPECT_TRUE(server->alive());
}

TEST(LineServerTest, ExitBeforeReplyingIsReportedWithStderr) {
  std::unique_ptr<LineServer> server = StartServer();
  LineExchange x = server->Exchange("die 5", 10, nullptr);
  EXPECT_EQ(x.end, LineEnd::kExited);
  EXPECT_EQ(x.exit_code, 5);
  EXPECT_EQ(x.stderr_text, "dying\n");
  EXPECT_FALSE(server->alive());
  EXPECT_EQ(server->Exchange("ok again", 10, nullptr).end, LineEnd::kExited);
}

TEST(LineServerTest, DeathBySignal) {
  std::unique_ptr<LineServer> server = StartServer();
  LineExchange x = server->Exchange("segv", 10, nullptr);
  EXPECT_EQ(x.end, LineEnd::kSignaled);
  EXPECT_EQ(x.signal, SIGSEGV);
}

TEST(LineServerTest, NoReplyInTimeKillsTheGroup) {
  std::unique_ptr<LineServer> server = StartServer();
  const fs::path pid_file = fs::path(testing::TempDir()) / "line_server_bg.pid";
  fs::remove(pid_file);
  ASSERT_EQ(server->Exchange("bg " + pid_file.string(), 10, nullptr).reply, "started");
  const auto start = std::chrono::steady_clock::now();
  LineExchange x = server->Exchange("hang", 1, nullptr);
  EXPECT_EQ(x.end, LineEnd::kTimedOut);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10);
  EXPECT_FALSE(server->alive());
  const pid_t background = WaitForPid(pid_file);
  ASSERT_GT(background, 0);
  EXPECT_TRUE(EventuallyGone(background));
}

TEST(LineServerTest, AReplyLineOverItsBoundKillsTheServer) {
  absl::StatusOr<std::unique_ptr<LineServer>> started =
      LineServer::Start({"/bin/sh", "-c", kServerScript}, 64 * 1024, /*max_reply_bytes=*/1 << 20);
  ASSERT_TRUE(started.ok());
  LineServer& server = **started;
  // At the bound: a reply. Over it (8 MiB): never held whole, the server killed.
  EXPECT_EQ(server.Exchange("flood 1048576", 10, nullptr).reply.size(), 1048576u);
  LineExchange x = server.Exchange("flood 8388608", 10, nullptr);
  EXPECT_EQ(x.end, LineEnd::kReplyTooLong);
  EXPECT_TRUE(x.reply.empty());
  EXPECT_FALSE(server.alive());
}

TEST(LineServerTest, ClosingStdinEndsAWellBehavedServer) {
  const fs::path pid_file = fs::path(testing::TempDir()) / "line_server_own.pid";
  fs::remove(pid_file);
  absl::StatusOr<std::unique_ptr<LineServer>> server = LineServer::Start(
      {"/bin/sh", "-c", absl::StrCat(kOwnPid, " > ", pid_file.string(), "; ", kServerScript)});
  ASSERT_TRUE(server.ok());
  ASSERT_EQ((*server)->Exchange("ok x", 10, nullptr).reply, "x");
  const pid_t pid = WaitForPid(pid_file);
  server->reset();
  EXPECT_TRUE(EventuallyGone(pid));
}

TEST(LineServerTest, MissingProgram) { EXPECT_FALSE(LineServer::Start({"/no/such/server"}).ok()); }

}  // namespace
}  // namespace onnx_conform
