// The reference interpreter over every valid committed case: the outputs
// equal the independent expectations exactly (NaN equals NaN, -0 equals +0).
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "runners/harness/evaluate_model.h"
#include "testing/case_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

// Empty when the reference reproduces every data set of the case.
std::string RunOnReference(const CaseOnDisk& c) {
  if (!c.model.ok()) return std::string(c.model.status().message());
  if (c.data_sets.empty()) return "no data set";
  std::string problems;
  for (const DataSetOnDisk& ds : c.data_sets) {
    std::vector<Tensor> inputs;
    for (const TensorFileOnDisk& f : ds.inputs) {
      if (!f.tensor.ok()) return std::string(f.tensor.status().message());
      inputs.push_back(*f.tensor);
    }
    absl::StatusOr<std::vector<Tensor>> outputs = RunModel(*c.model, inputs);
    if (!outputs.ok()) return std::string(outputs.status().message());
    if (outputs->size() != ds.outputs.size()) return "output count differs";
    for (size_t k = 0; k < ds.outputs.size(); ++k) {
      if (!ds.outputs[k].tensor.ok()) return std::string(ds.outputs[k].tensor.status().message());
      const std::string diff = CompareTensors(*ds.outputs[k].tensor, (*outputs)[k]);
      if (!diff.empty()) problems += ds.outputs[k].path.string() + ": " + diff + "\n";
    }
  }
  return problems;
}

TEST(CasesReferenceTest, EveryValidCaseMatchesTheReference) {
  const std::vector<fs::path> dirs =
      CaseDirsUnder(fs::path(ONNX_CONFORM_SOURCE_DIR) / "cases" / "node");
  ASSERT_GT(dirs.size(), 109u);
  for (const fs::path& dir : dirs) {
    EXPECT_EQ(RunOnReference(ReadCaseOnDisk(dir)), "") << dir.filename();
  }
}

}  // namespace
}  // namespace onnx_conform
