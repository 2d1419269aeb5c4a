#include "runners/harness/in_memory_case.h"

#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "runners/harness/outcome_status.h"
#include "runners/harness/verdict.h"

namespace onnx_conform {
namespace {

absl::StatusCode CodeOf(const OutcomeStatus& status) {
  if (status.cancelled) return absl::StatusCode::kCancelled;
  switch (status.status) {
    case CaseStatus::kUnsupported: return absl::StatusCode::kUnimplemented;
    case CaseStatus::kInvalid: return absl::StatusCode::kInvalidArgument;
    case CaseStatus::kTimeout: return absl::StatusCode::kDeadlineExceeded;
    default: return absl::StatusCode::kInternal;
  }
}

// The first `count` tensors of `tensors`.
std::vector<Tensor> Prefix(const std::vector<Tensor>& tensors, size_t count) {
  return std::vector<Tensor>(tensors.begin(), tensors.begin() + static_cast<ptrdiff_t>(count));
}

}  // namespace

absl::StatusOr<std::vector<Tensor>> RunInMemory(Backend& backend, const onnx::ModelProto& model,
                                                std::vector<Tensor> inputs) {
  LoadedCase loaded;
  loaded.model = model;
  DataSet data_set;
  data_set.inputs = std::move(inputs);
  BackendOutcome outcome = backend.RunConsumingInputs(loaded, data_set);
  if (std::optional<OutcomeStatus> failed = RunWithoutOutputsStatus(outcome, "")) {
    return absl::Status(CodeOf(*failed), failed->message);
  }
  return std::move(outcome.outputs);
}

absl::StatusOr<std::vector<Tensor>> RunOnReference(const onnx::ModelProto& model,
                                                   std::vector<Tensor> inputs) {
  // The reference backend holds no state between runs (safe from any thread).
  static Backend* const reference = MakeReferenceBackend().release();
  return RunInMemory(*reference, model, std::move(inputs));
}

std::vector<std::string> OutputDifferences(const onnx::ModelProto& model,
                                           const std::vector<Tensor>& inputs,
                                           const std::vector<Tensor>& expected,
                                           const std::vector<Tensor>& actual,
                                           const std::vector<std::string>& output_names,
                                           int max_reported) {
  const auto fed = [&inputs]() -> absl::StatusOr<std::vector<Tensor>> { return inputs; };
  if (expected.size() != actual.size()) {
    const size_t common = std::min(expected.size(), actual.size());
    return OutputDifferences(model, inputs, Prefix(expected, common), Prefix(actual, common),
                             output_names, max_reported);
  }
  return JudgeOutputs(model, fed, expected, actual, Tolerance::Exact(), output_names, max_reported)
      .problems;
}

}  // namespace onnx_conform
