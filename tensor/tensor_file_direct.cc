#include "tensor/tensor_file_direct.h"

#include <sys/stat.h>

#include <cstddef>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/wire_format_lite.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor_proto_internal.h"

namespace onnx_conform::internal {
namespace {

namespace fs = std::filesystem;

// Files smaller than this gain little and take the general path.
constexpr int64_t kDirectReadMinBytes = int64_t{1} << 20;
// The bytes read before raw_data starts, and the most read after it ends.
constexpr int64_t kHeaderBytes = int64_t{64} << 10;

// The longest length-delimited field protobuf's parser accepts (it keeps
// 16 bytes of slop below INT_MAX).
constexpr int64_t kMaxRawDataLength = int64_t{0x7fffffff} - 16;

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
      // Only the form protobuf's parser accepts is taken: a one-byte tag,
      // and a length of at most 5 varint bytes below its 2 GiB bound
      // (ReadVarint32 would drop a longer length's high bits, ReadTag
      // accepts tags the parser refuses); anything else goes the general way.
      if (in.CurrentPosition() != field_start + 1) return std::nullopt;
      const int length_start = in.CurrentPosition();
      uint64_t size = 0;
      if (!in.ReadVarint64(&size) || in.CurrentPosition() - length_start > 5 ||
          size > static_cast<uint64_t>(kMaxRawDataLength)) {
        return std::nullopt;
      }
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

}  // namespace

std::optional<absl::StatusOr<TensorFile>> ReadTensorFileDirect(const OpenedFile& file,
                                                               const fs::path& path,
                                                               int64_t max_bytes,
                                                               FileMapping mapping) {
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
  if (!checked.ok() || !RawDataIsStorage(checked->type)) return std::nullopt;

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

}  // namespace onnx_conform::internal
