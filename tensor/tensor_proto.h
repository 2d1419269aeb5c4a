// Conversion between ONNX TensorProto messages and Tensor. Reading and
// writing tensor files (`input_0.pb`, ...) is tensor/tensor_file.h.
//
// Decoding accepts, for every element type ONNX defines, raw_data
// (little-endian; bool one byte 0 or 1; complex real part first; uint4,
// int4 and float4e2m1 two to a byte, uint2 and int2 four, float6e2m3 and
// float6e3m2 four in three bytes, each LSB first and zero-padded) and the
// typed field ONNX gives the type: float_data (float; complex64 as real,
// imaginary pairs), double_data (double; complex128 likewise), int64_data,
// uint64_data (uint32 and uint64), string_data (string, the only field a
// string tensor may use), and int32_data for the rest: int8/16/32,
// uint8/16 and bool values, float16/bfloat16/float8 bit patterns, float6
// patterns one per entry, and one packed byte per entry for the 4-bit and
// 2-bit types. Anything inconsistent is an error naming the problem, never
// a guess: data_type unset or negative, data length that disagrees with
// dims, both raw and typed data or a field the type does not use, values
// out of range for the element type (an int32_data entry, a bool byte),
// padding bits set after the last packed element, external data that was
// not resolved. A positive data_type the suite does not know (a newer ONNX
// release's) is Unimplemented rather than InvalidArgument: no verdict on
// the file.
//
//   absl::StatusOr<Tensor> t = TensorFromProto(model.graph().initializer(0));
//   onnx::TensorProto proto = TensorToProto(*t, "x");
#ifndef ONNX_CONFORM_TENSOR_TENSOR_PROTO_H_
#define ONNX_CONFORM_TENSOR_TENSOR_PROTO_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

absl::StatusOr<Tensor> TensorFromProto(const onnx::TensorProto& proto,
                                       int64_t max_bytes = kDefaultMaxTensorBytes);

// raw_data (packed for the packed types), so that files are compact and
// byte-exact; string_data for strings. Precondition: tensor.is_tensor()
// (tensor/value_proto.h writes the other kinds).
onnx::TensorProto TensorToProto(const Tensor& tensor, const std::string& name);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TENSOR_TENSOR_PROTO_H_
