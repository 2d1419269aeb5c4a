// Running an untrusted program with a time limit, without a shell: the
// command line is split into words the way a shell would (quotes and
// backslashes, nothing else), the program runs in a process group of its
// own (and a PID namespace, where allowed), its stdout and stderr are
// captured up to a bound, and on timeout or cancellation everything it
// started is killed.
//
//   absl::StatusOr<std::vector<std::string>> argv = SplitCommandWords("node 'my adapter.js'");
//   ProcessOptions options{.timeout_seconds = 2};
//   ProcessResult r = RunProcess(*argv, options);
//   if (r.end == ProcessEnd::kExited && r.exit_code == 0) ... r.stderr_text ...
//
// Safe to call from several threads at once (close-on-exec pipes, nothing
// but async-signal-safe calls between fork and exec).
#ifndef ONNX_CONFORM_RUNNERS_SUBPROCESS_H_
#define ONNX_CONFORM_RUNNERS_SUBPROCESS_H_

#include <atomic>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace onnx_conform {

// Splits like a POSIX shell splits words, without any expansion: blanks
// separate words; '...' keeps everything literally; "..." keeps everything
// but a backslash before " \ $ ` or a newline; an unquoted backslash keeps
// the next character. No variables, globs, pipes or redirections: those
// characters are ordinary. InvalidArgument on an unterminated quote, a
// trailing backslash, or no word at all.
absl::StatusOr<std::vector<std::string>> SplitCommandWords(absl::string_view command);

// How the process ended.
enum class ProcessEnd {
  kExited,       // exit_code holds its status
  kSignaled,     // killed by signal `signal` (not by us)
  kTimedOut,     // ran past timeout_seconds; its process group was killed
  kCancelled,    // *cancel became true; its process group was killed
  kSpawnFailed,  // could not start; spawn_error says why
};

struct ProcessOptions {
  double timeout_seconds = 60;
  // Bytes kept of each of stdout and stderr: the first half and the last half
  // of anything longer, with a note of how much was left out between.
  size_t max_captured_bytes = 64 * 1024;
  // Polled every few milliseconds; may be null.
  const std::atomic<bool>* cancel = nullptr;
};

struct ProcessResult {
  ProcessEnd end = ProcessEnd::kSpawnFailed;
  int exit_code = -1;
  int signal = 0;
  std::string stdout_text;
  std::string stderr_text;
  std::string spawn_error;
  double seconds = 0;
};

// Runs argv (argv[0] is searched in PATH when it has no '/'), stdin from
// /dev/null, below a keeper process (the pid waited for): in a PID
// namespace of its own where the kernel allows it, so that when the program
// ends, or the runner dies however it dies, the kernel kills every process
// it started, including those that left its process group (setsid). Without
// one (or with ONNX_CONFORM_NO_PID_NAMESPACE=1), the runner is a child
// subreaper: what the program leaves behind comes back to it and is killed
// when the case ends; should the runner be killed, the program gets SIGKILL
// (a parent-death signal), but what left its process group may survive
// (docs/security.md).
ProcessResult RunProcess(const std::vector<std::string>& argv, const ProcessOptions& options);

// A long-lived child that answers each request line on its stdin with one
// reply line on its stdout (persistent adapters). Same keeper, namespace
// and signal rules as RunProcess (the keeper watches the runner itself, not
// the starting thread): it must exit when its stdin closes (the runner
// closes it on destruction, then kills the group). Not thread-safe: one
// user at a time.
//
//   absl::StatusOr<std::unique_ptr<LineServer>> s = LineServer::Start({"node", "a.js", "--serve"});
//   LineExchange x = (*s)->Exchange("{\"args\": [...]}", 60, nullptr);
//   if (x.end == LineEnd::kReplied) ... x.reply ...
class LineServer;

enum class LineEnd {
  kReplied,    // reply holds the line (without its newline)
  kExited,     // the process exited (exit_code) before replying
  kSignaled,   // the process died by `signal` before replying
  kTimedOut,   // no reply in time: the process group was killed
  kCancelled,  // *cancel became true: the process group was killed
  // The reply line grew past max_reply_bytes without its newline: the
  // process group was killed (the line is never held whole).
  kReplyTooLong,
  // A protocol error: stdout held a line before the request was sent
  // (before_request), or more than the one reply line: the process group
  // was killed, and `reply` holds the start of the unexpected text. No
  // later exchange ever reads it.
  kUnexpectedOutput,
  // The process closed its stdout and did not exit: no reply can come; its
  // process group was killed at once rather than at the timeout.
  kStdoutClosed,
};

struct LineExchange {
  LineEnd end = LineEnd::kExited;
  std::string reply;
  int exit_code = -1;
  int signal = 0;
  // What the process wrote on stderr since the previous exchange (bounded).
  std::string stderr_text;
  bool before_request = false;  // kUnexpectedOutput: found before the request
  // kUnexpectedOutput: a line came before the server had taken the whole
  // request (what it left unread would be read as another request).
  bool before_whole_request = false;
  // Seconds from the request's write until the server had read it all off
  // its stdin (the pipe empty again); negative when that was never seen. A
  // server just started reads its first request when its start-up is over.
  double request_taken_seconds = -1;
};

class LineServer {
 public:
  // InvalidArgument/NotFound when the program cannot be started. Reply
  // lines are bounded like stderr: by max_reply_bytes (kReplyTooLong).
  static absl::StatusOr<std::unique_ptr<LineServer>> Start(const std::vector<std::string>& argv,
                                                           size_t max_captured_bytes = 64 * 1024,
                                                           size_t max_reply_bytes = 1 << 20);
  ~LineServer();
  LineServer(const LineServer&) = delete;
  LineServer& operator=(const LineServer&) = delete;

  // After any end but kReplied the process is gone: alive() is false.
  // Writing the request waits, like reading the reply, only until the
  // deadline or *cancel: a server that never reads its stdin holds no one.
  LineExchange Exchange(const std::string& request_line, double timeout_seconds,
                        const std::atomic<bool>* cancel);
  bool alive() const { return pid_ > 0; }

 private:
  LineServer(int pid, int in_fd, int out_fd, int err_fd, int exit_fd, size_t max_captured,
             size_t max_reply);
  void KillAndReap(LineExchange* exchange);
  bool Exited() const;  // exited, not yet reaped
  void ReadStdout();

  int pid_;
  int in_fd_, out_fd_, err_fd_, exit_fd_;
  size_t max_captured_;
  size_t max_reply_;
  std::string pending_;  // stdout read and not yet taken as a reply
};

// "killed by signal 11 (SIGSEGV)".
std::string DescribeSignal(int signal);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_SUBPROCESS_H_
