// Every case of the library (cases/node) run through the fast kernels and
// through the plain normative loops: the same bits for every output of
// every data set. ctest runs it under each vector variant too
// (plain_fast_cases.vector_isa.*); random data per cell is in
// reference/plain_fast_test.cc.
#include <cstring>
#include <filesystem>

#include "gtest/gtest.h"
#include "runners/harness/evaluate_model.h"
#include "testing/caseio_test_util.h"

namespace onnx_conform {
namespace {

const std::filesystem::path kSuiteNodeCases = ONNX_CONFORM_SUITE_NODE_CASES;

TEST(PlainFastCasesTest, EveryLibraryCaseGivesTheSameBitsOnBothPaths) {
  absl::StatusOr<std::vector<std::filesystem::path>> dirs = FindCaseDirs(kSuiteNodeCases);
  ASSERT_TRUE(dirs.ok()) << dirs.status();
  ASSERT_GT(dirs->size(), 2000u);
  int outputs_compared = 0;
  for (const std::filesystem::path& dir : *dirs) {
    absl::StatusOr<LoadedCase> loaded = LoadCase(dir);
    ASSERT_TRUE(loaded.ok()) << loaded.status();
    for (const DataSet& data_set : loaded->data_sets) {
      absl::StatusOr<std::vector<Tensor>> fast = RunModel(loaded->model, data_set.inputs);
      absl::StatusOr<std::vector<Tensor>> plain =
          RunModel(loaded->model, data_set.inputs, {.kernels = Kernels::kPlain});
      ASSERT_EQ(fast.ok(), plain.ok()) << dir;
      if (!fast.ok()) continue;
      ASSERT_EQ(fast->size(), plain->size()) << dir;
      for (size_t i = 0; i < fast->size(); ++i) {
        const Tensor& a = (*fast)[i];
        const Tensor& b = (*plain)[i];
        ASSERT_EQ(a.type(), b.type()) << dir;
        ASSERT_EQ(a.shape(), b.shape()) << dir;
        EXPECT_TRUE(a.byte_size() == 0 ||
                    std::memcmp(a.bytes().data(), b.bytes().data(), a.byte_size()) == 0)
            << dir << " output " << i;
        ++outputs_compared;
      }
    }
  }
  EXPECT_GT(outputs_compared, 2000);
}

}  // namespace
}  // namespace onnx_conform
