// Tensor files of any size through both of ReadTensorFileWithName's paths:
// the direct one (a large raw_data read or mapped straight into the tensor,
// taken for files of 1 MiB and more) must agree with the general one
// (ReadTensorProtoFile, which protobuf parses whole, then TensorFromProto)
// on every byte: the same tensor and name, or the same error. Inputs under
// 1 MiB take the general path twice, so the target's seeds are over 1 MiB
// and its .options file raises libFuzzer's -max_len.
//
//   build-asan/fuzz/fuzz_tensor_fast_path -max_len=2200000 fuzz/corpus/tensor_fast_path
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "fuzz/fuzz_targets.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor_file.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform::fuzz {
namespace {

namespace fs = std::filesystem;

// A folder of its own per process, removed at exit; the input is written
// to input_0.pb in it.
const fs::path& WorkDir() {
  static const fs::path* dir = [] {
    std::error_code ec;
    auto* path = new fs::path(fs::temp_directory_path(ec) /
                              absl::StrCat("oc-fuzz-tensor-fast-path-", getpid()));
    fs::create_directories(*path, ec);
    *path = fs::canonical(*path, ec);
    std::atexit([] {
      std::error_code ignored;
      fs::remove_all(WorkDir(), ignored);
    });
    return path;
  }();
  return *dir;
}

// Limits large enough for the seeds, small enough for libFuzzer's memory cap.
ResourceLimits Limits() {
  return ResourceLimits{.max_tensor_bytes = int64_t{8} << 20, .max_case_bytes = int64_t{32} << 20};
}

// The general path, with the errors ReadTensorFileWithName words.
absl::StatusOr<TensorFile> ReadGeneral(const fs::path& path, const fs::path& root) {
  ScopedResourceBudget budget(Limits());
  absl::StatusOr<onnx::TensorProto> proto = ReadTensorProtoFile(path, root);
  if (!proto.ok()) return proto.status();
  absl::StatusOr<Tensor> tensor = TensorFromProto(*proto, Limits().max_tensor_bytes);
  if (!tensor.ok()) {
    return absl::Status(tensor.status().code(),
                        absl::StrCat(path.string(), ": ", tensor.status().message()));
  }
  return TensorFile{proto->name(), *std::move(tensor)};
}

absl::StatusOr<TensorFile> ReadEither(const fs::path& path, const fs::path& root,
                                      FileMapping mapping) {
  ScopedResourceBudget budget(Limits());
  return ReadTensorFileWithName(path, root, Limits().max_tensor_bytes, mapping);
}

void ExpectSame(const absl::StatusOr<TensorFile>& general, const absl::StatusOr<TensorFile>& read,
                absl::string_view how) {
  if (general.ok() != read.ok()) {
    FuzzFinding(absl::StrCat(how, ": the general path says '", general.status().ToString(),
                             "', the direct one '", read.status().ToString(), "'"));
  }
  if (!general.ok()) {
    if (general.status().code() != read.status().code()) {
      FuzzFinding(absl::StrCat(how, ": different errors: '", general.status().ToString(), "' and '",
                               read.status().ToString(), "'"));
    }
    return;
  }
  const Tensor& a = general->tensor;
  const Tensor& b = read->tensor;
  if (general->name != read->name || a.type() != b.type() || a.shape() != b.shape() ||
      a.byte_size() != b.byte_size() ||
      (a.byte_size() > 0 && std::memcmp(a.bytes().data(), b.bytes().data(), a.byte_size()) != 0)) {
    FuzzFinding(absl::StrCat(how, ": the two paths read different tensors"));
  }
}

}  // namespace

int FuzzTensorFastPath(const uint8_t* data, size_t size) {
  const fs::path& dir = WorkDir();
  const fs::path path = dir / InputFileName(0);
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    if (!out) FuzzFinding(absl::StrCat("cannot write ", path.string()));
  }
  const absl::StatusOr<TensorFile> general = ReadGeneral(path, dir);
  ExpectSame(general, ReadEither(path, dir, FileMapping::kCopy), "copied");
  ExpectSame(general, ReadEither(path, dir, FileMapping::kMapWhenAligned), "mapped");
  return 0;
}

}  // namespace onnx_conform::fuzz
