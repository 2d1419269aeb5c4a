// The keeper between the runner and each adapter (runners/backends/process_keeper.h).
#include "runners/backends/process_keeper.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
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
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

extern char** environ;

namespace onnx_conform {
namespace {

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

// Points stdin, stdout and stderr at /dev/null (async-signal-safe).
void StdioToDevNull() {
  const int null_fd = open("/dev/null", O_RDWR);
  if (null_fd >= 0) {
    for (int fd = 0; fd <= 2; ++fd) dup2(null_fd, fd);
    if (null_fd > 2) close(null_fd);
  }
}

// Runs the adapter; when exec fails, reports its errno to the runner on
// fd 3 (the exec status pipe) and exits 127.
[[noreturn]] void ExecOrReport(const std::string& program, char* const argv[]) {
  execve(program.c_str(), argv, environ);
  const int exec_errno = errno;
  (void)!write(3, &exec_errno, sizeof exec_errno);
  _exit(127);
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
    if (!own_namespace) ExecOrReport(program, argv);
    // The namespace's init: runs the adapter, reports how it ended, exits
    // (and with it everything in the namespace).
    const pid_t adapter = fork();
    if (adapter == 0) ExecOrReport(program, argv);
    close(3);
    // Nor may the init hold the runner's pipes: a server that closed its
    // stdout must be seen to (docs/backend-protocol.md).
    StdioToDevNull();
    int status = W_EXITCODE(127, 0);
    while (adapter > 0 && waitpid(adapter, &status, 0) < 0 && errno == EINTR) {
    }
    (void)!write(init_status[1], &status, sizeof status);
    _exit(0);
  }
  close(3);
  if (own_namespace) close(init_status[1]);
  // Stdio copies would keep the runner's pipes open after the adapter ends.
  StdioToDevNull();
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

// The parent pid in /proc/PID/stat, or -1 (also when the process is gone:
// plain read(2), since a stream would throw on ESRCH).
pid_t ParentOf(const std::string& pid) {
  const int fd = open(("/proc/" + pid + "/stat").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char buffer[1024];
  const ssize_t n = read(fd, buffer, sizeof buffer - 1);
  close(fd);
  if (n <= 0) return -1;
  const std::string stat(buffer, static_cast<size_t>(n));
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
      // increment(ec): /proc changes as it is read, and the range-for's
      // increment would throw.
      for (std::filesystem::directory_iterator it("/proc", ec), end; !ec && it != end;
           it.increment(ec)) {
        const std::string name = it->path().filename().string();
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

}  // namespace

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
pid_t SpawnKept(const std::string& program, char* const argv[], int in_fd, int out_fd, int err_fd,
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

}  // namespace onnx_conform
