#include "runners/backends/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "runners/backends/process_keeper.h"

namespace onnx_conform {
namespace {

using Clock = std::chrono::steady_clock;

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Keeps the first and the last half of a stream that may be far too long.
class BoundedCapture {
 public:
  explicit BoundedCapture(size_t max_bytes)
      : head_max_(max_bytes / 2), tail_max_(max_bytes - max_bytes / 2) {}

  void Append(const char* data, size_t size) {
    const size_t to_head = std::min(size, head_max_ - head_.size());
    head_.append(data, to_head);
    if (to_head == size) return;
    tail_.append(data + to_head, size - to_head);
    if (tail_.size() > 2 * tail_max_ + 4096) Trim();
  }

  std::string Text() {
    Trim();
    if (left_out_ == 0) return head_ + tail_;
    return absl::StrCat(head_, "\n[... ", left_out_, " bytes left out ...]\n", tail_);
  }

 private:
  void Trim() {
    if (tail_.size() <= tail_max_) return;
    left_out_ += tail_.size() - tail_max_;
    tail_.erase(0, tail_.size() - tail_max_);
  }

  size_t head_max_, tail_max_;
  std::string head_, tail_;
  size_t left_out_ = 0;
};

// Reads what is available, at most 1 MiB a call (a writer faster than us
// must not keep us from the deadline); returns false at end of file or on an
// error.
bool Drain(int fd, BoundedCapture& capture) {
  char buffer[16384];
  for (int chunks = 0; chunks < 64; ++chunks) {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n > 0) {
      capture.Append(buffer, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    return false;  // 0: end of file
  }
  return true;
}

// Appends what is available on `fd` to `pending`, stopping after a newline
// or once `pending` holds more than `limit` bytes: a reply line is never
// held whole past its bound. False at end of file or on an error.
bool ReadLinePart(int fd, std::string& pending, size_t limit) {
  char buffer[16384];
  while (pending.size() <= limit) {
    const size_t room = std::min(sizeof buffer, limit + 1 - pending.size());
    const ssize_t n = read(fd, buffer, room);
    if (n > 0) {
      pending.append(buffer, static_cast<size_t>(n));
      if (std::memchr(buffer, '\n', static_cast<size_t>(n)) != nullptr) return true;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    return false;  // 0: end of file
  }
  return true;
}

// Exited, but not reaped: its pid (and so its group id) cannot be reused
// before what is left of its group is killed.
bool ExitedUnreaped(pid_t pid) {
  siginfo_t info{};
  return waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == pid;
}

// `seconds` from `from`; a negative timeout is none.
Clock::time_point DeadlineAfter(Clock::time_point from, double seconds) {
  return from + std::chrono::duration_cast<Clock::duration>(
                    std::chrono::duration<double>(std::max(0.0, seconds)));
}

// Waits up to tick_ms for one of `fds` (those open, >= 0) to be readable,
// or `writable_fd` (when >= 0) to take more bytes.
void PollReadable(std::initializer_list<int> fds, int tick_ms, int writable_fd = -1) {
  pollfd polled[4];
  nfds_t count = 0;
  for (int fd : fds) {
    if (fd >= 0) polled[count++] = {fd, POLLIN, 0};
  }
  if (writable_fd >= 0) polled[count++] = {writable_fd, POLLOUT, 0};
  poll(polled, count, tick_ms);
}

// SIGPIPE held off on the calling thread while it lives: a write to a
// server that is gone fails with EPIPE instead of killing the runner. One
// raised meanwhile is consumed before the mask is restored.
class SigpipeHeldOff {
 public:
  SigpipeHeldOff() {
    sigemptyset(&pipe_signal_);
    sigaddset(&pipe_signal_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal_, &previous_);
  }
  ~SigpipeHeldOff() {
    const timespec no_wait{0, 0};
    while (sigtimedwait(&pipe_signal_, nullptr, &no_wait) > 0) {
    }
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
  }
  SigpipeHeldOff(const SigpipeHeldOff&) = delete;
  SigpipeHeldOff& operator=(const SigpipeHeldOff&) = delete;

 private:
  sigset_t pipe_signal_, previous_;
};

// Closes on destruction, so that no error path leaks a descriptor.
struct Fd {
  int fd = -1;
  ~Fd() { Close(); }
  void Close() {
    if (fd >= 0) close(fd);
    fd = -1;
  }
};

// argv0 itself when it holds a '/', else the first executable of that name
// in $PATH (as execvp searches); "" when there is none. Resolved before
// fork: the child of a threaded process may only make async-signal-safe calls.
std::string ResolveProgram(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  for (absl::string_view dir :
       absl::StrSplit(path != nullptr && *path != '\0' ? path : "/usr/bin:/bin", ':')) {
    const std::string candidate = absl::StrCat(dir.empty() ? "." : dir, "/", name);
    struct stat info;
    if (stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode) &&
        access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return "";
}

// SpawnKept of argv, argv[0] looked up as ResolveProgram says.
pid_t SpawnArgv(const std::vector<std::string>& argv, int in_fd, int out_fd, int err_fd,
                bool die_with_thread, int& spawn_errno) {
  std::vector<char*> c_argv;
  for (const std::string& arg : argv) c_argv.push_back(const_cast<char*>(arg.c_str()));
  c_argv.push_back(nullptr);
  return SpawnKept(ResolveProgram(argv[0]), c_argv.data(), in_fd, out_fd, err_fd, die_with_thread,
                   spawn_errno);
}

}  // namespace

absl::StatusOr<std::vector<std::string>> SplitCommandWords(absl::string_view command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  size_t i = 0;
  auto error = [&](absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("command '", command, "': ", what));
  };
  while (i < command.size()) {
    const char c = command[i];
    if (IsBlank(c)) {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
      ++i;
    } else if (c == '\'') {
      const size_t end = command.find('\'', i + 1);
      if (end == absl::string_view::npos) return error("unterminated single quote");
      const absl::string_view quoted = command.substr(i + 1, end - i - 1);
      word.append(quoted.data(), quoted.size());
      in_word = true;
      i = end + 1;
    } else if (c == '"') {
      in_word = true;
      ++i;
      while (true) {
        if (i >= command.size()) return error("unterminated double quote");
        const char d = command[i];
        if (d == '"') break;
        if (d == '\\' && i + 1 < command.size() &&
            absl::string_view("\"\\$`\n").find(command[i + 1]) != absl::string_view::npos) {
          if (command[i + 1] != '\n') word.push_back(command[i + 1]);
          i += 2;
          continue;
        }
        word.push_back(d);
        ++i;
      }
      ++i;  // the closing quote
    } else if (c == '\\') {
      if (i + 1 >= command.size()) return error("trailing backslash");
      if (command[i + 1] != '\n') {
        word.push_back(command[i + 1]);
        in_word = true;
      }
      i += 2;
    } else {
      word.push_back(c);
      in_word = true;
      ++i;
    }
  }
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) return error("no program named");
  return words;
}

std::string DescribeSignal(int signal) {
  const char* abbreviation = sigabbrev_np(signal);
  return absl::StrCat("killed by signal ", signal,
                      abbreviation != nullptr ? absl::StrCat(" (SIG", abbreviation, ")") : "");
}

ProcessResult RunProcess(const std::vector<std::string>& argv, const ProcessOptions& options) {
  ProcessResult result;
  const Clock::time_point start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  if (argv.empty()) {
    result.spawn_error = "empty command";
    return result;
  }

  // Close-on-exec, so that a process spawned by another thread at the same
  // moment does not inherit our write ends (we would never see end of file).
  int out_pipe[2], err_pipe[2];
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    result.spawn_error = absl::StrCat("pipe: ", strerror(errno));
    return result;
  }
  Fd out_read{out_pipe[0]}, out_write{out_pipe[1]};
  if (pipe2(err_pipe, O_CLOEXEC) != 0) {
    result.spawn_error = absl::StrCat("pipe: ", strerror(errno));
    return result;
  }
  Fd err_read{err_pipe[0]}, err_write{err_pipe[1]};

  int spawn_errno = 0;
  const pid_t pid =
      SpawnArgv(argv, -1, out_write.fd, err_write.fd, /*die_with_thread=*/true, spawn_errno);
  out_write.Close();
  err_write.Close();
  if (pid < 0) {
    result.spawn_error = absl::StrCat("cannot run '", argv[0], "': ", strerror(spawn_errno));
    result.seconds = elapsed();
    return result;
  }

  for (int fd : {out_read.fd, err_read.fd}) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  // Readable when the process ends; without it (old kernels) poll in ticks.
  // (The raw syscall: glibc 2.36 declares pidfd_open without C linkage.)
  Fd exit_fd{static_cast<int>(syscall(SYS_pidfd_open, pid, 0))};

  BoundedCapture out(options.max_captured_bytes), err(options.max_captured_bytes);
  const Clock::time_point deadline = DeadlineAfter(start, options.timeout_seconds);
  bool exited = false;
  while (true) {
    // Exited, but not reaped: the group is killed below.
    if (ExitedUnreaped(pid)) {
      exited = true;
      break;
    }
    if (options.cancel != nullptr && options.cancel->load()) {
      result.end = ProcessEnd::kCancelled;
      break;
    }
    const Clock::time_point now = Clock::now();
    if (now >= deadline) {
      result.end = ProcessEnd::kTimedOut;
      break;
    }
    const auto left_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count() + 1;
    // Wake at least every 50 ms to notice cancellation (10 ms without a pidfd).
    const int tick_ms = static_cast<int>(std::min<int64_t>(left_ms, exit_fd.fd >= 0 ? 50 : 10));
    PollReadable({out_read.fd, err_read.fd, exit_fd.fd}, tick_ms);
    if (out_read.fd >= 0 && !Drain(out_read.fd, out)) out_read.Close();
    if (err_read.fd >= 0 && !Drain(err_read.fd, err)) err_read.Close();
  }
  // Kill whatever is left of the group (everything, on timeout or cancel),
  // then what left the group.
  kill(-pid, SIGKILL);
  const int status = ReapKeeper(pid);
  if (out_read.fd >= 0) Drain(out_read.fd, out);
  if (err_read.fd >= 0) Drain(err_read.fd, err);
  if (exited) {
    if (WIFEXITED(status)) {
      result.end = ProcessEnd::kExited;
      result.exit_code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
      result.end = ProcessEnd::kSignaled;
      result.signal = WTERMSIG(status);
    }
  }
  result.stdout_text = out.Text();
  result.stderr_text = err.Text();
  result.seconds = elapsed();
  return result;
}

absl::StatusOr<std::unique_ptr<LineServer>> LineServer::Start(const std::vector<std::string>& argv,
                                                              size_t max_captured_bytes,
                                                              size_t max_reply_bytes) {
  if (argv.empty()) return absl::InvalidArgumentError("empty command");
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0) return absl::InternalError(strerror(errno));
  Fd in_read{in_pipe[0]}, in_write{in_pipe[1]};
  if (pipe2(out_pipe, O_CLOEXEC) != 0) return absl::InternalError(strerror(errno));
  Fd out_read{out_pipe[0]}, out_write{out_pipe[1]};
  if (pipe2(err_pipe, O_CLOEXEC) != 0) return absl::InternalError(strerror(errno));
  Fd err_read{err_pipe[0]}, err_write{err_pipe[1]};
  int spawn_errno = 0;
  const pid_t pid = SpawnArgv(argv, in_read.fd, out_write.fd, err_write.fd,
                              /*die_with_thread=*/false, spawn_errno);
  if (pid < 0) {
    return absl::NotFoundError(absl::StrCat("cannot run '", argv[0], "': ", strerror(spawn_errno)));
  }
  // The request is written without blocking too: a server that does not
  // read its stdin must not hold the runner past the deadline or a cancel.
  for (int fd : {in_write.fd, out_read.fd, err_read.fd}) {
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  }
  const int exit_fd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  std::unique_ptr<LineServer> server(new LineServer(pid, in_write.fd, out_read.fd, err_read.fd,
                                                    exit_fd, max_captured_bytes, max_reply_bytes));
  in_write.fd = out_read.fd = err_read.fd = -1;  // owned by the server now
  return server;
}

LineServer::LineServer(int pid, int in_fd, int out_fd, int err_fd, int exit_fd, size_t max_captured,
                       size_t max_reply)
    : pid_(pid),
      in_fd_(in_fd),
      out_fd_(out_fd),
      err_fd_(err_fd),
      exit_fd_(exit_fd),
      max_captured_(max_captured),
      max_reply_(max_reply) {}

LineServer::~LineServer() {
  if (in_fd_ >= 0) close(in_fd_);  // end of input: a well-behaved server exits
  if (pid_ > 0) {
    for (int i = 0; i < 20; ++i) {  // up to 200 ms to leave by itself
      if (ExitedUnreaped(pid_)) break;
      usleep(10000);
    }
    KillAndReap(nullptr);
  }
  for (int fd : {out_fd_, err_fd_, exit_fd_}) {
    if (fd >= 0) close(fd);
  }
}

void LineServer::KillAndReap(LineExchange* exchange) {
  kill(-pid_, SIGKILL);
  const int status = ReapKeeper(pid_);
  if (exchange != nullptr) {
    if (WIFEXITED(status)) exchange->exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) exchange->signal = WTERMSIG(status);
  }
  pid_ = -1;
}

bool LineServer::Exited() const { return ExitedUnreaped(pid_); }

// Reads what stdout holds now; closes it at its end.
void LineServer::ReadStdout() {
  if (out_fd_ >= 0 && !ReadLinePart(out_fd_, pending_, max_reply_)) {
    close(out_fd_);
    out_fd_ = -1;
  }
}

LineExchange LineServer::Exchange(const std::string& request_line, double timeout_seconds,
                                  const std::atomic<bool>* cancel) {
  LineExchange exchange;
  if (pid_ <= 0) return exchange;
  const Clock::time_point deadline = DeadlineAfter(Clock::now(), timeout_seconds);
  BoundedCapture err(max_captured_);
  // Ends the exchange without a reply: the process group is killed.
  auto end_without_reply = [&](LineEnd end) {
    exchange.end = end;
    KillAndReap(end == LineEnd::kExited ? &exchange : nullptr);
    if (end == LineEnd::kExited && exchange.signal != 0) exchange.end = LineEnd::kSignaled;
    if (end == LineEnd::kUnexpectedOutput) exchange.reply = pending_.substr(0, 200);
    pending_.clear();
    Drain(err_fd_, err);
    exchange.stderr_text = err.Text();
    return exchange;
  };
  // Anything on stdout before the request (a second reply to an earlier
  // one, output outside a reply) is never taken for this request's reply.
  ReadStdout();
  if (!pending_.empty()) {
    exchange.before_request = true;
    return end_without_reply(LineEnd::kUnexpectedOutput);
  }
  // The request goes out as the server takes it, in the loop below, which
  // watches the deadline and the cancel flag while it waits to write as
  // while it waits for the reply. A server that died makes a write fail
  // with EPIPE: SIGPIPE must not kill us.
  const SigpipeHeldOff pipe_signal_held_off;
  const std::string line = request_line + "\n";
  // Unwritten, while non-empty; the rest is dropped when the server is gone
  // (the loop then finds out how it ended).
  absl::string_view unwritten = out_fd_ >= 0 ? absl::string_view(line) : absl::string_view();
  auto write_what_fits = [&] {
    while (!unwritten.empty()) {
      const ssize_t n = write(in_fd_, unwritten.data(), unwritten.size());
      if (n > 0) {
        unwritten.remove_prefix(static_cast<size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;  // the pipe is full
      unwritten = {};                                                  // EPIPE: no reader
    }
  };
  Clock::time_point closed_at{};  // when stdout closed without a reply
  const Clock::time_point sent_at = Clock::now();
  // Whether the whole request was written and no longer waits in the pipe,
  // unread (Linux's FIONREAD counts a pipe's unread bytes from either end).
  auto note_request_taken = [&] {
    int unread = 0;
    if (exchange.request_taken_seconds < 0 && unwritten.empty() && in_fd_ >= 0 &&
        ioctl(in_fd_, FIONREAD, &unread) == 0 && unread == 0) {
      exchange.request_taken_seconds =
          std::chrono::duration<double>(Clock::now() - sent_at).count();
    }
  };
  while (true) {
    write_what_fits();
    note_request_taken();
    if (size_t newline = pending_.find('\n'); newline != std::string::npos) {
      // A line before the server took the whole request answers no request
      // of ours: what it has not read would be read as the next one.
      if (!unwritten.empty()) {
        exchange.before_whole_request = true;
        return end_without_reply(LineEnd::kUnexpectedOutput);
      }
      const std::string reply = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      ReadStdout();  // a second line already there is a second reply
      if (!pending_.empty()) return end_without_reply(LineEnd::kUnexpectedOutput);
      exchange.end = LineEnd::kReplied;
      exchange.reply = reply;
      Drain(err_fd_, err);
      exchange.stderr_text = err.Text();
      return exchange;
    }
    const bool exited = Exited();
    if (pending_.size() > max_reply_) {
      // No newline within the bound: the line's bytes are dropped.
      pending_.clear();
      return end_without_reply(LineEnd::kReplyTooLong);
    }
    const Clock::time_point now = Clock::now();
    if (out_fd_ < 0 && !exited) {
      // No reply can come. A server on its way out gets a moment to exit,
      // so that its exit status or signal is what the case reports.
      if (closed_at == Clock::time_point{}) closed_at = now;
      if (now - closed_at > std::chrono::milliseconds(500)) {
        return end_without_reply(LineEnd::kStdoutClosed);
      }
    }
    if (exited || (cancel != nullptr && cancel->load()) || now >= deadline) {
      // A reply written just before the end still counts.
      ReadStdout();
      if (exited && pending_.find('\n') != std::string::npos) continue;
      return end_without_reply(exited            ? LineEnd::kExited
                               : now >= deadline ? LineEnd::kTimedOut
                                                 : LineEnd::kCancelled);
    }
    const auto left_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count() + 1;
    // Fine ticks until the request is read: they time a server's start-up.
    const int tick = exchange.request_taken_seconds < 0 ? 2 : exit_fd_ >= 0 ? 50 : 10;
    const int tick_ms = static_cast<int>(std::min<int64_t>(left_ms, tick));
    PollReadable({out_fd_, err_fd_, exit_fd_}, tick_ms, unwritten.empty() ? -1 : in_fd_);
    ReadStdout();
    if (err_fd_ >= 0 && !Drain(err_fd_, err)) {
      close(err_fd_);
      err_fd_ = -1;
    }
  }
}

}  // namespace onnx_conform
