// ONNX's official node tests (Debian's libonnx-testdata, ONNX 1.12): every
// Min/ArgMin/Clip case passes on the reference, every other case is reported
// unsupported, and nothing errors or crashes.
#include <filesystem>
#include <string>

#include "absl/strings/match.h"
#include "caseio/case_loader.h"
#include "gtest/gtest.h"
#include "runners/backends/backend.h"
#include "runners/harness/case_runner.h"

namespace onnx_conform {
namespace {

bool IsOurOperator(const std::string& name) {
  return absl::StartsWith(name, "test_min") || absl::StartsWith(name, "test_argmin") ||
         absl::StartsWith(name, "test_clip");
}

TEST(OfficialSuiteTest, OurCasesPassAndEveryOtherCaseIsUnsupported) {
  const std::filesystem::path root = ONNX_CONFORM_OFFICIAL_NODE_TESTS;
  if (!std::filesystem::is_directory(root)) GTEST_SKIP() << "libonnx-testdata is not installed";
  absl::StatusOr<std::vector<std::filesystem::path>> dirs = FindCaseDirs(root);
  ASSERT_TRUE(dirs.ok()) << dirs.status();
  ASSERT_GE(dirs->size(), 900u);  // ONNX 1.12 ships 932 node tests

  std::unique_ptr<Backend> backend = MakeReferenceBackend();
  int ours = 0;
  for (const std::filesystem::path& dir : *dirs) {
    CaseResult result = OpenAndRunCase({.dir = dir}, *backend);
    if (IsOurOperator(result.name)) {
      ++ours;
      EXPECT_EQ(result.status, CaseStatus::kPass) << result.name << ": " << result.message;
    } else {
      EXPECT_EQ(result.status, CaseStatus::kUnsupported) << result.name << ": " << result.message;
      EXPECT_FALSE(result.message.empty()) << result.name;
    }
  }
  EXPECT_EQ(ours, 41);
}

}  // namespace
}  // namespace onnx_conform
