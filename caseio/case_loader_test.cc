// Tests of case discovery and loading on small case directories built in a
// temporary folder, and on ONNX's official Min/ArgMin/Clip node tests.
#include "caseio/case_loader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/tensor_file.h"
#include "testing/caseio_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

using CaseLoaderTest = CaseFolderTest;

// ---------------------------------------------------------------- LoadCase

constexpr DataFileKind kIn = DataFileKind::kInput;
constexpr DataFileKind kOut = DataFileKind::kOutput;

TEST_F(CaseLoaderTest, LoadsASimpleCase) {
  const fs::path dir = root_ / "test_min_simple";
  WriteModel(dir, 2);
  WriteScalar(dir / DataFilePath(0, kIn, 0), 1.5f, "x0");
  WriteScalar(dir / DataFilePath(0, kIn, 1), -2.0f, "x1");
  WriteScalar(dir / DataFilePath(0, kOut, 0), -2.0f, "y");
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->name, "test_min_simple");
  EXPECT_EQ(c->dir, dir);
  EXPECT_EQ(c->model_file, dir / kModelFileName);
  EXPECT_EQ(c->model.graph().node(0).op_type(), "Min");
  ASSERT_EQ(c->data_sets.size(), 1u);
  const DataSet& ds = c->data_sets[0];
  EXPECT_EQ(ds.dir, dir / DataSetDirName(0));
  ASSERT_EQ(ds.inputs.size(), 2u);
  ASSERT_EQ(ds.outputs.size(), 1u);
  EXPECT_EQ(ScalarOf(ds.inputs[0]), 1.5f);
  EXPECT_EQ(ScalarOf(ds.inputs[1]), -2.0f);
  EXPECT_EQ(ScalarOf(ds.outputs[0]), -2.0f);
  EXPECT_THAT(ds.input_names, ElementsAre("x0", "x1"));
  EXPECT_THAT(ds.output_names, ElementsAre("y"));
  EXPECT_THAT(ds.input_files, ElementsAre(ds.dir / InputFileName(0), ds.dir / InputFileName(1)));
  EXPECT_THAT(ds.output_files, ElementsAre(ds.dir / OutputFileName(0)));
}

TEST_F(CaseLoaderTest, CaseNameFromAPathWithTrailingSlash) {
  WriteCase(root_ / "test_clip");
  absl::StatusOr<LoadedCase> c = LoadCase(fs::path((root_ / "test_clip").string() + "/"));
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->name, "test_clip");
}

TEST_F(CaseLoaderTest, DataSetsInNumericOrder) {
  const fs::path dir = root_ / "c";
  WriteCase(dir, {10, 2, 0, 1, 9, 3, 4, 5, 6, 7, 8, 11});
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->data_sets.size(), 12u);
  for (int n = 0; n < 12; ++n) {
    SCOPED_TRACE(n);
    EXPECT_EQ(c->data_sets[n].dir.filename(), DataSetDirName(n));
    EXPECT_EQ(ScalarOf(c->data_sets[n].inputs[0]), static_cast<float>(n));
  }
}

TEST_F(CaseLoaderTest, TensorFilesInNumericOrder) {
  const fs::path dir = root_ / "c";
  WriteModel(dir, 12);
  for (int k : {10, 2, 0, 11, 1, 3, 4, 5, 6, 7, 8, 9}) {
    WriteScalar(dir / DataFilePath(0, kIn, k), static_cast<float>(k), absl::StrCat("x", k));
  }
  for (int k : {1, 0}) WriteScalar(dir / DataFilePath(0, kOut, k), 100.0f + k);
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_TRUE(c.ok()) << c.status();
  const DataSet& loaded = c->data_sets[0];
  ASSERT_EQ(loaded.inputs.size(), 12u);
  for (int k = 0; k < 12; ++k) {
    SCOPED_TRACE(k);
    EXPECT_EQ(ScalarOf(loaded.inputs[k]), static_cast<float>(k));
    EXPECT_EQ(loaded.input_names[k], absl::StrCat("x", k));
    EXPECT_EQ(loaded.input_files[k].filename(), InputFileName(k));
  }
  ASSERT_EQ(loaded.outputs.size(), 2u);
  EXPECT_EQ(ScalarOf(loaded.outputs[0]), 100.0f);
  EXPECT_EQ(ScalarOf(loaded.outputs[1]), 101.0f);
}

// Each layout problem (caseio/case_layout_test.cc lists them) is an error
// of its canonical code naming the file.
TEST_F(CaseLoaderTest, LayoutProblemsAreErrorsNamingTheFile) {
  struct Broken {
    const char* what;
    std::function<void(const fs::path& case_dir)> make;
    absl::StatusCode code;
    std::string file;  // relative to the case
    std::string says;
  };
  const fs::path outside = root_ / "outside";
  WriteScalar(outside / InputFileName(0), 0);
  const std::vector<Broken> cases = {
      {"gap",
       [](const fs::path& d) {
         fs::rename(d / DataFilePath(0, kIn, 0), d / DataFilePath(0, kIn, 1));
       },
       absl::StatusCode::kInvalidArgument, DataFilePath(0, kIn, 0), "missing (found input_1.pb"},
      {"two files for one K",
       [](const fs::path& d) {
         fs::copy(d / DataFilePath(0, kIn, 0), d / DataSetDirName(0) / "input_00.pb");
       },
       absl::StatusCode::kInvalidArgument, DataSetDirName(0), "are both input_0.pb"},
      {"bad file name",
       [](const fs::path& d) {
         fs::copy(d / DataFilePath(0, kIn, 0), d / DataSetDirName(0) / "input_x.pb");
       },
       absl::StatusCode::kInvalidArgument, DataSetDirName(0) + "/input_x.pb",
       "not a tensor file name"},
      {"two data sets for one N",
       [](const fs::path& d) { fs::copy(d / DataSetDirName(0), d / "test_data_set_00"); },
       absl::StatusCode::kInvalidArgument, "", "are both test_data_set_0"},
      {"data set that is a file",
       [](const fs::path& d) { std::ofstream(d / DataSetDirName(1)) << "x"; },
       absl::StatusCode::kInvalidArgument, DataSetDirName(1), "a data set must be a directory"},
      {"bad data set name",
       [](const fs::path& d) { fs::create_directories(d / "test_data_set_one"); },
       absl::StatusCode::kInvalidArgument, "test_data_set_one", "not a data set name"},
      {"no data set", [](const fs::path& d) { fs::remove_all(d / DataSetDirName(0)); },
       absl::StatusCode::kInvalidArgument, "", "no test_data_set_N directory"},
      {"data set outside the case",
       [&](const fs::path& d) { fs::create_directory_symlink(outside, d / DataSetDirName(1)); },
       absl::StatusCode::kInvalidArgument, DataSetDirName(1), "only inside the case folder"},
  };
  for (const Broken& broken : cases) {
    SCOPED_TRACE(broken.what);
    const fs::path dir = root_ / "c";
    fs::remove_all(dir);
    WriteCase(dir);
    broken.make(dir);
    absl::StatusOr<LoadedCase> c = LoadCase(dir);
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.status().code(), broken.code) << c.status();
    const fs::path named = broken.file.empty() ? dir : dir / broken.file;
    EXPECT_THAT(c.status().message(), HasSubstr(named.string() + ": "));
    EXPECT_THAT(c.status().message(), HasSubstr(broken.says));
  }
}

TEST_F(CaseLoaderTest, DataSetsAreReadInOrderUpToTheFirstProblem) {
  // An unreadable file in test_data_set_0 is met before a gap in test_data_set_1.
  const fs::path dir = root_ / "c";
  WriteCase(dir, {0, 1});
  std::ofstream(dir / DataFilePath(0, kOut, 0), std::ios::binary | std::ios::trunc) << "\xff";
  fs::rename(dir / DataFilePath(1, kIn, 0), dir / DataFilePath(1, kIn, 1));
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), absl::StatusCode::kDataLoss) << c.status();
  EXPECT_THAT(c.status().message(), HasSubstr((dir / DataFilePath(0, kOut, 0)).string()));
}

TEST_F(CaseLoaderTest, MissingModelIsNotFound) {
  const fs::path dir = root_ / "c";
  WriteScalar(dir / DataFilePath(0, kIn, 0), 0);
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(c.status().message(), HasSubstr((dir / kModelFileName).string()));
}

TEST_F(CaseLoaderTest, UnparsableModelIsDataLoss) {
  const fs::path dir = root_ / "c";
  WriteCase(dir);
  std::ofstream(dir / kModelFileName, std::ios::binary | std::ios::trunc) << "\xff\xff\xff";
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(c.status().message(), HasSubstr((dir / kModelFileName).string()));
}

TEST_F(CaseLoaderTest, UnreadableTensorNamesTheFile) {
  const fs::path dir = root_ / "c";
  WriteCase(dir, {0, 1});
  const fs::path bad = dir / DataFilePath(1, kOut, 0);
  std::ofstream(bad, std::ios::binary | std::ios::trunc) << "\xff\xff\xff";
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(c.status().message(), HasSubstr(bad.string()));
}

TEST_F(CaseLoaderTest, InvalidTensorNamesTheFile) {
  const fs::path dir = root_ / "c";
  WriteCase(dir);
  onnx::TensorProto proto;
  proto.set_data_type(onnx::TensorProto::INT8);
  proto.add_int32_data(200);
  const fs::path bad = dir / DataFilePath(0, kIn, 0);
  ASSERT_TRUE(WriteProtoFile(bad, proto).ok());
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(c.status().message(), HasSubstr(bad.string()));
  EXPECT_THAT(c.status().message(), HasSubstr("out of range for int8"));
}

TEST_F(CaseLoaderTest, TensorFileThatIsADirectoryNamesIt) {
  const fs::path dir = root_ / "c";
  WriteCase(dir);
  fs::create_directories(dir / DataFilePath(0, kIn, 1));
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_THAT(c.status().message(), HasSubstr(InputFileName(1)));
}

// ---------------------------------------------------------------- FindCaseDirs

TEST_F(CaseLoaderTest, IsCaseDir) {
  WriteModel(root_ / "case");
  fs::create_directories(root_ / "folder");
  // Whatever model.onnx is, the folder is a case: reading it says what is
  // wrong (checker/checked_case.h), and the run lists it as an error.
  fs::create_directories(root_ / "dir_model" / "model.onnx");
  EXPECT_TRUE(IsCaseDir(root_ / "case"));
  EXPECT_FALSE(IsCaseDir(root_ / "folder"));
  EXPECT_TRUE(IsCaseDir(root_ / "dir_model"));
  EXPECT_FALSE(IsCaseDir(root_ / "case" / "model.onnx"));
  EXPECT_FALSE(IsCaseDir(root_ / "absent"));
}

TEST_F(CaseLoaderTest, FindsCasesRecursivelySorted) {
  WriteModel(root_ / "b" / "test_b");
  WriteModel(root_ / "a" / "x" / "y" / "test_deep");
  WriteModel(root_ / "test_top");
  WriteModel(root_ / "a" / "test_a10");
  WriteModel(root_ / "a" / "test_a9");
  fs::create_directories(root_ / "empty" / "folder");
  absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root_);
  ASSERT_TRUE(dirs.ok()) << dirs.status();
  EXPECT_THAT(*dirs, ElementsAre(root_ / "a" / "test_a10", root_ / "a" / "test_a9",
                                 root_ / "a" / "x" / "y" / "test_deep", root_ / "b" / "test_b",
                                 root_ / "test_top"));
}

TEST_F(CaseLoaderTest, DoesNotDescendIntoCases) {
  WriteCase(root_ / "outer");
  // A model.onnx inside a case's data set folder is not another case.
  WriteModel(root_ / "outer" / DataSetDirName(0) / "inner");
  WriteModel(root_ / "outer" / "sub");
  absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root_);
  ASSERT_TRUE(dirs.ok());
  EXPECT_THAT(*dirs, ElementsAre(root_ / "outer"));
}

TEST_F(CaseLoaderTest, RootThatIsACase) {
  WriteCase(root_ / "test_min");
  WriteModel(root_ / "test_min" / "nested");
  absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root_ / "test_min");
  ASSERT_TRUE(dirs.ok());
  EXPECT_THAT(*dirs, ElementsAre(root_ / "test_min"));
}

TEST_F(CaseLoaderTest, PathToModelFile) {
  WriteCase(root_ / "test_min");
  absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root_ / "test_min" / "model.onnx");
  ASSERT_TRUE(dirs.ok()) << dirs.status();
  EXPECT_THAT(*dirs, ElementsAre(root_ / "test_min"));
  ASSERT_TRUE(LoadCase(dirs->front()).ok());
}

TEST_F(CaseLoaderTest, MissingPathIsNotFound) {
  absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root_ / "no_such_folder");
  ASSERT_FALSE(dirs.ok());
  EXPECT_EQ(dirs.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(dirs.status().message(), HasSubstr((root_ / "no_such_folder").string()));
}

TEST_F(CaseLoaderTest, FolderWithoutCasesGivesAnEmptyList) {
  fs::create_directories(root_ / "a" / "b");
  absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root_);
  ASSERT_TRUE(dirs.ok());
  EXPECT_TRUE(dirs->empty());
}

TEST_F(CaseLoaderTest, FindCasesInSaysWhyAFolderHoldsNoCase) {
  fs::create_directories(root_ / "empty");
  absl::StatusOr<std::vector<fs::path>> dirs = FindCasesIn(root_ / "empty");
  ASSERT_FALSE(dirs.ok());
  EXPECT_EQ(dirs.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(dirs.status().message(), HasSubstr("no model.onnx"));
  // ONNX 1.0 to 1.1.0 wrote node.pb, input_K.pb and output_K.pb side by side.
  fs::create_directories(root_ / "test_max_example");
  std::ofstream(root_ / "test_max_example" / "node.pb") << "x";
  dirs = FindCasesIn(root_ / "test_max_example");
  ASSERT_FALSE(dirs.ok());
  EXPECT_THAT(dirs.status().message(), HasSubstr("ONNX 1.0 to 1.1.0"));
  WriteModel(root_ / "test_min");
  dirs = FindCasesIn(root_ / "test_min");
  ASSERT_TRUE(dirs.ok()) << dirs.status();
  EXPECT_EQ(dirs->size(), 1u);
}

TEST_F(CaseLoaderTest, OtherFileAsRootIsRefused) {
  std::ofstream(root_ / "notes.txt") << "x";
  absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root_ / "notes.txt");
  ASSERT_FALSE(dirs.ok());
  EXPECT_EQ(dirs.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(dirs.status().message(), HasSubstr("notes.txt"));
}

TEST_F(CaseLoaderTest, SymlinkLoopDoesNotHang) {
  WriteModel(root_ / "a" / "test_a");
  fs::create_directory_symlink(root_, root_ / "a" / "loop");
  fs::create_directory_symlink(root_ / "a", root_ / "a" / "self");
  fs::create_symlink(root_ / "dangling_target", root_ / "dangling");
  absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root_);
  ASSERT_TRUE(dirs.ok()) << dirs.status();
  EXPECT_THAT(*dirs, ElementsAre(root_ / "a" / "test_a"));

  // A root that is itself a link loop: an error, not a hang.
  fs::create_symlink(root_ / "l2", root_ / "l1");
  fs::create_symlink(root_ / "l1", root_ / "l2");
  EXPECT_FALSE(FindCaseDirs(root_ / "l1").ok());
}

TEST_F(CaseLoaderTest, LinksToCasesAndFoldersOfCasesAreFollowedOnce) {
  const fs::path outside = root_ / "outside";
  const fs::path walked = root_ / "walked";
  WriteModel(outside / "one_case");
  WriteModel(outside / "folder" / "deep_case");
  WriteModel(walked / "own_case");
  fs::create_directory_symlink(outside / "one_case", walked / "linked_case");
  fs::create_directory_symlink(outside / "folder", walked / "linked_folder");
  // The same folder twice, and a link into the walked tree: followed once.
  fs::create_directory_symlink(outside / "folder", walked / "again");
  fs::create_directory_symlink(walked, walked / "linked_folder_back");
  // A link up to an ancestor of the walked tree: a loop.
  fs::create_directory_symlink(root_, outside / "folder" / "up");
  absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(walked);
  ASSERT_TRUE(dirs.ok()) << dirs.status();
  std::vector<std::string> canonical;
  for (const fs::path& dir : *dirs) canonical.push_back(fs::canonical(dir).string());
  std::vector<std::string> expected = {fs::canonical(outside / "one_case").string(),
                                       fs::canonical(outside / "folder" / "deep_case").string(),
                                       fs::canonical(walked / "own_case").string()};
  std::sort(canonical.begin(), canonical.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(canonical, expected);
  // Named as found through the link.
  EXPECT_NE(std::find(dirs->begin(), dirs->end(), walked / "linked_case"), dirs->end());
}

TEST_F(CaseLoaderTest, CaseBelowPathMaxIsFoundOrAnError) {
  // A case at the bottom of folders whose full path is longer than PATH_MAX
  // (built with mkdirat/openat, relative to an open folder). Finding it or
  // failing are both fine; silently leaving it out is not.
  WriteModel(root_ / "a_case");
  onnx::ModelProto model;
  model.mutable_graph()->set_name("g");
  std::string model_bytes;
  ASSERT_TRUE(model.SerializeToString(&model_bytes));
  int fd = open(root_.c_str(), O_RDONLY | O_DIRECTORY);
  ASSERT_GE(fd, 0);
  const std::string long_name(250, 'd');
  for (int depth = 0; depth < 20; ++depth) {
    ASSERT_EQ(mkdirat(fd, long_name.c_str(), 0755), 0);
    const int child = openat(fd, long_name.c_str(), O_RDONLY | O_DIRECTORY);
    close(fd);
    ASSERT_GE(child, 0);
    fd = child;
  }
  const int file = openat(fd, "model.onnx", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  close(fd);
  ASSERT_GE(file, 0);
  ASSERT_EQ(write(file, model_bytes.data(), model_bytes.size()),
            static_cast<ssize_t>(model_bytes.size()));
  close(file);

  absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root_);
  EXPECT_TRUE(!dirs.ok() || dirs->size() == 2u)
      << "found " << dirs->size() << " case(s) and no error";
  // remove_all cannot delete paths this long either.
  const std::string command = "rm -rf '" + root_.string() + "'";
  ASSERT_EQ(std::system(command.c_str()), 0);
}

// ---------------------------------------------------------------- official cases

TEST(OfficialCasesTest, EveryMinArgMinClipCaseLoads) {
  const fs::path node_dir = ONNX_CONFORM_OFFICIAL_NODE_TESTS;
  ASSERT_TRUE(fs::is_directory(node_dir)) << node_dir << ": install libonnx-testdata";
  absl::StatusOr<std::vector<fs::path>> all = FindCaseDirs(node_dir);
  ASSERT_TRUE(all.ok()) << all.status();
  std::vector<fs::path> ours;
  for (const fs::path& dir : *all) {
    const std::string name = dir.filename().string();
    if (absl::StartsWith(name, "test_min") || absl::StartsWith(name, "test_argmin") ||
        absl::StartsWith(name, "test_clip")) {
      ours.push_back(dir);
    }
  }
  EXPECT_EQ(ours.size(), 41u);  // ONNX 1.12: 14 test_min*, 16 test_argmin*, 11 test_clip*
  for (const fs::path& dir : ours) {
    SCOPED_TRACE(dir.string());
    absl::StatusOr<LoadedCase> c = LoadCase(dir);
    ASSERT_TRUE(c.ok()) << c.status();
    EXPECT_EQ(c->name, dir.filename().string());
    ASSERT_GE(c->data_sets.size(), 1u);
    for (const DataSet& ds : c->data_sets) {
      EXPECT_EQ(static_cast<int>(ds.inputs.size()), c->model.graph().input_size());
      EXPECT_EQ(static_cast<int>(ds.outputs.size()), c->model.graph().output_size());
      EXPECT_GE(ds.outputs.size(), 1u);
    }
  }
}

}  // namespace
}  // namespace onnx_conform
