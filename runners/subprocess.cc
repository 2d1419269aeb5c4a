#include "runners/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <set>
#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

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

// The read end of a pipe whose write end only the runner holds (close-on-
// exec, and closed in every keeper): when the runner dies, however it dies,
// keepers see it hang up. Set up once, with the runner made a child
// subreaper: a process an adapter leaves behind comes to us, not to init.
int RunnerAliveFd() {
  static const int read_end = [] {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    return fds[0];
  }();
  return read_end;
}

// Ends the calling process as `status` (a wait status) says the adapter
// ended: with its exit code, or by its signal (no core file).
[[noreturn]] void EndAs(int status) {
  if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
  const int signal = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
  const struct rlimit no_core {};
  setrlimit(RLIMIT_CORE, &no_core);
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigaction(signal, &default_action, nullptr);
  kill(getpid(), signal);
  _exit(128 + signal);
}

// Waits for `child` while watching `runner_alive`; on hang-up (the runner
// died) kills the child and our process group. Returns the child's status.
int KeepUntilEnd(pid_t child, int runner_alive) {
  const int child_fd = static_cast<int>(syscall(SYS_pidfd_open, child, 0));
  while (true) {
    int status = 0;
    const pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child) return status;
    if (done < 0 && errno != EINTR) return W_EXITCODE(127, 0);
    // poll skips a descriptor of -1 (no runner pipe, no pidfd).
    pollfd fds[2] = {{runner_alive, POLLIN, 0}, {child_fd, POLLIN, 0}};
    poll(fds, 2, child_fd >= 0 ? 1000 : 10);
    if (fds[0].revents != 0) {
      kill(child, SIGKILL);  // in a PID namespace, its init: the kernel kills all in it
      kill(0, SIGKILL);      // our process group, ourselves included
      _exit(137);
    }
  }
}

// The keeper: the process the runner starts and waits for, which runs the
// adapter below it (async-signal-safe calls only: it is a fork of a threaded
// process and never execs).
// - In a PID namespace of its own when the kernel allows it (as root, or
//   with an unprivileged user namespace): the adapter runs under a small
//   init (pid 1 there), and when that init ends, with the adapter or
//   because the keeper or the runner died, the kernel kills every process in
//   the namespace, including those that left the process group.
// - Otherwise the adapter is its child, with a parent-death signal; the
//   keeper is a child subreaper, so what the adapter leaves behind comes to
//   the keeper and, when it ends, to the runner (KillStrays).
// It ends as the adapter ended (exit code or signal), and kills everything
// when the runner's pipe hangs up.
[[noreturn]] void RunKeeper(const std::string& program, char* const argv[], int exec_status_fd,
                            int runner_alive_fd, bool try_namespace) {
  // Keep only stdio, the exec status pipe (fd 3) and the runner's pipe (fd
  // 4): a keeper holding the runner's write end would keep others alive.
  const int status_copy = fcntl(exec_status_fd, F_DUPFD_CLOEXEC, 10);
  const int alive_copy = runner_alive_fd >= 0 ? fcntl(runner_alive_fd, F_DUPFD_CLOEXEC, 10) : -1;
  dup3(status_copy, 3, O_CLOEXEC);
  if (alive_copy >= 0) dup3(alive_copy, 4, O_CLOEXEC);
  syscall(SYS_close_range, alive_copy >= 0 ? 5 : 4, ~0U, 0);
  const int alive = alive_copy >= 0 ? 4 : -1;
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  const bool own_namespace =
      try_namespace && (unshare(CLONE_NEWPID) == 0 || unshare(CLONE_NEWUSER | CLONE_NEWPID) == 0);
  int init_status[2] = {-1, -1};  // the init's report of the adapter's status
  if (own_namespace && pipe2(init_status, O_CLOEXEC) != 0) _exit(127);
  const pid_t child = fork();
  if (child < 0) _exit(127);
  if (child == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (!own_namespace) {
      execve(program.c_str(), argv, environ);
      const int exec_errno = errno;
      (void)!write(3, &exec_errno, sizeof exec_errno);
      _exit(127);
    }
    // The namespace's init: runs the adapter, reports how it ended, exits
    // (and with it everything in the namespace).
    const pid_t adapter = fork();
    if (adapter == 0) {
      execve(program.c_str(), argv, environ);
      const int exec_errno = errno;
      (void)!write(3, &exec_errno, sizeof exec_errno);
      _exit(127);
    }
    close(3);
    int status = W_EXITCODE(127, 0);
    while (adapter > 0 && waitpid(adapter, &status, 0) < 0 && errno == EINTR) {
    }
    (void)!write(init_status[1], &status, sizeof status);
    _exit(0);
  }
  close(3);
  if (own_namespace) close(init_status[1]);
  // Stdio copies would keep the runner's pipes open after the adapter ends.
  const int null_fd = open("/dev/null", O_RDWR);
  if (null_fd >= 0) {
    for (int fd = 0; fd <= 2; ++fd) dup2(null_fd, fd);
    if (null_fd > 2) close(null_fd);
  }
  int status = KeepUntilEnd(child, alive);
  if (own_namespace) {
    int adapter_status = 0;
    if (read(init_status[0], &adapter_status, sizeof adapter_status) ==
        static_cast<ssize_t>(sizeof adapter_status)) {
      status = adapter_status;
    }
  }
  EndAs(status);
}

// Keepers this process started and has not reaped yet: every other child
// of ours is something an adapter left behind (we are its subreaper).
std::mutex& KeepersMutex() {
  static std::mutex* mutex = new std::mutex;
  return *mutex;
}
std::set<pid_t>& Keepers() {
  static std::set<pid_t>* keepers = new std::set<pid_t>;
  return *keepers;
}

// The parent pid in /proc/PID/stat, or -1.
pid_t ParentOf(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t name_end = stat.rfind(')');  // the name may hold spaces and parentheses
  if (name_end == std::string::npos) return -1;
  std::istringstream fields(stat.substr(name_end + 1));
  std::string state;
  pid_t parent = -1;
  fields >> state >> parent;
  return parent;
}

// Kills and reaps every child of ours that is no keeper: processes an
// adapter left behind that came to us when their keeper ended (without a
// PID namespace). The runner starts children only through Spawn, so any
// other child is such a process. Repeated while it finds some, so that one forking as it
// dies is caught too.
void KillStrays() {
  // /proc numbers processes as its own PID namespace does: when that is not
  // ours (we run inside an adapter's namespace, say), its pids are not ours
  // to kill. There, keepers leave nothing behind anyway.
  std::error_code link_error;
  if (std::filesystem::read_symlink("/proc/self", link_error).string() !=
      std::to_string(getpid())) {
    return;
  }
  for (int round = 0; round < 10; ++round) {
    std::vector<pid_t> strays;
    {
      std::lock_guard<std::mutex> lock(KeepersMutex());
      std::error_code ec;
      for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || !std::all_of(name.begin(), name.end(), ::isdigit)) continue;
        if (ParentOf(name) != getpid()) continue;
        const pid_t pid = static_cast<pid_t>(std::stol(name));
        if (Keepers().count(pid) == 0) strays.push_back(pid);
      }
    }
    if (strays.empty()) return;
    for (pid_t pid : strays) kill(pid, SIGKILL);
    for (pid_t pid : strays) {
      while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
  }
}

// Reaps a keeper (and forgets it), then kills what its adapter left behind.
int ReapKeeper(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  {
    std::lock_guard<std::mutex> lock(KeepersMutex());
    Keepers().erase(pid);
  }
  KillStrays();
  return status;
}

// fork + exec: a process group of its own (a timeout kills the adapter and
// everything it started; a Ctrl-C at the terminal reaches only us), default
// signal handling, stdin from in_fd (or /dev/null when -1), the adapter
// below a keeper (RunKeeper). With die_with_thread, and no runner pipe to
// watch, the keeper gets SIGKILL when the thread that started it dies.
// Returns the keeper's pid,
// or -1 with `error` set when fork or exec failed.
pid_t Spawn(const std::string& program, char* const argv[], int in_fd, int out_fd, int err_fd,
            bool die_with_thread, int& error) {
  if (program.empty()) {
    error = ENOENT;
    return -1;
  }
  const int runner_alive = RunnerAliveFd();
  // ONNX_CONFORM_NO_PID_NAMESPACE=1 keeps adapters in our PID namespace
  // (docs/security.md says what is then not guaranteed).
  const char* no_namespace = getenv("ONNX_CONFORM_NO_PID_NAMESPACE");
  const bool try_namespace = no_namespace == nullptr || std::string(no_namespace) != "1";
  int exec_status[2];  // the adapter writes errno here when exec fails
  if (pipe2(exec_status, O_CLOEXEC) != 0) {
    error = errno;
    return -1;
  }
  const pid_t parent = getpid();
  // Registered as it is born: KillStrays on another thread must never take
  // a new keeper for something left behind.
  std::unique_lock<std::mutex> registering(KeepersMutex());
  const pid_t pid = fork();
  if (pid == 0) {
    // The child: async-signal-safe calls only.
    setpgid(0, 0);
    // The keeper learns of the runner's death from its pipe, and then kills
    // its process group first; a parent-death signal would kill it before
    // it could. Only without that pipe does it die with the thread.
    if (die_with_thread && runner_alive < 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != parent) _exit(127);  // the parent died before prctl
    }
    const int null_fd = in_fd >= 0 ? in_fd : open("/dev/null", O_RDONLY);
    if (null_fd >= 0) dup2(null_fd, STDIN_FILENO);
    dup2(out_fd, STDOUT_FILENO);
    dup2(err_fd, STDERR_FILENO);
    struct sigaction default_action {};
    default_action.sa_handler = SIG_DFL;
    for (int s = 1; s < NSIG; ++s) sigaction(s, &default_action, nullptr);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    RunKeeper(program, argv, exec_status[1], runner_alive, try_namespace);
  }
  const int fork_errno = errno;
  if (pid > 0) Keepers().insert(pid);
  registering.unlock();
  close(exec_status[1]);
  if (pid < 0) {
    error = fork_errno;
    close(exec_status[0]);
    return -1;
  }
  setpgid(pid, pid);  // also from here, so the group exists before any kill(-pid)
  int exec_errno = 0;
  ssize_t n;
  while ((n = read(exec_status[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR) {
  }
  close(exec_status[0]);
  if (n == static_cast<ssize_t>(sizeof exec_errno)) {
    ReapKeeper(pid);
    error = exec_errno;
    return -1;
  }
  return pid;
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

  std::vector<char*> c_argv;
  for (const std::string& arg : argv) c_argv.push_back(const_cast<char*>(arg.c_str()));
  c_argv.push_back(nullptr);
  int spawn_errno = 0;
  const pid_t pid = Spawn(ResolveProgram(argv[0]), c_argv.data(), -1, out_write.fd, err_write.fd,
                          /*die_with_thread=*/true, spawn_errno);
  out_write.Close();
  err_write.Close();
  if (pid < 0) {
    result.spawn_error = absl::StrCat("cannot run '", argv[0], "': ", strerror(spawn_errno));
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
  std::vector<char*> c_argv;
  for (const std::string& arg : argv) c_argv.push_back(const_cast<char*>(arg.c_str()));
  c_argv.push_back(nullptr);
  int spawn_errno = 0;
  const pid_t pid = Spawn(ResolveProgram(argv[0]), c_argv.data(), in_read.fd, out_write.fd,
                          err_write.fd, /*die_with_thread=*/false, spawn_errno);
  if (pid < 0) {
    return absl::NotFoundError(absl::StrCat("cannot run '", argv[0], "': ", strerror(spawn_errno)));
  }
  fcntl(out_read.fd, F_SETFL, fcntl(out_read.fd, F_GETFL) | O_NONBLOCK);
  fcntl(err_read.fd, F_SETFL, fcntl(err_read.fd, F_GETFL) | O_NONBLOCK);
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
      siginfo_t info{};
      if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
          info.si_pid == pid_) {
        break;
      }
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

LineExchange LineServer::Exchange(const std::string& request_line, double timeout_seconds,
                                  const std::atomic<bool>* cancel) {
  LineExchange exchange;
  if (pid_ <= 0) return exchange;
  const Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(std::max(0.0, timeout_seconds)));
  BoundedCapture err(max_captured_);
  // A server that died makes the write fail with EPIPE: SIGPIPE must not
  // kill us, so it is blocked on this thread and any pending one consumed.
  {
    sigset_t pipe_signal, previous;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, &previous);
    const std::string line = request_line + "\n";
    absl::string_view rest(line);
    while (!rest.empty()) {
      const ssize_t n = write(in_fd_, rest.data(), rest.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;  // the server is gone; the loop below finds out how
      rest.remove_prefix(static_cast<size_t>(n));
    }
    const timespec no_wait{0, 0};
    while (sigtimedwait(&pipe_signal, nullptr, &no_wait) > 0) {
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  }
  while (true) {
    if (size_t newline = pending_.find('\n'); newline != std::string::npos) {
      exchange.end = LineEnd::kReplied;
      exchange.reply = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      Drain(err_fd_, err);
      exchange.stderr_text = err.Text();
      return exchange;
    }
    siginfo_t info{};
    const bool exited =
        waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid_;
    if (pending_.size() > max_reply_) {
      // No newline within the bound: the server is killed (the next case
      // starts a new one), and the line's bytes are dropped.
      pending_.clear();
      exchange.end = LineEnd::kReplyTooLong;
      KillAndReap(nullptr);
      Drain(err_fd_, err);
      exchange.stderr_text = err.Text();
      return exchange;
    }
    if (exited || (cancel != nullptr && cancel->load()) || Clock::now() >= deadline) {
      // A reply written just before the end still counts.
      if (out_fd_ >= 0) ReadLinePart(out_fd_, pending_, max_reply_);
      if (exited && pending_.find('\n') != std::string::npos) continue;
      exchange.end = exited ? LineEnd::kExited
                     : Clock::now() >= deadline ? LineEnd::kTimedOut
                                                : LineEnd::kCancelled;
      KillAndReap(&exchange);
      if (exited && exchange.signal != 0) exchange.end = LineEnd::kSignaled;
      Drain(err_fd_, err);
      exchange.stderr_text = err.Text();
      return exchange;
    }
    const auto left_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count() + 1;
    const int tick_ms = static_cast<int>(std::min<int64_t>(left_ms, exit_fd_ >= 0 ? 50 : 10));
    pollfd fds[3];
    nfds_t count = 0;
    for (int fd : {out_fd_, err_fd_, exit_fd_}) {
      if (fd >= 0) fds[count++] = {fd, POLLIN, 0};
    }
    poll(fds, count, tick_ms);
    if (out_fd_ >= 0 && !ReadLinePart(out_fd_, pending_, max_reply_)) {
      close(out_fd_);
      out_fd_ = -1;
    }
    if (err_fd_ >= 0 && !Drain(err_fd_, err)) {
      close(err_fd_);
      err_fd_ = -1;
    }
  }
}

}  // namespace onnx_conform
