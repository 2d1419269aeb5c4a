#include "reference/tensor_proto.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <system_error>
#include <type_traits>
#include <vector>

#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/message.h"
#include "google/protobuf/wire_format_lite.h"
#include "google/protobuf/unknown_field_set.h"

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "reference/resource_limits.h"

namespace onnx_conform {
namespace {

static_assert(std::endian::native == std::endian::little,
              "raw_data is little-endian; a big-endian port must byte-swap here");

namespace fs = std::filesystem;

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
  if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) {
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
  if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) {
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
        return absl::InvalidArgumentError(absl::StrCat(
            "uint64_data[", i, "] = ", value, " is out of range for uint32"));
      }
      out[i] = static_cast<uint32_t>(value);
    }
  } else {
    for (size_t i = 0; i < out.size(); ++i) {
      const int64_t value = proto.int32_data(static_cast<int>(i));
      if (!InStorageRange<T>(value)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "int32_data[", i, "] = ", value, " is out of range for ",
            ElementTypeName(ElementTypeOf<T>())));
      }
      out[i] = FromStorage<T>(value);
    }
  }
  return absl::OkStatus();
}

bool HasAnyTypedData(const onnx::TensorProto& proto) {
  return proto.float_data_size() > 0 || proto.double_data_size() > 0 ||
         proto.int32_data_size() > 0 || proto.int64_data_size() > 0 ||
         proto.uint64_data_size() > 0 || proto.string_data_size() > 0;
}

// "tensor 'x'" (or "tensor" when unnamed), the start of decoding errors.
std::string TensorLabel(const onnx::TensorProto& proto) {
  return proto.name().empty() ? std::string("tensor") : absl::StrCat("tensor '", proto.name(), "'");
}

absl::Status WithFile(const absl::Status& status, const fs::path& path) {
  return absl::Status(status.code(), absl::StrCat(path.string(), ": ", status.message()));
}

// Field numbers a parsed message did not define (a sign of another message).
std::vector<int> UnknownFieldNumbers(const google::protobuf::Message& message) {
  const google::protobuf::UnknownFieldSet& unknown =
      message.GetReflection()->GetUnknownFields(message);
  std::vector<int> numbers;
  for (int i = 0; i < unknown.field_count(); ++i) {
    const int number = unknown.field(i).number();
    if (std::find(numbers.begin(), numbers.end(), number) == numbers.end()) {
      numbers.push_back(number);
    }
  }
  return numbers;
}

// Whether `bytes` are a clean instance of Message: it parses with no field
// Message does not define, and holds what every such file holds (a model
// its graph, a tensor its data_type). Names a file of the wrong kind.
template <typename Message>
bool IsWellFormed(absl::string_view bytes) {
  Message message;
  if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) return false;
  if (!UnknownFieldNumbers(message).empty()) return false;
  if constexpr (std::is_same_v<Message, onnx::ModelProto>) {
    return message.has_graph();
  } else {
    return message.has_data_type();
  }
}

constexpr absl::string_view kParseFailure =
    "truncated, corrupt, nested deeper than protobuf's recursion limit (100), or another kind "
    "of file";

// A non-negative decimal int64 from an external_data value.
std::optional<int64_t> ParseByteCount(const std::string& text) {
  if (text.empty() || text.size() > 19) return std::nullopt;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  int64_t value = 0;
  if (!absl::SimpleAtoi(text, &value)) return std::nullopt;
  return value;
}

// Reads bytes [offset, offset + length) of a file whose size is known.
absl::StatusOr<std::string> ReadFileRange(const fs::path& path, int64_t offset, int64_t length) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::DataLossError(absl::StrCat(path.string(), ": cannot open"));
  in.seekg(static_cast<std::streamoff>(offset));
  std::string bytes;
  bytes.resize(static_cast<size_t>(length));
  in.read(bytes.data(), static_cast<std::streamsize>(length));
  if (!in || in.gcount() != static_cast<std::streamsize>(length)) {
    return absl::DataLossError(absl::StrCat(path.string(), ": short read"));
  }
  return bytes;
}

// ResolveExternalData on every tensor of the main graph: initializers and
// node attributes (Constant's value). Subgraphs are never decoded.
absl::Status ResolveModelExternalData(onnx::ModelProto& model, const fs::path& base_dir,
                                      const fs::path& root) {
  // A model of many tensors sharing one large external file must not read
  // it without end when no case budget is installed (the check command).
  std::optional<ScopedResourceBudget> local_budget;
  if (!HasResourceBudget()) local_budget.emplace(ResourceLimits{});
  onnx::GraphProto* graph = model.mutable_graph();
  for (onnx::TensorProto& initializer : *graph->mutable_initializer()) {
    absl::Status status = ResolveExternalData(initializer, base_dir, root);
    if (!status.ok()) return status;
  }
  for (onnx::NodeProto& node : *graph->mutable_node()) {
    for (onnx::AttributeProto& attribute : *node.mutable_attribute()) {
      if (attribute.has_t()) {
        absl::Status status = ResolveExternalData(*attribute.mutable_t(), base_dir, root);
        if (!status.ok()) return status;
      }
      for (onnx::TensorProto& tensor : *attribute.mutable_tensors()) {
        absl::Status status = ResolveExternalData(tensor, base_dir, root);
        if (!status.ok()) return status;
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace

namespace {

// The type and shape TensorFromProto gives `proto`, after all its checks.
// `raw_size` is raw_data's length (nullopt: no raw_data); the direct file
// reader passes it for a raw_data it keeps out of `proto`.
struct CheckedTensor {
  ElementType type;
  Shape shape;
};
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
    return error("external data was not resolved (only tensors read from a file have a folder "
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
        return error(FieldName(other), " is set, but ", ElementTypeName(*type),
                     " data belongs in ", FieldName(field));
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

// An error about `proto`'s tensor: its code, the tensor named.
absl::Status Labeled(const onnx::TensorProto& proto, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(TensorLabel(proto), ": ", status.message()));
}

// Tensor::Create for a checked proto; keeps the code (ResourceExhausted for
// a tensor over max_bytes or the case's budget).
absl::StatusOr<Tensor> CreateTensorFor(const onnx::TensorProto& proto, CheckedTensor checked,
                                       int64_t max_bytes) {
  absl::StatusOr<Tensor> tensor = Tensor::Create(checked.type, std::move(checked.shape), max_bytes);
  if (!tensor.ok()) return Labeled(proto, tensor.status());
  return tensor;
}

}  // namespace

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

absl::StatusOr<std::string> ReadFileBytes(const fs::path& path, int64_t max_bytes) {
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec && ec != std::errc::no_such_file_or_directory) {  // a symlink loop, EACCES, ...
    return absl::DataLossError(absl::StrCat(path.string(), ": ", ec.message()));
  }
  if (ec || !fs::exists(status)) {
    return absl::NotFoundError(absl::StrCat(path.string(), ": no such file"));
  }
  if (!fs::is_regular_file(status)) {
    return absl::InvalidArgumentError(absl::StrCat(path.string(), ": not a regular file"));
  }
  const uintmax_t size = fs::file_size(path, ec);
  if (ec) return absl::DataLossError(absl::StrCat(path.string(), ": ", ec.message()));
  if (size > static_cast<uintmax_t>(max_bytes)) {
    return absl::ResourceExhaustedError(absl::StrCat(
        path.string(), ": file of ", size, " bytes is over the limit of ", max_bytes, " bytes"));
  }
  if (absl::Status charged =
          ChargeBytes(static_cast<int64_t>(size), /*is_tensor=*/false,
                      [&] { return absl::StrCat(path.string(), ": reading the file"); });
      !charged.ok()) {
    return charged;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::DataLossError(absl::StrCat(path.string(), ": cannot open"));
  std::string bytes;
  bytes.resize(static_cast<size_t>(size));
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  if (static_cast<uintmax_t>(in.gcount()) != size) {
    return absl::DataLossError(absl::StrCat(path.string(), ": short read"));
  }
  return bytes;
}

absl::Status CheckInsideDirectory(const fs::path& path, const fs::path& root) {
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec)) || !fs::exists(path, ec)) {
    return absl::OkStatus();  // missing or dangling: the reader says so
  }
  const fs::path target = fs::canonical(path, ec);
  if (ec) return absl::DataLossError(absl::StrCat(path.string(), ": ", ec.message()));
  const fs::path canonical_root = fs::canonical(root, ec);
  if (ec) return absl::DataLossError(absl::StrCat(root.string(), ": ", ec.message()));
  const fs::path relative = target.lexically_relative(canonical_root);
  if (relative.empty() || *relative.begin() == "..") {
    return absl::InvalidArgumentError(
        absl::StrCat(path.string(), ": resolves to ", target.string(), ", outside ",
                     canonical_root.string(), " (files are read only inside the case folder)"));
  }
  return absl::OkStatus();
}

absl::Status ResolveExternalData(onnx::TensorProto& proto, const fs::path& base_dir,
                                 const fs::path& root, int64_t max_bytes) {
  if (proto.data_location() != onnx::TensorProto::EXTERNAL && proto.external_data_size() == 0) {
    return absl::OkStatus();
  }
  const std::string label = proto.name().empty() ? std::string("tensor")
                                                  : absl::StrCat("tensor '", proto.name(), "'");
  auto error = [&](auto&&... parts) {
    return absl::InvalidArgumentError(absl::StrCat(label, ": external data: ", parts...));
  };
  if (proto.data_location() != onnx::TensorProto::EXTERNAL) {
    return error("external_data is set but data_location is not EXTERNAL");
  }
  if (proto.has_raw_data() || HasAnyTypedData(proto)) {
    return error("the tensor also holds its data inline (raw_data or a typed field)");
  }
  std::optional<std::string> location;
  std::optional<int64_t> offset, length;
  std::vector<std::string> seen;
  for (const onnx::StringStringEntryProto& entry : proto.external_data()) {
    if (std::find(seen.begin(), seen.end(), entry.key()) != seen.end()) {
      return error("key '", entry.key(), "' is given twice");
    }
    seen.push_back(entry.key());
    if (entry.key() == "location") {
      location = entry.value();
    } else if (entry.key() == "offset" || entry.key() == "length") {
      std::optional<int64_t> value = ParseByteCount(entry.value());
      if (!value) {
        return error(entry.key(), " '", entry.value(), "' is not a non-negative decimal number");
      }
      (entry.key() == "offset" ? offset : length) = value;
    }  // "checksum" and keys of later ONNX versions do not change the bytes
  }
  if (!location || location->empty()) return error("no location is given");
  if (location->find('\0') != std::string::npos) return error("the location holds a NUL byte");
  const fs::path relative(*location);
  if (relative.is_absolute()) {
    return error("location '", *location, "' is absolute; only paths inside the tensor's folder "
                 "are read");
  }
  for (const fs::path& part : relative) {
    if (part == "..") {
      return error("location '", *location, "' holds '..'; only paths inside the tensor's folder "
                   "are read");
    }
  }
  const fs::path file = base_dir / relative;
  absl::Status inside = CheckInsideDirectory(file, root.empty() ? base_dir : root);
  if (!inside.ok()) return error(inside.message());
  std::error_code ec;
  const fs::file_status status = fs::status(file, ec);
  if (ec || !fs::exists(status)) return error(file.string(), ": no such file");
  if (!fs::is_regular_file(status)) return error(file.string(), ": not a regular file");
  const uintmax_t file_size = fs::file_size(file, ec);
  if (ec) return error(file.string(), ": ", ec.message());
  const int64_t size = static_cast<int64_t>(file_size);
  const int64_t begin = offset.value_or(0);
  if (begin > size) {
    return error("offset ", begin, " is past the end of ", file.string(), " (", size, " bytes)");
  }
  const int64_t count = length.value_or(size - begin);
  if (count > size - begin) {
    return error("offset ", begin, " + length ", count, " reaches past the end of ",
                 file.string(), " (", size, " bytes)");
  }
  if (count > max_bytes) {
    return absl::ResourceExhaustedError(absl::StrCat(
        label, ": external data of ", count, " bytes is over the limit of ", max_bytes, " bytes"));
  }
  if (absl::Status charged =
          ChargeBytes(count, /*is_tensor=*/true,
                      [&] { return absl::StrCat(label, ": external data in ", file.string()); });
      !charged.ok()) {
    return charged;
  }
  absl::StatusOr<std::string> bytes = ReadFileRange(file, begin, count);
  if (!bytes.ok()) return error(bytes.status().message());
  proto.clear_external_data();
  proto.set_data_location(onnx::TensorProto::DEFAULT);
  proto.set_raw_data(*std::move(bytes));
  return absl::OkStatus();
}

absl::StatusOr<onnx::TensorProto> ParseTensorProto(absl::string_view bytes,
                                                   absl::string_view source) {
  if (bytes.empty()) {
    return absl::DataLossError(absl::StrCat(source, ": empty file (0 bytes), not a tensor"));
  }
  onnx::TensorProto proto;
  const bool parsed = proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
  if (!parsed || !proto.has_data_type()) {
    if (IsWellFormed<onnx::ModelProto>(bytes)) {
      return absl::DataLossError(absl::StrCat(
          source, ": not an onnx.TensorProto: it is an onnx.ModelProto (a model file)"));
    }
  }
  if (!parsed) {
    return absl::DataLossError(
        absl::StrCat(source, ": not a valid serialized onnx.TensorProto (", kParseFailure, ")"));
  }
  const std::vector<int> unknown = UnknownFieldNumbers(proto);
  if (!proto.has_data_type() && !unknown.empty()) {
    return absl::DataLossError(absl::StrCat(
        source, ": not an onnx.TensorProto: no data_type, and fields onnx.TensorProto does not "
        "define (numbers ", absl::StrJoin(unknown, ", "), ")"));
  }
  return proto;
}

absl::StatusOr<onnx::ModelProto> ParseModel(absl::string_view bytes, absl::string_view source) {
  if (bytes.empty()) {
    return absl::DataLossError(absl::StrCat(source, ": empty file (0 bytes), not a model"));
  }
  onnx::ModelProto model;
  const bool parsed = model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
  if (!parsed || !model.has_graph()) {
    if (IsWellFormed<onnx::TensorProto>(bytes)) {
      return absl::DataLossError(absl::StrCat(
          source, ": not an onnx.ModelProto: it is an onnx.TensorProto (a tensor file such as "
          "input_0.pb)"));
    }
  }
  if (!parsed) {
    return absl::DataLossError(
        absl::StrCat(source, ": not a valid serialized onnx.ModelProto (", kParseFailure, ")"));
  }
  if (!model.has_graph()) {
    const std::vector<int> unknown = UnknownFieldNumbers(model);
    if (!unknown.empty()) {
      return absl::DataLossError(absl::StrCat(
          source, ": not an onnx.ModelProto: no graph, and fields onnx.ModelProto does not "
          "define (numbers ", absl::StrJoin(unknown, ", "), ")"));
    }
    return absl::InvalidArgumentError(absl::StrCat(source, ": model has no graph"));
  }
  return model;
}

absl::StatusOr<onnx::TensorProto> ReadTensorProtoFile(const fs::path& path, const fs::path& root) {
  if (!root.empty()) {
    if (absl::Status inside = CheckInsideDirectory(path, root); !inside.ok()) return inside;
  }
  absl::StatusOr<std::string> bytes = ReadFileBytes(path);
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<onnx::TensorProto> proto = ParseTensorProto(*bytes, path.string());
  if (!proto.ok()) return proto.status();
  bytes->clear();
  bytes->shrink_to_fit();
  const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  absl::Status external = ResolveExternalData(*proto, dir, root, CurrentMaxTensorBytes());
  if (!external.ok()) return WithFile(external, path);
  return proto;
}

namespace {

// ---- Reading a large raw_data straight into the tensor ----
// ONNX's serializers write raw_data (field 9) after dims, data_type and name,
// and little after it. For such a file the bytes around raw_data are parsed
// as the TensorProto and raw_data goes from the file into the tensor: one
// copy instead of four (file -> string -> TensorProto -> tensor). Anything
// unusual, and every error, is left to the general path, which words the
// errors; so both give the same tensors and the same errors.

// Files smaller than this gain little and take the general path.
constexpr int64_t kDirectReadMinBytes = int64_t{1} << 20;
// The bytes read before raw_data starts, and the most read after it ends.
constexpr int64_t kHeaderBytes = int64_t{64} << 10;

// Where the first raw_data field lies in a message of `file_size` bytes
// whose first bytes are `prefix`.
struct RawDataField {
  int64_t field_start;    // its tag
  int64_t payload_start;  // its bytes
  int64_t payload_size;
};

// nullopt unless every field before the first raw_data is plain wire format
// within `prefix` and raw_data's bytes reach past `prefix` (a large one).
std::optional<RawDataField> FindRawData(absl::string_view prefix, int64_t file_size) {
  using google::protobuf::internal::WireFormatLite;
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(prefix.data()),
                                            static_cast<int>(prefix.size()));
  while (true) {
    const int64_t field_start = in.CurrentPosition();
    const uint32_t tag = in.ReadTag();
    if (tag == 0) return std::nullopt;  // the end of the prefix, or a malformed tag
    const WireFormatLite::WireType wire_type = WireFormatLite::GetTagWireType(tag);
    if (wire_type == WireFormatLite::WIRETYPE_START_GROUP ||
        wire_type == WireFormatLite::WIRETYPE_END_GROUP) {
      return std::nullopt;
    }
    if (WireFormatLite::GetTagFieldNumber(tag) == onnx::TensorProto::kRawDataFieldNumber &&
        wire_type == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
      uint32_t size = 0;
      if (!in.ReadVarint32(&size)) return std::nullopt;
      const RawDataField field{field_start, in.CurrentPosition(), static_cast<int64_t>(size)};
      if (field.payload_start + field.payload_size <= static_cast<int64_t>(prefix.size()) ||
          field.payload_start + field.payload_size > file_size) {
        return std::nullopt;
      }
      return field;
    }
    if (!WireFormatLite::SkipField(&in, tag)) return std::nullopt;
  }
}

// pread until `size` bytes are in or the file ends; the bytes read.
int64_t ReadAt(int fd, std::byte* out, int64_t size, int64_t offset) {
  int64_t done = 0;
  while (done < size) {
    const ssize_t n = pread(fd, out + done, static_cast<size_t>(size - done), offset + done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += n;
  }
  return done;
}

class FileDescriptor {
 public:
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
  // writer forever, before fstat could tell it is no regular file.
  explicit FileDescriptor(const fs::path& path)
      : fd_(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK)) {}
  ~FileDescriptor() {
    if (fd_ >= 0) close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// The direct path; nullopt when the general path must read the file.
std::optional<absl::StatusOr<TensorFile>> ReadTensorFileDirect(const fs::path& path,
                                                               const fs::path& root,
                                                               int64_t max_bytes,
                                                               FileMapping mapping) {
  if (!root.empty() && !CheckInsideDirectory(path, root).ok()) return std::nullopt;
  const FileDescriptor file(path);
  struct stat info;
  if (file.get() < 0 || fstat(file.get(), &info) != 0 || !S_ISREG(info.st_mode)) {
    return std::nullopt;
  }
  const int64_t size = info.st_size;
  if (size < kDirectReadMinBytes || size > kMaxProtoFileBytes) return std::nullopt;

  std::string prefix(static_cast<size_t>(kHeaderBytes), '\0');
  if (ReadAt(file.get(), reinterpret_cast<std::byte*>(prefix.data()), kHeaderBytes, 0) !=
      kHeaderBytes) {
    return std::nullopt;
  }
  const std::optional<RawDataField> raw = FindRawData(prefix, size);
  if (!raw.has_value()) return std::nullopt;
  const int64_t payload_end = raw->payload_start + raw->payload_size;
  if (size - payload_end > kHeaderBytes) return std::nullopt;

  // The message without its raw_data field: the bytes before it, then after it.
  std::string header = prefix.substr(0, static_cast<size_t>(raw->field_start));
  header.resize(static_cast<size_t>(raw->field_start + size - payload_end));
  if (ReadAt(file.get(), reinterpret_cast<std::byte*>(header.data() + raw->field_start),
             size - payload_end, payload_end) != size - payload_end) {
    return std::nullopt;
  }
  absl::StatusOr<onnx::TensorProto> proto = ParseTensorProto(header, path.string());
  if (!proto.ok() || proto->has_raw_data() ||  // a second raw_data field: the last one counts
      proto->data_location() == onnx::TensorProto::EXTERNAL || proto->external_data_size() > 0) {
    return std::nullopt;
  }
  absl::StatusOr<CheckedTensor> checked = CheckTensorProto(*proto, raw->payload_size);
  if (!checked.ok()) return std::nullopt;

  // From here on as the general path: the file is charged, then the tensor.
  if (!ChargeBytes(size, /*is_tensor=*/false, [] { return std::string(); }).ok()) {
    return std::nullopt;  // charged nothing; the general path fails the same way
  }
  if (mapping == FileMapping::kMapWhenAligned) {
    std::optional<absl::StatusOr<Tensor>> mapped =
        Tensor::MapFile(checked->type, checked->shape, file.get(), raw->payload_start,
                        raw->payload_size, max_bytes);
    if (mapped.has_value()) {
      if (!mapped->ok()) return WithFile(Labeled(*proto, mapped->status()), path);
      // Shortened since fstat: the same error as a short read, not a SIGBUS later.
      if (fstat(file.get(), &info) != 0 || info.st_size < payload_end) {
        return absl::DataLossError(absl::StrCat(path.string(), ": short read"));
      }
      return TensorFile{proto->name(), **std::move(mapped)};
    }
  }
  absl::StatusOr<Tensor> tensor = CreateTensorFor(*proto, *std::move(checked), max_bytes);
  if (!tensor.ok()) return WithFile(tensor.status(), path);
  if (ReadAt(file.get(), tensor->bytes().data(), raw->payload_size, raw->payload_start) !=
      raw->payload_size) {
    return absl::DataLossError(absl::StrCat(path.string(), ": short read"));
  }
  return TensorFile{proto->name(), *std::move(tensor)};
}

}  // namespace

absl::StatusOr<TensorFile> ReadTensorFileWithName(const fs::path& path, const fs::path& root,
                                                  int64_t max_bytes, FileMapping mapping) {
  if (std::optional<absl::StatusOr<TensorFile>> direct =
          ReadTensorFileDirect(path, root, max_bytes, mapping)) {
    return *std::move(direct);
  }
  absl::StatusOr<onnx::TensorProto> proto = ReadTensorProtoFile(path, root);
  if (!proto.ok()) return proto.status();
  absl::StatusOr<Tensor> tensor = TensorFromProto(*proto, max_bytes);
  if (!tensor.ok()) return WithFile(tensor.status(), path);
  return TensorFile{proto->name(), *std::move(tensor)};
}

absl::StatusOr<Tensor> ReadTensorFile(const fs::path& path, int64_t max_bytes) {
  absl::StatusOr<TensorFile> file =
      ReadTensorFileWithName(path, {}, max_bytes, FileMapping::kCopy);
  if (!file.ok()) return file.status();
  return std::move(file->tensor);
}

absl::Status WriteProtoFile(const fs::path& path, const google::protobuf::MessageLite& message) {
  std::string bytes;
  if (!message.SerializeToString(&bytes)) {
    return absl::InternalError(absl::StrCat(path.string(), ": cannot serialize"));
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return absl::DataLossError(absl::StrCat(path.string(), ": cannot write"));
  return absl::OkStatus();
}

std::string SerializeTensorFile(const Tensor& tensor, const std::string& name) {
  using google::protobuf::internal::WireFormatLite;
  using google::protobuf::io::CodedOutputStream;
  onnx::TensorProto proto = TensorToProto(tensor, name);
  const int64_t size = static_cast<int64_t>(tensor.byte_size());
  if (size < kAlignedRawDataMinBytes) return proto.SerializeAsString();
  proto.clear_raw_data();
  std::string bytes = proto.SerializeAsString();  // dims, data_type, name
  auto append_varint = [&bytes](uint64_t value) {
    uint8_t buffer[10];
    const uint8_t* end = CodedOutputStream::WriteVarint64ToArray(value, buffer);
    bytes.append(reinterpret_cast<const char*>(buffer), static_cast<size_t>(end - buffer));
  };
  const int64_t raw_tag_bytes = 1 + CodedOutputStream::VarintSize64(static_cast<uint64_t>(size));
  int64_t padding = -(static_cast<int64_t>(bytes.size()) + raw_tag_bytes) & (kRawDataAlignment - 1);
  if (padding == 1) padding += kRawDataAlignment;  // a doc_string field takes 2 bytes or more
  if (padding > 0) {
    append_varint(WireFormatLite::MakeTag(onnx::TensorProto::kDocStringFieldNumber,
                                          WireFormatLite::WIRETYPE_LENGTH_DELIMITED));
    append_varint(static_cast<uint64_t>(padding - 2));
    bytes.append(static_cast<size_t>(padding - 2), ' ');
  }
  append_varint(WireFormatLite::MakeTag(onnx::TensorProto::kRawDataFieldNumber,
                                        WireFormatLite::WIRETYPE_LENGTH_DELIMITED));
  append_varint(static_cast<uint64_t>(size));
  bytes.append(reinterpret_cast<const char*>(tensor.bytes().data()), static_cast<size_t>(size));
  return bytes;
}

absl::Status WriteTensorFile(const fs::path& path, const Tensor& tensor, const std::string& name) {
  const std::string bytes = SerializeTensorFile(tensor, name);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return absl::DataLossError(absl::StrCat(path.string(), ": cannot write"));
  return absl::OkStatus();
}

absl::StatusOr<onnx::ModelProto> ReadModelFile(const fs::path& path, const fs::path& root) {
  if (!root.empty()) {
    if (absl::Status inside = CheckInsideDirectory(path, root); !inside.ok()) return inside;
  }
  absl::StatusOr<std::string> bytes = ReadFileBytes(path);
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<onnx::ModelProto> model = ParseModel(*bytes, path.string());
  if (!model.ok()) return model.status();
  bytes->clear();
  bytes->shrink_to_fit();
  const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  absl::Status external = ResolveModelExternalData(*model, dir, root);
  if (!external.ok()) return WithFile(external, path);
  return model;
}

}  // namespace onnx_conform
