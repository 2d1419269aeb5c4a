// Test-only: reading committed case folders back for the cases/ tests
// (testing/case_test_util.h).
#include "testing/case_test_util.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "caseio/case_files.h"
#include "caseio/case_layout.h"
#include "cases/case_values.h"
#include "tensor/tensor_proto.h"
#include "tensor/value_proto.h"

namespace onnx_conform {

using namespace case_values;  // NOLINT: the library's own value helpers
namespace {

namespace fs = std::filesystem;

// Each file read and decoded as the kind its graph value declares
// (`kinds`, by K; a tensor beyond them), failures kept.
std::vector<TensorFileOnDisk> ReadTensorFiles(const fs::path& case_dir,
                                              const std::vector<fs::path>& paths,
                                              const std::vector<Tensor::Kind>& kinds) {
  std::vector<TensorFileOnDisk> out;
  for (const fs::path& path : paths) {
    TensorFileOnDisk& file = out.emplace_back();
    file.path = path;
    const size_t k = out.size() - 1;
    absl::StatusOr<DataFileContents> read =
        ReadCaseDataFile(case_dir, path, k < kinds.size() ? kinds[k] : Tensor::Kind::kTensor);
    if (!read.ok()) {
      file.tensor = read.status();
      continue;
    }
    file.name = read->name;
    file.tensor = std::move(read->value);
  }
  return out;
}

template <typename T>
std::string Format(T v) {
  if constexpr (kIsFloatType<T>) {
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
  c.model = ReadCaseModel(dir);
  // The kind each file holds: its graph value's (fed inputs: those that
  // are not initializers).
  std::vector<Tensor::Kind> input_kinds, output_kinds;
  if (c.model.ok()) {
    std::set<std::string> initializers;
    for (const onnx::TensorProto& init : c.model->graph().initializer()) {
      initializers.insert(init.name());
    }
    for (const onnx::ValueInfoProto& input : c.model->graph().input()) {
      if (!initializers.contains(input.name())) input_kinds.push_back(KindOfType(input.type()));
    }
    for (const onnx::ValueInfoProto& output : c.model->graph().output()) {
      output_kinds.push_back(KindOfType(output.type()));
    }
  }
  for (const DataSetLayout& listed : ListCase(dir).data_sets) {
    DataSetOnDisk& ds = c.data_sets.emplace_back();
    ds.dir = listed.dir;
    ds.layout_problem = !listed.problems.empty();
    ds.inputs = ReadTensorFiles(dir, listed.input_files, input_kinds);
    ds.outputs = ReadTensorFiles(dir, listed.output_files, output_kinds);
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
      const bool equal = (IsNaN(e[i]) && IsNaN(a[i])) ||
                         (!Less(e[i], a[i]) && !Less(a[i], e[i]) && !IsNaN(e[i]) && !IsNaN(a[i]));
      if (!equal) {
        return absl::StrCat("element ", i, ": ", Format(a[i]), " instead of ", Format(e[i]));
      }
    }
    return std::string();
  });
}

}  // namespace onnx_conform
