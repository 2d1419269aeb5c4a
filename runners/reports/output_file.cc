#include "runners/reports/output_file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>

#include "absl/strings/str_cat.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

std::string WriteErrorText(int error) {
  switch (error) {
    case EFBIG: return "the file size limit (ulimit -f) was reached";
    case ENOSPC: return "no space left on the device";
    case EDQUOT: return "the disk quota was reached";
    default: return std::strerror(error);
  }
}

fs::path FolderOf(const fs::path& path) {
  const fs::path parent = path.parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

// A new file in `folder` that nothing else names (O_EXCL, never through a
// link); its descriptor and path, or -1.
int CreateTemporaryFile(const fs::path& folder, mode_t mode, fs::path& temporary, int& error) {
  std::random_device random;
  for (int attempt = 0; attempt < 100; ++attempt) {
    temporary = folder / absl::StrCat(".onnx-conform-", absl::Hex(random(), absl::kZeroPad8),
                                      absl::Hex(random(), absl::kZeroPad8), ".tmp");
    const int fd = open(temporary.c_str(),
                        O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, mode);
    if (fd >= 0 || errno != EEXIST) {
      error = errno;
      return fd;
    }
  }
  error = EEXIST;
  return -1;
}

}  // namespace

absl::Status CheckOutputPath(absl::string_view flag, const std::string& path) {
  if (path.empty()) return absl::OkStatus();
  auto refuse = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat(flag, "=", path, ": ", why));
  };
  const fs::path target(path);
  if (!target.has_filename()) return refuse("names a folder, not a file");
  const fs::path folder = FolderOf(target);
  struct stat info;
  if (stat(folder.c_str(), &info) != 0) {
    return refuse(
        absl::StrCat("its folder ", folder.string(), " cannot be used: ", std::strerror(errno)));
  }
  if (!S_ISDIR(info.st_mode)) return refuse(absl::StrCat(folder.string(), " is not a folder"));
  if (access(folder.c_str(), W_OK | X_OK) != 0) {
    return refuse(
        absl::StrCat("its folder ", folder.string(), " cannot be written: ", std::strerror(errno)));
  }
  if (lstat(target.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) return refuse("is a folder");
    if (!S_ISREG(info.st_mode) && !S_ISLNK(info.st_mode)) {
      return refuse("not a regular file (a FIFO, device or socket): outputs are regular files");
    }
    if (S_ISREG(info.st_mode) && access(target.c_str(), W_OK) != 0) {
      return refuse(absl::StrCat("cannot be written: ", std::strerror(errno)));
    }
  }
  return absl::OkStatus();
}

absl::Status WriteAll(int fd, absl::string_view data, const fs::path& path) {
  // SIGXFSZ goes to the thread that wrote: held off here, then taken back.
  sigset_t file_size_signal, previous;
  sigemptyset(&file_size_signal);
  sigaddset(&file_size_signal, SIGXFSZ);
  pthread_sigmask(SIG_BLOCK, &file_size_signal, &previous);
  int error = 0;
  while (!data.empty()) {
    const ssize_t n = write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = n < 0 ? errno : EIO;
      break;
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
  const timespec no_wait{0, 0};
  while (sigtimedwait(&file_size_signal, nullptr, &no_wait) > 0) {
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (error == 0) return absl::OkStatus();
  return absl::DataLossError(
      absl::StrCat(path.string(), ": cannot write: ", WriteErrorText(error)));
}

absl::Status WriteTextFile(const fs::path& path, absl::string_view bytes) {
  struct stat info;
  mode_t mode = 0666;  // less the umask
  bool keep_mode = false;
  if (lstat(path.c_str(), &info) == 0) {
    if (!S_ISREG(info.st_mode) && !S_ISLNK(info.st_mode)) {
      return absl::FailedPreconditionError(absl::StrCat(
          path.string(), ": not a regular file (outputs are written only to regular files)"));
    }
    if (S_ISREG(info.st_mode)) {
      mode = info.st_mode & 07777;
      keep_mode = true;
    }
  }
  fs::path temporary;
  int error = 0;
  const int fd = CreateTemporaryFile(FolderOf(path), mode, temporary, error);
  if (fd < 0) {
    return absl::DataLossError(
        absl::StrCat(path.string(), ": cannot create a file beside it: ", std::strerror(error)));
  }
  absl::Status status = WriteAll(fd, bytes, path);
  if (status.ok() && keep_mode && fchmod(fd, mode) != 0) {
    status = absl::DataLossError(absl::StrCat(path.string(), ": ", std::strerror(errno)));
  }
  if (status.ok() && fsync(fd) != 0) {
    status =
        absl::DataLossError(absl::StrCat(path.string(), ": cannot write: ", WriteErrorText(errno)));
  }
  if (close(fd) != 0 && status.ok()) {
    status =
        absl::DataLossError(absl::StrCat(path.string(), ": cannot write: ", WriteErrorText(errno)));
  }
  if (status.ok() && rename(temporary.c_str(), path.c_str()) != 0) {
    status = absl::DataLossError(
        absl::StrCat(path.string(), ": cannot replace it: ", std::strerror(errno)));
  }
  if (!status.ok()) {
    unlink(temporary.c_str());
    return absl::Status(status.code(), absl::StrCat(status.message(), " (the file is unchanged)"));
  }
  return absl::OkStatus();
}

absl::Status WriteProtoOutput(const fs::path& path, const google::protobuf::MessageLite& message) {
  std::string bytes;
  if (message.ByteSizeLong() > static_cast<size_t>(INT32_MAX) ||
      !message.SerializeToString(&bytes)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path.string(), ": the message is too large to serialize (2 GiB or more)"));
  }
  return WriteTextFile(path, bytes);
}

absl::StatusOr<int> OpenRegularFileForWriting(const fs::path& path) {
  const int fd =
      open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_APPEND, 0644);
  if (fd < 0) {
    return absl::DataLossError(
        absl::StrCat(path.string(), ": cannot open for writing: ", std::strerror(errno)));
  }
  struct stat info;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    close(fd);
    return absl::FailedPreconditionError(
        absl::StrCat(path.string(),
                     ": not a regular file (reports and logs are written only to "
                     "regular files)"));
  }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

}  // namespace onnx_conform
