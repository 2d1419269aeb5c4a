// Every file a command writes for the user (the JSON report, JUnit, the
// scoreboards, merge's outputs, the run log's header, audit --write,
// explore's findings) is written here, so that none is ever left half
// written: the bytes go to a new temporary file in the same folder, which
// is then renamed over the target. A write that fails (a full disk,
// ENOSPC; the file size limit, `ulimit -f`, EFBIG, whose SIGXFSZ would
// otherwise kill the runner) is an error naming the file, and the previous
// file stays as it was.
//
//   if (absl::Status ok = CheckOutputPath("--report-json", path); !ok.ok()) ...  // before work
//   absl::Status written = WriteTextFile("report.json", json);
//
// The target's last component is never followed: a symbolic link there is
// replaced by the file, and a FIFO, device or directory is refused.
#ifndef ONNX_CONFORM_RUNNERS_REPORTS_OUTPUT_FILE_H_
#define ONNX_CONFORM_RUNNERS_REPORTS_OUTPUT_FILE_H_

#include <filesystem>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message_lite.h"

namespace onnx_conform {

// Whether `path` can be written by WriteTextFile: its folder exists, is a
// folder and may be written to, and `path` is nothing or a regular file (or
// a symbolic link, replaced). InvalidArgument "FLAG=PATH: why" otherwise;
// OK for an empty path (the output was not asked for).
absl::Status CheckOutputPath(absl::string_view flag, const std::string& path);

// Writes `bytes` as the new contents of `path`, all or nothing (above); the
// data reach the disk before the rename.
absl::Status WriteTextFile(const std::filesystem::path& path, absl::string_view bytes);
// `message` serialized, through WriteTextFile (InvalidArgument when it is
// too large for protobuf, 2 GiB or more).
absl::Status WriteProtoOutput(const std::filesystem::path& path,
                              const google::protobuf::MessageLite& message);

// Writes all of `data` to `fd` (an open file), with SIGXFSZ held off: a
// write past the file size limit is DataLoss naming `path` and the limit,
// as is a full disk, instead of a signal that kills the process.
absl::Status WriteAll(int fd, absl::string_view data, const std::filesystem::path& path);

// Opens `path` for appending, creating it (mode 0644), without ever
// blocking: a FIFO, device or directory is refused (FailedPrecondition
// naming the file; DataLoss when it cannot be opened), so that
// SIGINT/SIGTERM are never kept waiting on an open. The descriptor, or the
// error. (The run log appends with it.)
absl::StatusOr<int> OpenRegularFileForWriting(const std::filesystem::path& path);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_REPORTS_OUTPUT_FILE_H_
