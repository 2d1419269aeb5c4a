// Test-only: watching processes a test did not start itself (an adapter's
// child, a background job), through the pid files they write and /proc.
//
//   const pid_t child = WaitForPid(dir / "child.pid");  // 0 if none came in 10 s
//   kill(runner, SIGKILL);
//   EXPECT_TRUE(EventuallyGone(child));
#ifndef ONNX_CONFORM_TESTING_PROCESS_TEST_UTIL_H_
#define ONNX_CONFORM_TESTING_PROCESS_TEST_UTIL_H_

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"

namespace onnx_conform {

// The pids in `file` (one a line), waiting up to 10 s for `count` of them.
inline std::vector<pid_t> WaitForPids(const std::filesystem::path& file, size_t count) {
  std::vector<pid_t> pids;
  for (int i = 0; i < 1000 && pids.size() < count; ++i) {
    pids.clear();
    std::ifstream in(file);
    for (pid_t pid = 0; in >> pid && pid > 0;) pids.push_back(pid);
    if (pids.size() < count) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return pids;
}

// The first pid in `file`, waiting up to 10 s; 0 when none came.
inline pid_t WaitForPid(const std::filesystem::path& file) {
  const std::vector<pid_t> pids = WaitForPids(file, 1);
  return pids.empty() ? 0 : pids[0];
}

// True once `pid` no longer runs (gone, or a zombie waiting for its reaper),
// within 2 s.
inline bool EventuallyGone(pid_t pid) {
  for (int i = 0; i < 200; ++i) {
    std::ifstream stat(absl::StrCat("/proc/", pid, "/stat"));
    std::string pid_field, comm, state;
    if (!(stat >> pid_field >> comm >> state) || state == "Z" || state == "X") return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_PROCESS_TEST_UTIL_H_
