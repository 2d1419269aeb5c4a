// A private folder for one process's scratch files: an exec backend's output
// folders (one per case and data set) and explore's case files.
//
//   absl::StatusOr<std::unique_ptr<ScratchDir>> scratch = ScratchDir::Create({});
//   absl::StatusOr<std::filesystem::path> out = (*scratch)->MakeFolder("out");
//
// It is made by mkdtemp (a fresh, unguessable name, mode 0700: no folder or
// link another user planted is ever used) as PARENT/onnx-conform-XXXXXX,
// holds a lock file its process keeps locked (flock) while it lives, and is
// removed with everything in it when destroyed. A process killed before
// then leaves it behind: ScratchDir::Create removes every such folder of
// the same user in PARENT whose lock nobody holds. The kernel releases a
// flock when the last descriptor of the holder closes, however it ended,
// and the lock is tied to no pid, so a reused pid cannot make a live folder
// look dead or a dead one live (docs/security.md).
#ifndef ONNX_CONFORM_RUNNERS_BACKENDS_SCRATCH_DIR_H_
#define ONNX_CONFORM_RUNNERS_BACKENDS_SCRATCH_DIR_H_

#include <filesystem>
#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace onnx_conform {

class ScratchDir {
 public:
  // In `parent`; empty: the system's temporary folder. Internal error
  // naming the folder when it cannot be made.
  static absl::StatusOr<std::unique_ptr<ScratchDir>> Create(const std::filesystem::path& parent);
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // A fresh empty folder inside, PREFIX-XXXXXX (mkdtemp).
  absl::StatusOr<std::filesystem::path> MakeFolder(absl::string_view prefix) const;

 private:
  ScratchDir(std::filesystem::path path, int lock_fd) : path_(std::move(path)), lock_fd_(lock_fd) {}
  std::filesystem::path path_;
  int lock_fd_;
};

// Removes each PARENT/onnx-conform-XXXXXX folder of this user whose lock
// file is there and locked by no one (what a killed process left); returns
// how many. Folders without a lock file (another program's, or one being
// made) are left alone.
int RemoveAbandonedScratchDirs(const std::filesystem::path& parent);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_BACKENDS_SCRATCH_DIR_H_
