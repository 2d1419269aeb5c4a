// Conversion between ONNX TensorProto messages and Tensor, and reading and
// writing tensor files (`input_0.pb`, `output_0.pb`, ...).
//
// Decoding accepts raw_data (little-endian) and every typed field ONNX uses
// for the numeric types: float_data, double_data, int32_data (which also
// carries int8/int16/uint8/uint16 values and float16/bfloat16 bit patterns),
// int64_data and uint64_data (uint32 and uint64). Anything inconsistent is an
// error, never a guess: unknown or non-numeric data_type, data length that
// disagrees with dims, both raw and typed data, values out of range for the
// element type, external data.
//
//   absl::StatusOr<Tensor> t = ReadTensorFile("case/test_data_set_0/input_0.pb");
#ifndef ONNX_CONFORM_REFERENCE_TENSOR_PROTO_H_
#define ONNX_CONFORM_REFERENCE_TENSOR_PROTO_H_

#include <cstdint>
#include <filesystem>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "reference/tensor.h"

namespace onnx_conform {

absl::StatusOr<Tensor> TensorFromProto(const onnx::TensorProto& proto,
                                       int64_t max_bytes = kDefaultMaxTensorBytes);

// Always raw_data, so that files are compact and byte-exact.
onnx::TensorProto TensorToProto(const Tensor& tensor, const std::string& name);

// Largest file the loader reads (protobuf cannot parse 2 GiB or more).
inline constexpr int64_t kMaxProtoFileBytes = (int64_t{2} << 30) - 1;

// Reads a whole file, refusing anything above max_bytes before reading.
absl::StatusOr<std::string> ReadFileBytes(const std::filesystem::path& path,
                                          int64_t max_bytes = kMaxProtoFileBytes);

// Parses a serialized TensorProto file; errors name the file.
absl::StatusOr<onnx::TensorProto> ReadTensorProtoFile(const std::filesystem::path& path);
// ReadTensorProtoFile then TensorFromProto; errors name the file.
absl::StatusOr<Tensor> ReadTensorFile(const std::filesystem::path& path,
                                      int64_t max_bytes = kDefaultMaxTensorBytes);

// A tensor file's tensor and its TensorProto's name.
struct TensorFile {
  std::string name;
  Tensor tensor;
};
// ReadTensorProtoFile(path) then TensorFromProto(proto, max_bytes), with
// the same tensors and errors; a large raw_data goes from the file straight
// into the tensor (docs/performance.md). Errors name the file.
absl::StatusOr<TensorFile> ReadTensorFileWithName(const std::filesystem::path& path,
                                                  int64_t max_bytes = kDefaultMaxTensorBytes);
absl::Status WriteTensorFile(const std::filesystem::path& path, const Tensor& tensor,
                             const std::string& name);

// Parses a serialized ModelProto file; errors name the file.
absl::StatusOr<onnx::ModelProto> ReadModelFile(const std::filesystem::path& path);
absl::Status WriteProtoFile(const std::filesystem::path& path,
                            const google::protobuf::MessageLite& message);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_TENSOR_PROTO_H_
