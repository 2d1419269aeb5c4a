#include "runners/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

extern char** environ;

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

// Reads what is available; returns false at end of file or on an error.
bool Drain(int fd, BoundedCapture& capture) {
  char buffer[16384];
  while (true) {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n > 0) {
      capture.Append(buffer, static_cast<size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    return false;  // 0: end of file
  }
}

// Closes on destruction, so that no error path leaks a descriptor.
struct Fd {
  int fd = -1;
  ~Fd() { Close(); }
  void Close() {
    if (fd >= 0) close(fd);
    fd = -1;
  }
};

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

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out_write.fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_write.fd, STDERR_FILENO);

  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  // A process group of its own: a timeout kills the adapter and everything
  // it started, and a Ctrl-C at the terminal reaches only us.
  posix_spawnattr_setpgroup(&attributes, 0);
  sigset_t no_signals, default_signals;
  sigemptyset(&no_signals);
  sigemptyset(&default_signals);
  for (int s : {SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGHUP, SIGCHLD, SIGUSR1, SIGUSR2}) {
    sigaddset(&default_signals, s);
  }
  posix_spawnattr_setsigmask(&attributes, &no_signals);
  posix_spawnattr_setsigdefault(&attributes, &default_signals);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::vector<char*> c_argv;
  for (const std::string& arg : argv) c_argv.push_back(const_cast<char*>(arg.c_str()));
  c_argv.push_back(nullptr);
  pid_t pid = -1;
  const int spawned =
      posix_spawnp(&pid, c_argv[0], &actions, &attributes, c_argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  out_write.Close();
  err_write.Close();
  if (spawned != 0) {
    result.spawn_error = absl::StrCat("cannot run '", argv[0], "': ", strerror(spawned));
    result.seconds = elapsed();
    return result;
  }

  fcntl(out_read.fd, F_SETFL, fcntl(out_read.fd, F_GETFL) | O_NONBLOCK);
  fcntl(err_read.fd, F_SETFL, fcntl(err_read.fd, F_GETFL) | O_NONBLOCK);
  // Readable when the process ends; without it (old kernels) poll in ticks.
  // (The raw syscall: glibc 2.36 declares pidfd_open without C linkage.)
  Fd exit_fd{static_cast<int>(syscall(SYS_pidfd_open, pid, 0))};

  BoundedCapture out(options.max_captured_bytes), err(options.max_captured_bytes);
  const Clock::time_point deadline =
      start + std::chrono::duration_cast<Clock::duration>(
                  std::chrono::duration<double>(std::max(0.0, options.timeout_seconds)));
  bool exited = false;
  while (true) {
    // Exited, but not reaped: its pid (and so its group id) cannot be reused
    // before we kill what is left of the group below.
    siginfo_t info{};
    if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid) {
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
    pollfd fds[3];
    nfds_t count = 0;
    for (int fd : {out_read.fd, err_read.fd, exit_fd.fd}) {
      if (fd >= 0) fds[count++] = {fd, POLLIN, 0};
    }
    poll(fds, count, tick_ms);
    if (out_read.fd >= 0 && !Drain(out_read.fd, out)) out_read.Close();
    if (err_read.fd >= 0 && !Drain(err_read.fd, err)) err_read.Close();
  }
  // Kill whatever is left of the group (everything, on timeout or cancel).
  kill(-pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
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

}  // namespace onnx_conform
