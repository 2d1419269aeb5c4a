// Tests of the node-test layout's names and of ListCase on case folders
// built in a temporary folder. The folders are spelled out literally here,
// so that a wrong name in case_layout.cc cannot agree with itself.
#include "caseio/case_layout.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/caseio_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// ---------------------------------------------------------------- names

TEST(CaseLayoutNamesTest, WritersNames) {
  EXPECT_EQ(kModelFileName, "model.onnx");
  EXPECT_EQ(kCaseMetadataFileName, "case.json");
  EXPECT_EQ(DataSetDirName(0), "test_data_set_0");
  EXPECT_EQ(DataSetDirName(12), "test_data_set_12");
  EXPECT_EQ(InputFileName(0), "input_0.pb");
  EXPECT_EQ(InputFileName(10), "input_10.pb");
  EXPECT_EQ(OutputFileName(3), "output_3.pb");
  EXPECT_EQ(DataFileName(DataFileKind::kOutput, 1), "output_1.pb");
  EXPECT_EQ(DataFilePath(0, DataFileKind::kInput, 1), "test_data_set_0/input_1.pb");
  EXPECT_EQ(DataFilePath(2, DataFileKind::kOutput, 0), "test_data_set_2/output_0.pb");
}

TEST(CaseLayoutNamesTest, ParsesOnlyPlainDecimalNumbers) {
  EXPECT_EQ(ParseDataSetDirName("test_data_set_0"), 0);
  EXPECT_EQ(ParseDataSetDirName("test_data_set_10"), 10);
  EXPECT_EQ(ParseDataSetDirName("test_data_set_007"), 7);
  EXPECT_EQ(ParseDataSetDirName("test_data_set_123456789"), 123456789);
  for (const char* bad :
       {"test_data_set_", "test_data_set_x", "test_data_set_-1", "test_data_set_+1",
        "test_data_set_ 1", "test_data_set_1 ", "test_data_set_1234567890", "test_data_set",
        "data_set_1", "Test_data_set_1"}) {
    EXPECT_EQ(ParseDataSetDirName(bad), std::nullopt) << bad;
  }
  EXPECT_EQ(ParseDataFileName(DataFileKind::kInput, "input_0.pb"), 0);
  EXPECT_EQ(ParseDataFileName(DataFileKind::kInput, "input_11.pb"), 11);
  EXPECT_EQ(ParseDataFileName(DataFileKind::kOutput, "output_2.pb"), 2);
  EXPECT_EQ(ParseDataFileName(DataFileKind::kOutput, "input_2.pb"), std::nullopt);
  EXPECT_EQ(ParseDataFileName(DataFileKind::kInput, "output_2.pb"), std::nullopt);
  for (const char* bad : {"input_.pb", "input_x.pb", "input_1", "input_1.pb.bak", "input_1.onnx",
                          "input_-1.pb", "input_1234567890.pb", "input_1.PB"}) {
    EXPECT_EQ(ParseDataFileName(DataFileKind::kInput, bad), std::nullopt) << bad;
  }
}

TEST(CaseLayoutNamesTest, NamesParseBack) {
  for (int64_t n : {0, 1, 9, 10, 99, 123456789}) {
    EXPECT_EQ(ParseDataSetDirName(DataSetDirName(n)), n);
    EXPECT_EQ(ParseDataFileName(DataFileKind::kInput, InputFileName(n)), n);
    EXPECT_EQ(ParseDataFileName(DataFileKind::kOutput, OutputFileName(n)), n);
  }
}

// ---------------------------------------------------------------- ListCase

class ListCaseTest : public CaseFolderTest {
 protected:
  // Empty files: listing never reads them.
  static void Touch(const fs::path& file) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << "";
  }
  // model.onnx and test_data_set_0/ with input_0.pb and output_0.pb.
  static void WriteMinimalCase(const fs::path& dir) {
    Touch(dir / "model.onnx");
    Touch(dir / "test_data_set_0" / "input_0.pb");
    Touch(dir / "test_data_set_0" / "output_0.pb");
  }
  static std::vector<LayoutProblemKind> KindsOf(const std::vector<LayoutProblem>& problems) {
    std::vector<LayoutProblemKind> kinds;
    for (const LayoutProblem& p : problems) kinds.push_back(p.kind);
    return kinds;
  }
};

TEST_F(ListCaseTest, ACompleteCase) {
  const fs::path dir = root_ / "c";
  Touch(dir / "model.onnx");
  Touch(dir / "test_data_set_0" / "input_0.pb");
  Touch(dir / "test_data_set_0" / "input_1.pb");
  Touch(dir / "test_data_set_0" / "output_0.pb");
  const CaseLayout layout = ListCase(dir);
  EXPECT_TRUE(LayoutOk(layout));
  EXPECT_EQ(layout.dir, dir);
  EXPECT_EQ(layout.model_file, dir / "model.onnx");
  EXPECT_THAT(layout.problems, IsEmpty());
  ASSERT_EQ(layout.data_sets.size(), 1u);
  const DataSetLayout& ds = layout.data_sets[0];
  EXPECT_EQ(ds.number, 0);
  EXPECT_EQ(ds.dir, dir / "test_data_set_0");
  EXPECT_THAT(ds.input_files, ElementsAre(ds.dir / "input_0.pb", ds.dir / "input_1.pb"));
  EXPECT_THAT(ds.output_files, ElementsAre(ds.dir / "output_0.pb"));
  EXPECT_THAT(ds.problems, IsEmpty());
}

TEST_F(ListCaseTest, DataSetsInNumericOrder) {
  const fs::path dir = root_ / "c";
  Touch(dir / "model.onnx");
  for (int n : {10, 2, 0, 1, 9, 3, 4, 5, 6, 7, 8, 11}) {
    Touch(dir / ("test_data_set_" + std::to_string(n)) / "input_0.pb");
  }
  const CaseLayout layout = ListCase(dir);
  EXPECT_TRUE(LayoutOk(layout));
  ASSERT_EQ(layout.data_sets.size(), 12u);
  for (int n = 0; n < 12; ++n) {
    EXPECT_EQ(layout.data_sets[n].number, n);
    EXPECT_EQ(layout.data_sets[n].dir.filename(), "test_data_set_" + std::to_string(n));
  }
}

TEST_F(ListCaseTest, DataSetNumbersMayHaveGaps) {
  // Only the data files must be numbered without gaps; data sets are just
  // ordered (ONNX's own runner globs them).
  const fs::path dir = root_ / "c";
  Touch(dir / "model.onnx");
  Touch(dir / "test_data_set_10" / "input_0.pb");
  Touch(dir / "test_data_set_2" / "input_0.pb");
  const CaseLayout layout = ListCase(dir);
  EXPECT_TRUE(LayoutOk(layout));
  ASSERT_EQ(layout.data_sets.size(), 2u);
  EXPECT_EQ(layout.data_sets[0].number, 2);
  EXPECT_EQ(layout.data_sets[1].number, 10);
}

TEST_F(ListCaseTest, DataFilesInNumericOrder) {
  const fs::path dir = root_ / "c";
  Touch(dir / "model.onnx");
  const fs::path ds = dir / "test_data_set_0";
  for (int k : {10, 2, 0, 11, 1, 3, 4, 5, 6, 7, 8, 9}) {
    Touch(ds / ("input_" + std::to_string(k) + ".pb"));
  }
  Touch(ds / "output_1.pb");
  Touch(ds / "output_0.pb");
  const CaseLayout layout = ListCase(dir);
  EXPECT_TRUE(LayoutOk(layout));
  ASSERT_EQ(layout.data_sets.size(), 1u);
  const DataSetLayout& listed = layout.data_sets[0];
  ASSERT_EQ(listed.input_files.size(), 12u);
  for (int k = 0; k < 12; ++k) {
    EXPECT_EQ(listed.input_files[k], ds / ("input_" + std::to_string(k) + ".pb"));
  }
  EXPECT_THAT(listed.output_files, ElementsAre(ds / "output_0.pb", ds / "output_1.pb"));
}

TEST_F(ListCaseTest, OtherNamesAreIgnored) {
  const fs::path dir = root_ / "c";
  WriteMinimalCase(dir);
  Touch(dir / "case.json");
  Touch(dir / "notes.md");
  Touch(dir / "test_data_set_0" / "README.txt");
  Touch(dir / "test_data_set_0" / "y.bin");  // external data
  fs::create_directories(dir / "data_set_1");
  const CaseLayout layout = ListCase(dir);
  EXPECT_TRUE(LayoutOk(layout));
  ASSERT_EQ(layout.data_sets.size(), 1u);
  EXPECT_EQ(layout.data_sets[0].input_files.size(), 1u);
  EXPECT_EQ(layout.data_sets[0].output_files.size(), 1u);
}

TEST_F(ListCaseTest, NoModel) {
  const fs::path dir = root_ / "c";
  Touch(dir / "test_data_set_0" / "input_0.pb");
  const CaseLayout layout = ListCase(dir);
  EXPECT_FALSE(LayoutOk(layout));
  ASSERT_EQ(layout.problems.size(), 1u);
  EXPECT_EQ(layout.problems[0].kind, LayoutProblemKind::kNoModel);
  EXPECT_EQ(layout.problems[0].file, dir / "model.onnx");
  EXPECT_EQ(layout.problems[0].message, "no such file");
  EXPECT_EQ(layout.data_sets.size(), 1u);  // listed all the same
}

TEST_F(ListCaseTest, AModelThatIsNoFileIsTheReadersMatter) {
  const fs::path dir = root_ / "c";
  WriteMinimalCase(dir);
  fs::remove(dir / "model.onnx");
  fs::create_symlink(root_ / "absent", dir / "model.onnx");  // dangling
  EXPECT_TRUE(LayoutOk(ListCase(dir)));
}

TEST_F(ListCaseTest, NoDataSet) {
  const fs::path dir = root_ / "c";
  Touch(dir / "model.onnx");
  const CaseLayout layout = ListCase(dir);
  ASSERT_THAT(KindsOf(layout.problems), ElementsAre(LayoutProblemKind::kNoDataSet));
  EXPECT_EQ(layout.problems[0].file, dir);
  EXPECT_THAT(layout.problems[0].message, HasSubstr("no test_data_set_N directory"));
  EXPECT_THAT(layout.data_sets, IsEmpty());
}

TEST_F(ListCaseTest, BadDataSetName) {
  const fs::path dir = root_ / "c";
  WriteMinimalCase(dir);
  fs::create_directories(dir / "test_data_set_one");
  const CaseLayout layout = ListCase(dir);
  ASSERT_THAT(KindsOf(layout.problems), ElementsAre(LayoutProblemKind::kDataSetName));
  EXPECT_EQ(layout.problems[0].file, dir / "test_data_set_one");
  EXPECT_THAT(layout.problems[0].message, HasSubstr("test_data_set_N"));
  EXPECT_EQ(layout.data_sets.size(), 1u);
}

TEST_F(ListCaseTest, DataSetThatIsAFileOrALinkLoop) {
  const fs::path dir = root_ / "c";
  WriteMinimalCase(dir);
  Touch(dir / "test_data_set_1");
  fs::create_directory_symlink("test_data_set_2", dir / "test_data_set_2");
  const CaseLayout layout = ListCase(dir);
  ASSERT_THAT(KindsOf(layout.problems), ElementsAre(LayoutProblemKind::kDataSetNotADirectory,
                                                    LayoutProblemKind::kDataSetNotADirectory));
  std::vector<fs::path> files = {layout.problems[0].file, layout.problems[1].file};
  std::sort(files.begin(), files.end());
  EXPECT_THAT(files, ElementsAre(dir / "test_data_set_1", dir / "test_data_set_2"));
  EXPECT_EQ(layout.problems[0].message, "a data set must be a directory");
  EXPECT_EQ(layout.data_sets.size(), 1u);
}

TEST_F(ListCaseTest, TwoDataSetsWithOneNumber) {
  const fs::path dir = root_ / "c";
  WriteMinimalCase(dir);
  Touch(dir / "test_data_set_1" / "input_0.pb");
  Touch(dir / "test_data_set_01" / "input_0.pb");
  const CaseLayout layout = ListCase(dir);
  ASSERT_THAT(KindsOf(layout.problems), ElementsAre(LayoutProblemKind::kDuplicateNumber));
  EXPECT_EQ(layout.problems[0].file, dir);
  EXPECT_THAT(layout.problems[0].message, HasSubstr("test_data_set_01"));
  EXPECT_THAT(layout.problems[0].message, HasSubstr("are both test_data_set_1"));
  EXPECT_EQ(layout.data_sets.size(), 2u);
}

TEST_F(ListCaseTest, DataSetLinkedFromOutsideTheCase) {
  const fs::path dir = root_ / "c";
  WriteMinimalCase(dir);
  Touch(root_ / "elsewhere" / "input_0.pb");
  fs::create_directory_symlink(root_ / "elsewhere", dir / "test_data_set_1");
  const CaseLayout layout = ListCase(dir);
  EXPECT_THAT(layout.problems, IsEmpty());
  ASSERT_EQ(layout.data_sets.size(), 2u);
  const DataSetLayout& linked = layout.data_sets[1];
  ASSERT_THAT(KindsOf(linked.problems), ElementsAre(LayoutProblemKind::kDataSetOutsideCase));
  EXPECT_EQ(linked.problems[0].file, dir / "test_data_set_1");
  EXPECT_THAT(linked.problems[0].message, HasSubstr("outside"));
  EXPECT_THAT(linked.input_files, IsEmpty());  // nothing listed there
  EXPECT_FALSE(LayoutOk(layout));
}

TEST_F(ListCaseTest, DataSetLinkedInsideTheCaseIsListed) {
  const fs::path dir = root_ / "c";
  WriteMinimalCase(dir);
  fs::create_directory_symlink("test_data_set_0", dir / "test_data_set_1");
  const CaseLayout layout = ListCase(dir);
  EXPECT_TRUE(LayoutOk(layout));
  ASSERT_EQ(layout.data_sets.size(), 2u);
  EXPECT_THAT(layout.data_sets[1].input_files, ElementsAre(dir / "test_data_set_1" / "input_0.pb"));
}

TEST_F(ListCaseTest, GapInInputNumbering) {
  const fs::path dir = root_ / "c";
  WriteMinimalCase(dir);
  const fs::path ds = dir / "test_data_set_0";
  Touch(ds / "input_2.pb");
  Touch(ds / "input_3.pb");
  const CaseLayout layout = ListCase(dir);
  EXPECT_FALSE(LayoutOk(layout));
  const DataSetLayout& listed = layout.data_sets[0];
  ASSERT_THAT(KindsOf(listed.problems), ElementsAre(LayoutProblemKind::kNumberingGap));
  EXPECT_EQ(listed.problems[0].file, ds / "input_1.pb");
  EXPECT_THAT(listed.problems[0].message, HasSubstr("missing (found input_2.pb"));
  EXPECT_THAT(listed.input_files, ElementsAre(ds / "input_0.pb"));  // up to the gap
  EXPECT_THAT(listed.output_files, ElementsAre(ds / "output_0.pb"));
}

TEST_F(ListCaseTest, OutputsNotStartingAtZero) {
  const fs::path dir = root_ / "c";
  Touch(dir / "model.onnx");
  const fs::path ds = dir / "test_data_set_0";
  Touch(ds / "input_0.pb");
  Touch(ds / "output_1.pb");
  const DataSetLayout listed = ListCase(dir).data_sets.at(0);
  ASSERT_THAT(KindsOf(listed.problems), ElementsAre(LayoutProblemKind::kNumberingGap));
  EXPECT_EQ(listed.problems[0].file, ds / "output_0.pb");
  EXPECT_THAT(listed.output_files, IsEmpty());
}

TEST_F(ListCaseTest, TwoDataFilesWithOneNumber) {
  const fs::path dir = root_ / "c";
  WriteMinimalCase(dir);
  const fs::path ds = dir / "test_data_set_0";
  Touch(ds / "input_1.pb");
  Touch(ds / "input_01.pb");
  const DataSetLayout listed = ListCase(dir).data_sets.at(0);
  ASSERT_THAT(KindsOf(listed.problems), ElementsAre(LayoutProblemKind::kDuplicateNumber));
  EXPECT_EQ(listed.problems[0].file, ds);
  EXPECT_THAT(listed.problems[0].message, HasSubstr("are both input_1.pb"));
  EXPECT_EQ(listed.input_files.size(), 2u);
}

TEST_F(ListCaseTest, NamesThatStartLikeDataFiles) {
  const fs::path dir = root_ / "c";
  WriteMinimalCase(dir);
  const fs::path ds = dir / "test_data_set_0";
  Touch(ds / "input_x.pb");
  const DataSetLayout listed = ListCase(dir).data_sets.at(0);
  ASSERT_THAT(KindsOf(listed.problems), ElementsAre(LayoutProblemKind::kDataFileName));
  EXPECT_EQ(listed.problems[0].file, ds / "input_x.pb");
  EXPECT_EQ(listed.problems[0].message, "not a tensor file name of the form input_K.pb");
  EXPECT_THAT(listed.input_files, ElementsAre(ds / "input_0.pb"));
}

TEST_F(ListCaseTest, InputProblemsComeBeforeOutputProblems) {
  // Whatever order the folder lists them in: the loader reports the first.
  const fs::path dir = root_ / "c";
  Touch(dir / "model.onnx");
  const fs::path ds = dir / "test_data_set_0";
  Touch(ds / "output_x.pb");
  Touch(ds / "output_2.pb");
  Touch(ds / "input_y.pb");
  Touch(ds / "input_1.pb");
  const DataSetLayout listed = ListCase(dir).data_sets.at(0);
  ASSERT_THAT(KindsOf(listed.problems),
              ElementsAre(LayoutProblemKind::kDataFileName, LayoutProblemKind::kNumberingGap,
                          LayoutProblemKind::kDataFileName, LayoutProblemKind::kNumberingGap));
  EXPECT_EQ(listed.problems[0].file, ds / "input_y.pb");
  EXPECT_EQ(listed.problems[1].file, ds / "input_0.pb");
  EXPECT_EQ(listed.problems[2].file, ds / "output_x.pb");
  EXPECT_EQ(listed.problems[3].file, ds / "output_0.pb");
}

TEST_F(ListCaseTest, AFolderThatCannotBeListed) {
  const fs::path dir = root_ / "absent";
  const CaseLayout layout = ListCase(dir);
  ASSERT_THAT(KindsOf(layout.problems),
              ElementsAre(LayoutProblemKind::kNoModel, LayoutProblemKind::kUnreadable,
                          LayoutProblemKind::kNoDataSet));
  EXPECT_EQ(layout.problems[1].file, dir);
  EXPECT_THAT(layout.problems[1].message, HasSubstr("cannot list: "));
}

TEST_F(ListCaseTest, ProblemsAsStatusesNameTheFile) {
  const fs::path file = root_ / "c" / "test_data_set_0" / "input_1.pb";
  const absl::Status gap = LayoutProblemStatus({LayoutProblemKind::kNumberingGap, file, "missing"});
  EXPECT_EQ(gap.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(gap.message(), file.string() + ": missing");
  EXPECT_EQ(LayoutProblemStatus({LayoutProblemKind::kNoModel, file, ""}).code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(LayoutProblemStatus({LayoutProblemKind::kUnreadable, file, ""}).code(),
            absl::StatusCode::kDataLoss);
  EXPECT_EQ(LayoutProblemStatus({LayoutProblemKind::kDataSetOutsideCase, file, ""}).code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace onnx_conform
