#include "runners/harness/evaluate_model.h"

#include <optional>
#include <string>

#include "absl/status/status.h"
#include "caseio/case_layout.h"
#include "checker/checker.h"

namespace onnx_conform {
namespace {

absl::Status AsStatus(const std::vector<Diagnostic>& diagnostics) {
  if (HasErrors(diagnostics)) {
    return absl::InvalidArgumentError(Findings(diagnostics, Severity::kError));
  }
  if (IsUnsupported(diagnostics)) {
    return absl::UnimplementedError(Findings(diagnostics, Severity::kUnsupported));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckModelAndInputs(const onnx::ModelProto& model, const std::vector<Tensor>& inputs) {
  const std::string model_file(kModelFileName);
  if (absl::Status s = AsStatus(CheckModel(model, model_file)); !s.ok()) return s;
  DataSetView view{.dir = DataSetDirName(0), .inputs = {}, .outputs = {}, .inputs_only = true};
  const std::vector<const onnx::ValueInfoProto*> fed = FedGraphInputs(model.graph());
  for (size_t k = 0; k < inputs.size(); ++k) {
    view.inputs.emplace_back(DataFilePath(0, DataFileKind::kInput, static_cast<int64_t>(k)),
                             &inputs[k], k < fed.size() ? fed[k]->name() : std::string());
  }
  return AsStatus(CheckDataSet(model, view, model_file));
}

absl::StatusOr<std::vector<ExplainedOutput>> EvaluateModel(const onnx::ModelProto& model,
                                                           const std::vector<Tensor>& inputs,
                                                           const EvaluationOptions& options,
                                                           const ResourceLimits& limits) {
  std::optional<ScopedResourceBudget> budget;
  if (!HasResourceBudget()) budget.emplace(limits);
  if (absl::Status checked = CheckModelAndInputs(model, inputs); !checked.ok()) return checked;
  absl::StatusOr<BoundGraph> bound = BindGraph(model);
  if (!bound.ok()) return bound.status();
  return RunGraph(*bound, inputs, options);
}

absl::StatusOr<std::vector<Tensor>> RunModel(const onnx::ModelProto& model,
                                             const std::vector<Tensor>& inputs,
                                             const EvaluationOptions& options,
                                             const ResourceLimits& limits) {
  absl::StatusOr<std::vector<ExplainedOutput>> run = EvaluateModel(model, inputs, options, limits);
  if (!run.ok()) return run.status();
  std::vector<Tensor> values;
  values.reserve(run->size());
  for (ExplainedOutput& output : *run) values.push_back(std::move(output.value));
  return values;
}

absl::StatusOr<std::vector<ExplainedOutput>> ExplainModel(const onnx::ModelProto& model,
                                                          const std::vector<Tensor>& inputs,
                                                          const ReadingSet& readings) {
  return EvaluateModel(model, inputs,
                       {.kernels = Kernels::kPlain, .readings = readings, .explain = true});
}

}  // namespace onnx_conform
