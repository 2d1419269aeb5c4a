#include "checker/case_checker.h"

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "caseio/case_files.h"
#include "caseio/case_layout.h"
#include "checker/checker.h"
#include "checker/rules.h"
#include "reference/resource_limits.h"
#include "reference/tensor_file.h"
#include "reference/tensor_proto.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

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

// The rule a layout problem breaks. `in_data_set`: found in a data set
// folder rather than in the case folder.
absl::string_view RuleOf(const LayoutProblem& problem, bool in_data_set) {
  switch (problem.kind) {
    case LayoutProblemKind::kNoModel: return rules::kModelRead;
    case LayoutProblemKind::kNoDataSet: return rules::kDataSetMissing;
    case LayoutProblemKind::kUnreadable:
      return in_data_set ? rules::kDataFileNames : rules::kDataSetMissing;
    case LayoutProblemKind::kDataSetOutsideCase:
      return rules::kDataDecode;  // its files cannot be read as the case's
    case LayoutProblemKind::kDataSetName:
    case LayoutProblemKind::kDataSetNotADirectory:
    case LayoutProblemKind::kDuplicateNumber:
    case LayoutProblemKind::kDataFileName:
    case LayoutProblemKind::kNumberingGap: return rules::kDataFileNames;
  }
  return rules::kDataFileNames;
}

bool HasProblem(const std::vector<LayoutProblem>& problems, LayoutProblemKind kind) {
  for (const LayoutProblem& problem : problems) {
    if (problem.kind == kind) return true;
  }
  return false;
}

class CaseChecker {
 public:
  explicit CaseChecker(const CaseLayout& layout) : layout_(layout), dir_(layout.dir) {}

  CaseCheck Run() {
    const fs::path& model_file = layout_.model_file;
    absl::StatusOr<onnx::ModelProto> model =
        absl::NotFoundError(absl::StrCat("no ", std::string(kModelFileName)));
    if (!HasProblem(layout_.problems, LayoutProblemKind::kNoModel)) {
      model = ReadCaseModel(dir_);
      if (model.ok()) {
        Append(CheckModel(*model, model_file.string()));
      } else {
        Report(rules::kModelRead, model_file, WithoutPath(model.status(), model_file));
      }
    }
    for (const LayoutProblem& problem : layout_.problems) {
      Report(RuleOf(problem, /*in_data_set=*/false), problem.file, problem.message);
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
    for (const DataSetLayout& data_set : layout_.data_sets) {
      for (const LayoutProblem& problem : data_set.problems) {
        Report(RuleOf(problem, /*in_data_set=*/true), problem.file, problem.message);
      }
      std::vector<LoadedFile> inputs = LoadAll(data_set.input_files, skip_inputs);
      std::vector<LoadedFile> outputs = LoadAll(data_set.output_files, skip_outputs);
      // With a gap or a bad name, files no longer match graph values by
      // position: comparing them would only repeat the layout finding.
      if (!model.ok() || !data_set.problems.empty()) continue;
      DataSetView view{data_set.dir, {}, {}};
      for (const LoadedFile& f : inputs) {
        view.inputs.push_back({f.path, f.tensor.get(), f.name, f.undecoded});
      }
      for (const LoadedFile& f : outputs) {
        view.outputs.push_back({f.path, f.tensor.get(), f.name, f.undecoded});
      }
      Append(CheckDataSet(*model, view, model_file.string()));
    }
    CaseCheck check{std::move(out_), std::nullopt};
    if (model.ok()) check.model = *std::move(model);
    return check;
  }

 private:
  void Report(absl::string_view rule, const fs::path& file, std::string message) {
    out_.push_back(MakeDiagnostic(rule, file.string(), "", "", std::move(message)));
  }
  void Append(std::vector<Diagnostic> more) {
    for (Diagnostic& d : more) out_.push_back(std::move(d));
  }

  // Each file decoded, but those of graph values that are not tensors.
  std::vector<LoadedFile> LoadAll(const std::vector<fs::path>& paths,
                                  const std::set<size_t>& skip) {
    std::vector<LoadedFile> files;
    for (const fs::path& path : paths) {
      files.push_back(skip.contains(files.size()) ? LoadedFile{path, nullptr, "", {}} : Load(path));
    }
    return files;
  }

  LoadedFile Load(const fs::path& path) {
    LoadedFile file{path, nullptr, "", {}};
    absl::StatusOr<onnx::TensorProto> proto = ReadCaseTensorProto(dir_, path);
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

  const CaseLayout& layout_;
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

CaseCheck CheckCase(const CaseLayout& layout) {
  std::optional<ScopedResourceBudget> budget;
  if (!HasResourceBudget()) budget.emplace(ResourceLimits{});
  return CaseChecker(layout).Run();
}

std::vector<Diagnostic> CheckCaseDir(const fs::path& dir) {
  return CheckCase(ListCase(dir)).diagnostics;
}

}  // namespace onnx_conform
