// Running an untrusted program with a time limit, without a shell: the
// command line is split into words the way a shell would (quotes and
// backslashes, nothing else), the program runs in a process group of its
// own, its stdout and stderr are captured up to a bound, and on timeout or
// cancellation the whole group is killed.
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
// /dev/null. When the process ends, whatever is left of its process group
// (background children) is killed too, so nothing outlives a case. Should
// the caller itself be killed, the process gets SIGKILL (PR_SET_PDEATHSIG,
// tied to the calling thread, which waits here until the process is gone).
ProcessResult RunProcess(const std::vector<std::string>& argv, const ProcessOptions& options);

// "killed by signal 11 (SIGSEGV)".
std::string DescribeSignal(int signal);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_SUBPROCESS_H_
