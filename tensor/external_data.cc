#include "tensor/external_data.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor_file.h"
#include "tensor/tensor_proto_internal.h"

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

// An open descriptor, closed when it goes.
class OpenFile {
 public:
  // O_NONBLOCK: a FIFO swapped in after the checks is opened without
  // waiting for a writer, then refused by fstat.
  explicit OpenFile(const fs::path& path)
      : fd_(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)) {}
  ~OpenFile() {
    if (fd_ >= 0) close(fd_);
  }
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// Reads bytes [offset, offset + length) of the file open as `fd`.
absl::StatusOr<std::string> ReadFileRange(int fd, const fs::path& path, int64_t offset,
                                          int64_t length) {
  std::string bytes(static_cast<size_t>(length), '\0');
  int64_t done = 0;
  while (done < length) {
    const ssize_t n = pread(fd, bytes.data() + done, static_cast<size_t>(length - done),
                            static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return absl::DataLossError(absl::StrCat(path.string(), ": short read"));
    done += n;
  }
  return bytes;
}

}  // namespace

absl::Status ResolveExternalData(onnx::TensorProto& proto, const fs::path& base_dir,
                                 const fs::path& root, int64_t max_bytes) {
  if (proto.data_location() != onnx::TensorProto::EXTERNAL && proto.external_data_size() == 0) {
    return absl::OkStatus();
  }
  const std::string label =
      proto.name().empty() ? std::string("tensor") : absl::StrCat("tensor '", proto.name(), "'");
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
    return error("location '", *location,
                 "' is absolute; only paths inside the tensor's folder "
                 "are read");
  }
  for (const fs::path& part : relative) {
    if (part == "..") {
      return error("location '", *location,
                   "' holds '..'; only paths inside the tensor's folder "
                   "are read");
    }
  }
  const fs::path file = base_dir / relative;
  absl::Status inside = CheckInsideDirectory(file, root.empty() ? base_dir : root);
  if (!inside.ok()) return error(inside.message());
  // One descriptor for the checks and the read: the file checked is the
  // file read.
  const OpenFile opened(file);
  if (opened.get() < 0) {
    if (errno == ENOENT) return error(file.string(), ": no such file");
    return error(file.string(), ": ", std::error_code(errno, std::generic_category()).message());
  }
  struct stat info;
  if (fstat(opened.get(), &info) != 0 || !S_ISREG(info.st_mode)) {
    return error(file.string(), ": not a regular file");
  }
  // A hard link is another name of a file that may lie anywhere on the same
  // file system (outside the case); no path check can tell. Refused, as
  // ONNX's own loader refuses it.
  if (info.st_nlink > 1) {
    return error(file.string(), ": has ", info.st_nlink,
                 " hard links; external data files with more than one are refused (one may be "
                 "a file outside the case)");
  }
  const int64_t size = static_cast<int64_t>(info.st_size);
  const int64_t begin = offset.value_or(0);
  if (begin > size) {
    return error("offset ", begin, " is past the end of ", file.string(), " (", size, " bytes)");
  }
  const int64_t count = length.value_or(size - begin);
  if (count > size - begin) {
    return error("offset ", begin, " + length ", count, " reaches past the end of ", file.string(),
                 " (", size, " bytes)");
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
  absl::StatusOr<std::string> bytes = ReadFileRange(opened.get(), file, begin, count);
  if (!bytes.ok()) return error(bytes.status().message());
  proto.clear_external_data();
  proto.set_data_location(onnx::TensorProto::DEFAULT);
  proto.set_raw_data(*std::move(bytes));
  return absl::OkStatus();
}

}  // namespace onnx_conform
