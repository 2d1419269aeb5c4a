#include "tensor/tensor_proto.h"

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
#include "tensor/element_type.h"
#include "tensor/tensor_proto_internal.h"

namespace onnx_conform {
namespace {

static_assert(std::endian::native == std::endian::little,
              "raw_data is little-endian; a big-endian port must byte-swap here");

// Which typed field of TensorProto carries each element type.
enum class TypedField { kFloat, kDouble, kInt32, kInt64, kUint64, kString };
constexpr TypedField kAllFields[] = {TypedField::kFloat, TypedField::kDouble, TypedField::kInt32,
                                     TypedField::kInt64, TypedField::kUint64, TypedField::kString};

TypedField FieldFor(ElementType type) {
  switch (type) {
    case ElementType::kFloat:
    case ElementType::kComplex64: return TypedField::kFloat;
    case ElementType::kDouble:
    case ElementType::kComplex128: return TypedField::kDouble;
    case ElementType::kInt64: return TypedField::kInt64;
    case ElementType::kUint32:
    case ElementType::kUint64: return TypedField::kUint64;
    case ElementType::kString: return TypedField::kString;
    // int8/16/32, uint8/16, bool, float16, bfloat16, the float8 types,
    // float8e8m0, and the packed types (uint4, int4, float4e2m1, uint2,
    // int2, float6e2m3, float6e3m2).
    default: return TypedField::kInt32;
  }
}

absl::string_view FieldName(TypedField field) {
  switch (field) {
    case TypedField::kFloat: return "float_data";
    case TypedField::kDouble: return "double_data";
    case TypedField::kInt32: return "int32_data";
    case TypedField::kInt64: return "int64_data";
    case TypedField::kUint64: return "uint64_data";
    case TypedField::kString: return "string_data";
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
    case TypedField::kString: return proto.string_data_size();
  }
  return 0;
}

// Elements per int32_data entry: ONNX packs a byte of 4-bit (2 elements)
// or 2-bit (4 elements) types into each; every other type, float6 included,
// takes one entry per element.
int64_t ElementsPerInt32Entry(ElementType type) {
  const int bits = ElementBitWidth(type);
  return bits == 4 || bits == 2 ? 8 / bits : 1;
}

// Entries of the typed field that `count` elements take.
int64_t TypedEntries(ElementType type, int64_t count) {
  if (IsComplex(type)) return 2 * count;  // count <= 2^62: dims were checked against the data
  if (FieldFor(type) == TypedField::kInt32) {
    const int64_t per_entry = ElementsPerInt32Entry(type);
    return count / per_entry + (count % per_entry != 0 ? 1 : 0);
  }
  return count;
}

// raw_data's bytes for `count` elements: packed types take
// ceil(count * bits / 8); nullopt beyond int64.
std::optional<int64_t> RawBytes(ElementType type, int64_t count) {
  const int64_t bits = ElementBitWidth(type);
  if (bits < 8) {
    int64_t total_bits = 0;
    if (__builtin_mul_overflow(count, bits, &total_bits)) return std::nullopt;
    return total_bits / 8 + (total_bits % 8 != 0 ? 1 : 0);
  }
  int64_t bytes = 0;
  if (__builtin_mul_overflow(count, bits / 8, &bytes)) return std::nullopt;
  return bytes;
}

// The value range of one int32_data entry for `type`: integer types their
// own range; bool 0 or 1; float16 and bfloat16 their 16-bit patterns, the
// 8-bit floats their 8-bit patterns; a packed 4-bit or 2-bit type a byte
// of packed elements; float6 its 6-bit pattern.
struct EntryRange {
  int64_t min;
  int64_t max;
};
EntryRange Int32EntryRange(ElementType type) {
  switch (type) {
    case ElementType::kInt8: return {-128, 127};
    case ElementType::kInt16: return {-32768, 32767};
    case ElementType::kInt32:
      return {std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()};
    case ElementType::kBool: return {0, 1};
    // A byte of packed signed elements may come as a signed byte too: ONNX
    // 1.16's helper wrote int4 data that way (test_cast_INT4_to_FLOAT's -120
    // is 0x88, two -8s).
    case ElementType::kInt4:
    case ElementType::kInt2: return {-128, 255};
    default: {
      const int bits = ElementBitWidth(type);
      return {0, bits == 4 || bits == 2 ? 255 : (int64_t{1} << bits) - 1};
    }
  }
}

// Unpacks `count` elements of `bits` bits each from an LSB-first bitstream
// (ONNX's packing of raw_data: element i in bits [i*bits, (i+1)*bits)) into
// one byte per element. The bits after the last element must be zero.
absl::Status UnpackBits(std::span<const uint8_t> packed, int bits, int64_t count,
                        std::span<std::byte> out, ElementType type, absl::string_view field) {
  const uint32_t mask = (1u << bits) - 1;
  for (int64_t i = 0; i < count; ++i) {
    const int64_t first_bit = i * bits;
    const size_t byte = static_cast<size_t>(first_bit / 8);
    uint32_t window = packed[byte];
    if (byte + 1 < packed.size()) window |= static_cast<uint32_t>(packed[byte + 1]) << 8;
    out[static_cast<size_t>(i)] = static_cast<std::byte>((window >> (first_bit % 8)) & mask);
  }
  const int64_t used_bits = count * bits;
  if (used_bits % 8 != 0) {
    const uint8_t last = packed[static_cast<size_t>(used_bits / 8)];
    const uint8_t padding = static_cast<uint8_t>(last >> (used_bits % 8));
    if (padding != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          field, "'s last byte 0x", absl::Hex(last, absl::kZeroPad2), " sets bits beyond the ",
          count, " packed ", ElementTypeName(type), " elements (they must be 0)"));
    }
  }
  return absl::OkStatus();
}

// The inverse of UnpackBits: one byte per element (its low `bits` bits) to
// the packed bitstream, zero-padded.
std::string PackBits(std::span<const std::byte> elements, int bits) {
  const int64_t count = static_cast<int64_t>(elements.size());
  std::string packed(static_cast<size_t>((count * bits + 7) / 8), '\0');
  const uint32_t mask = (1u << bits) - 1;
  for (int64_t i = 0; i < count; ++i) {
    const int64_t first_bit = i * bits;
    const uint32_t value = (static_cast<uint32_t>(elements[static_cast<size_t>(i)]) & mask)
                           << (first_bit % 8);
    const size_t byte = static_cast<size_t>(first_bit / 8);
    packed[byte] = static_cast<char>(static_cast<uint8_t>(packed[byte]) | (value & 0xFF));
    if (value > 0xFF) packed[byte + 1] = static_cast<char>(value >> 8);
  }
  return packed;
}

// bool's bytes must be 0 or 1 (ONNX: "00000001 for true").
absl::Status CheckBoolBytes(std::span<const std::byte> bytes, absl::string_view field) {
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (static_cast<uint8_t>(bytes[i]) > 1) {
      return absl::InvalidArgumentError(absl::StrCat(field, " byte ", i, " of a bool tensor is ",
                                                     static_cast<int>(bytes[i]),
                                                     "; a bool is 0 or 1"));
    }
  }
  return absl::OkStatus();
}

// Copies a typed repeated field into the tensor, range-checking every
// entry of int32_data and uint64_data against the element type.
absl::Status CopyTypedData(const onnx::TensorProto& proto, Tensor& tensor) {
  const ElementType type = tensor.type();
  std::span<std::byte> out = tensor.bytes();
  switch (FieldFor(type)) {
    case TypedField::kFloat:
      if (!out.empty()) std::memcpy(out.data(), proto.float_data().data(), out.size());
      return absl::OkStatus();
    case TypedField::kDouble:
      if (!out.empty()) std::memcpy(out.data(), proto.double_data().data(), out.size());
      return absl::OkStatus();
    case TypedField::kInt64:
      if (!out.empty()) std::memcpy(out.data(), proto.int64_data().data(), out.size());
      return absl::OkStatus();
    case TypedField::kString:
      std::copy(proto.string_data().begin(), proto.string_data().end(), tensor.strings().begin());
      return absl::OkStatus();
    case TypedField::kUint64:
      if (type == ElementType::kUint64) {
        if (!out.empty()) std::memcpy(out.data(), proto.uint64_data().data(), out.size());
        return absl::OkStatus();
      }
      for (int i = 0; i < proto.uint64_data_size(); ++i) {
        const uint64_t value = proto.uint64_data(i);
        if (value > std::numeric_limits<uint32_t>::max()) {
          return absl::InvalidArgumentError(
              absl::StrCat("uint64_data[", i, "] = ", value, " is out of range for uint32"));
        }
        tensor.data<uint32_t>()[static_cast<size_t>(i)] = static_cast<uint32_t>(value);
      }
      return absl::OkStatus();
    case TypedField::kInt32: break;
  }
  const EntryRange range = Int32EntryRange(type);
  const size_t size = ElementSize(type);
  const int64_t per_entry = ElementsPerInt32Entry(type);
  std::string packed;  // the bytes of a 4-bit or 2-bit type's entries
  for (int i = 0; i < proto.int32_data_size(); ++i) {
    const int64_t value = proto.int32_data(i);
    if (value < range.min || value > range.max) {
      return absl::InvalidArgumentError(absl::StrCat(
          "int32_data[", i, "] = ", value, " is out of range for ", ElementTypeName(type),
          per_entry > 1 ? absl::StrCat(" (a byte of ", per_entry, " packed elements)") : ""));
    }
    if (per_entry > 1) {
      packed.push_back(static_cast<char>(value));
    } else {
      // The entry's low bytes are the element (two's complement for ints).
      std::memcpy(out.data() + static_cast<size_t>(i) * size, &value, size);
    }
  }
  if (per_entry > 1) {
    return UnpackBits({reinterpret_cast<const uint8_t*>(packed.data()), packed.size()},
                      ElementBitWidth(type), tensor.element_count(), out, type, "int32_data");
  }
  return absl::OkStatus();
}

// Copies raw_data into the tensor: as it is, unpacked for a packed type,
// checked for bool.
absl::Status CopyRawData(const std::string& raw, Tensor& tensor) {
  const ElementType type = tensor.type();
  if (IsPackedType(type)) {
    return UnpackBits({reinterpret_cast<const uint8_t*>(raw.data()), raw.size()},
                      ElementBitWidth(type), tensor.element_count(), tensor.bytes(), type,
                      "raw_data");
  }
  if (!raw.empty()) std::memcpy(tensor.bytes().data(), raw.data(), raw.size());
  if (type == ElementType::kBool) return CheckBoolBytes(tensor.bytes(), "raw_data");
  return absl::OkStatus();
}

// "tensor 'x'" (or "tensor" when unnamed), the start of decoding errors.
std::string TensorLabel(const onnx::TensorProto& proto) {
  return proto.name().empty() ? std::string("tensor") : absl::StrCat("tensor '", proto.name(), "'");
}

}  // namespace

namespace internal {

bool HasAnyTypedData(const onnx::TensorProto& proto) {
  for (TypedField field : kAllFields) {
    if (FieldSize(proto, field) > 0) return true;
  }
  return false;
}

bool RawDataIsStorage(ElementType type) {
  return IsNumeric(type) || IsComplex(type) || (IsSmallFloat(type) && !IsPackedType(type));
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
  if (!type.has_value() && proto.data_type() > 0) {
    // Perhaps valid in a newer ONNX: the suite cannot read it, which is no
    // verdict on the file (Unimplemented, not InvalidArgument).
    return absl::UnimplementedError(absl::StrCat(
        label, ": unknown data_type ", proto.data_type(), " (the suite knows ONNX's 1 to ",
        static_cast<int32_t>(kAllElementTypes[std::size(kAllElementTypes) - 1]),
        "; a newer ONNX release's type?)"));
  }
  if (!type.has_value()) return error("unknown data_type ", proto.data_type());
  if (proto.data_location() == onnx::TensorProto::EXTERNAL || proto.external_data_size() > 0) {
    return error(
        "external data was not resolved (only tensors read from a file have a folder "
        "to resolve it from)");
  }
  if (proto.has_segment()) return error("segmented tensors are not supported");

  Shape shape(proto.dims().begin(), proto.dims().end());
  absl::StatusOr<int64_t> count = ElementCount(shape);
  if (!count.ok()) return error(count.status().message());

  // The data length is checked against dims before the storage is allocated,
  // so a few bytes claiming a huge shape cost no memory.
  const TypedField field = FieldFor(*type);
  if (raw_size.has_value()) {
    if (*type == ElementType::kString) {
      return error("a string tensor keeps its elements in string_data, not raw_data");
    }
    if (HasAnyTypedData(proto)) return error("has both raw_data and typed data fields");
    const std::optional<int64_t> needed = RawBytes(*type, *count);
    if (!needed.has_value() || *needed != *raw_size) {
      return error("raw_data has ", *raw_size, " bytes, but dims ", ShapeToString(shape), " of ",
                   ElementTypeName(*type), " need ",
                   needed.has_value() ? absl::StrCat(*needed) : std::string("more than 2^63"),
                   IsPackedType(*type)
                       ? absl::StrCat(" (", ElementBitWidth(*type), " bits each, packed)")
                       : std::string());
    }
  } else {
    for (TypedField other : kAllFields) {
      if (other != field && FieldSize(proto, other) > 0) {
        if (other == TypedField::kString) {
          return error("string_data is set on a ", ElementTypeName(*type), " tensor");
        }
        return error(FieldName(other), " is set, but ", ElementTypeName(*type), " data belongs in ",
                     FieldName(field));
      }
    }
    // count may be beyond what a field holds (2^31 entries): compare without
    // computing entries for it.
    const int64_t entries = *count > (int64_t{1} << 40) ? -1 : TypedEntries(*type, *count);
    if (FieldSize(proto, field) != entries) {
      std::string how;
      if (IsComplex(*type)) how = " (a real and an imaginary part each)";
      if (ElementsPerInt32Entry(*type) > 1) {
        how = absl::StrCat(" (", ElementsPerInt32Entry(*type), " packed elements each)");
      }
      return error(FieldName(field), " has ", FieldSize(proto, field), " values, but dims ",
                   ShapeToString(shape), " need ",
                   entries < 0 ? absl::StrCat("more than 2^40") : absl::StrCat(entries), how);
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
  const absl::Status copied =
      proto.has_raw_data() ? CopyRawData(proto.raw_data(), *tensor) : CopyTypedData(proto, *tensor);
  if (!copied.ok()) return internal::Labeled(proto, copied);
  return tensor;
}

onnx::TensorProto TensorToProto(const Tensor& tensor, const std::string& name) {
  onnx::TensorProto proto;
  proto.set_name(name);
  proto.set_data_type(static_cast<int32_t>(tensor.type()));
  for (int64_t dim : tensor.shape()) proto.add_dims(dim);
  if (tensor.type() == ElementType::kString) {
    for (const std::string& value : tensor.strings()) proto.add_string_data(value);
  } else if (IsPackedType(tensor.type())) {
    proto.set_raw_data(PackBits(tensor.bytes(), ElementBitWidth(tensor.type())));
  } else {
    proto.set_raw_data(reinterpret_cast<const char*>(tensor.bytes().data()), tensor.byte_size());
  }
  return proto;
}

}  // namespace onnx_conform
