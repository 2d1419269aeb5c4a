#include "reference/external_data.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "reference/resource_limits.h"
#include "reference/tensor_file.h"
#include "reference/tensor_proto_internal.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

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

}  // namespace

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
  if (proto.has_raw_data() || internal::HasAnyTypedData(proto)) {
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

}  // namespace onnx_conform
