// ONNX's own checker as an oracle over every committed valid case: the
// equivalent of Python's onnx.checker.check_model(model, full_check=True),
// i.e. the C++ checker, then strict shape inference with type checking
// (which also rejects declared outputs that contradict the inferred ones).
#include <filesystem>
#include <string>
#include <vector>

#include "caseio/case_metadata.h"
#include "gtest/gtest.h"
#include "onnx/checker.h"
#include "onnx/defs/schema.h"
#include "onnx/shape_inference/implementation.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> CaseDirs(const fs::path& root) {
  std::vector<fs::path> dirs;
  for (const fs::directory_entry& e : fs::directory_iterator(root)) {
    if (e.is_directory()) dirs.push_back(e.path());
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

// Empty when ONNX accepts the model, else ONNX's message.
std::string OnnxFullCheck(onnx::ModelProto model) {
  try {
    onnx::checker::check_model(model);
    onnx::ShapeInferenceOptions options(/*check_type_val=*/true, /*strict_mode_val=*/1,
                                        /*data_prop_val=*/false);
    onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), options);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(OnnxCheckerTest, EveryValidCasePassesOnnxFullCheck) {
  const fs::path root = fs::path(ONNX_CONFORM_SOURCE_DIR) / "cases" / "node";
  const std::vector<fs::path> dirs = CaseDirs(root);
  ASSERT_GT(dirs.size(), 109u);
  for (const fs::path& dir : dirs) {
    absl::StatusOr<onnx::ModelProto> model = ReadModelFile(dir / "model.onnx");
    ASSERT_TRUE(model.ok()) << model.status();
    EXPECT_EQ(OnnxFullCheck(*model), "") << dir.filename().string();
  }
}

// The oracle can fail: a model ONNX must reject, built like our cases.
TEST(OnnxCheckerTest, OracleRejectsATypeMinDoesNotAllow) {
  const fs::path dir =
      fs::path(ONNX_CONFORM_SOURCE_DIR) / "cases" / "node" / "min_v12_int32_two_inputs";
  absl::StatusOr<onnx::ModelProto> model = ReadModelFile(dir / "model.onnx");
  ASSERT_TRUE(model.ok()) << model.status();
  EXPECT_EQ(OnnxFullCheck(*model), "");
  model->mutable_opset_import(0)->set_version(8);  // Min-8 allows float types only
  EXPECT_NE(OnnxFullCheck(*model), "");
}

TEST(OnnxCheckerTest, OracleRejectsAContradictedOutputShape) {
  const fs::path dir =
      fs::path(ONNX_CONFORM_SOURCE_DIR) / "cases" / "node" / "argmin_v13_float_axis1_keepdims0";
  absl::StatusOr<onnx::ModelProto> model = ReadModelFile(dir / "model.onnx");
  ASSERT_TRUE(model.ok()) << model.status();
  EXPECT_EQ(OnnxFullCheck(*model), "");
  model->mutable_graph()
      ->mutable_output(0)
      ->mutable_type()
      ->mutable_tensor_type()
      ->mutable_shape()
      ->mutable_dim(0)
      ->set_dim_value(3);  // inferred: 2
  EXPECT_NE(OnnxFullCheck(*model), "");
}

}  // namespace
}  // namespace onnx_conform
