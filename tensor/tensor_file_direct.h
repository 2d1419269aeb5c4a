// Reading a large raw_data straight from its file into the tensor, or
// mapping it (internal to tensor/tensor_file.cc). ONNX's serializers write
// raw_data (field 9) after dims, data_type and name, and little after it. For
// such a file the bytes around raw_data are parsed as the TensorProto and
// raw_data goes from the file into the tensor: one copy instead of four
// (file -> string -> TensorProto -> tensor). Anything unusual, and every
// error, is left to the general path, which words the errors; so both give
// the same tensors and the same errors.
//
//   if (auto direct = internal::ReadTensorFileDirect(file, path, max_bytes, mapping)) {
//     return *std::move(direct);
//   }
//   ... the general path ...
#ifndef ONNX_CONFORM_TENSOR_TENSOR_FILE_DIRECT_H_
#define ONNX_CONFORM_TENSOR_TENSOR_FILE_DIRECT_H_

#include <cstdint>
#include <filesystem>
#include <optional>

#include "absl/status/statusor.h"
#include "tensor/opened_file.h"
#include "tensor/tensor_file.h"

namespace onnx_conform::internal {

// The direct path, on the file opened as `file`; nullopt when the general
// path must read it.
std::optional<absl::StatusOr<TensorFile>> ReadTensorFileDirect(const OpenedFile& file,
                                                               const std::filesystem::path& path,
                                                               int64_t max_bytes,
                                                               FileMapping mapping);

}  // namespace onnx_conform::internal

#endif  // ONNX_CONFORM_TENSOR_TENSOR_FILE_DIRECT_H_
