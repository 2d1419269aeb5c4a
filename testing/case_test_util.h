// Test helper: reads a case folder as written by the generator, keeping
// every file-level failure (instead of stopping at the first), so tests can
// run the checker and the reference over the committed cases. Listing and
// reading are caseio's and tensor/tensor_file.h's (ListCase, ReadTensorProtoFile, ...).
//
//   for (const fs::path& dir : CaseDirsUnder(root)) {
//     CaseOnDisk c = ReadCaseOnDisk(dir);
//     if (c.model.ok()) { ... c.data_sets[0].inputs ... }
//   }
#ifndef ONNX_CONFORM_TESTING_CASE_TEST_UTIL_H_
#define ONNX_CONFORM_TESTING_CASE_TEST_UTIL_H_

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "caseio/case_metadata.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

struct TensorFileOnDisk {
  std::filesystem::path path;
  absl::StatusOr<Tensor> tensor = absl::UnknownError("not read");
  std::string name;  // the message's name when it parsed
};

struct DataSetOnDisk {
  std::filesystem::path dir;
  std::vector<TensorFileOnDisk> inputs;   // input_K.pb by K, up to a gap
  std::vector<TensorFileOnDisk> outputs;  // output_K.pb by K, up to a gap
  bool layout_problem = false;            // a K missing, a file named otherwise, ...
};

struct CaseOnDisk {
  std::filesystem::path dir;
  absl::StatusOr<std::optional<CaseMetadata>> metadata = std::optional<CaseMetadata>();
  absl::StatusOr<onnx::ModelProto> model = absl::UnknownError("not read");
  std::vector<DataSetOnDisk> data_sets;  // by N (caseio/case_layout.h)
};

// Sub-folders of root, sorted; empty when root does not exist.
std::vector<std::filesystem::path> CaseDirsUnder(const std::filesystem::path& root);

CaseOnDisk ReadCaseOnDisk(const std::filesystem::path& dir);

// Same type, same shape, and each element equal as a value: NaN equals NaN,
// -0 equals +0 (what "exact" means for Min, ArgMin and Clip results).
// Empty when equal, else the first difference.
std::string CompareTensors(const Tensor& expected, const Tensor& actual);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_CASE_TEST_UTIL_H_
