// CheckCaseDir and CheckCase on case folders written here: what each file
// and each layout problem (caseio/case_layout.h) is reported as.
#include "checker/case_checker.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "caseio/case_layout.h"
#include "caseio/case_loader.h"
#include "checker/checked_case.h"
#include "checker/rules.h"
#include "checker/subject.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/tensor_file.h"
#include "tensor/tensor_proto.h"
#include "testing/test_model.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::onnx_conform::testing_util::DescribeDiagnostics;
using ::onnx_conform::testing_util::Floats;
using ::onnx_conform::testing_util::TestModel;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

constexpr ElementType kF = ElementType::kFloat;
constexpr DataFileKind kIn = DataFileKind::kInput;
constexpr DataFileKind kOut = DataFileKind::kOutput;

// y = Min(a, b), all of shape [2].
TestModel Min2() {
  TestModel m(13);
  m.Input("a", kF, {2}).Input("b", kF, {2}).Output("y", kF, {2});
  m.Node("Min", {"a", "b"}, {"y"});
  return m;
}

class CaseDirTest : public testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(testing::TempDir()) / "case_checker_test" /
            testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(root_);
    dir_ = root_ / "case";
    WriteDataSet(0);
    ASSERT_TRUE(WriteProtoFile(dir_ / kModelFileName, Min2().model).ok());
  }
  void TearDown() override { fs::remove_all(root_); }

  // test_data_set_N: Min([1, 5], [3, 2]) = [1, 2].
  void WriteDataSet(int n) {
    fs::create_directories(dir_ / DataSetDirName(n));
    Write(DataFilePath(n, kIn, 0), Floats({2}, {1, 5}), "a");
    Write(DataFilePath(n, kIn, 1), Floats({2}, {3, 2}), "b");
    Write(DataFilePath(n, kOut, 0), Floats({2}, {1, 2}), "y");
  }
  void Write(const fs::path& relative, const Tensor& t, const std::string& name) {
    ASSERT_TRUE(WriteTensorFile(dir_ / relative, t, name).ok());
  }
  static void WriteRaw(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
  }
  fs::path root_, dir_;
};

TEST_F(CaseDirTest, ValidCase) {
  std::vector<Diagnostic> d = CheckCaseDir(dir_);
  EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);
}

TEST_F(CaseDirTest, UndecodableTensorFileIsNamed) {
  WriteRaw(dir_ / DataFilePath(0, kIn, 1), "\xff\xff\xff garbage");
  std::vector<Diagnostic> d = CheckCaseDir(dir_);
  ASSERT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataDecode))) << DescribeDiagnostics(d);
  EXPECT_EQ(d[0].file, (dir_ / DataFilePath(0, kIn, 1)).string());
}

TEST_F(CaseDirTest, DataLengthDisagreeingWithDims) {
  onnx::TensorProto proto = TensorToProto(Floats({2}, {1, 5}), "a");
  proto.set_raw_data(proto.raw_data().substr(0, 4));
  ASSERT_TRUE(WriteProtoFile(dir_ / DataFilePath(0, kIn, 0), proto).ok());
  std::vector<Diagnostic> d = CheckCaseDir(dir_);
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataDecode))) << DescribeDiagnostics(d);
}

// A bool tensor is decoded like any other and checked against the graph.
TEST_F(CaseDirTest, NonNumericTensorIsCheckedAgainstTheGraph) {
  onnx::TensorProto proto;
  proto.set_name("b");
  proto.set_data_type(onnx::TensorProto::BOOL);
  proto.add_dims(2);
  proto.add_int32_data(1);
  proto.add_int32_data(0);
  ASSERT_TRUE(WriteProtoFile(dir_ / DataFilePath(0, kIn, 1), proto).ok());
  std::vector<Diagnostic> d = CheckCaseDir(dir_);
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataType))) << DescribeDiagnostics(d);
}

// A data type the suite does not know may be a newer ONNX's: the case is
// unsupported, not unreadable nor invalid.
TEST_F(CaseDirTest, DataFileOfAnUnknownTypeIsUnsupported) {
  onnx::TensorProto proto;
  proto.set_name("b");
  proto.set_data_type(29);
  proto.add_dims(2);
  proto.set_raw_data("ab");
  ASSERT_TRUE(WriteProtoFile(dir_ / DataFilePath(0, kIn, 1), proto).ok());
  std::vector<Diagnostic> d = CheckCaseDir(dir_);
  ASSERT_THAT(RuleIds(d), ElementsAre(std::string(rules::kTypeUnknown))) << DescribeDiagnostics(d);
  EXPECT_THAT(d[0].message, HasSubstr("29"));
  std::shared_ptr<const CheckedCase> c = OpenCase({.dir = dir_});
  EXPECT_EQ(c->standing, CaseStanding::kUnsupported) << c->standing_message;
}

// A model with sequence values is read and checked like any other: its
// files are SequenceProto, decoded and kept; a wrong element is DATA-TYPE.
TEST_F(CaseDirTest, SequenceValuesAreReadCheckedAndKept) {
  TestModel m(16);
  m.Input("s", kF, {}).Output("t", kF, {});
  for (onnx::ValueInfoProto* value :
       {m.model.mutable_graph()->mutable_input(0), m.model.mutable_graph()->mutable_output(0)}) {
    onnx::TypeProto* element = value->mutable_type()->mutable_sequence_type()->mutable_elem_type();
    element->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
    element->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(2);
  }
  m.Node("Identity", {"s"}, {"t"});
  ASSERT_TRUE(WriteProtoFile(dir_ / kModelFileName, m.model).ok());
  fs::remove(dir_ / DataFilePath(0, kIn, 1));
  const Tensor sequence = Tensor::Sequence({Floats({2}, {1, 5}), Floats({2}, {3, 2})});
  Write(DataFilePath(0, kIn, 0), sequence, "s");
  Write(DataFilePath(0, kOut, 0), sequence, "t");
  std::vector<Diagnostic> d = CheckCaseDir(dir_);
  EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);
  // A lone Identity covers no operator of the suite's; sequences are no reason.
  std::shared_ptr<const CheckedCase> c = OpenCase({.dir = dir_}, {}, OpenDepth::kEveryFile);
  EXPECT_THAT(c->standing_message, Not(HasSubstr("sequence")));
  m.model.mutable_graph()->mutable_node(0)->set_op_type("SequenceInsert");
  EXPECT_EQ(OutOfScopeReason(m.model), std::nullopt);
  ASSERT_EQ(c->data_sets.size(), 1u);
  EXPECT_TRUE(c->data_sets[0].decoded);
  ASSERT_EQ(c->data_sets[0].inputs.size(), 1u);
  EXPECT_TRUE(IdenticalValues(c->data_sets[0].inputs[0], sequence));
  EXPECT_TRUE(IdenticalValues(c->data_sets[0].outputs[0], sequence));

  Write(DataFilePath(0, kOut, 0),
        Tensor::Sequence({Floats({2}, {1, 5}), Tensor::FromValues<int64_t>({3}, {3, 2, 1})}), "t");
  d = CheckCaseDir(dir_);
  EXPECT_THAT(RuleIds(d),
              ElementsAre(std::string(rules::kDataType), std::string(rules::kDataShape)))
      << DescribeDiagnostics(d);
  EXPECT_THAT(DescribeDiagnostics(d), HasSubstr("element 1 of the sequence"));

  // A tensor file where the graph declares a sequence cannot be read as one.
  Write(DataFilePath(0, kOut, 0), Floats({2}, {1, 5}), "t");
  d = CheckCaseDir(dir_);
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataDecode))) << DescribeDiagnostics(d);
}

TEST_F(CaseDirTest, GapInFileNumbering) {
  fs::rename(dir_ / DataFilePath(0, kIn, 1), dir_ / DataFilePath(0, kIn, 2));
  std::vector<Diagnostic> d = CheckCaseDir(dir_);
  // Only the gap: files no longer match graph inputs by position.
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataFileNames)))
      << DescribeDiagnostics(d);
}

TEST_F(CaseDirTest, NoDataSet) {
  fs::remove_all(dir_ / DataSetDirName(0));
  std::vector<Diagnostic> d = CheckCaseDir(dir_);
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataSetMissing)))
      << DescribeDiagnostics(d);
}

TEST_F(CaseDirTest, UnreadableModelStillChecksTheData) {
  WriteRaw(dir_ / kModelFileName, "not a model \xff\xff");
  WriteRaw(dir_ / DataFilePath(0, kOut, 0), "\xff\xff");
  std::vector<Diagnostic> d = CheckCaseDir(dir_);
  EXPECT_THAT(RuleIds(d),
              ElementsAre(std::string(rules::kModelRead), std::string(rules::kDataDecode)))
      << DescribeDiagnostics(d);
  EXPECT_THAT(CheckModelFile(dir_ / kModelFileName), testing::SizeIs(1));
  EXPECT_EQ(CheckModelFile(dir_ / "missing.onnx").at(0).rule, rules::kModelRead);
}

// Each kind of layout problem, alone in an otherwise valid case, is one
// finding under its rule, naming the file.
TEST_F(CaseDirTest, EachLayoutProblemIsAFindingUnderItsRule) {
  struct Broken {
    const char* what;
    std::function<void(const fs::path& dir, const fs::path& outside)> make;
    absl::string_view rule;
    std::string file;  // relative to the case; empty: the case folder
    std::string says;
  };
  const std::vector<Broken> kinds = {
      {"no model", [](const fs::path& d, const fs::path&) { fs::remove(d / kModelFileName); },
       rules::kModelRead, std::string(kModelFileName), "no such file"},
      {"no data set",
       [](const fs::path& d, const fs::path&) { fs::remove_all(d / DataSetDirName(0)); },
       rules::kDataSetMissing, "", "no test_data_set_N directory"},
      {"bad data set name",
       [](const fs::path& d, const fs::path&) { fs::create_directory(d / "test_data_set_x"); },
       rules::kDataFileNames, "test_data_set_x", "not a data set name"},
      {"data set that is a file",
       [](const fs::path& d, const fs::path&) { WriteRaw(d / DataSetDirName(1), "x"); },
       rules::kDataFileNames, DataSetDirName(1), "a data set must be a directory"},
      {"two data sets for one N",
       [](const fs::path& d, const fs::path&) {
         fs::copy(d / DataSetDirName(0), d / "test_data_set_00");
       },
       rules::kDataFileNames, "", "are both test_data_set_0"},
      {"data set outside the case",
       [](const fs::path& d, const fs::path& outside) {
         fs::copy(d / DataSetDirName(0), outside);
         fs::create_directory_symlink(outside, d / DataSetDirName(1));
       },
       rules::kDataDecode, DataSetDirName(1), "only inside the case folder"},
      {"gap",
       [](const fs::path& d, const fs::path&) {
         fs::rename(d / DataFilePath(0, kOut, 0), d / DataFilePath(0, kOut, 1));
       },
       rules::kDataFileNames, DataFilePath(0, kOut, 0), "missing (found output_1.pb"},
      {"two files for one K",
       [](const fs::path& d, const fs::path&) {
         fs::copy(d / DataFilePath(0, kIn, 1), d / DataSetDirName(0) / "input_01.pb");
       },
       rules::kDataFileNames, DataSetDirName(0), "are both input_1.pb"},
      {"bad data file name",
       [](const fs::path& d, const fs::path&) {
         fs::copy(d / DataFilePath(0, kIn, 1), d / DataSetDirName(0) / "input_b.pb");
       },
       rules::kDataFileNames, DataSetDirName(0) + "/input_b.pb", "not a tensor file name"},
  };
  for (const Broken& broken : kinds) {
    SCOPED_TRACE(broken.what);
    fs::remove_all(root_);
    SetUp();
    const fs::path outside = root_ / "outside";
    broken.make(dir_, outside);
    const std::vector<Diagnostic> d = CheckCaseDir(dir_);
    ASSERT_THAT(RuleIds(d), ElementsAre(std::string(broken.rule))) << DescribeDiagnostics(d);
    EXPECT_EQ(d[0].file, (broken.file.empty() ? dir_ : dir_ / broken.file).string());
    EXPECT_THAT(d[0].message, HasSubstr(broken.says));
  }
}

TEST_F(CaseDirTest, ALayoutProblemSkipsOnlyItsOwnDataSet) {
  WriteDataSet(1);
  Write(DataFilePath(0, kIn, 1), Floats({3}, {3, 2, 1}), "b");  // DATA-SHAPE
  fs::rename(dir_ / DataFilePath(1, kIn, 1), dir_ / DataFilePath(1, kIn, 2));
  std::vector<Diagnostic> d = CheckCaseDir(dir_);
  EXPECT_THAT(RuleIds(d),
              ElementsAre(std::string(rules::kDataShape), std::string(rules::kDataFileNames)))
      << DescribeDiagnostics(d);
}

TEST_F(CaseDirTest, OpenCaseGivesTheModelItReadAndTheData) {
  std::shared_ptr<const CheckedCase> c = OpenCase({.dir = dir_});
  EXPECT_THAT(c->diagnostics, IsEmpty()) << DescribeDiagnostics(c->diagnostics);
  ASSERT_TRUE(c->model.has_value());
  EXPECT_EQ(c->model->graph().node(0).op_type(), "Min");
  EXPECT_EQ(c->standing, CaseStanding::kRunnable) << c->standing_message;
  ASSERT_TRUE(c->graph.has_value());
  EXPECT_EQ(c->graph->nodes[0].schema().Name(), "Min-13");
  ASSERT_EQ(c->data_sets.size(), 1u);
  EXPECT_EQ(c->data_sets[0].inputs.size(), 2u);

  WriteRaw(dir_ / kModelFileName, "not a model \xff\xff");
  c = OpenCase({.dir = dir_});
  EXPECT_FALSE(c->model.has_value());
  EXPECT_EQ(c->standing, CaseStanding::kUnreadable);
  EXPECT_THAT(RuleIds(c->diagnostics), ElementsAre(std::string(rules::kModelRead)));
}

// A model.onnx that is no regular file is a case all the same: found,
// and read as a MODEL-READ finding, never dropped.
TEST_F(CaseDirTest, AModelThatIsAFifoAFolderOrADanglingLinkIsAFinding) {
  const fs::path model = dir_ / kModelFileName;
  for (const char* kind : {"fifo", "folder", "dangling link"}) {
    fs::remove_all(model);
    if (std::string(kind) == "fifo") {
      ASSERT_EQ(mkfifo(model.c_str(), 0600), 0);
    } else if (std::string(kind) == "folder") {
      fs::create_directory(model);
    } else {
      fs::create_symlink(dir_ / "nowhere.onnx", model);
    }
    absl::StatusOr<std::vector<fs::path>> found = FindCaseDirs(dir_.parent_path());
    ASSERT_TRUE(found.ok()) << found.status();
    EXPECT_THAT(*found, ::testing::Contains(dir_)) << kind;
    const std::vector<Diagnostic> d = CheckCaseDir(dir_);
    EXPECT_THAT(RuleIds(d), ::testing::Contains(std::string(rules::kModelRead)))
        << kind << ": " << DescribeDiagnostics(d);
    EXPECT_EQ(OpenCase({.dir = dir_})->standing, CaseStanding::kUnreadable) << kind;
  }
}

// ONNX 1.8 to 1.18 wrote bfloat16 data as uint16 tensors, and 1.10 to 1.14
// declared CastLike's `like` [3,4] for data of shape [1]: valid tests, read
// with a warning and repaired (checker/data_repairs.h).
TEST_F(CaseDirTest, GeneratorDefectsOfValidTestsAreRepairedWithAWarning) {
  TestModel m(15);
  m.Input("input", kF, {2}).Input("like", ElementType::kBFloat16, {3, 4});
  m.Output("output", ElementType::kBFloat16, {2});
  m.Node("CastLike", {"input", "like"}, {"output"});
  ASSERT_TRUE(WriteProtoFile(dir_ / kModelFileName, m.model).ok());
  fs::remove(dir_ / DataFilePath(0, kIn, 1));
  Write(DataFilePath(0, kIn, 0), Floats({2}, {1, -2}), "input");
  Write(DataFilePath(0, kIn, 1), Tensor::FromValues<uint16_t>({1}, {0x3f80}), "like");
  Write(DataFilePath(0, kOut, 0), Tensor::FromValues<uint16_t>({2}, {0x3f80, 0xc000}), "output");

  std::shared_ptr<const CheckedCase> c = OpenCase({.dir = dir_});
  EXPECT_FALSE(HasErrors(c->diagnostics)) << DescribeDiagnostics(c->diagnostics);
  EXPECT_THAT(RuleIds(c->diagnostics), ElementsAre(std::string(rules::kDataBfloat16AsUint16),
                                                   std::string(rules::kDataShapeTypeOnly)))
      << DescribeDiagnostics(c->diagnostics);
  EXPECT_EQ(c->diagnostics.size(), 3u);  // like's type and shape, the output's type
  EXPECT_EQ(c->standing, CaseStanding::kRunnable) << c->standing_message;
  EXPECT_TRUE(c->repaired);
  ASSERT_EQ(c->data_sets.size(), 1u);
  ASSERT_EQ(c->data_sets[0].outputs.size(), 1u);
  const Tensor& output = c->data_sets[0].outputs[0];
  EXPECT_EQ(output.type(), ElementType::kBFloat16);
  EXPECT_EQ(output.data<BFloat16>()[1].bits(), 0xc000);  // -2, bit for bit
  EXPECT_FALSE(c->model->graph().input(1).type().tensor_type().has_shape());

  // Where the value is read (Add's input), the same shape is invalid data.
  m.model.mutable_graph()->mutable_node(0)->set_op_type("Add");
  onnx::TypeProto::Tensor& like =
      *m.model.mutable_graph()->mutable_input(1)->mutable_type()->mutable_tensor_type();
  like.set_elem_type(onnx::TensorProto::FLOAT);
  like.mutable_shape()->mutable_dim(0)->set_dim_value(2);
  like.mutable_shape()->mutable_dim()->RemoveLast();
  m.model.mutable_graph()->mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
      onnx::TensorProto::FLOAT);
  ASSERT_TRUE(WriteProtoFile(dir_ / kModelFileName, m.model).ok());
  Write(DataFilePath(0, kIn, 1), Floats({1}, {1}), "like");
  c = OpenCase({.dir = dir_});
  EXPECT_THAT(RuleIds(c->diagnostics), testing::Contains(std::string(rules::kDataShape)))
      << DescribeDiagnostics(c->diagnostics);
  EXPECT_FALSE(c->repaired);
}

}  // namespace
}  // namespace onnx_conform
