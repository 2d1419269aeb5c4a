// Test-only: an LD_PRELOAD library that logs every regular file a process
// opens for reading, one path per line, to the file named by
// ONNX_CONFORM_OPEN_LOG. The run-once test (run_reads_once_test.cc) runs
// onnx-conform under it to count how often each case file is opened, from
// outside the code it measures.
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace {

// Appends `path` when `fd` is a regular file opened for reading. Only
// system calls: no allocation, no stdio, safe inside any open.
void Log(int fd, const char* path, int flags) {
  const char* log = getenv("ONNX_CONFORM_OPEN_LOG");
  if (fd < 0 || log == nullptr || (flags & O_ACCMODE) == O_WRONLY) return;
  struct stat info;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) return;
  char resolved[PATH_MAX];
  if (realpath(path, resolved) == nullptr) return;
  const int out = static_cast<int>(
      syscall(SYS_openat, AT_FDCWD, log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600));
  if (out < 0) return;
  const size_t n = strlen(resolved);
  resolved[n] = '\n';
  if (syscall(SYS_write, out, resolved, n + 1) < 0) {
  }
  syscall(SYS_close, out);
}

mode_t ModeOf(int flags, va_list args) {
  return (flags & (O_CREAT | O_TMPFILE)) != 0 ? static_cast<mode_t>(va_arg(args, int)) : 0;
}

}  // namespace

extern "C" {

int open(const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  const mode_t mode = ModeOf(flags, args);
  va_end(args);
  const int fd = static_cast<int>(syscall(SYS_openat, AT_FDCWD, path, flags, mode));
  Log(fd, path, flags);
  return fd;
}

int open64(const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  const mode_t mode = ModeOf(flags, args);
  va_end(args);
  const int fd = static_cast<int>(syscall(SYS_openat, AT_FDCWD, path, flags, mode));
  Log(fd, path, flags);
  return fd;
}

int openat(int dir, const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  const mode_t mode = ModeOf(flags, args);
  va_end(args);
  const int fd = static_cast<int>(syscall(SYS_openat, dir, path, flags, mode));
  if (dir == AT_FDCWD || path[0] == '/') Log(fd, path, flags);
  return fd;
}

int openat64(int dir, const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  const mode_t mode = ModeOf(flags, args);
  va_end(args);
  const int fd = static_cast<int>(syscall(SYS_openat, dir, path, flags, mode));
  if (dir == AT_FDCWD || path[0] == '/') Log(fd, path, flags);
  return fd;
}

}  // extern "C"
