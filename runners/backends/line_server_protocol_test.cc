// A persistent server that breaks the one-reply-per-request rule
// (docs/backend-protocol.md): a second reply, a line written before a
// request, a server that closed its stdout. No later exchange ever reads
// such a line as its reply, and the server is gone after it.
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "gtest/gtest.h"
#include "runners/backends/subprocess.h"

namespace onnx_conform {
namespace {

// "ok X" answers X; "twice X" answers X twice in one write; "late X"
// answers X, then a background job writes "stray" 100 ms later.
constexpr char kServer[] = R"(
while read -r command arg; do
  case "$command" in
    ok) echo "$arg" ;;
    twice) printf '%s\n%s\n' "$arg" "$arg" ;;
    late) echo "$arg"; (sleep 0.1; echo stray) & ;;
  esac
done)";

std::unique_ptr<LineServer> Start(const std::string& script) {
  absl::StatusOr<std::unique_ptr<LineServer>> server = LineServer::Start({"/bin/sh", "-c", script});
  EXPECT_TRUE(server.ok()) << server.status();
  return server.ok() ? *std::move(server) : nullptr;
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(LineServerProtocolTest, ASecondReplyIsAnErrorAndNeverTheNextReply) {
  std::unique_ptr<LineServer> server = Start(kServer);
  ASSERT_NE(server, nullptr);
  const LineExchange first = server->Exchange("twice a", 10, nullptr);
  EXPECT_NE(first.end, LineEnd::kReplied) << "a second reply came with the first";
  EXPECT_FALSE(server->alive());
  const LineExchange next = server->Exchange("ok b", 10, nullptr);
  EXPECT_NE(next.reply, "a");
}

TEST(LineServerProtocolTest, ALineWrittenBeforeARequestIsAnErrorAndNeverItsReply) {
  std::unique_ptr<LineServer> server = Start(kServer);
  ASSERT_NE(server, nullptr);
  const LineExchange first = server->Exchange("late a", 10, nullptr);
  ASSERT_EQ(first.end, LineEnd::kReplied);
  EXPECT_EQ(first.reply, "a");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // "stray" is written by now
  const LineExchange next = server->Exchange("ok b", 10, nullptr);
  EXPECT_NE(next.end, LineEnd::kReplied);
  EXPECT_NE(next.reply, "stray");
  EXPECT_FALSE(server->alive());
}

TEST(LineServerProtocolTest, ABannerBeforeTheFirstRequestIsAnError) {
  std::unique_ptr<LineServer> server = Start(std::string("echo '{\"exit\": 0}'; ") + kServer);
  ASSERT_NE(server, nullptr);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const LineExchange first = server->Exchange("ok a", 10, nullptr);
  EXPECT_NE(first.end, LineEnd::kReplied);
  EXPECT_NE(first.reply, "{\"exit\": 0}");
}

TEST(LineServerProtocolTest, AServerThatClosedItsStdoutIsAnErrorAtOnce) {
  // It reads requests forever but can never answer one.
  std::unique_ptr<LineServer> server = Start("exec >&-; while read -r line; do :; done");
  ASSERT_NE(server, nullptr);
  const auto start = std::chrono::steady_clock::now();
  const LineExchange x = server->Exchange("ok a", 20, nullptr);
  EXPECT_LT(SecondsSince(start), 5);
  EXPECT_NE(x.end, LineEnd::kReplied);
  EXPECT_NE(x.end, LineEnd::kTimedOut);
  EXPECT_FALSE(server->alive());
}

TEST(LineServerProtocolTest, AServerThatExitsStillReportsItsExitStatus) {
  // Its stdout closes as it exits: that is an exit, not a closed stdout.
  std::unique_ptr<LineServer> server = Start("read -r line; echo dying >&2; exit 7");
  ASSERT_NE(server, nullptr);
  const LineExchange x = server->Exchange("ok a", 20, nullptr);
  EXPECT_EQ(x.end, LineEnd::kExited);
  EXPECT_EQ(x.exit_code, 7);
  EXPECT_EQ(x.stderr_text, "dying\n");
}

// A request line longer than a pipe holds, to a server that never reads
// its stdin: the write itself waits under the deadline and the cancel flag.
TEST(LineServerProtocolTest, ARequestTheServerNeverReadsEndsAtTheDeadlineOrOnCancel) {
  const std::string request(1 << 20, 'x');  // 16 times a pipe's 64 KiB
  std::unique_ptr<LineServer> server = Start("trap '' TERM; sleep 600");
  ASSERT_NE(server, nullptr);
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(server->Exchange(request, 1, nullptr).end, LineEnd::kTimedOut);
  EXPECT_LT(SecondsSince(start), 5);
  EXPECT_FALSE(server->alive());

  server = Start("trap '' TERM; sleep 600");
  ASSERT_NE(server, nullptr);
  std::atomic<bool> cancel{false};
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cancel = true;
  });
  start = std::chrono::steady_clock::now();
  EXPECT_EQ(server->Exchange(request, 600, &cancel).end, LineEnd::kCancelled);
  EXPECT_LT(SecondsSince(start), 5);
  canceller.join();
}

}  // namespace
}  // namespace onnx_conform
