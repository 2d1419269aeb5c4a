#include "tensor/value_proto.h"

#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "tensor/element_value.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

// SequenceProto.DataType and OptionalProto.DataType share their numbers.
constexpr int32_t kUndefined = 0;
constexpr int32_t kTensorElem = 1;
constexpr int32_t kSparseTensorElem = 2;
constexpr int32_t kSequenceElem = 3;
constexpr int32_t kMapElem = 4;
constexpr int32_t kOptionalElem = 5;

std::string Label(absl::string_view message, const std::string& name) {
  return name.empty() ? std::string(message) : absl::StrCat(message, " '", name, "'");
}

absl::Status Error(const std::string& label, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(label, ": ", what));
}

// An error of an element, prefixed with where it lies in its container.
absl::Status Within(const std::string& label, absl::string_view where, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(label, ": ", where, ": ", status.message()));
}

// The elem_type of a SequenceProto or OptionalProto, or why it is refused.
absl::StatusOr<std::optional<Tensor::Kind>> ElemKind(const std::string& label, int32_t elem_type) {
  if (elem_type == kUndefined) return std::optional<Tensor::Kind>();
  if (elem_type == kSparseTensorElem) {
    return absl::UnimplementedError(
        absl::StrCat(label, ": holds sparse tensors, which the suite does not read"));
  }
  std::optional<Tensor::Kind> kind = KindFromElemType(elem_type);
  if (!kind.has_value()) {
    return absl::UnimplementedError(
        absl::StrCat(label, ": elem_type ", elem_type, " is not one ONNX defines (1 to 5)"));
  }
  return kind;
}

// Decodes each message of a repeated field into `elements`.
template <typename Messages>
absl::Status DecodeAll(const std::string& label, const Messages& messages, int64_t max_bytes,
                       std::vector<Tensor>& elements) {
  for (int i = 0; i < messages.size(); ++i) {
    absl::StatusOr<Tensor> element;
    if constexpr (std::is_same_v<typename Messages::value_type, onnx::TensorProto>) {
      element = TensorFromProto(messages.Get(i), max_bytes);
    } else {
      element = ValueFromProto(messages.Get(i), max_bytes);
    }
    if (!element.ok()) return Within(label, absl::StrCat("element ", i), element.status());
    elements.push_back(*std::move(element));
  }
  return absl::OkStatus();
}

template <typename Message>
int ValuesIn(const Message& proto, int32_t elem_type) {
  if constexpr (std::is_same_v<Message, onnx::SequenceProto>) {
    switch (elem_type) {
      case kTensorElem: return proto.tensor_values_size();
      case kSparseTensorElem: return proto.sparse_tensor_values_size();
      case kSequenceElem: return proto.sequence_values_size();
      case kMapElem: return proto.map_values_size();
      case kOptionalElem: return proto.optional_values_size();
    }
  } else {
    switch (elem_type) {
      case kTensorElem: return proto.has_tensor_value() ? 1 : 0;
      case kSparseTensorElem: return proto.has_sparse_tensor_value() ? 1 : 0;
      case kSequenceElem: return proto.has_sequence_value() ? 1 : 0;
      case kMapElem: return proto.has_map_value() ? 1 : 0;
      case kOptionalElem: return proto.has_optional_value() ? 1 : 0;
    }
  }
  return 0;
}

constexpr absl::string_view ElemFieldName(bool sequence, int32_t elem_type) {
  switch (elem_type) {
    case kTensorElem: return sequence ? "tensor_values" : "tensor_value";
    case kSparseTensorElem: return sequence ? "sparse_tensor_values" : "sparse_tensor_value";
    case kSequenceElem: return sequence ? "sequence_values" : "sequence_value";
    case kMapElem: return sequence ? "map_values" : "map_value";
    case kOptionalElem: return sequence ? "optional_values" : "optional_value";
  }
  return "?";
}

// Only the field elem_type names may hold values.
template <typename Message>
absl::Status CheckOtherFieldsEmpty(const std::string& label, const Message& proto,
                                   int32_t elem_type) {
  constexpr bool kSequence = std::is_same_v<Message, onnx::SequenceProto>;
  for (int32_t other = kTensorElem; other <= kOptionalElem; ++other) {
    if (other != elem_type && ValuesIn(proto, other) > 0) {
      return Error(label, absl::StrCat(ElemFieldName(kSequence, other), " is set, but elem_type ",
                                       elem_type, " keeps its values in ",
                                       elem_type == kUndefined
                                           ? std::string("no field (undefined: none)")
                                           : std::string(ElemFieldName(kSequence, elem_type))));
    }
  }
  return absl::OkStatus();
}

// The integer range of a map key type; nullopt for string and types no
// key may have.
std::optional<std::pair<int64_t, uint64_t>> KeyRange(ElementType type) {
  switch (type) {
    case ElementType::kInt8: return std::pair<int64_t, uint64_t>{-128, 127};
    case ElementType::kInt16: return std::pair<int64_t, uint64_t>{-32768, 32767};
    case ElementType::kInt32:
      return std::pair<int64_t, uint64_t>{std::numeric_limits<int32_t>::min(),
                                          std::numeric_limits<int32_t>::max()};
    case ElementType::kInt64:
      return std::pair<int64_t, uint64_t>{std::numeric_limits<int64_t>::min(),
                                          std::numeric_limits<int64_t>::max()};
    case ElementType::kUint8: return std::pair<int64_t, uint64_t>{0, 255};
    case ElementType::kUint16: return std::pair<int64_t, uint64_t>{0, 65535};
    case ElementType::kUint32:
      return std::pair<int64_t, uint64_t>{0, std::numeric_limits<uint32_t>::max()};
    // MapProto keeps keys in a repeated int64: a uint64 key is its bits.
    case ElementType::kUint64:
      return std::pair<int64_t, uint64_t>{std::numeric_limits<int64_t>::min(),
                                          std::numeric_limits<uint64_t>::max()};
    default: return std::nullopt;
  }
}

}  // namespace

Tensor::Kind KindOfType(const onnx::TypeProto& type) {
  switch (type.value_case()) {
    case onnx::TypeProto::kSequenceType: return Tensor::Kind::kSequence;
    case onnx::TypeProto::kOptionalType: return Tensor::Kind::kOptional;
    case onnx::TypeProto::kMapType: return Tensor::Kind::kMap;
    default: return Tensor::Kind::kTensor;
  }
}

absl::string_view KindName(Tensor::Kind kind) {
  switch (kind) {
    case Tensor::Kind::kTensor: return "tensor";
    case Tensor::Kind::kSequence: return "sequence";
    case Tensor::Kind::kOptional: return "optional";
    case Tensor::Kind::kMap: return "map";
  }
  return "?";
}

std::optional<Tensor::Kind> KindFromElemType(int32_t elem_type) {
  switch (elem_type) {
    case kTensorElem: return Tensor::Kind::kTensor;
    case kSequenceElem: return Tensor::Kind::kSequence;
    case kMapElem: return Tensor::Kind::kMap;
    case kOptionalElem: return Tensor::Kind::kOptional;
    default: return std::nullopt;
  }
}

int32_t ElemTypeOfKind(Tensor::Kind kind) {
  switch (kind) {
    case Tensor::Kind::kTensor: return kTensorElem;
    case Tensor::Kind::kSequence: return kSequenceElem;
    case Tensor::Kind::kMap: return kMapElem;
    case Tensor::Kind::kOptional: return kOptionalElem;
  }
  return kUndefined;
}

absl::StatusOr<Tensor> ValueFromProto(const onnx::SequenceProto& proto, int64_t max_bytes) {
  const std::string label = Label("sequence", proto.name());
  absl::StatusOr<std::optional<Tensor::Kind>> kind = ElemKind(label, proto.elem_type());
  if (!kind.ok()) return kind.status();
  if (absl::Status others = CheckOtherFieldsEmpty(label, proto, proto.elem_type()); !others.ok()) {
    return others;
  }
  std::vector<Tensor> elements;
  absl::Status decoded = absl::OkStatus();
  switch (proto.elem_type()) {
    case kTensorElem: decoded = DecodeAll(label, proto.tensor_values(), max_bytes, elements); break;
    case kSequenceElem:
      decoded = DecodeAll(label, proto.sequence_values(), max_bytes, elements);
      break;
    case kMapElem: decoded = DecodeAll(label, proto.map_values(), max_bytes, elements); break;
    case kOptionalElem:
      decoded = DecodeAll(label, proto.optional_values(), max_bytes, elements);
      break;
  }
  if (!decoded.ok()) return decoded;
  return Tensor::Sequence(std::move(elements), *kind);
}

absl::StatusOr<Tensor> ValueFromProto(const onnx::OptionalProto& proto, int64_t max_bytes) {
  const std::string label = Label("optional", proto.name());
  absl::StatusOr<std::optional<Tensor::Kind>> kind = ElemKind(label, proto.elem_type());
  if (!kind.ok()) return kind.status();
  if (absl::Status others = CheckOtherFieldsEmpty(label, proto, proto.elem_type()); !others.ok()) {
    return others;
  }
  if (ValuesIn(proto, proto.elem_type()) == 0) return Tensor::Optional(std::nullopt, *kind);
  absl::StatusOr<Tensor> value;
  switch (proto.elem_type()) {
    case kTensorElem: value = TensorFromProto(proto.tensor_value(), max_bytes); break;
    case kSequenceElem: value = ValueFromProto(proto.sequence_value(), max_bytes); break;
    case kMapElem: value = ValueFromProto(proto.map_value(), max_bytes); break;
    case kOptionalElem: value = ValueFromProto(proto.optional_value(), max_bytes); break;
  }
  if (!value.ok()) return Within(label, "its value", value.status());
  return Tensor::Optional(*std::move(value), *kind);
}

absl::StatusOr<Tensor> ValueFromProto(const onnx::MapProto& proto, int64_t max_bytes) {
  const std::string label = Label("map", proto.name());
  const std::optional<ElementType> key_type = ElementTypeFromProto(proto.key_type());
  const bool string_keys = key_type == ElementType::kString;
  const std::optional<std::pair<int64_t, uint64_t>> range =
      key_type.has_value() ? KeyRange(*key_type) : std::nullopt;
  if (!string_keys && !range.has_value()) {
    return Error(label, absl::StrCat("key_type ", DataTypeNumberName(proto.key_type()),
                                     " is not an integer type or string"));
  }
  if (string_keys ? proto.keys_size() > 0 : proto.string_keys_size() > 0) {
    return Error(label, string_keys ? "string keys are set in keys, not string_keys"
                                    : "integer keys are set in string_keys, not keys");
  }
  const int64_t count = string_keys ? proto.string_keys_size() : proto.keys_size();
  absl::StatusOr<Tensor> keys = Tensor::Create(*key_type, {count}, max_bytes);
  if (!keys.ok()) return Within(label, "keys", keys.status());
  for (int64_t i = 0; i < count; ++i) {
    if (string_keys) {
      keys->strings()[static_cast<size_t>(i)] = proto.string_keys(static_cast<int>(i));
      continue;
    }
    const int64_t key = proto.keys(static_cast<int>(i));
    const bool in_range =
        *key_type == ElementType::kUint64 ||
        (key >= range->first && (key < 0 || static_cast<uint64_t>(key) <= range->second));
    if (!in_range) {
      return Error(label, absl::StrCat("keys[", i, "] = ", key, " is out of range for ",
                                       ElementTypeName(*key_type)));
    }
    std::memcpy(keys->bytes().data() + i * ElementSize(*key_type), &key, ElementSize(*key_type));
  }
  absl::StatusOr<Tensor> values = ValueFromProto(proto.values(), max_bytes);
  if (!values.ok()) return Within(label, "values", values.status());
  if (static_cast<int64_t>(values->elements().size()) != count) {
    return Error(label, absl::StrCat(count, " keys but ", values->elements().size(), " values"));
  }
  return Tensor::Map(*std::move(keys), *std::move(values));
}

namespace {

// Fills a SequenceProto's or OptionalProto's field for one element.
template <typename Message>
void AddElement(Message& proto, const Tensor& element) {
  constexpr bool kSequence = std::is_same_v<Message, onnx::SequenceProto>;
  switch (element.kind()) {
    case Tensor::Kind::kTensor:
      if constexpr (kSequence) {
        *proto.add_tensor_values() = TensorToProto(element, "");
      } else {
        *proto.mutable_tensor_value() = TensorToProto(element, "");
      }
      break;
    case Tensor::Kind::kSequence:
      if constexpr (kSequence) {
        *proto.add_sequence_values() = SequenceToProto(element, "");
      } else {
        *proto.mutable_sequence_value() = SequenceToProto(element, "");
      }
      break;
    case Tensor::Kind::kOptional:
      if constexpr (kSequence) {
        *proto.add_optional_values() = OptionalToProto(element, "");
      } else {
        *proto.mutable_optional_value() = OptionalToProto(element, "");
      }
      break;
    case Tensor::Kind::kMap:
      if constexpr (kSequence) {
        *proto.add_map_values() = MapToProto(element, "");
      } else {
        *proto.mutable_map_value() = MapToProto(element, "");
      }
      break;
  }
}

// An integer map key as MapProto keeps it: signed types sign-extended,
// unsigned ones zero-extended (a uint64 key beyond int64 as its bits).
int64_t KeyAt(const Tensor& keys, int64_t i) {
  const uint64_t bits = ElementBits(keys, i);
  const int width = ElementBitWidth(keys.type());
  const bool is_signed = keys.type() == ElementType::kInt8 || keys.type() == ElementType::kInt16 ||
                         keys.type() == ElementType::kInt32 || keys.type() == ElementType::kInt64;
  if (!is_signed || width == 64) return static_cast<int64_t>(bits);
  const uint64_t sign = uint64_t{1} << (width - 1);
  return static_cast<int64_t>(bits ^ sign) - static_cast<int64_t>(sign);
}

// The elem_type a value of a sequence or optional is written with: its
// element kind, or its first element's.
int32_t ElemTypeToWrite(const Tensor& value) {
  if (value.element_kind().has_value()) return ElemTypeOfKind(*value.element_kind());
  if (!value.elements().empty()) return ElemTypeOfKind(value.elements()[0].kind());
  return kUndefined;
}

}  // namespace

onnx::SequenceProto SequenceToProto(const Tensor& value, const std::string& name) {
  onnx::SequenceProto proto;
  if (!name.empty()) proto.set_name(name);
  proto.set_elem_type(ElemTypeToWrite(value));
  for (const Tensor& element : value.elements()) AddElement(proto, element);
  return proto;
}

onnx::OptionalProto OptionalToProto(const Tensor& value, const std::string& name) {
  onnx::OptionalProto proto;
  if (!name.empty()) proto.set_name(name);
  proto.set_elem_type(ElemTypeToWrite(value));
  for (const Tensor& element : value.elements()) AddElement(proto, element);
  return proto;
}

onnx::MapProto MapToProto(const Tensor& value, const std::string& name) {
  onnx::MapProto proto;
  if (!name.empty()) proto.set_name(name);
  const Tensor& keys = value.map_keys();
  proto.set_key_type(static_cast<int32_t>(keys.type()));
  for (int64_t i = 0; i < keys.element_count(); ++i) {
    if (keys.type() == ElementType::kString) {
      proto.add_string_keys(keys.strings()[static_cast<size_t>(i)]);
    } else {
      proto.add_keys(KeyAt(keys, i));
    }
  }
  *proto.mutable_values() = SequenceToProto(value.map_values(), "");
  return proto;
}

std::string SerializeValue(const Tensor& value, const std::string& name) {
  switch (value.kind()) {
    case Tensor::Kind::kTensor: return TensorToProto(value, name).SerializeAsString();
    case Tensor::Kind::kSequence: return SequenceToProto(value, name).SerializeAsString();
    case Tensor::Kind::kOptional: return OptionalToProto(value, name).SerializeAsString();
    case Tensor::Kind::kMap: return MapToProto(value, name).SerializeAsString();
  }
  return "";
}

}  // namespace onnx_conform
