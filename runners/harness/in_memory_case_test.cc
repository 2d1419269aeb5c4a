// A model and inputs held in memory, run on the reference and judged as a
// case folder's outputs are (runners/harness/in_memory_case.h).
#include "runners/harness/in_memory_case.h"

#include <filesystem>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "reference/interpreter.h"
#include "runners/harness/evaluate_model.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

onnx::ModelProto Model(const std::string& suite_case) {
  absl::StatusOr<onnx::ModelProto> model = ReadModelFile(
      std::filesystem::path(ONNX_CONFORM_SUITE_CASES) / "node" / suite_case / "model.onnx");
  EXPECT_TRUE(model.ok()) << model.status();
  return *model;
}

Tensor Floats(std::initializer_list<float> values) {
  return Tensor::FromValues<float>({static_cast<int64_t>(values.size())}, values);
}

TEST(InMemoryCaseTest, RunsOnTheReference) {
  const onnx::ModelProto min = Model("min_v13_float_neg_zero");  // Min(data_0[5], data_1[5])
  absl::StatusOr<std::vector<Tensor>> out =
      RunOnReference(min, {Floats({1, 5, 3, 0, 0}), Floats({2, 4, 3, 1, -1})});
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ(out->size(), 1u);
  EXPECT_THAT((*out)[0].data<float>(), ElementsAre(1, 4, 3, 0, -1));
}

TEST(InMemoryCaseTest, ARunWithoutOutputsKeepsTheReferencesMessage) {
  const onnx::ModelProto min = Model("min_v13_float_neg_zero");
  absl::StatusOr<std::vector<Tensor>> out = RunOnReference(min, {Floats({1})});
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(out.status().message(), RunModel(min, {Floats({1})}).status().message());
}

TEST(InMemoryCaseTest, DifferencesAreJudgedUnderTheMatchClasses) {
  const onnx::ModelProto min = Model("min_v13_float_neg_zero");
  // Min(+0, -0) is a tie the texts leave open; Min(-0, 1) is -0.
  const std::vector<Tensor> inputs = {Floats({0.0f, -0.0f, 1, 1, 1}), Floats({-0.0f, 1, 1, 1, 1})};
  const std::vector<Tensor> expected = {Floats({0.0f, -0.0f, 1, 1, 1})};
  EXPECT_THAT(OutputDifferences(min, inputs, expected, {Floats({-0.0f, -0.0f, 1, 1, 1})}, 3),
              IsEmpty());
  EXPECT_THAT(OutputDifferences(min, inputs, expected, {Floats({0.0f, 0.0f, 1, 1, 1})}, 3),
              ElementsAre("output 'min': 1 of 5 elements differ: [1] expected -0 (sign "
                          "determined), got 0"));
}

}  // namespace
}  // namespace onnx_conform
