#include "caseio/case_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <memory>
#include <string>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "tensor/resource_limits.h"

namespace onnx_conform {

namespace fs = std::filesystem;

absl::StatusOr<onnx::ModelProto> ReadCaseModel(const fs::path& case_dir) {
  return ReadModelFile(case_dir / kModelFileName, case_dir);
}

absl::StatusOr<DataFileContents> ReadCaseDataFile(const fs::path& case_dir, const fs::path& file,
                                                  Tensor::Kind kind) {
  return ReadDataFile(file, case_dir, kDefaultMaxTensorBytes, FileMapping::kMapWhenAligned, kind);
}

absl::StatusOr<fs::path> ResolveTwinDir(const fs::path& case_dir, absl::string_view twin) {
  const fs::path name{std::string(twin)};
  if (twin.empty() || name.has_parent_path() || twin == "." || twin == "..") {
    return absl::InvalidArgumentError(
        absl::StrCat("twin '", twin, "' is not the name of a case folder"));
  }
  // Absolute first: a case named relative to its own folder of cases ("x",
  // "./x") or to the case set ("invalid/x") has its set above the working
  // folder, and its twin is that set's, whatever the spelling.
  std::error_code ec;
  fs::path folder = fs::absolute(case_dir, ec).lexically_normal();
  if (ec) {
    return absl::InvalidArgumentError(
        absl::StrCat(case_dir.string(), ": cannot tell where it lies: ", ec.message()));
  }
  if (!folder.has_filename()) folder = folder.parent_path();  // "x/" is x
  const fs::path set_root = folder.parent_path().parent_path();
  const fs::path dir = set_root / kValidCasesFolderName / name;
  if (absl::Status inside = CheckInsideDirectory(dir, set_root); !inside.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("twin '", twin, "' lies outside the case set: ", inside.message()));
  }
  return dir;
}

namespace {

// A small JSON file of the case folder itself (case.json, data.json): its
// text, or nullopt when it does not exist.
absl::StatusOr<std::optional<std::string>> ReadSidecarFile(const fs::path& case_dir,
                                                           std::string_view name_view) {
  const fs::path file = case_dir / name_view;
  const std::string name(name_view);
  // One descriptor for the checks and the read. O_NOFOLLOW: a symbolic link
  // (to /etc/passwd, say) is refused, not read; O_NONBLOCK: a FIFO is
  // opened without waiting for a writer, then refused by fstat.
  const int fd = open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) {
    const int error = errno;
    if (error == ENOENT) return std::optional<std::string>();
    if (error == ELOOP) {
      return absl::InvalidArgumentError(
          absl::StrCat(file.string(), ": a symbolic link (", name,
                       " is read only as a file of the case folder)"));
    }
    return absl::DataLossError(
        absl::StrCat(file.string(),
                     ": cannot open: ", std::error_code(error, std::generic_category()).message()));
  }
  const std::unique_ptr<int, void (*)(int*)> closer(new int(fd), [](int* open_fd) {
    close(*open_fd);
    delete open_fd;
  });
  struct stat info;
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    return absl::DataLossError(absl::StrCat(file.string(), ": not a readable regular file"));
  }
  if (info.st_size > kMaxCaseMetadataBytes) {
    return absl::ResourceExhaustedError(absl::StrCat(file.string(), ": file of ", info.st_size,
                                                     " bytes is over ", name, "'s limit of ",
                                                     kMaxCaseMetadataBytes, " bytes"));
  }
  if (absl::Status charged = ChargeBytes(info.st_size, /*is_tensor=*/false,
                                         [&] { return absl::StrCat(file.string(), ": reading"); });
      !charged.ok()) {
    return charged;
  }
  std::string text(static_cast<size_t>(info.st_size), '\0');
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = read(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  if (done != text.size()) return absl::DataLossError(absl::StrCat(file.string(), ": short read"));
  return std::optional<std::string>(std::move(text));
}

}  // namespace

absl::StatusOr<std::optional<CaseMetadata>> ReadCaseMetadata(const fs::path& case_dir) {
  absl::StatusOr<std::optional<std::string>> text =
      ReadSidecarFile(case_dir, kCaseMetadataFileName);
  if (!text.ok()) return text.status();
  if (!text->has_value()) return std::optional<CaseMetadata>();
  absl::StatusOr<CaseMetadata> metadata =
      ParseCaseMetadata(**text, (case_dir / kCaseMetadataFileName).string());
  if (!metadata.ok()) return metadata.status();
  return std::optional<CaseMetadata>(*std::move(metadata));
}

absl::StatusOr<std::optional<OnnxTestData>> ReadOnnxTestData(const fs::path& case_dir) {
  absl::StatusOr<std::optional<std::string>> text =
      ReadSidecarFile(case_dir, kOnnxTestDataFileName);
  if (!text.ok()) return text.status();
  if (!text->has_value()) return std::optional<OnnxTestData>();
  absl::StatusOr<OnnxTestData> data =
      ParseOnnxTestData(**text, (case_dir / kOnnxTestDataFileName).string());
  if (!data.ok()) return data.status();
  return std::optional<OnnxTestData>(*std::move(data));
}

}  // namespace onnx_conform
