// Conversion between ONNX's messages for values that are not tensors
// (onnx::SequenceProto, OptionalProto, MapProto, in onnx-data.proto) and
// Tensor values of those kinds (tensor/tensor.h); tensors inside them
// go through TensorFromProto / TensorToProto (tensor/tensor_proto.h).
//
//   absl::StatusOr<Tensor> seq = ValueFromProto(sequence_proto);   // kind kSequence
//   std::string bytes = SerializeValue(*seq, "y");                 // a SequenceProto
//
// Decoding is as strict as TensorFromProto's: elem_type must name the field
// that holds the elements (a sequence of tensors in tensor_values, ...),
// and no other field may hold any; an undefined elem_type (0) holds
// nothing; map keys are integers of key_type's range in `keys` or strings
// in `string_keys`, as many as `values` holds. Sparse tensors are
// Unimplemented (the suite holds no sparse value), as is an elem_type
// number ONNX does not define.
#ifndef ONNX_CONFORM_TENSOR_VALUE_PROTO_H_
#define ONNX_CONFORM_TENSOR_VALUE_PROTO_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "onnx/onnx-data_pb.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

absl::StatusOr<Tensor> ValueFromProto(const onnx::SequenceProto& proto,
                                      int64_t max_bytes = kDefaultMaxTensorBytes);
absl::StatusOr<Tensor> ValueFromProto(const onnx::OptionalProto& proto,
                                      int64_t max_bytes = kDefaultMaxTensorBytes);
absl::StatusOr<Tensor> ValueFromProto(const onnx::MapProto& proto,
                                      int64_t max_bytes = kDefaultMaxTensorBytes);

// The message of a value of kind sequence, optional or map (its elements
// unnamed). Precondition: value.kind() is that kind.
onnx::SequenceProto SequenceToProto(const Tensor& value, const std::string& name);
onnx::OptionalProto OptionalToProto(const Tensor& value, const std::string& name);
onnx::MapProto MapToProto(const Tensor& value, const std::string& name);

// The serialized message of a value of any kind: a TensorProto for a
// tensor, a SequenceProto, OptionalProto or MapProto for the others.
std::string SerializeValue(const Tensor& value, const std::string& name);

// The kind of value a declared type holds: its sequence, optional or map
// kind; a tensor for a tensor type, an undeclared kind (and a sparse tensor,
// which the suite does not read).
Tensor::Kind KindOfType(const onnx::TypeProto& type);

// "tensor", "sequence", "optional", "map".
absl::string_view KindName(Tensor::Kind kind);
// The kind a SequenceProto/OptionalProto elem_type number names (1 tensor,
// 3 sequence, 4 map, 5 optional); nullopt for 0 (undefined), 2 (sparse
// tensor) and unknown numbers. And back: the number of a kind.
std::optional<Tensor::Kind> KindFromElemType(int32_t elem_type);
int32_t ElemTypeOfKind(Tensor::Kind kind);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TENSOR_VALUE_PROTO_H_
