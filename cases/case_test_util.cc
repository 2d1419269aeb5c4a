#include "cases/case_test_util.h"

#include <algorithm>
#include <map>

#include "absl/strings/numbers.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "caseio/case_files.h"
#include "cases/case_values.h"
#include "reference/tensor_file.h"
#include "reference/tensor_proto.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

// N of "<prefix>N<suffix>", or -1.
int64_t Number(const std::string& name, const std::string& prefix, const std::string& suffix) {
  if (!absl::StartsWith(name, prefix) || !absl::EndsWith(name, suffix)) return -1;
  const std::string digits = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  int64_t n = -1;
  if (digits.empty() || !absl::SimpleAtoi(digits, &n)) return -1;
  return n;
}

std::vector<TensorFileOnDisk> ReadTensorFiles(const fs::path& dir, const std::string& prefix,
                                              bool& gap) {
  std::map<int64_t, fs::path> files;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (!absl::StartsWith(name, prefix)) continue;
    const int64_t k = Number(name, prefix, ".pb");
    if (k < 0) {
      gap = true;
      continue;
    }
    files[k] = e.path();
  }
  std::vector<TensorFileOnDisk> out;
  for (const auto& [k, path] : files) {
    if (k != static_cast<int64_t>(out.size())) gap = true;
    TensorFileOnDisk& file = out.emplace_back();
    file.path = path;
    absl::StatusOr<onnx::TensorProto> proto = ReadTensorProtoFile(path);
    if (!proto.ok()) {
      file.tensor = proto.status();
      continue;
    }
    file.name = proto->name();
    file.tensor = TensorFromProto(*proto);
  }
  return out;
}

template <typename T>
std::string Format(T v) {
  if constexpr (kIsFloat<T>) {
    return absl::StrCat(ToDouble(v));
  } else if constexpr (std::is_signed_v<T>) {
    return absl::StrCat(static_cast<int64_t>(v));
  } else {
    return absl::StrCat(static_cast<uint64_t>(v));
  }
}

}  // namespace

std::vector<fs::path> CaseDirsUnder(const fs::path& root) {
  std::vector<fs::path> dirs;
  std::error_code error;
  for (const fs::directory_entry& e : fs::directory_iterator(root, error)) {
    if (e.is_directory()) dirs.push_back(e.path());
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

CaseOnDisk ReadCaseOnDisk(const fs::path& dir) {
  CaseOnDisk c;
  c.dir = dir;
  c.metadata = ReadCaseMetadata(dir);
  c.model = ReadModelFile(dir / "model.onnx");
  std::map<int64_t, fs::path> sets;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    const int64_t n = Number(e.path().filename().string(), "test_data_set_", "");
    if (n >= 0 && e.is_directory()) sets[n] = e.path();
  }
  for (const auto& [n, path] : sets) {
    DataSetOnDisk& ds = c.data_sets.emplace_back();
    ds.dir = path;
    ds.inputs = ReadTensorFiles(path, "input_", ds.numbering_gap);
    ds.outputs = ReadTensorFiles(path, "output_", ds.numbering_gap);
  }
  return c;
}

std::string CompareTensors(const Tensor& expected, const Tensor& actual) {
  if (expected.type() != actual.type()) {
    return absl::StrCat("type ", std::string(ElementTypeName(actual.type())), " instead of ",
                        std::string(ElementTypeName(expected.type())));
  }
  if (expected.shape() != actual.shape()) {
    return absl::StrCat("shape ", ShapeToString(actual.shape()), " instead of ",
                        ShapeToString(expected.shape()));
  }
  return VisitNumericType(expected.type(), [&]<typename T>(TypeTag<T>) -> std::string {
    std::span<const T> e = expected.data<T>();
    std::span<const T> a = actual.data<T>();
    for (size_t i = 0; i < e.size(); ++i) {
      const bool equal = (IsNaN(e[i]) && IsNaN(a[i])) || (!Less(e[i], a[i]) && !Less(a[i], e[i]) &&
                                                          !IsNaN(e[i]) && !IsNaN(a[i]));
      if (!equal) {
        return absl::StrCat("element ", i, ": ", Format(a[i]), " instead of ", Format(e[i]));
      }
    }
    return std::string();
  });
}

}  // namespace onnx_conform
