// The files explore hands an exec adapter: written by the backend into its
// own private, unguessable scratch folder (runners/backends/scratch_dir.h),
// never followed through a link planted by someone else, and removed with
// the backend on every way out; explore itself makes no folder.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/explore/explore.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

std::unique_ptr<Backend> Adapter(const std::string& mode, const fs::path& temp_dir) {
  BackendOptions options;
  options.persistent = true;
  options.temp_dir = temp_dir;
  absl::StatusOr<std::unique_ptr<Backend>> backend =
      MakeBackend(std::string("exec:") + ONNX_CONFORM_FAKE_ADAPTER + " " + mode, options);
  EXPECT_TRUE(backend.ok()) << backend.status();
  return *std::move(backend);
}

class ExploreScratchTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(testing::TempDir()) / "explore_scratch" /
           testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "work");
  }
  std::vector<std::string> Entries(const fs::path& folder) {
    std::vector<std::string> names;
    for (const fs::directory_entry& e : fs::directory_iterator(folder)) {
      names.push_back(e.path().filename().string());
    }
    return names;
  }
  fs::path dir_;
};

TEST_F(ExploreScratchTest, ALinkPlantedWhereTheScratchFolderWasIsNeverFollowed) {
  // Another user who can guess the name links it to the victim's folder.
  fs::create_directories(dir_ / "victim");
  fs::create_directory_symlink(dir_ / "victim",
                               dir_ / "work" / absl::StrCat("onnx-conform-explore-", getpid()));
  std::unique_ptr<Backend> backend = Adapter("exit-1", dir_ / "work");
  ExploreOptions options{.cells = CellsFor({"Min"}, {13}, {}), .cases = 4, .seed = 3};
  ASSERT_TRUE(Explore(*backend, options).ok());
  backend.reset();
  EXPECT_THAT(Entries(dir_ / "victim"), ::testing::IsEmpty());
  EXPECT_THAT(Entries(dir_ / "work"),
              ::testing::ElementsAre(absl::StrCat("onnx-conform-explore-", getpid())));
}

TEST_F(ExploreScratchTest, TheScratchFolderIsRemovedWhenWritingAFindingFails) {
  // Every valid case is a finding.
  std::unique_ptr<Backend> backend = Adapter("exit-1", dir_ / "work");
  std::ofstream(dir_ / "a_file") << "x";
  ExploreOptions options{.cells = CellsFor({"Min"}, {13}, {}), .cases = 4, .seed = 3};
  options.out = dir_ / "a_file" / "out";  // cannot be created
  EXPECT_FALSE(Explore(*backend, options).ok());
  backend.reset();
  EXPECT_THAT(Entries(dir_ / "work"), ::testing::IsEmpty());
}

}  // namespace
}  // namespace onnx_conform
