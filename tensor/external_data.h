// Resolving a TensorProto's external data (data_location EXTERNAL): the
// bytes a model or tensor file keeps in another file of its folder become
// the tensor's raw_data, read only from inside that folder (docs/security.md).
// The file readers of tensor/tensor_file.h call it for every tensor they
// read.
//
//   absl::Status resolved = ResolveExternalData(initializer, "case/model_dir");
//   // then TensorFromProto(initializer) reads it like any raw_data
#ifndef ONNX_CONFORM_TENSOR_EXTERNAL_DATA_H_
#define ONNX_CONFORM_TENSOR_EXTERNAL_DATA_H_

#include <cstdint>
#include <filesystem>

#include "absl/status/status.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// Replaces a tensor's external data (data_location EXTERNAL; external_data
// keys location, offset, length) by raw_data read from `base_dir`/location.
// Refused, naming the tensor: a location that is absolute, holds "..", or
// resolves through symlinks outside `root` (default: base_dir); a file that
// is missing or not a regular file; an offset or length that is not a
// decimal number or reaches past the end of the file; more than max_bytes.
// A tensor without external data is left as it is.
absl::Status ResolveExternalData(onnx::TensorProto& proto, const std::filesystem::path& base_dir,
                                 const std::filesystem::path& root = {},
                                 int64_t max_bytes = kDefaultMaxTensorBytes);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TENSOR_EXTERNAL_DATA_H_
