// explore's scratch folder (the files an exec backend reads): private,
// unguessable, never followed through a link planted by someone else, and
// removed on every way out of Explore.
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

std::unique_ptr<Backend> Adapter(const std::string& mode) {
  BackendOptions options;
  options.persistent = true;
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
  std::unique_ptr<Backend> backend = Adapter("exit-1");
  ExploreOptions options{.cells = CellsFor({"Min"}, {13}, {}), .cases = 4, .seed = 3};
  options.work_dir = dir_ / "work";
  ASSERT_TRUE(Explore(*backend, options).ok());
  EXPECT_THAT(Entries(dir_ / "victim"), ::testing::IsEmpty());
  EXPECT_THAT(Entries(dir_ / "work"),
              ::testing::ElementsAre(absl::StrCat("onnx-conform-explore-", getpid())));
}

TEST_F(ExploreScratchTest, TheScratchFolderIsRemovedWhenWritingAFindingFails) {
  std::unique_ptr<Backend> backend = Adapter("exit-1");  // every valid case is a finding
  std::ofstream(dir_ / "a_file") << "x";
  ExploreOptions options{.cells = CellsFor({"Min"}, {13}, {}), .cases = 4, .seed = 3};
  options.work_dir = dir_ / "work";
  options.out = dir_ / "a_file" / "out";  // cannot be created
  EXPECT_FALSE(Explore(*backend, options).ok());
  EXPECT_THAT(Entries(dir_ / "work"), ::testing::IsEmpty());
}

}  // namespace
}  // namespace onnx_conform
