#include "tensor/opened_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "tensor/resource_limits.h"

namespace onnx_conform::internal {

namespace fs = std::filesystem;

std::string ErrnoText(int error) {
  return std::error_code(error, std::generic_category()).message();
}

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

OpenedFile::OpenedFile(const fs::path& path)
    : fd_(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)),
      open_error_(fd_ < 0 ? errno : 0) {}

OpenedFile::~OpenedFile() {
  if (fd_ >= 0) close(fd_);
}

absl::Status WithFile(const absl::Status& status, const fs::path& path) {
  return absl::Status(status.code(), absl::StrCat(path.string(), ": ", status.message()));
}

absl::StatusOr<std::string> ReadOpenedFileBytes(const OpenedFile& file, const fs::path& path,
                                                int64_t max_bytes) {
  if (file.get() < 0) {
    if (file.open_error() == ENOENT) {
      return absl::NotFoundError(absl::StrCat(path.string(), ": no such file"));
    }
    // A symlink loop, EACCES, ...
    return absl::DataLossError(absl::StrCat(path.string(), ": ", ErrnoText(file.open_error())));
  }
  struct stat info;
  if (fstat(file.get(), &info) != 0) {
    return absl::DataLossError(absl::StrCat(path.string(), ": ", ErrnoText(errno)));
  }
  if (!S_ISREG(info.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(path.string(), ": not a regular file"));
  }
  const int64_t size = info.st_size;
  if (size > max_bytes) {
    return absl::ResourceExhaustedError(absl::StrCat(
        path.string(), ": file of ", size, " bytes is over the limit of ", max_bytes, " bytes"));
  }
  if (absl::Status charged =
          ChargeBytes(size, /*is_tensor=*/false,
                      [&] { return absl::StrCat(path.string(), ": reading the file"); });
      !charged.ok()) {
    return charged;
  }
  std::string bytes(static_cast<size_t>(size), '\0');
  if (ReadAt(file.get(), reinterpret_cast<std::byte*>(bytes.data()), size, 0) != size) {
    return absl::DataLossError(absl::StrCat(path.string(), ": short read"));
  }
  return bytes;
}

}  // namespace onnx_conform::internal
