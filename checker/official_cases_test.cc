// ONNX's official node tests of our operators (libonnx-testdata, ONNX 1.12)
// are valid: our checker, stricter than ONNX's, reports nothing on them.
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "checker/case_checker.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> OfficialCases() {
  std::vector<fs::path> dirs;
  std::error_code ec;
  for (const fs::directory_entry& entry :
       fs::directory_iterator(ONNX_CONFORM_OFFICIAL_NODE_TESTS, ec)) {
    const std::string name = entry.path().filename().string();
    if (absl::StartsWith(name, "test_min") || absl::StartsWith(name, "test_argmin") ||
        absl::StartsWith(name, "test_clip")) {
      dirs.push_back(entry.path());
    }
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

TEST(OfficialCasesTest, AllFortyOneAreFound) {
  if (!fs::is_directory(ONNX_CONFORM_OFFICIAL_NODE_TESTS)) GTEST_SKIP() << "no libonnx-testdata";
  EXPECT_EQ(OfficialCases().size(), 41u);
}

TEST(OfficialCasesTest, NoDiagnostics) {
  if (!fs::is_directory(ONNX_CONFORM_OFFICIAL_NODE_TESTS)) GTEST_SKIP() << "no libonnx-testdata";
  for (const fs::path& dir : OfficialCases()) {
    std::vector<Diagnostic> d = CheckCaseDir(dir);
    std::vector<std::string> lines;
    for (const Diagnostic& x : d) lines.push_back(FormatDiagnostic(x));
    EXPECT_TRUE(d.empty()) << absl::StrJoin(lines, "\n");
  }
}

}  // namespace
}  // namespace onnx_conform
