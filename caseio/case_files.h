// Reading the files of one case folder: model.onnx, the data files
// (caseio/case_layout.h names them) and case.json. Every read is confined
// to the case folder (a file or its external data resolving outside it is
// refused), sized before it is read, charged to the thread's budget
// (tensor/resource_limits.h) and done through one descriptor, so the
// file checked is the file read (docs/security.md, G3 and G4).
//
//   absl::StatusOr<onnx::ModelProto> model = ReadCaseModel(dir);
//   absl::StatusOr<DataFileContents> x = ReadCaseDataFile(dir, layout.data_sets[0].input_files[0]);
//   absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir);
//
// The model and tensor readers are tensor/tensor_file.h's, always given
// the case folder as the root they must stay in: that reader also serves
// files that are no case's (adapter outputs, benchmarks). case.json's reader
// lives here. Its message, parsing and validation stay in
// caseio/case_metadata.h: oc_caseio links oc_cases_metadata, which links
// neither oc_caseio nor anything above it, so there is no cycle, and the
// checker (oc_checker links oc_caseio) stays above both.
#ifndef ONNX_CONFORM_CASEIO_CASE_FILES_H_
#define ONNX_CONFORM_CASEIO_CASE_FILES_H_

#include <cstdint>
#include <filesystem>
#include <optional>

#include "absl/status/statusor.h"
#include "caseio/case_metadata.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {

// case_dir/model.onnx, its external data resolved. Errors name the file:
// NotFound when it does not exist, DataLoss when it does not parse, ...
absl::StatusOr<onnx::ModelProto> ReadCaseModel(const std::filesystem::path& case_dir);

// A data file of the case as the checker reads it, decoded as a value of
// `kind`, the kind its graph value declares (tensor/tensor_file.h,
// ReadDataFile).
absl::StatusOr<DataFileContents> ReadCaseDataFile(const std::filesystem::path& case_dir,
                                                  const std::filesystem::path& file,
                                                  Tensor::Kind kind = Tensor::Kind::kTensor);

// The folder of a negative case's valid twin (case.json "twin", a case
// name): the case of that name in the `node/` folder beside the case's own
// folder of cases (cases/invalid/x -> cases/node/TWIN), the case's path
// made absolute first, so that every spelling of it finds the same twin
// ("x" from inside cases/invalid, "invalid/x" from cases/). InvalidArgument when
// the name is not a plain folder name or the folder resolves, through any
// link, outside that case set (the case folder's grandparent).
absl::StatusOr<std::filesystem::path> ResolveTwinDir(const std::filesystem::path& case_dir,
                                                     absl::string_view twin);

// Reads case_dir/case.json. nullopt when the file does not exist; DataLoss
// when it is unreadable or not valid JSON for CaseMetadata; InvalidArgument
// when it parses but fails ValidateCaseMetadata, or is a symbolic link (it is
// opened without following one: only the case folder's own file is read);
// ResourceExhausted over kMaxCaseMetadataBytes or the case's budget (its
// size is charged). A FIFO or directory is refused without blocking. Errors
// name the file and never quote its bytes when it does not parse.
inline constexpr int64_t kMaxCaseMetadataBytes = int64_t{1} << 20;
absl::StatusOr<std::optional<CaseMetadata>> ReadCaseMetadata(const std::filesystem::path& case_dir);

// Reads case_dir/data.json, ONNX's own sidecar of a node test (its rtol and
// atol), with the same confinement, limits and errors as case.json; nullopt
// when the folder has none.
absl::StatusOr<std::optional<OnnxTestData>> ReadOnnxTestData(const std::filesystem::path& case_dir);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASEIO_CASE_FILES_H_
