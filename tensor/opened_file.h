// A file opened once and read through its descriptor (internal to the
// readers of tensor/tensor_file.cc): the file checked is the file read,
// and it costs an open and fstat calls on the descriptor, not stats of the
// path and a stream (per-case overhead, docs/performance.md).
//
//   const internal::OpenedFile file(path);
//   absl::StatusOr<std::string> bytes = internal::ReadOpenedFileBytes(file, path, max_bytes);
#ifndef ONNX_CONFORM_TENSOR_OPENED_FILE_H_
#define ONNX_CONFORM_TENSOR_OPENED_FILE_H_

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace onnx_conform::internal {

// strerror's text for an errno value, thread-safe.
std::string ErrnoText(int error);

// pread until `size` bytes are in or the file ends; the bytes read.
int64_t ReadAt(int fd, std::byte* out, int64_t size, int64_t offset);

class OpenedFile {
 public:
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
  // writer forever, before fstat could tell it is no regular file.
  // O_NOCTTY: a terminal opened by mistake never becomes ours.
  explicit OpenedFile(const std::filesystem::path& path);
  ~OpenedFile();
  OpenedFile(const OpenedFile&) = delete;
  OpenedFile& operator=(const OpenedFile&) = delete;
  int get() const { return fd_; }
  int open_error() const { return open_error_; }  // errno of a failed open, else 0

 private:
  int fd_;
  int open_error_;
};

// `status` with its message prefixed by the file's name.
absl::Status WithFile(const absl::Status& status, const std::filesystem::path& path);

// The whole of a file opened as `file`: a regular file of at most max_bytes,
// charged to the thread's budget (tensor/resource_limits.h). Errors name
// the file: NotFound, InvalidArgument (not a regular file), ResourceExhausted,
// DataLoss (cannot open or read).
absl::StatusOr<std::string> ReadOpenedFileBytes(const OpenedFile& file,
                                                const std::filesystem::path& path,
                                                int64_t max_bytes);

}  // namespace onnx_conform::internal

#endif  // ONNX_CONFORM_TENSOR_OPENED_FILE_H_
