// Tests of reading a case folder's files: case.json through its own
// reader, model.onnx and the data files through tensor/tensor_file.h's
// readers, always confined to the case folder.
#include "caseio/case_files.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "caseio/case_layout.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/resource_limits.h"
#include "testing/case_metadata_test_data.h"
#include "testing/caseio_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// ---------------------------------------------------------------- model and data files

class ReadCaseFilesTest : public CaseFolderTest {
 protected:
  void SetUp() override {
    CaseFolderTest::SetUp();
    dir_ = root_ / "case";
    outside_ = root_ / "outside";
    WriteCase(dir_);
  }
  fs::path dir_, outside_;
};

TEST_F(ReadCaseFilesTest, ReadsTheCasesFiles) {
  absl::StatusOr<onnx::ModelProto> model = ReadCaseModel(dir_);
  ASSERT_TRUE(model.ok()) << model.status();
  EXPECT_EQ(model->graph().node(0).op_type(), "Min");
  const fs::path input = dir_ / DataFilePath(0, DataFileKind::kInput, 0);
  absl::StatusOr<onnx::TensorProto> proto = ReadCaseTensorProto(dir_, input);
  ASSERT_TRUE(proto.ok()) << proto.status();
  EXPECT_EQ(proto->data_type(), onnx::TensorProto::FLOAT);
  absl::StatusOr<TensorFile> tensor = ReadCaseTensorFile(dir_, input);
  ASSERT_TRUE(tensor.ok()) << tensor.status();
  EXPECT_EQ(ScalarOf(tensor->tensor), 0.0f);
}

TEST_F(ReadCaseFilesTest, AMissingModelIsNotFound) {
  fs::remove(dir_ / kModelFileName);
  absl::StatusOr<onnx::ModelProto> model = ReadCaseModel(dir_);
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(model.status().message(), HasSubstr((dir_ / kModelFileName).string()));
}

TEST_F(ReadCaseFilesTest, FilesLinkedFromOutsideTheCaseAreRefused) {
  // Valid files, read fine from where they are: refused through the case.
  WriteModel(outside_);
  WriteScalar(outside_ / "x.pb", 7);
  fs::remove(dir_ / kModelFileName);
  fs::create_symlink(outside_ / kModelFileName, dir_ / kModelFileName);
  const fs::path input = dir_ / DataFilePath(0, DataFileKind::kInput, 0);
  fs::remove(input);
  fs::create_symlink(outside_ / "x.pb", input);

  absl::StatusOr<onnx::ModelProto> model = ReadCaseModel(dir_);
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(model.status().message(), HasSubstr("only inside the case folder"));
  for (const absl::Status& status :
       {ReadCaseTensorProto(dir_, input).status(), ReadCaseTensorFile(dir_, input).status()}) {
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << status;
    EXPECT_THAT(status.message(), HasSubstr(input.string()));
    EXPECT_THAT(status.message(), HasSubstr("only inside the case folder"));
  }
}

TEST_F(ReadCaseFilesTest, ReadsAreChargedToTheCaseBudget) {
  ScopedResourceBudget budget(ResourceLimits{.max_case_bytes = 8});
  absl::StatusOr<onnx::ModelProto> model = ReadCaseModel(dir_);
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.status().code(), absl::StatusCode::kResourceExhausted) << model.status();
}

// ---------------------------------------------------------------- case.json

class ReadCaseMetadataTest : public CaseFolderTest {
 protected:
  void SetUp() override {
    CaseFolderTest::SetUp();
    dir_ = root_ / "case";
    outside_ = root_ / "outside";
    fs::create_directories(dir_);
    fs::create_directories(outside_);
  }
  static void Write(const fs::path& dir, const std::string& name, const std::string& text) {
    std::ofstream(dir / name, std::ios::binary) << text;
  }
  fs::path dir_, outside_;
};

TEST_F(ReadCaseMetadataTest, ReadGivesNulloptWithoutCaseJson) {
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir_);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_FALSE(m->has_value());
}

TEST_F(ReadCaseMetadataTest, ReadParsesCaseJson) {
  Write(dir_, "case.json", testing::kValidCaseJson);
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir_);
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_TRUE(m->has_value());
  EXPECT_EQ((*m)->operator_(), "ArgMin");
}

TEST_F(ReadCaseMetadataTest, ReadNamesTheMalformedFile) {
  Write(dir_, "case.json", "{\"operator\": ");
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir_);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(m.status().message().find((dir_ / "case.json").string()), absl::string_view::npos)
      << m.status();
}

TEST_F(ReadCaseMetadataTest, ReadRejectsADirectoryNamedCaseJson) {
  fs::create_directory(dir_ / "case.json");
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir_);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("case.json"), absl::string_view::npos);
}

TEST_F(ReadCaseMetadataTest, InconsistentMetadataIsInvalidArgument) {
  Write(dir_, "case.json",
        R"({"operator": "Min", "version": 8, "expectation": "invalid", "semantics": "spec"})");
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir_);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST_F(ReadCaseMetadataTest, ReadRefusesASymbolicLinkToAFileOutsideTheCase) {
  // A valid case.json, and a file that is no JSON, both outside the case:
  // neither is read, and nothing of the second reaches the message.
  Write(outside_, "valid.json", testing::kValidCaseJson);
  Write(outside_, "passwd", "root:x:0:0:root:/root:/bin/bash\n");
  for (const char* target : {"valid.json", "passwd"}) {
    fs::remove(dir_ / "case.json");
    fs::create_symlink(outside_ / target, dir_ / "case.json");
    absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir_);
    ASSERT_FALSE(m.ok()) << target;
    EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument) << m.status();
    EXPECT_NE(m.status().message().find("symbolic link"), absl::string_view::npos) << m.status();
    EXPECT_EQ(m.status().message().find("root:"), absl::string_view::npos) << m.status();
  }
}

TEST_F(ReadCaseMetadataTest, ParseErrorsNeverQuoteTheFile) {
  for (const char* text : {"SECRET-1 not json", R"({"operator": "SECRET-2)", R"({"SECRET-3": 1})",
                           R"({"version": "SECRET-4"})"}) {
    Write(dir_, "case.json", text);
    absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir_);
    ASSERT_FALSE(m.ok()) << text;
    EXPECT_EQ(m.status().message().find("SECRET"), absl::string_view::npos) << m.status();
    EXPECT_NE(m.status().message().find("case.json"), absl::string_view::npos) << m.status();
  }
}

TEST_F(ReadCaseMetadataTest, ReadRefusesAHugeFileBeforeReadingIt) {
  // 1 GiB, sparse: read whole, it would take gigabytes (protobuf's JSON
  // parser copies it); refused from its size alone.
  { std::ofstream(dir_ / "case.json") << "{"; }
  fs::resize_file(dir_ / "case.json", uintmax_t{1} << 30);
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir_);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kResourceExhausted) << m.status();
  EXPECT_NE(m.status().message().find("case.json"), absl::string_view::npos) << m.status();
}

TEST_F(ReadCaseMetadataTest, ReadIsChargedToTheCaseBudget) {
  Write(dir_, "case.json", testing::kValidCaseJson);
  ScopedResourceBudget budget(ResourceLimits{.max_case_bytes = 64});
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir_);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kResourceExhausted) << m.status();
}

TEST_F(ReadCaseMetadataTest, ReadRefusesAFifoWithoutBlocking) {
  ASSERT_EQ(mkfifo((dir_ / "case.json").c_str(), 0600), 0);
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir_);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("not a readable regular file"), absl::string_view::npos)
      << m.status();
}

}  // namespace
}  // namespace onnx_conform
