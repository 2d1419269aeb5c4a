// A test fixture with a fresh scratch folder per test, removed after it,
// and a helper that writes a file of given bytes there; shared by the
// tensor floor's file tests.
//
//   class TensorFileTest : public ScratchDirTest {};
//   TEST_F(TensorFileTest, ReadsIt) {
//     const fs::path path = WriteBytes("input_0.pb", bytes);  // dir_ / "input_0.pb"
//   }
#ifndef ONNX_CONFORM_TESTING_SCRATCH_DIR_TEST_UTIL_H_
#define ONNX_CONFORM_TESTING_SCRATCH_DIR_TEST_UTIL_H_

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "gtest/gtest.h"

namespace onnx_conform {

class ScratchDirTest : public ::testing::Test {
 protected:
  // Named after the suite, the test and the process: ctest runs a test by
  // itself and, in a whole-binary run (tensor_test.vector_isa.*), beside
  // it, so that neither may remove the other's folder.
  void SetUp() override {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::path(::testing::TempDir()) /
           (std::string(test->test_suite_name()) + "_" + test->name() + "_" +
            std::to_string(getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::filesystem::path WriteBytes(const std::string& name, const std::string& bytes) {
    const std::filesystem::path path = dir_ / name;
    std::ofstream(path, std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path;
  }

  std::filesystem::path dir_;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_SCRATCH_DIR_TEST_UTIL_H_
