#include "cases/case_writer.h"

#include <system_error>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

absl::Status WriteBytes(const fs::path& path, const std::string& bytes) {
  std::error_code error;
  fs::create_directories(path.parent_path(), error);
  if (error) {
    return absl::PermissionDeniedError(
        absl::StrCat(path.parent_path().string(), ": cannot create: ", error.message()));
  }
  return WriteFileBytes(path, bytes);
}

// Every entry of dir is a folder holding case.json (or dir does not exist).
absl::Status CheckOnlyCases(const fs::path& dir) {
  std::error_code error;
  if (!fs::exists(dir, error)) return absl::OkStatus();
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, error)) {
    std::error_code entry_error;
    if (!entry.is_directory(entry_error) ||
        !fs::is_regular_file(entry.path() / kCaseMetadataFileName, entry_error)) {
      return absl::FailedPreconditionError(
          absl::StrCat(entry.path().string(), ": not a generated case folder; refusing to replace ",
                       dir.string()));
    }
  }
  if (error) return absl::PermissionDeniedError(absl::StrCat(dir.string(), ": ", error.message()));
  return absl::OkStatus();
}

}  // namespace

absl::Status WriteCase(const Case& c, const fs::path& root) {
  const fs::path dir = root / std::string(c.folder()) / c.name;
  for (const auto& [relative, bytes] : c.files) {
    if (absl::Status s = WriteBytes(dir / relative, bytes); !s.ok()) return s;
  }
  return absl::OkStatus();
}

absl::Status WriteCaseTree(const std::vector<Case>& cases, const fs::path& root) {
  for (const char* folder : {"node", "invalid"}) {
    if (absl::Status s = CheckOnlyCases(root / folder); !s.ok()) return s;
  }
  for (const char* folder : {"node", "invalid"}) {
    std::error_code error;
    fs::remove_all(root / folder, error);
    if (error) {
      return absl::PermissionDeniedError(
          absl::StrCat((root / folder).string(), ": cannot remove: ", error.message()));
    }
  }
  for (const Case& c : cases) {
    if (absl::Status s = WriteCase(c, root); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace onnx_conform
