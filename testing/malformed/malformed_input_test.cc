// The malformed-input corpus (testing/malformed/malformed_input_corpus.h): one valid
// case (Min-13 on two float inputs), broken in one way per test, run end to
// end through RunCase on the reference backend and through the checker's
// CheckCaseDir (the `check` command's path). Each kind must end as error or
// invalid (never pass, never a crash), with a message that names the file and
// the problem. docs/security.md lists what this corpus covers.
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "checker/case_checker.h"
#include "checker/diagnostic.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "onnx/onnx_pb.h"
#include "runners/backends/backend.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "runners/harness/case_runner.h"
#include "tensor/resource_limits.h"
#include "testing/malformed/malformed_input_corpus.h"
#include "testing/test_model.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using malformed::EditTensor;
using malformed::kDataSet;
using malformed::kInput1;
using malformed::MalformedInputCorpus;
using malformed::MalformedKind;
using malformed::WriteBytes;
using malformed::WriteExternalInitializerCase;
using malformed::WriteValidCase;
using ::testing::Contains;
using ::testing::HasSubstr;

class MalformedInputTest : public ::testing::TestWithParam<MalformedKind> {
 protected:
  void SetUp() override {
    // The test's own name ("Check.../Kind"): each kind runs under two tests,
    // which ctest -j runs at once.
    root_ = fs::path(::testing::TempDir()) / "malformed_input_test" /
            ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(root_);
    dir_ = root_ / "case";
    outside_ = root_ / "outside";
    fs::create_directories(outside_);
    WriteValidCase(dir_);
    GetParam().make(dir_, outside_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }

  fs::path root_, dir_, outside_;
};

TEST_P(MalformedInputTest, RunCaseReportsTheFileAndTheProblem) {
  const MalformedKind& kind = GetParam();
  std::unique_ptr<Backend> backend = MakeReferenceBackend();
  const CaseResult result = OpenAndRunCase({.dir = dir_}, *backend, kind.limits);
  EXPECT_EQ(StatusName(result.status), StatusName(kind.status)) << result.message;
  EXPECT_THAT(result.message, HasSubstr(kind.file.empty() ? dir_.string() : kind.file.string()));
  for (const std::string& problem : kind.problems) {
    EXPECT_THAT(result.message, HasSubstr(problem));
  }
}

TEST_P(MalformedInputTest, CheckerRejectsItUnderItsRule) {
  const MalformedKind& kind = GetParam();
  if (kind.checker_rule.empty()) GTEST_SKIP() << "not a matter for the checker";
  const std::vector<Diagnostic> diagnostics = CheckCaseDir(dir_);
  // What the suite cannot judge (a data type newer than it) is no error.
  if (kind.status == CaseStatus::kUnsupported) {
    EXPECT_FALSE(HasErrors(diagnostics));
    EXPECT_TRUE(IsUnsupported(diagnostics));
  } else {
    EXPECT_TRUE(HasErrors(diagnostics));
  }
  std::vector<std::string> formatted;
  for (const Diagnostic& d : diagnostics) formatted.push_back(FormatDiagnostic(d));
  EXPECT_THAT(RuleIds(diagnostics), Contains(kind.checker_rule)) << absl::StrJoin(formatted, "\n");
}

INSTANTIATE_TEST_SUITE_P(Corpus, MalformedInputTest, ::testing::ValuesIn(MalformedInputCorpus()),
                         [](const ::testing::TestParamInfo<MalformedKind>& info) {
                           return info.param.name;
                         });

// The corpus is what the issue asks for: at least 40 distinct kinds.
TEST(MalformedInputCorpusTest, HasAtLeastFortyKinds) {
  EXPECT_GE(MalformedInputCorpus().size(), 40u);
}

// ------------------------------------------------------------ controls
// The same machinery on cases that must pass: a broken kind that passed
// would otherwise go unnoticed only if these failed too.

class WellFormedInputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) / "malformed_input_test" /
            ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(root_);
    dir_ = root_ / "case";
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  CaseResult Run(const ResourceLimits& limits = {}) {
    return OpenAndRunCase({.dir = dir_}, *MakeReferenceBackend(), limits);
  }
  fs::path root_, dir_;
};

TEST_F(WellFormedInputTest, TheValidCasePasses) {
  WriteValidCase(dir_);
  const CaseResult result = Run();
  EXPECT_EQ(result.status, CaseStatus::kPass) << result.message;
  EXPECT_FALSE(HasErrors(CheckCaseDir(dir_)));
}

TEST_F(WellFormedInputTest, ExternalDataInsideTheCaseIsReadAtItsOffset) {
  WriteExternalInitializerCase(dir_, "weights.bin", "4", "8");
  const CaseResult result = Run();
  EXPECT_EQ(result.status, CaseStatus::kPass) << result.message;
  // At offset 0 the initializer would be [9, 3]: Min([1, 5], [9, 3]) = [1, 3].
  WriteExternalInitializerCase(dir_, "weights.bin", "0", "8");
  EXPECT_EQ(Run().status, CaseStatus::kFail);
}

TEST_F(WellFormedInputTest, ExternalDataOfAnInputFileIsReadFromItsFolder) {
  WriteValidCase(dir_);
  const float y[] = {3, 2};
  WriteBytes(dir_ / kDataSet / "y.bin", std::string(reinterpret_cast<const char*>(y), 8));
  EditTensor(dir_ / kInput1, [](onnx::TensorProto& t) {
    t.clear_raw_data();
    t.set_data_location(onnx::TensorProto::EXTERNAL);
    onnx::StringStringEntryProto* entry = t.add_external_data();
    entry->set_key("location");
    entry->set_value("y.bin");
  });
  const CaseResult result = Run();
  EXPECT_EQ(result.status, CaseStatus::kPass) << result.message;
}

TEST_F(WellFormedInputTest, SymlinksInsideTheCaseAreFollowed) {
  WriteValidCase(dir_);
  fs::rename(dir_ / kInput1, dir_ / "y.pb");
  fs::create_symlink("../y.pb", dir_ / kInput1);
  const CaseResult result = Run();
  EXPECT_EQ(result.status, CaseStatus::kPass) << result.message;
}

TEST_F(WellFormedInputTest, LimitsJustAboveTheCaseLetItPass) {
  WriteValidCase(dir_);
  // 8-byte tensors pass a limit of 8 bytes per tensor.
  EXPECT_EQ(Run(ResourceLimits{.max_tensor_bytes = 8}).status, CaseStatus::kPass);
}

TEST_F(WellFormedInputTest, RunCommandTakesTheLimitFlags) {
  WriteValidCase(dir_);
  std::ostringstream out, err;
  EXPECT_EQ(RunCommand({"--quiet", "--max-tensor-bytes=64K", "--max-case-bytes=1M", dir_.string()},
                       out, err),
            kExitOk);
  // The whole case reads and allocates about 200 bytes.
  EXPECT_EQ(RunCommand({"--quiet", "--max-case-bytes=100", dir_.string()}, out, err), kExitFailed);
  EXPECT_EQ(RunCommand({"--max-case-bytes=1M", "--max-tensor-bytes=4GB", dir_.string()}, out, err),
            kExitUsage);
  EXPECT_EQ(RunCommand({"--max-tensor-bytes=1M", "--max-case-bytes=0", dir_.string()}, out, err),
            kExitUsage);
}

}  // namespace
}  // namespace onnx_conform
