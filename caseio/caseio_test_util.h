// Test-only: small case folders for the caseio tests, written into a
// temporary folder of the test's own name.
//
//   class MyTest : public CaseFolderTest {};
//   TEST_F(MyTest, X) { WriteCase(root_ / "c", {0, 1}); ... }
#ifndef ONNX_CONFORM_CASEIO_CASEIO_TEST_UTIL_H_
#define ONNX_CONFORM_CASEIO_CASEIO_TEST_UTIL_H_

#include <filesystem>
#include <initializer_list>
#include <string>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "gtest/gtest.h"
#include "onnx/onnx_pb.h"
#include "reference/tensor.h"
#include "reference/tensor_file.h"

namespace onnx_conform {

class CaseFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Suite and test: ctest runs each test as a process of its own, at once.
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = std::filesystem::path(::testing::TempDir()) /
            absl::StrCat("caseio_test_", test->test_suite_name(), "_", test->name());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  // A model.onnx with `inputs` graph inputs (x0, x1, ...) and one output.
  static void WriteModel(const std::filesystem::path& dir, int inputs = 1) {
    std::filesystem::create_directories(dir);
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
    ASSERT_TRUE(WriteProtoFile(dir / kModelFileName, model).ok());
  }

  // A float scalar tensor file holding `value`.
  static void WriteScalar(const std::filesystem::path& file, float value,
                          const std::string& name = "") {
    std::filesystem::create_directories(file.parent_path());
    ASSERT_TRUE(WriteTensorFile(file, Tensor::FromValues<float>({}, {value}), name).ok());
  }

  // A complete case: model.onnx and the given data sets, each with input_0
  // and output_0 holding the data set number.
  static void WriteCase(const std::filesystem::path& dir,
                        std::initializer_list<int> data_sets = {0}) {
    WriteModel(dir);
    for (int n : data_sets) {
      WriteScalar(dir / DataFilePath(n, DataFileKind::kInput, 0), static_cast<float>(n));
      WriteScalar(dir / DataFilePath(n, DataFileKind::kOutput, 0), static_cast<float>(n));
    }
  }

  static float ScalarOf(const Tensor& t) { return t.data<float>()[0]; }

  std::filesystem::path root_;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASEIO_CASEIO_TEST_UTIL_H_
