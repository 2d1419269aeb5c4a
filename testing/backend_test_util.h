// Helpers for the backend tests: a fresh directory per test, copies of
// ONNX's official cases to break or relabel, case.json sidecars, and the
// fake adapter's command line.
//
//   class MyTest : public BackendTestBase {};
//   TEST_F(MyTest, X) { fs::path c = CopyCase("test_min_example", "crash.min"); ... }
#ifndef ONNX_CONFORM_TESTING_BACKEND_TEST_UTIL_H_
#define ONNX_CONFORM_TESTING_BACKEND_TEST_UTIL_H_

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"

namespace onnx_conform {

inline const std::filesystem::path kOfficialCases = ONNX_CONFORM_OFFICIAL_NODE_TESTS;
inline const std::string kFakeAdapter = ONNX_CONFORM_FAKE_ADAPTER;

// "exec:<fake adapter> MODE".
inline std::string FakeBackend(const std::string& mode) {
  return "exec:" + kFakeAdapter + " " + mode;
}

// The fake adapter in the mode that acts out each case folder's name
// ("crash.min" crashes, "hang.min" hangs, ...).
inline const std::string kFakeByName = FakeBackend("by-name");

inline std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void WriteText(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

class BackendTestBase : public testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::is_directory(kOfficialCases / "test_min_example")) {
      GTEST_SKIP() << "libonnx-testdata is not installed";
    }
    const testing::TestInfo* info = testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::path(testing::TempDir()) / "backend_tests" / info->test_suite_name() /
           info->name();
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "cases");
  }

  // A copy of an official case under dir_/cases/<as>.
  std::filesystem::path CopyCase(const std::string& official, const std::string& as) {
    const std::filesystem::path target = dir_ / "cases" / as;
    std::filesystem::copy(kOfficialCases / official, target,
                          std::filesystem::copy_options::recursive);
    return target;
  }

  std::filesystem::path dir_;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_BACKEND_TEST_UTIL_H_
