// Private scratch folders (runners/backends/scratch_dir.h): removed when
// done, and what a killed process left is removed by the next one, while
// the folders of live processes, and folders that are not ours, stay.
#include "runners/backends/scratch_dir.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

class ScratchDirTest : public testing::Test {
 protected:
  void SetUp() override {
    parent_ = fs::path(testing::TempDir()) / "scratch_dir_test" /
              testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(parent_);
    fs::create_directories(parent_);
  }
  // A child that makes a scratch folder with a file in it, writes the
  // folder's path to `file`, and is killed with SIGKILL (no destructor runs).
  fs::path KilledOwnersFolder() {
    const fs::path file = parent_ / "child.txt";
    const pid_t pid = fork();
    if (pid == 0) {
      absl::StatusOr<std::unique_ptr<ScratchDir>> scratch = ScratchDir::Create(parent_);
      if (!scratch.ok()) _exit(1);
      std::ofstream((*scratch)->path() / "model.onnx") << "x";
      std::ofstream(file) << (*scratch)->path().string();
      kill(getpid(), SIGKILL);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFSIGNALED(status));
    std::string path;
    std::getline(std::ifstream(file), path);
    fs::remove(file);
    return path;
  }
  fs::path parent_;
};

TEST_F(ScratchDirTest, IsPrivateAndRemovedWithItsContents) {
  fs::path path;
  {
    absl::StatusOr<std::unique_ptr<ScratchDir>> scratch = ScratchDir::Create(parent_);
    ASSERT_TRUE(scratch.ok()) << scratch.status();
    path = (*scratch)->path();
    struct stat info;
    ASSERT_EQ(lstat(path.c_str(), &info), 0);
    EXPECT_TRUE(S_ISDIR(info.st_mode));
    EXPECT_EQ(info.st_mode & 0777, 0700u);
    absl::StatusOr<fs::path> folder = (*scratch)->MakeFolder("out");
    ASSERT_TRUE(folder.ok());
    EXPECT_TRUE(fs::is_empty(*folder));
    fs::create_directory_symlink(parent_, *folder / "link");  // never followed on removal
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_TRUE(fs::exists(parent_));
}

TEST_F(ScratchDirTest, WhatAKilledProcessLeftIsRemovedByTheNext) {
  const fs::path left = KilledOwnersFolder();
  ASSERT_TRUE(fs::exists(left / "model.onnx"));
  absl::StatusOr<std::unique_ptr<ScratchDir>> next = ScratchDir::Create(parent_);
  ASSERT_TRUE(next.ok());
  EXPECT_FALSE(fs::exists(left));
}

TEST_F(ScratchDirTest, ALiveProcessesFolderAndFoldersWithoutALockStay) {
  absl::StatusOr<std::unique_ptr<ScratchDir>> live = ScratchDir::Create(parent_);
  ASSERT_TRUE(live.ok());
  fs::create_directories(parent_ / "onnx-conform-abcdef");  // no lock: not provably ours
  // Another process sweeps: the lock of the live folder is held.
  const pid_t pid = fork();
  if (pid == 0) _exit(RemoveAbandonedScratchDirs(parent_));
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_TRUE(fs::exists((*live)->path()));
  EXPECT_TRUE(fs::exists(parent_ / "onnx-conform-abcdef"));
}

}  // namespace
}  // namespace onnx_conform
