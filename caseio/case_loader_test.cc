// Tests of case discovery and loading on small case directories built in a
// temporary folder, and on ONNX's official Min/ArgMin/Clip node tests.
#include "caseio/case_loader.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "reference/tensor_file.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class CaseLoaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) /
            absl::StrCat("case_loader_test_",
                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  // A model.onnx with `inputs` graph inputs (x0, x1, ...) and one output.
  static void WriteModel(const fs::path& dir, int inputs = 1) {
    fs::create_directories(dir);
    onnx::ModelProto model;
    model.set_ir_version(8);
    model.add_opset_import()->set_version(13);
    onnx::GraphProto* graph = model.mutable_graph();
    graph->set_name("g");
    onnx::NodeProto* node = graph->add_node();
    node->set_op_type("Min");
    for (int k = 0; k < inputs; ++k) {
      graph->add_input()->set_name(absl::StrCat("x", k));
      node->add_input(absl::StrCat("x", k));
    }
    graph->add_output()->set_name("y");
    node->add_output("y");
    ASSERT_TRUE(WriteProtoFile(dir / "model.onnx", model).ok());
  }

  // A float scalar tensor file holding `value`.
  static void WriteScalar(const fs::path& file, float value, const std::string& name = "") {
    fs::create_directories(file.parent_path());
    ASSERT_TRUE(WriteTensorFile(file, Tensor::FromValues<float>({}, {value}), name).ok());
  }

  // A complete case: model.onnx and the given data sets, each with input_0
  // and output_0 holding the data set number.
  void WriteCase(const fs::path& dir, std::initializer_list<int> data_sets = {0}) {
    WriteModel(dir);
    for (int n : data_sets) {
      const fs::path ds = dir / absl::StrCat("test_data_set_", n);
      WriteScalar(ds / "input_0.pb", static_cast<float>(n));
      WriteScalar(ds / "output_0.pb", static_cast<float>(n));
    }
  }

  static float ScalarOf(const Tensor& t) { return t.data<float>()[0]; }

  fs::path root_;
};

// ---------------------------------------------------------------- LoadCase

TEST_F(CaseLoaderTest, LoadsASimpleCase) {
  const fs::path dir = root_ / "test_min_simple";
  WriteModel(dir, 2);
  WriteScalar(dir / "test_data_set_0" / "input_0.pb", 1.5f, "x0");
  WriteScalar(dir / "test_data_set_0" / "input_1.pb", -2.0f, "x1");
  WriteScalar(dir / "test_data_set_0" / "output_0.pb", -2.0f, "y");
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->name, "test_min_simple");
  EXPECT_EQ(c->dir, dir);
  EXPECT_EQ(c->model_file, dir / "model.onnx");
  EXPECT_EQ(c->model.graph().node(0).op_type(), "Min");
  ASSERT_EQ(c->data_sets.size(), 1u);
  const DataSet& ds = c->data_sets[0];
  EXPECT_EQ(ds.dir, dir / "test_data_set_0");
  ASSERT_EQ(ds.inputs.size(), 2u);
  ASSERT_EQ(ds.outputs.size(), 1u);
  EXPECT_EQ(ScalarOf(ds.inputs[0]), 1.5f);
  EXPECT_EQ(ScalarOf(ds.inputs[1]), -2.0f);
  EXPECT_EQ(ScalarOf(ds.outputs[0]), -2.0f);
  EXPECT_THAT(ds.input_names, ElementsAre("x0", "x1"));
  EXPECT_THAT(ds.output_names, ElementsAre("y"));
  EXPECT_THAT(ds.input_files, ElementsAre(ds.dir / "input_0.pb", ds.dir / "input_1.pb"));
  EXPECT_THAT(ds.output_files, ElementsAre(ds.dir / "output_0.pb"));
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
    EXPECT_EQ(c->data_sets[n].dir.filename(), absl::StrCat("test_data_set_", n));
    EXPECT_EQ(ScalarOf(c->data_sets[n].inputs[0]), static_cast<float>(n));
  }
}

TEST_F(CaseLoaderTest, DataSetNumbersMayHaveGaps) {
  // Only the tensor files must be numbered without gaps; data sets are just
  // ordered (ONNX's own runner globs them).
  const fs::path dir = root_ / "c";
  WriteCase(dir, {2, 10});
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->data_sets.size(), 2u);
  EXPECT_EQ(ScalarOf(c->data_sets[0].inputs[0]), 2.0f);
  EXPECT_EQ(ScalarOf(c->data_sets[1].inputs[0]), 10.0f);
}

TEST_F(CaseLoaderTest, TensorFilesInNumericOrder) {
  const fs::path dir = root_ / "c";
  WriteModel(dir, 12);
  const fs::path ds = dir / "test_data_set_0";
  for (int k : {10, 2, 0, 11, 1, 3, 4, 5, 6, 7, 8, 9}) {
    WriteScalar(ds / absl::StrCat("input_", k, ".pb"), static_cast<float>(k),
                absl::StrCat("x", k));
  }
  for (int k : {1, 0}) WriteScalar(ds / absl::StrCat("output_", k, ".pb"), 100.0f + k);
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_TRUE(c.ok()) << c.status();
  const DataSet& loaded = c->data_sets[0];
  ASSERT_EQ(loaded.inputs.size(), 12u);
  for (int k = 0; k < 12; ++k) {
    SCOPED_TRACE(k);
    EXPECT_EQ(ScalarOf(loaded.inputs[k]), static_cast<float>(k));
    EXPECT_EQ(loaded.input_names[k], absl::StrCat("x", k));
    EXPECT_EQ(loaded.input_files[k].filename(), absl::StrCat("input_", k, ".pb"));
  }
  ASSERT_EQ(loaded.outputs.size(), 2u);
  EXPECT_EQ(ScalarOf(loaded.outputs[0]), 100.0f);
  EXPECT_EQ(ScalarOf(loaded.outputs[1]), 101.0f);
}

TEST_F(CaseLoaderTest, GapInInputNumberingNamesTheMissingFile) {
  const fs::path dir = root_ / "c";
  WriteModel(dir, 3);
  const fs::path ds = dir / "test_data_set_0";
  WriteScalar(ds / "input_0.pb", 0);
  WriteScalar(ds / "input_2.pb", 2);
  WriteScalar(ds / "output_0.pb", 0);
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(c.status().message(), HasSubstr((ds / "input_1.pb").string()));
  EXPECT_THAT(c.status().message(), HasSubstr("missing"));
}

TEST_F(CaseLoaderTest, OutputsNotStartingAtZeroNameTheMissingFile) {
  const fs::path dir = root_ / "c";
  WriteModel(dir);
  const fs::path ds = dir / "test_data_set_0";
  WriteScalar(ds / "input_0.pb", 0);
  WriteScalar(ds / "output_1.pb", 0);
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_THAT(c.status().message(), HasSubstr((ds / "output_0.pb").string()));
}

TEST_F(CaseLoaderTest, TwoFilesWithTheSameNumberAreRefused) {
  // input_1.pb and input_01.pb are both number 1: one must not silently win.
  const fs::path dir = root_ / "c";
  WriteModel(dir, 2);
  const fs::path ds = dir / "test_data_set_0";
  WriteScalar(ds / "input_0.pb", 0);
  WriteScalar(ds / "input_1.pb", 1);
  WriteScalar(ds / "input_01.pb", 2);
  WriteScalar(ds / "output_0.pb", 0);
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok()) << "loaded " << c->data_sets[0].inputs.size() << " inputs";
  EXPECT_EQ(c.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(c.status().message(), HasSubstr("input_01.pb"));
  EXPECT_THAT(c.status().message(), HasSubstr("input_1.pb"));
}

TEST_F(CaseLoaderTest, TwoDataSetsWithTheSameNumberAreRefused) {
  const fs::path dir = root_ / "c";
  WriteCase(dir, {0, 1});
  fs::copy(dir / "test_data_set_1", dir / "test_data_set_01");
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok()) << "loaded " << c->data_sets.size() << " data sets";
  EXPECT_EQ(c.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(c.status().message(), HasSubstr("test_data_set_01"));
}

TEST_F(CaseLoaderTest, BadTensorFileNamesAreRefused) {
  const fs::path dir = root_ / "c";
  WriteCase(dir);
  WriteScalar(dir / "test_data_set_0" / "input_x.pb", 0);
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(c.status().message(), HasSubstr("input_x.pb"));
}

TEST_F(CaseLoaderTest, OtherFilesInADataSetAreIgnored) {
  const fs::path dir = root_ / "c";
  WriteCase(dir);
  std::ofstream(dir / "test_data_set_0" / "README.txt") << "notes";
  std::ofstream(dir / "notes.md") << "notes";
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->data_sets[0].inputs.size(), 1u);
}

TEST_F(CaseLoaderTest, DataSetThatIsAFileIsRefused) {
  const fs::path dir = root_ / "c";
  WriteCase(dir);
  std::ofstream(dir / "test_data_set_1") << "not a directory";
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(c.status().message(), HasSubstr((dir / "test_data_set_1").string()));
  EXPECT_THAT(c.status().message(), HasSubstr("directory"));
}

TEST_F(CaseLoaderTest, BadDataSetNameIsRefused) {
  const fs::path dir = root_ / "c";
  WriteCase(dir);
  fs::create_directories(dir / "test_data_set_one");
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_THAT(c.status().message(), HasSubstr("test_data_set_one"));
}

TEST_F(CaseLoaderTest, CaseWithoutDataSetIsRefused) {
  const fs::path dir = root_ / "c";
  WriteModel(dir);
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(c.status().message(), HasSubstr(dir.string()));
  EXPECT_THAT(c.status().message(), HasSubstr("no test_data_set_N"));
}

TEST_F(CaseLoaderTest, MissingModelIsNotFound) {
  const fs::path dir = root_ / "c";
  WriteScalar(dir / "test_data_set_0" / "input_0.pb", 0);
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(c.status().message(), HasSubstr((dir / "model.onnx").string()));
}

TEST_F(CaseLoaderTest, UnparsableModelIsDataLoss) {
  const fs::path dir = root_ / "c";
  WriteCase(dir);
  std::ofstream(dir / "model.onnx", std::ios::binary | std::ios::trunc) << "\xff\xff\xff";
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(c.status().message(), HasSubstr((dir / "model.onnx").string()));
}

TEST_F(CaseLoaderTest, UnreadableTensorNamesTheFile) {
  const fs::path dir = root_ / "c";
  WriteCase(dir, {0, 1});
  const fs::path bad = dir / "test_data_set_1" / "output_0.pb";
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
  const fs::path bad = dir / "test_data_set_0" / "input_0.pb";
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
  fs::create_directories(dir / "test_data_set_0" / "input_1.pb");
  absl::StatusOr<LoadedCase> c = LoadCase(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_THAT(c.status().message(), HasSubstr("input_1.pb"));
}

// ---------------------------------------------------------------- FindCaseDirs

TEST_F(CaseLoaderTest, IsCaseDir) {
  WriteModel(root_ / "case");
  fs::create_directories(root_ / "folder");
  fs::create_directories(root_ / "dir_model" / "model.onnx");  // a directory, not a file
  EXPECT_TRUE(IsCaseDir(root_ / "case"));
  EXPECT_FALSE(IsCaseDir(root_ / "folder"));
  EXPECT_FALSE(IsCaseDir(root_ / "dir_model"));
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
  WriteModel(root_ / "outer" / "test_data_set_0" / "inner");
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
