// Tensor files: ParseTensorProto, ResolveExternalData from a fixture folder,
// TensorFromProto; a decoded tensor must survive TensorToProto unchanged,
// and external data may only ever come from inside the fixture folder.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "fuzz/fuzz_targets.h"
#include "tensor/external_data.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor_file.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform::fuzz {
namespace {

namespace fs = std::filesystem;

// A folder with data.bin (64 bytes), sub/data.bin, and links that stay
// inside (inside.bin) or leave it (escape.bin, to the folder's parent).
const fs::path& FixtureDir() {
  static const fs::path* dir = [] {
    std::error_code ec;
    auto* path = new fs::path(fs::temp_directory_path(ec) /
                              absl::StrCat("oc-fuzz-tensor-", getpid(), "/case"));
    fs::create_directories(*path / "sub", ec);
    std::string bytes(64, '\0');
    for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 37 + 1);
    std::ofstream(*path / "data.bin", std::ios::binary) << bytes;
    std::ofstream(*path / "sub" / "data.bin", std::ios::binary) << bytes;
    std::ofstream(path->parent_path() / "secret.bin", std::ios::binary) << bytes;
    fs::create_symlink("data.bin", *path / "inside.bin", ec);
    fs::create_symlink("../secret.bin", *path / "escape.bin", ec);
    // The canonical form, so that containment can be checked by prefix.
    *path = fs::canonical(*path, ec);
    std::atexit([] {
      std::error_code ignored;
      fs::remove_all(FixtureDir().parent_path(), ignored);
    });
    return path;
  }();
  return *dir;
}

std::string ExternalLocation(const onnx::TensorProto& proto) {
  for (const onnx::StringStringEntryProto& entry : proto.external_data()) {
    if (entry.key() == "location") return entry.value();
  }
  return "";
}

}  // namespace

int FuzzTensor(const uint8_t* data, size_t size) {
  ScopedResourceBudget budget(
      ResourceLimits{.max_tensor_bytes = int64_t{16} << 20, .max_case_bytes = int64_t{64} << 20});
  absl::string_view bytes(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<onnx::TensorProto> proto = ParseTensorProto(bytes, InputFileName(0));
  if (!proto.ok()) return 0;
  const bool external =
      proto->data_location() == onnx::TensorProto::EXTERNAL || proto->external_data_size() > 0;
  const std::string location = ExternalLocation(*proto);
  const fs::path& dir = FixtureDir();
  if (!ResolveExternalData(*proto, dir, dir, int64_t{1} << 20).ok()) return 0;
  if (external) {
    std::error_code ec;
    const fs::path read = fs::canonical(dir / location, ec);
    const fs::path relative = read.lexically_relative(dir);
    if (ec || relative.empty() || *relative.begin() == "..") {
      FuzzFinding(absl::StrCat("external data read from outside the folder: '", location, "'"));
    }
  }
  absl::StatusOr<Tensor> tensor = TensorFromProto(*proto);
  if (!tensor.ok()) return 0;
  absl::StatusOr<Tensor> again = TensorFromProto(TensorToProto(*tensor, proto->name()));
  if (!again.ok()) FuzzFinding(absl::StrCat("round trip: ", again.status().message()));
  if (again->type() != tensor->type() || again->shape() != tensor->shape() ||
      again->byte_size() != tensor->byte_size() ||
      (tensor->byte_size() > 0 &&
       std::memcmp(again->bytes().data(), tensor->bytes().data(), tensor->byte_size()) != 0)) {
    FuzzFinding("round trip changed the tensor");
  }
  return 0;
}

void FuzzFinding(absl::string_view what) {
  std::fprintf(stderr, "FUZZ FINDING: %.*s\n", static_cast<int>(what.size()), what.data());
  std::abort();
}

}  // namespace onnx_conform::fuzz
