#include "runners/backends/scratch_dir.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

constexpr absl::string_view kPrefix = "onnx-conform-";
constexpr char kLockFile[] = ".lock";
constexpr char kNewLockFile[] = ".lock.new";

fs::path ParentOrTemp(const fs::path& parent) {
  if (!parent.empty()) return parent;
  std::error_code ec;
  fs::path temp = fs::temp_directory_path(ec);
  return ec || temp.empty() ? fs::path("/tmp") : temp;
}

// The lock of `folder` (a descriptor opened without following links) when
// this process could take it, or -1: its owner lives, or it has none.
int TakeLock(const fs::path& folder, const char* name) {
  const int fd = open((folder / name).c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return -1;
  struct stat info;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || flock(fd, LOCK_EX | LOCK_NB) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

absl::StatusOr<std::unique_ptr<ScratchDir>> ScratchDir::Create(const fs::path& parent_or_empty) {
  const fs::path parent = ParentOrTemp(parent_or_empty);
  RemoveAbandonedScratchDirs(parent);
  std::string pattern = (parent / absl::StrCat(kPrefix, "XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) {
    return absl::InternalError(absl::StrCat("cannot create a temporary folder in ", parent.string(),
                                            ": ", std::strerror(errno)));
  }
  const fs::path folder = pattern;
  // Locked under another name, then renamed: a sweeper sees the lock file
  // only once it is held.
  const int fd = open((folder / kNewLockFile).c_str(),
                      O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0600);
  if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) != 0 ||
      rename((folder / kNewLockFile).c_str(), (folder / kLockFile).c_str()) != 0) {
    const std::string why = std::strerror(errno);
    if (fd >= 0) close(fd);
    std::error_code ec;
    fs::remove_all(folder, ec);
    return absl::InternalError(absl::StrCat("cannot lock ", folder.string(), ": ", why));
  }
  return std::unique_ptr<ScratchDir>(new ScratchDir(folder, fd));
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);  // never follows a link inside
  close(lock_fd_);
}

absl::StatusOr<fs::path> ScratchDir::MakeFolder(absl::string_view prefix) const {
  std::string pattern = (path_ / absl::StrCat(prefix, "-XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) {
    return absl::InternalError(absl::StrCat("cannot create a temporary folder in ", path_.string(),
                                            ": ", std::strerror(errno)));
  }
  return fs::path(pattern);
}

int RemoveAbandonedScratchDirs(const fs::path& parent) {
  int removed = 0;
  std::error_code ec;
  std::vector<fs::path> candidates;
  for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!absl::StartsWith(name, kPrefix) || name.size() != kPrefix.size() + 6) continue;
    struct stat info;
    if (lstat(it->path().c_str(), &info) != 0 || !S_ISDIR(info.st_mode) ||
        info.st_uid != geteuid()) {
      continue;
    }
    candidates.push_back(it->path());
  }
  for (const fs::path& folder : candidates) {
    const int lock = TakeLock(folder, kLockFile);
    if (lock < 0) continue;
    // Held now: its owner is gone, and a second sweeper skips it. The lock
    // file goes last, so that a sweep cut short is finished by the next.
    std::vector<fs::path> contents;
    for (fs::directory_iterator inner(folder, ec), end; !ec && inner != end; inner.increment(ec)) {
      if (inner->path().filename() != kLockFile) contents.push_back(inner->path());
    }
    for (const fs::path& entry : contents) fs::remove_all(entry, ec);
    fs::remove(folder / kLockFile, ec);
    if (fs::remove(folder, ec)) ++removed;
    close(lock);
    ec.clear();
  }
  return removed;
}

}  // namespace onnx_conform
