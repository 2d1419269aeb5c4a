// The large cases, generated into a temporary folder at test time (never
// committed) and run through the reference: exactness at 2^20 elements.
#include "cases/large_cases.h"

#include <unistd.h>

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "caseio/case_files.h"
#include "caseio/case_layout.h"
#include "cases/case_writer.h"
#include "gtest/gtest.h"
#include "ops/suite_operators.h"
#include "runners/harness/evaluate_model.h"
#include "tensor/tensor_file.h"
#include "testing/case_test_util.h"
#include "testing/caseio_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

TEST(LargeCasesTest, GeneratedLargeCasesMatchTheReference) {
  const fs::path root =
      fs::temp_directory_path() / absl::StrCat("oc_large_cases_test_", ::getpid());
  fs::remove_all(root);
  const std::vector<Case> cases = LargeCases();
  // Every operator of ops/operators.def has one at least.
  for (const SuiteOperator& op : kSuiteOperators) {
    EXPECT_TRUE(std::any_of(cases.begin(), cases.end(),
                            [&op](const Case& c) { return c.metadata.operator_() == op.op_type; }))
        << op.op_type << " has no large case";
  }
  for (const Case& c : cases) {
    ASSERT_TRUE(WriteCase(c, root).ok()) << c.name;
    const CaseOnDisk on_disk = ReadCaseOnDisk(root / "node" / c.name);
    ASSERT_TRUE(on_disk.model.ok()) << on_disk.model.status();
    ASSERT_EQ(on_disk.data_sets.size(), 1u);
    std::vector<Tensor> inputs;
    for (const TensorFileOnDisk& f : on_disk.data_sets[0].inputs) {
      ASSERT_TRUE(f.tensor.ok()) << f.tensor.status();
      inputs.push_back(*f.tensor);
    }
    EXPECT_GE(inputs[0].element_count(), int64_t{1} << 20) << c.name;
    absl::StatusOr<std::vector<Tensor>> outputs = RunModel(*on_disk.model, inputs);
    ASSERT_TRUE(outputs.ok()) << c.name << ": " << outputs.status();
    ASSERT_EQ(outputs->size(), 1u);
    ASSERT_TRUE(on_disk.data_sets[0].outputs[0].tensor.ok());
    EXPECT_EQ(CompareTensors(*on_disk.data_sets[0].outputs[0].tensor, (*outputs)[0]), "") << c.name;
  }
  fs::remove_all(root);
}

// The case writer lays a large raw_data out so that `run` maps it instead of
// copying it (SerializeTensorFile; docs/performance.md).
TEST(LargeCasesTest, LargeTensorFilesAreWrittenToBeMapped) {
  const fs::path root =
      fs::temp_directory_path() / absl::StrCat("oc_large_cases_map_test_", ::getpid());
  fs::remove_all(root);
  const std::vector<Case> cases = LargeCases();
  ASSERT_FALSE(cases.empty());
  const Case& c = cases.front();
  ASSERT_TRUE(WriteCase(c, root).ok()) << c.name;
  const fs::path dir = root / "node" / c.name;
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir / DataSetDirName(0))) {
    absl::StatusOr<TensorFile> file = ReadCaseTensorFile(dir, entry.path());
    ASSERT_TRUE(file.ok()) << file.status();
    if (file->tensor.byte_size() < static_cast<size_t>(kAlignedRawDataMinBytes)) continue;
    EXPECT_TRUE(file->tensor.maps_file()) << entry.path();
    ++files;
  }
  EXPECT_GT(files, 0) << "no tensor of " << kAlignedRawDataMinBytes << " bytes or more in "
                      << c.name;
  fs::remove_all(root);
}

}  // namespace
}  // namespace onnx_conform
