// ONNX's official node tests (Debian's libonnx-testdata, ONNX 1.12): every
// case of a covered operator (test_min*, test_max_*, ...: the operator's
// name in lower case, then "_" or nothing) passes on the reference; every
// other case is checked against ONNX's definitions and reported
// unsupported (the reference has no kernel for it), but cases of the
// supporting operators the reference runs, which may pass; none is invalid
// (the data ONNX's generators wrote against the data rules are repaired:
// checker/data_repairs.h); nothing errors or crashes.
#include <filesystem>
#include <string>

#include "absl/algorithm/container.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "caseio/case_loader.h"
#include "checker/registry.h"
#include "gtest/gtest.h"
#include "runners/backends/backend.h"
#include "runners/harness/case_runner.h"

namespace onnx_conform {
namespace {

bool IsOurOperator(const std::string& name) {
  for (absl::string_view op : RegisteredOperators()) {
    const std::string prefix = absl::StrCat("test_", absl::AsciiStrToLower(op));
    if (name == prefix || absl::StartsWith(name, prefix + "_")) return true;
  }
  return false;
}

TEST(OfficialSuiteTest, OurCasesPassAndEveryOtherCaseIsUnsupported) {
  const std::filesystem::path root = ONNX_CONFORM_OFFICIAL_NODE_TESTS;
  if (!std::filesystem::is_directory(root)) GTEST_SKIP() << "libonnx-testdata is not installed";
  absl::StatusOr<std::vector<std::filesystem::path>> dirs = FindCaseDirs(root);
  ASSERT_TRUE(dirs.ok()) << dirs.status();
  ASSERT_GE(dirs->size(), 900u);  // ONNX 1.12 ships 932 node tests

  std::unique_ptr<Backend> backend = MakeReferenceBackend();
  int ours = 0, supporting_passed = 0;
  for (const std::filesystem::path& dir : *dirs) {
    CaseResult result = OpenAndRunCase({.dir = dir}, *backend);
    if (IsOurOperator(result.name)) {
      ++ours;
      EXPECT_EQ(result.status, CaseStatus::kPass) << result.name << ": " << result.message;
    } else if (IsSupportOperator(result.op) && result.status == CaseStatus::kPass) {
      ++supporting_passed;
    } else {
      EXPECT_EQ(result.status, CaseStatus::kUnsupported) << result.name << ": " << result.message;
      EXPECT_FALSE(result.message.empty()) << result.name;
    }
  }
  EXPECT_EQ(ours, 72);              // ONNX 1.12: 41 Min/ArgMin/Clip tests, 30 Max/ArgMax, 1 Relu
  EXPECT_GE(supporting_passed, 2);  // test_constant, test_identity
}

}  // namespace
}  // namespace onnx_conform
