#include "checker/case_checker.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/strip.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "checker/checker.h"
#include "checker/rules.h"
#include "reference/tensor_proto.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

// The N of `<prefix>N<suffix>` (decimal, no sign), or nullopt.
std::optional<int64_t> NumberedName(const std::string& name, absl::string_view prefix,
                                    absl::string_view suffix) {
  if (!absl::StartsWith(name, prefix) || !absl::EndsWith(name, suffix)) return std::nullopt;
  absl::string_view digits(name);
  digits.remove_prefix(prefix.size());
  digits.remove_suffix(suffix.size());
  if (digits.empty() || digits.size() > 9) return std::nullopt;
  for (char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
  }
  int64_t number = 0;
  if (!absl::SimpleAtoi(digits, &number)) return std::nullopt;
  return number;
}

// Status messages of reference/tensor_proto.h start with the path, which
// the diagnostic already names.
std::string WithoutPath(const absl::Status& status, const fs::path& path) {
  absl::string_view message = status.message();
  absl::ConsumePrefix(&message, absl::StrCat(path.string(), ": "));
  return std::string(message);
}

struct LoadedFile {
  fs::path path;
  std::unique_ptr<Tensor> tensor;  // null when it did not decode
  std::string name;
};

class CaseChecker {
 public:
  explicit CaseChecker(const fs::path& dir) : dir_(dir) {}

  std::vector<Diagnostic> Run() {
    const fs::path model_file = dir_ / "model.onnx";
    absl::StatusOr<onnx::ModelProto> model = ReadModelFile(model_file);
    if (model.ok()) {
      Append(CheckModel(*model, model_file.string()));
    } else {
      Report(rules::kModelRead, model_file, WithoutPath(model.status(), model_file));
    }
    std::map<int64_t, fs::path> data_sets = DataSetDirs();
    if (data_sets.empty()) {
      Report(rules::kDataSetMissing, dir_, "the case has no test_data_set_N directory");
    }
    for (const auto& [n, path] : data_sets) {
      std::vector<LoadedFile> inputs = LoadNumbered(path, "input_");
      std::vector<LoadedFile> outputs = LoadNumbered(path, "output_");
      if (!model.ok()) continue;
      DataSetView view{path, {}, {}};
      for (const LoadedFile& f : inputs) view.inputs.push_back({f.path, f.tensor.get(), f.name});
      for (const LoadedFile& f : outputs) view.outputs.push_back({f.path, f.tensor.get(), f.name});
      Append(CheckDataSet(*model, view, model_file.string()));
    }
    return std::move(out_);
  }

 private:
  void Report(absl::string_view rule, const fs::path& file, std::string message) {
    out_.push_back(MakeDiagnostic(rule, file.string(), "", "", std::move(message)));
  }
  void Append(std::vector<Diagnostic> more) {
    for (Diagnostic& d : more) out_.push_back(std::move(d));
  }

  std::map<int64_t, fs::path> DataSetDirs() {
    std::map<int64_t, fs::path> found;
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir_, ec)) {
      const std::string name = entry.path().filename().string();
      if (!absl::StartsWith(name, "test_data_set_")) continue;
      std::optional<int64_t> n = NumberedName(name, "test_data_set_", "");
      if (!n || !entry.is_directory(ec)) {
        Report(rules::kDataFileNames, entry.path(),
               "not a data set directory of the form test_data_set_N");
        continue;
      }
      found[*n] = entry.path();
    }
    if (ec) Report(rules::kDataSetMissing, dir_, absl::StrCat("cannot list: ", ec.message()));
    return found;
  }

  // prefixK.pb files in K order, each decoded; gaps and bad names reported.
  std::vector<LoadedFile> LoadNumbered(const fs::path& dir, absl::string_view prefix) {
    std::map<int64_t, fs::path> by_number;
    std::error_code ec;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (!absl::StartsWith(name, prefix)) continue;
      std::optional<int64_t> k = NumberedName(name, prefix, ".pb");
      if (!k) {
        Report(rules::kDataFileNames, entry.path(),
               absl::StrCat("not a tensor file name of the form ", prefix, "K.pb"));
        continue;
      }
      by_number[*k] = entry.path();
    }
    if (ec) Report(rules::kDataFileNames, dir, absl::StrCat("cannot list: ", ec.message()));
    std::vector<LoadedFile> files;
    for (auto& [k, path] : by_number) {
      if (k != static_cast<int64_t>(files.size())) {
        Report(rules::kDataFileNames, dir / absl::StrCat(prefix, files.size(), ".pb"),
               absl::StrCat("missing (found ", path.filename().string(), "; ", prefix,
                            "K.pb must be numbered from 0 without gaps)"));
        break;  // later files cannot be matched to graph values
      }
      files.push_back(Load(path));
    }
    return files;
  }

  LoadedFile Load(const fs::path& path) {
    LoadedFile file{path, nullptr, ""};
    absl::StatusOr<onnx::TensorProto> proto = ReadTensorProtoFile(path);
    if (!proto.ok()) {
      Report(rules::kDataDecode, path, WithoutPath(proto.status(), path));
      return file;
    }
    file.name = proto->name();
    absl::StatusOr<Tensor> tensor = TensorFromProto(*proto);
    if (!tensor.ok()) {
      Report(rules::kDataDecode, path, WithoutPath(tensor.status(), path));
      return file;
    }
    file.tensor = std::make_unique<Tensor>(*std::move(tensor));
    return file;
  }

  fs::path dir_;
  std::vector<Diagnostic> out_;
};

}  // namespace

std::vector<Diagnostic> CheckModelFile(const fs::path& model_file) {
  absl::StatusOr<onnx::ModelProto> model = ReadModelFile(model_file);
  if (!model.ok()) {
    return {MakeDiagnostic(rules::kModelRead, model_file.string(), "", "",
                           WithoutPath(model.status(), model_file))};
  }
  return CheckModel(*model, model_file.string());
}

std::vector<Diagnostic> CheckCaseDir(const fs::path& dir) { return CaseChecker(dir).Run(); }

}  // namespace onnx_conform
