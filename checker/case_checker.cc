#include "checker/case_checker.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/strip.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "checker/checker.h"
#include "checker/rules.h"
#include "reference/resource_limits.h"
#include "reference/tensor_file.h"
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

// Status messages of reference/tensor_file.h start with the path, which
// the diagnostic already names.
std::string WithoutPath(const absl::Status& status, const fs::path& path) {
  absl::string_view message = status.message();
  absl::ConsumePrefix(&message, absl::StrCat(path.string(), ": "));
  return std::string(message);
}

bool IsNonTensor(const onnx::ValueInfoProto& value) {
  return value.has_type() && value.type().value_case() != onnx::TypeProto::kTensorType &&
         value.type().value_case() != onnx::TypeProto::VALUE_NOT_SET;
}

struct LoadedFile {
  fs::path path;
  std::unique_ptr<Tensor> tensor;  // null when it did not decode
  std::string name;
  TensorInfo undecoded;  // type and dims of a valid non-numeric tensor
};

class CaseChecker {
 public:
  explicit CaseChecker(const fs::path& dir) : dir_(dir) {}

  std::vector<Diagnostic> Run() {
    const fs::path model_file = dir_ / "model.onnx";
    absl::StatusOr<onnx::ModelProto> model = ReadModelFile(model_file, dir_);
    if (model.ok()) {
      Append(CheckModel(*model, model_file.string()));
    } else {
      Report(rules::kModelRead, model_file, WithoutPath(model.status(), model_file));
    }
    std::map<int64_t, fs::path> data_sets = DataSetDirs();
    if (data_sets.empty()) {
      Report(rules::kDataSetMissing, dir_, "the case has no test_data_set_N directory");
    }
    // Files of sequence, map or optional graph values hold SequenceProto,
    // MapProto or OptionalProto: not tensors, and no operator of ours takes them.
    std::set<size_t> skip_inputs, skip_outputs;
    if (model.ok()) {
      std::vector<const onnx::ValueInfoProto*> fed = FedGraphInputs(model->graph());
      for (size_t k = 0; k < fed.size(); ++k) {
        if (IsNonTensor(*fed[k])) skip_inputs.insert(k);
      }
      for (int k = 0; k < model->graph().output_size(); ++k) {
        if (IsNonTensor(model->graph().output(k))) skip_outputs.insert(static_cast<size_t>(k));
      }
    }
    for (const auto& [n, path] : data_sets) {
      const size_t reported = out_.size();
      std::vector<LoadedFile> inputs = LoadNumbered(path, "input_", skip_inputs);
      std::vector<LoadedFile> outputs = LoadNumbered(path, "output_", skip_outputs);
      // With a gap or a bad name, files no longer match graph values by
      // position: comparing them would only repeat the naming finding.
      bool misnamed = false;
      for (size_t i = reported; i < out_.size(); ++i) {
        misnamed = misnamed || out_[i].rule == rules::kDataFileNames;
      }
      if (!model.ok() || misnamed) continue;
      DataSetView view{path, {}, {}};
      for (const LoadedFile& f : inputs) {
        view.inputs.push_back({f.path, f.tensor.get(), f.name, f.undecoded});
      }
      for (const LoadedFile& f : outputs) {
        view.outputs.push_back({f.path, f.tensor.get(), f.name, f.undecoded});
      }
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
  std::vector<LoadedFile> LoadNumbered(const fs::path& dir, absl::string_view prefix,
                                       const std::set<size_t>& skip) {
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
      // input_1.pb and input_01.pb: which one feeds input 1 is anybody's guess.
      if (auto [it, inserted] = by_number.emplace(*k, entry.path()); !inserted) {
        Report(rules::kDataFileNames, dir,
               absl::StrCat(it->second.filename().string(), " and ",
                            entry.path().filename().string(), " are both ", prefix, *k, ".pb"));
      }
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
      files.push_back(skip.contains(files.size()) ? LoadedFile{path, nullptr, "", {}} : Load(path));
    }
    return files;
  }

  LoadedFile Load(const fs::path& path) {
    LoadedFile file{path, nullptr, "", {}};
    absl::StatusOr<onnx::TensorProto> proto = ReadTensorProtoFile(path, dir_);
    if (!proto.ok()) {
      Report(rules::kDataDecode, path, WithoutPath(proto.status(), path));
      return file;
    }
    file.name = proto->name();
    // bool, string, complex: valid ONNX the decoder does not hold; their
    // type and dims are still checked against the graph.
    std::optional<ElementType> type = ElementTypeFromProto(proto->data_type());
    if (type && !IsNumeric(*type) && *type != ElementType::kUndefined) {
      file.undecoded = {type, SymbolicShape(proto->dims().begin(), proto->dims().end())};
      return file;
    }
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

// Without a run's budget (the `check` command), what is read is held to the
// default limits of reference/resource_limits.h all the same.
std::vector<Diagnostic> CheckModelFile(const fs::path& model_file) {
  std::optional<ScopedResourceBudget> budget;
  if (!HasResourceBudget()) budget.emplace(ResourceLimits{});
  absl::StatusOr<onnx::ModelProto> model = ReadModelFile(model_file);
  if (!model.ok()) {
    return {MakeDiagnostic(rules::kModelRead, model_file.string(), "", "",
                           WithoutPath(model.status(), model_file))};
  }
  return CheckModel(*model, model_file.string());
}

std::vector<Diagnostic> CheckCaseDir(const fs::path& dir) {
  std::optional<ScopedResourceBudget> budget;
  if (!HasResourceBudget()) budget.emplace(ResourceLimits{});
  return CaseChecker(dir).Run();
}

}  // namespace onnx_conform
