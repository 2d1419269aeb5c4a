#include "tensor/tensor_file.h"

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "google/protobuf/message.h"
#include "google/protobuf/unknown_field_set.h"
#include "tensor/external_data.h"
#include "tensor/opened_file.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor_file_direct.h"
#include "tensor/tensor_proto.h"
#include "tensor/tensor_proto_internal.h"
#include "tensor/value_proto.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

using internal::OpenedFile;
using internal::ReadOpenedFileBytes;
using internal::ReadTensorFileDirect;
using internal::WithFile;

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

absl::StatusOr<std::string> ReadFileBytes(const fs::path& path, int64_t max_bytes) {
  return ReadOpenedFileBytes(OpenedFile(path), path, max_bytes);
}

namespace {

// True when `path` is spelled as root/a/b/... (no "." or "..") and none of
// a, a/b, ... is a symbolic link: then it lies inside root, wherever root
// itself resolves. A few lstat calls, where canonical() reads every link of
// both paths (the common case, a case folder's own files, costs 2 calls
// instead of about 25: docs/performance.md, per-case overhead).
bool PlainlyInside(const fs::path& path, const fs::path& root) {
  if (root.empty()) return false;
  const fs::path relative = path.lexically_relative(root);
  if (relative.empty()) return false;
  fs::path walked = root;
  for (const fs::path& part : relative) {
    if (part == "." || part == ".." || part.empty()) return false;
    walked /= part;
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(walked, ec);
    if (ec || fs::is_symlink(status)) return false;
  }
  return true;
}

}  // namespace

absl::Status CheckInsideDirectory(const fs::path& path, const fs::path& root) {
  if (PlainlyInside(path, root)) return absl::OkStatus();
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
        source,
        ": not an onnx.TensorProto: no data_type, and fields onnx.TensorProto does not "
        "define (numbers ",
        absl::StrJoin(unknown, ", "), ")"));
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
      return absl::DataLossError(
          absl::StrCat(source,
                       ": not an onnx.ModelProto: it is an onnx.TensorProto (a tensor file such as "
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
      return absl::DataLossError(
          absl::StrCat(source,
                       ": not an onnx.ModelProto: no graph, and fields onnx.ModelProto does not "
                       "define (numbers ",
                       absl::StrJoin(unknown, ", "), ")"));
    }
    return absl::InvalidArgumentError(absl::StrCat(source, ": model has no graph"));
  }
  return model;
}

namespace {

// CheckInsideDirectory when there is a root to be inside.
absl::Status CheckInsideRootIfGiven(const fs::path& path, const fs::path& root) {
  return root.empty() ? absl::OkStatus() : CheckInsideDirectory(path, root);
}

// What reading a tensor file and a model file share, once the file is open
// (and found inside the case's root, when there is one): its bytes are
// parsed, then freed before its external data is read from the file's
// folder; errors name the file.
template <typename Message, typename Parse, typename Resolve>
absl::StatusOr<Message> ReadOpenedProtoFile(const OpenedFile& file, const fs::path& path,
                                            Parse parse, Resolve resolve_external_data) {
  absl::StatusOr<std::string> bytes = ReadOpenedFileBytes(file, path, kMaxProtoFileBytes);
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<Message> message = parse(*bytes, path.string());
  if (!message.ok()) return message.status();
  bytes->clear();
  bytes->shrink_to_fit();
  const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  absl::Status external = resolve_external_data(*message, dir);
  if (!external.ok()) return WithFile(external, path);
  return message;
}

// The same, from the path: the file must lie in `root` (when given).
template <typename Message, typename Parse, typename Resolve>
absl::StatusOr<Message> ReadProtoFile(const fs::path& path, const fs::path& root, Parse parse,
                                      Resolve resolve_external_data) {
  if (absl::Status inside = CheckInsideRootIfGiven(path, root); !inside.ok()) return inside;
  return ReadOpenedProtoFile<Message>(OpenedFile(path), path, parse, resolve_external_data);
}

// A tensor file's external data may lie anywhere inside `root`.
auto ResolveTensorExternalData(const fs::path& root) {
  return [&root](onnx::TensorProto& proto, const fs::path& dir) {
    return ResolveExternalData(proto, dir, root, CurrentMaxTensorBytes());
  };
}

}  // namespace

absl::StatusOr<onnx::TensorProto> ReadTensorProtoFile(const fs::path& path, const fs::path& root) {
  return ReadProtoFile<onnx::TensorProto>(path, root, ParseTensorProto,
                                          ResolveTensorExternalData(root));
}

absl::StatusOr<TensorFile> ReadTensorFileWithName(const fs::path& path, const fs::path& root,
                                                  int64_t max_bytes, FileMapping mapping) {
  // Checked and opened once for both paths (a small file, the usual one,
  // takes the general path: per-case overhead, docs/performance.md).
  if (absl::Status inside = CheckInsideRootIfGiven(path, root); !inside.ok()) return inside;
  const OpenedFile file(path);
  if (std::optional<absl::StatusOr<TensorFile>> direct =
          ReadTensorFileDirect(file, path, max_bytes, mapping)) {
    return *std::move(direct);
  }
  absl::StatusOr<onnx::TensorProto> proto = ReadOpenedProtoFile<onnx::TensorProto>(
      file, path, ParseTensorProto, ResolveTensorExternalData(root));
  if (!proto.ok()) return proto.status();
  absl::StatusOr<Tensor> tensor = TensorFromProto(*proto, max_bytes);
  if (!tensor.ok()) return WithFile(tensor.status(), path);
  return TensorFile{proto->name(), *std::move(tensor)};
}

namespace {

template <typename Message>
constexpr absl::string_view MessageName() {
  if constexpr (std::is_same_v<Message, onnx::SequenceProto>) return "onnx.SequenceProto";
  if constexpr (std::is_same_v<Message, onnx::OptionalProto>) return "onnx.OptionalProto";
  return "onnx.MapProto";
}

// Parses the message a data file of a sequence, optional or map holds. An
// empty file is the empty message. A tensor file in its place is named.
template <typename Message>
absl::StatusOr<Message> ParseValueMessage(absl::string_view bytes, absl::string_view source,
                                          Tensor::Kind kind) {
  Message message;
  const bool parsed = message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
  const std::vector<int> unknown = parsed ? UnknownFieldNumbers(message) : std::vector<int>();
  if (parsed && unknown.empty()) return message;
  if (IsWellFormed<onnx::TensorProto>(bytes)) {
    return absl::DataLossError(absl::StrCat(source, ": not an ", MessageName<Message>(),
                                            ": it is an onnx.TensorProto (a tensor), but the "
                                            "graph declares this value ",
                                            kind == Tensor::Kind::kOptional ? "an " : "a ",
                                            KindName(kind)));
  }
  if (!parsed) {
    return absl::DataLossError(absl::StrCat(source, ": not a valid serialized ",
                                            MessageName<Message>(), " (", kParseFailure, ")"));
  }
  return absl::DataLossError(absl::StrCat(source, ": not an ", MessageName<Message>(),
                                          ": fields it does not define (numbers ",
                                          absl::StrJoin(unknown, ", "), ")"));
}

// ResolveExternalData on every tensor inside a sequence, optional or map.
absl::Status ResolveNested(onnx::TensorProto& tensor, const fs::path& dir, const fs::path& root) {
  return ResolveExternalData(tensor, dir, root, CurrentMaxTensorBytes());
}
absl::Status ResolveNested(onnx::MapProto& map, const fs::path& dir, const fs::path& root);
absl::Status ResolveNested(onnx::OptionalProto& optional, const fs::path& dir,
                           const fs::path& root);
absl::Status ResolveNested(onnx::SequenceProto& sequence, const fs::path& dir,
                           const fs::path& root) {
  for (onnx::TensorProto& t : *sequence.mutable_tensor_values()) {
    if (absl::Status s = ResolveNested(t, dir, root); !s.ok()) return s;
  }
  for (onnx::SequenceProto& t : *sequence.mutable_sequence_values()) {
    if (absl::Status s = ResolveNested(t, dir, root); !s.ok()) return s;
  }
  for (onnx::MapProto& t : *sequence.mutable_map_values()) {
    if (absl::Status s = ResolveNested(t, dir, root); !s.ok()) return s;
  }
  for (onnx::OptionalProto& t : *sequence.mutable_optional_values()) {
    if (absl::Status s = ResolveNested(t, dir, root); !s.ok()) return s;
  }
  return absl::OkStatus();
}
absl::Status ResolveNested(onnx::MapProto& map, const fs::path& dir, const fs::path& root) {
  return map.has_values() ? ResolveNested(*map.mutable_values(), dir, root) : absl::OkStatus();
}
absl::Status ResolveNested(onnx::OptionalProto& optional, const fs::path& dir,
                           const fs::path& root) {
  if (optional.has_tensor_value())
    return ResolveNested(*optional.mutable_tensor_value(), dir, root);
  if (optional.has_sequence_value()) {
    return ResolveNested(*optional.mutable_sequence_value(), dir, root);
  }
  if (optional.has_map_value()) return ResolveNested(*optional.mutable_map_value(), dir, root);
  if (optional.has_optional_value()) {
    return ResolveNested(*optional.mutable_optional_value(), dir, root);
  }
  return absl::OkStatus();
}

// A sequence, optional or map file of an opened file.
template <typename Message>
absl::StatusOr<DataFileContents> ReadValueFile(const OpenedFile& file, const fs::path& path,
                                               const fs::path& root, int64_t max_bytes,
                                               Tensor::Kind kind) {
  absl::StatusOr<Message> message = ReadOpenedProtoFile<Message>(
      file, path,
      [kind](absl::string_view bytes, absl::string_view source) {
        return ParseValueMessage<Message>(bytes, source, kind);
      },
      [&root](Message& m, const fs::path& dir) { return ResolveNested(m, dir, root); });
  if (!message.ok()) return message.status();
  absl::StatusOr<Tensor> value = ValueFromProto(*message, max_bytes);
  if (!value.ok()) return WithFile(value.status(), path);
  return DataFileContents{message->name(), *std::move(value)};
}

}  // namespace

absl::StatusOr<DataFileContents> ReadDataFile(const fs::path& path, const fs::path& root,
                                              int64_t max_bytes, FileMapping mapping,
                                              Tensor::Kind kind) {
  if (absl::Status inside = CheckInsideRootIfGiven(path, root); !inside.ok()) return inside;
  const OpenedFile file(path);
  switch (kind) {
    case Tensor::Kind::kTensor: break;
    case Tensor::Kind::kSequence:
      return ReadValueFile<onnx::SequenceProto>(file, path, root, max_bytes, kind);
    case Tensor::Kind::kOptional:
      return ReadValueFile<onnx::OptionalProto>(file, path, root, max_bytes, kind);
    case Tensor::Kind::kMap:
      return ReadValueFile<onnx::MapProto>(file, path, root, max_bytes, kind);
  }
  if (std::optional<absl::StatusOr<TensorFile>> direct =
          ReadTensorFileDirect(file, path, max_bytes, mapping)) {
    if (!direct->ok()) return direct->status();
    return DataFileContents{std::move((*direct)->name), std::move((*direct)->tensor)};
  }
  absl::StatusOr<onnx::TensorProto> proto = ReadOpenedProtoFile<onnx::TensorProto>(
      file, path, ParseTensorProto, ResolveTensorExternalData(root));
  if (!proto.ok()) return proto.status();
  absl::StatusOr<Tensor> tensor = TensorFromProto(*proto, max_bytes);
  if (!tensor.ok()) return WithFile(tensor.status(), path);
  return DataFileContents{proto->name(), *std::move(tensor)};
}

absl::StatusOr<Tensor> ReadTensorFile(const fs::path& path, int64_t max_bytes) {
  absl::StatusOr<TensorFile> file = ReadTensorFileWithName(path, {}, max_bytes, FileMapping::kCopy);
  if (!file.ok()) return file.status();
  return std::move(file->tensor);
}

absl::Status WriteProtoFile(const fs::path& path, const google::protobuf::MessageLite& message) {
  std::string bytes;
  if (!message.SerializeToString(&bytes)) {
    return absl::InternalError(absl::StrCat(path.string(), ": cannot serialize"));
  }
  return WriteFileBytes(path, bytes);
}

absl::Status WriteFileBytes(const fs::path& path, absl::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return absl::DataLossError(absl::StrCat(path.string(), ": cannot write"));
  return absl::OkStatus();
}

std::string SerializeTensorFile(const Tensor& tensor, const std::string& name) {
  using google::protobuf::internal::WireFormatLite;
  using google::protobuf::io::CodedOutputStream;
  const int64_t size = static_cast<int64_t>(tensor.byte_size());
  if (!tensor.is_tensor() || !internal::RawDataIsStorage(tensor.type()) ||
      size < kAlignedRawDataMinBytes) {
    return SerializeValue(tensor, name);
  }
  onnx::TensorProto proto = TensorToProto(tensor, name);
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
  return WriteFileBytes(path, SerializeTensorFile(tensor, name));
}

absl::StatusOr<onnx::ModelProto> ReadModelFile(const fs::path& path, const fs::path& root) {
  return ReadProtoFile<onnx::ModelProto>(path, root, ParseModel,
                                         [&](onnx::ModelProto& model, const fs::path& dir) {
                                           return ResolveModelExternalData(model, dir, root);
                                         });
}

}  // namespace onnx_conform
