// Conversion between ONNX TensorProto messages and Tensor. Reading and
// writing tensor files (`input_0.pb`, ...) is reference/tensor_file.h.
//
// Decoding accepts raw_data (little-endian) and every typed field ONNX uses
// for the numeric types: float_data, double_data, int32_data (which also
// carries int8/int16/uint8/uint16 values and float16/bfloat16 bit patterns),
// int64_data and uint64_data (uint32 and uint64). Anything inconsistent is an
// error, never a guess: unknown or non-numeric data_type, data length that
// disagrees with dims, both raw and typed data, values out of range for the
// element type, external data that was not resolved.
//
//   absl::StatusOr<Tensor> t = TensorFromProto(model.graph().initializer(0));
//   onnx::TensorProto proto = TensorToProto(*t, "x");
#ifndef ONNX_CONFORM_REFERENCE_TENSOR_PROTO_H_
#define ONNX_CONFORM_REFERENCE_TENSOR_PROTO_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "reference/tensor.h"

namespace onnx_conform {

absl::StatusOr<Tensor> TensorFromProto(const onnx::TensorProto& proto,
                                       int64_t max_bytes = kDefaultMaxTensorBytes);

// Always raw_data, so that files are compact and byte-exact.
onnx::TensorProto TensorToProto(const Tensor& tensor, const std::string& name);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_TENSOR_PROTO_H_
