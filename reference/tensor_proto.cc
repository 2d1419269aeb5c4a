#include "reference/tensor_proto.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "reference/element_type.h"
#include "reference/tensor_proto_internal.h"

namespace onnx_conform {
namespace {

static_assert(std::endian::native == std::endian::little,
              "raw_data is little-endian; a big-endian port must byte-swap here");

// Which typed field of TensorProto carries each element type.
enum class TypedField { kFloat, kDouble, kInt32, kInt64, kUint64 };

TypedField FieldFor(ElementType type) {
  switch (type) {
    case ElementType::kFloat: return TypedField::kFloat;
    case ElementType::kDouble: return TypedField::kDouble;
    case ElementType::kInt64: return TypedField::kInt64;
    case ElementType::kUint32:
    case ElementType::kUint64: return TypedField::kUint64;
    default: return TypedField::kInt32;  // int8/16/32, uint8/16, float16, bfloat16
  }
}

absl::string_view FieldName(TypedField field) {
  switch (field) {
    case TypedField::kFloat: return "float_data";
    case TypedField::kDouble: return "double_data";
    case TypedField::kInt32: return "int32_data";
    case TypedField::kInt64: return "int64_data";
    case TypedField::kUint64: return "uint64_data";
  }
  return "?";
}

int64_t FieldSize(const onnx::TensorProto& proto, TypedField field) {
  switch (field) {
    case TypedField::kFloat: return proto.float_data_size();
    case TypedField::kDouble: return proto.double_data_size();
    case TypedField::kInt32: return proto.int32_data_size();
    case TypedField::kInt64: return proto.int64_data_size();
    case TypedField::kUint64: return proto.uint64_data_size();
  }
  return 0;
}

// The value range an int32_data or uint64_data entry may hold for T: integer
// types their own range, float16/bfloat16 their 16-bit patterns.
template <typename T>
constexpr bool InStorageRange(int64_t value) {
  if constexpr (kIsHalfType<T>) {
    return value >= 0 && value <= 0xFFFF;
  } else if constexpr (std::is_integral_v<T>) {
    return value >= static_cast<int64_t>(std::numeric_limits<T>::min()) &&
           value <= static_cast<int64_t>(std::numeric_limits<T>::max());
  } else {
    return true;
  }
}

template <typename T>
T FromStorage(int64_t value) {
  if constexpr (kIsHalfType<T>) {
    return T::FromBits(static_cast<uint16_t>(value));
  } else {
    return static_cast<T>(value);
  }
}

// Copies a typed repeated field into the tensor, range-checking narrow types.
template <typename T>
absl::Status CopyTypedData(const onnx::TensorProto& proto, Tensor& tensor) {
  std::span<T> out = tensor.data<T>();
  if constexpr (std::is_same_v<T, float>) {
    std::copy(proto.float_data().begin(), proto.float_data().end(), out.begin());
  } else if constexpr (std::is_same_v<T, double>) {
    std::copy(proto.double_data().begin(), proto.double_data().end(), out.begin());
  } else if constexpr (std::is_same_v<T, int64_t>) {
    std::copy(proto.int64_data().begin(), proto.int64_data().end(), out.begin());
  } else if constexpr (std::is_same_v<T, uint64_t>) {
    std::copy(proto.uint64_data().begin(), proto.uint64_data().end(), out.begin());
  } else if constexpr (std::is_same_v<T, uint32_t>) {
    for (size_t i = 0; i < out.size(); ++i) {
      const uint64_t value = proto.uint64_data(static_cast<int>(i));
      if (value > std::numeric_limits<uint32_t>::max()) {
        return absl::InvalidArgumentError(
            absl::StrCat("uint64_data[", i, "] = ", value, " is out of range for uint32"));
      }
      out[i] = static_cast<uint32_t>(value);
    }
  } else {
    for (size_t i = 0; i < out.size(); ++i) {
      const int64_t value = proto.int32_data(static_cast<int>(i));
      if (!InStorageRange<T>(value)) {
        return absl::InvalidArgumentError(absl::StrCat("int32_data[", i, "] = ", value,
                                                       " is out of range for ",
                                                       ElementTypeName(ElementTypeOf<T>())));
      }
      out[i] = FromStorage<T>(value);
    }
  }
  return absl::OkStatus();
}

// "tensor 'x'" (or "tensor" when unnamed), the start of decoding errors.
std::string TensorLabel(const onnx::TensorProto& proto) {
  return proto.name().empty() ? std::string("tensor") : absl::StrCat("tensor '", proto.name(), "'");
}

}  // namespace

namespace internal {

bool HasAnyTypedData(const onnx::TensorProto& proto) {
  return proto.float_data_size() > 0 || proto.double_data_size() > 0 ||
         proto.int32_data_size() > 0 || proto.int64_data_size() > 0 ||
         proto.uint64_data_size() > 0 || proto.string_data_size() > 0;
}

absl::StatusOr<CheckedTensor> CheckTensorProto(const onnx::TensorProto& proto,
                                               std::optional<int64_t> raw_size) {
  const std::string label = TensorLabel(proto);
  auto error = [&](auto&&... parts) {
    return absl::InvalidArgumentError(absl::StrCat(label, ": ", parts...));
  };
  if (!proto.has_data_type() || proto.data_type() == onnx::TensorProto::UNDEFINED) {
    return error("data_type is not set");
  }
  std::optional<ElementType> type = ElementTypeFromProto(proto.data_type());
  if (!type.has_value()) return error("unknown data_type ", proto.data_type());
  if (!IsNumeric(*type)) {
    return error("data_type ", ElementTypeName(*type), " is not a numeric type the suite supports");
  }
  if (proto.data_location() == onnx::TensorProto::EXTERNAL || proto.external_data_size() > 0) {
    return error(
        "external data was not resolved (only tensors read from a file have a folder "
        "to resolve it from)");
  }
  if (proto.has_segment()) return error("segmented tensors are not supported");

  Shape shape(proto.dims().begin(), proto.dims().end());
  absl::StatusOr<int64_t> count = ElementCount(shape);
  if (!count.ok()) return error(count.status().message());
  const int64_t element_size = static_cast<int64_t>(ElementSize(*type));

  // The data length is checked against dims before the storage is allocated,
  // so a few bytes claiming a huge shape cost no memory.
  const TypedField field = FieldFor(*type);
  if (raw_size.has_value()) {
    if (HasAnyTypedData(proto)) return error("has both raw_data and typed data fields");
    if (*raw_size % element_size != 0 || *raw_size / element_size != *count) {
      int64_t needed = 0;
      const std::string needed_text = __builtin_mul_overflow(*count, element_size, &needed)
                                          ? std::string("more than 2^63")
                                          : absl::StrCat(needed);
      return error("raw_data has ", *raw_size, " bytes, but dims ", ShapeToString(shape), " of ",
                   ElementTypeName(*type), " need ", needed_text);
    }
  } else {
    for (TypedField other : {TypedField::kFloat, TypedField::kDouble, TypedField::kInt32,
                             TypedField::kInt64, TypedField::kUint64}) {
      if (other != field && FieldSize(proto, other) > 0) {
        return error(FieldName(other), " is set, but ", ElementTypeName(*type), " data belongs in ",
                     FieldName(field));
      }
    }
    if (proto.string_data_size() > 0) return error("string_data is set on a numeric tensor");
    if (FieldSize(proto, field) != *count) {
      return error(FieldName(field), " has ", FieldSize(proto, field), " values, but dims ",
                   ShapeToString(shape), " need ", *count);
    }
  }
  return CheckedTensor{*type, std::move(shape)};
}

absl::Status Labeled(const onnx::TensorProto& proto, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(TensorLabel(proto), ": ", status.message()));
}

absl::StatusOr<Tensor> CreateTensorFor(const onnx::TensorProto& proto, CheckedTensor checked,
                                       int64_t max_bytes) {
  absl::StatusOr<Tensor> tensor = Tensor::Create(checked.type, std::move(checked.shape), max_bytes);
  if (!tensor.ok()) return Labeled(proto, tensor.status());
  return tensor;
}

}  // namespace internal

using internal::CheckedTensor;
using internal::CheckTensorProto;
using internal::CreateTensorFor;

absl::StatusOr<Tensor> TensorFromProto(const onnx::TensorProto& proto, int64_t max_bytes) {
  std::optional<int64_t> raw_size;
  if (proto.has_raw_data()) raw_size = static_cast<int64_t>(proto.raw_data().size());
  absl::StatusOr<CheckedTensor> checked = CheckTensorProto(proto, raw_size);
  if (!checked.ok()) return checked.status();
  absl::StatusOr<Tensor> tensor = CreateTensorFor(proto, *std::move(checked), max_bytes);
  if (!tensor.ok()) return tensor.status();
  if (proto.has_raw_data()) {
    const std::string& raw = proto.raw_data();
    if (!raw.empty()) std::memcpy(tensor->bytes().data(), raw.data(), raw.size());
    return tensor;
  }
  absl::Status copied = VisitNumericType(
      tensor->type(), [&]<typename T>(TypeTag<T>) { return CopyTypedData<T>(proto, *tensor); });
  if (!copied.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(TensorLabel(proto), ": ", copied.message()));
  }
  return tensor;
}

onnx::TensorProto TensorToProto(const Tensor& tensor, const std::string& name) {
  onnx::TensorProto proto;
  proto.set_name(name);
  proto.set_data_type(static_cast<int32_t>(tensor.type()));
  for (int64_t dim : tensor.shape()) proto.add_dims(dim);
  proto.set_raw_data(reinterpret_cast<const char*>(tensor.bytes().data()), tensor.byte_size());
  return proto;
}

}  // namespace onnx_conform
