// What `audit --model --write=FILE` writes: the repaired converted model
// (ModelAudit::repaired), with the tensors the original model kept as
// external data kept external, in one file next to the written model, so
// that a model over protobuf's 2 GB limit can still be written.
//
//   absl::StatusOr<onnx::ModelProto> m = ModelToWrite(audit, "out/m13.onnx");
//   // initializers that were external in audit.file: raw bytes now in
//   // out/m13.onnx.data, the tensors referring to it by location, offset, length
//   WriteProtoFile("out/m13.onnx", *m);
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_WRITE_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_WRITE_H_

#include <filesystem>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "runners/audit/audit.h"

namespace onnx_conform {

// audit.repaired, with each main-graph initializer that audit.file stores as
// external data moved to "<out>.data" next to `out` (written here; every
// tensor's bytes start at a multiple of 64). FailedPrecondition when there
// is no repaired model; the file's errors otherwise.
absl::StatusOr<onnx::ModelProto> ModelToWrite(const ModelAudit& audit,
                                              const std::filesystem::path& out);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_WRITE_H_
