// The TensorProto checks that tensor/tensor_proto.cc and the tensor file
// readers (tensor/tensor_file_direct.cc, tensor/external_data.cc) share, so
// that a tensor read straight from a file passes the same checks, with the
// same errors, as TensorFromProto. Not for use outside reference/.
//
//   absl::StatusOr<internal::CheckedTensor> checked =
//       internal::CheckTensorProto(proto, /*raw_size=*/raw_data_bytes);
//   if (checked.ok()) tensor = internal::CreateTensorFor(proto, *std::move(checked), max_bytes);
#ifndef ONNX_CONFORM_TENSOR_TENSOR_PROTO_INTERNAL_H_
#define ONNX_CONFORM_TENSOR_TENSOR_PROTO_INTERNAL_H_

#include <cstdint>
#include <optional>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform::internal {

// Whether any typed data field (float_data, ..., string_data) holds a value.
bool HasAnyTypedData(const onnx::TensorProto& proto);

// Whether a tensor of `type` stores its elements exactly as raw_data has
// them (tensor/tensor.h), so that raw_data may be copied or mapped into
// it unchanged: not bool (checked to be 0 or 1), not the packed types.
bool RawDataIsStorage(ElementType type);

// The type and shape TensorFromProto gives `proto`, after all its checks.
// `raw_size` is raw_data's length (nullopt: no raw_data); the direct file
// reader passes it for a raw_data it keeps out of `proto`.
struct CheckedTensor {
  ElementType type;
  Shape shape;
};
absl::StatusOr<CheckedTensor> CheckTensorProto(const onnx::TensorProto& proto,
                                               std::optional<int64_t> raw_size);

// An error about `proto`'s tensor: its code, the tensor named.
absl::Status Labeled(const onnx::TensorProto& proto, const absl::Status& status);

// Tensor::Create for a checked proto; keeps the code (ResourceExhausted for
// a tensor over max_bytes or the case's budget).
absl::StatusOr<Tensor> CreateTensorFor(const onnx::TensorProto& proto, CheckedTensor checked,
                                       int64_t max_bytes);

}  // namespace onnx_conform::internal

#endif  // ONNX_CONFORM_TENSOR_TENSOR_PROTO_INTERNAL_H_
