#include "runners/backends/backend.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "reference/interpreter.h"
#include "runners/backends/exec_backend.h"

namespace onnx_conform {
namespace {

class ReferenceBackend : public Backend {
 public:
  explicit ReferenceBackend(bool plain)
      : options_{.kernels = plain ? Kernels::kPlain : Kernels::kFast} {}
  std::string name() const override { return "reference"; }
  bool is_reference() const override { return true; }

  BackendOutcome Run(const LoadedCase& loaded_case, const DataSet& data_set) override {
    return Outcome(RunModel(loaded_case.model, data_set.inputs, options_));
  }

  BackendOutcome RunConsumingInputs(const LoadedCase& loaded_case, DataSet& data_set) override {
    return Outcome(
        RunModelConsumingInputs(loaded_case.model, std::move(data_set.inputs), options_));
  }

 private:
  EvaluationOptions options_;

  static BackendOutcome Outcome(absl::StatusOr<std::vector<Tensor>> outputs) {
    BackendOutcome outcome;
    if (outputs.ok()) {
      outcome.kind = BackendOutcome::Kind::kOk;
      outcome.outputs = *std::move(outputs);
      return outcome;
    }
    outcome.message = std::string(outputs.status().message());
    switch (outputs.status().code()) {
      case absl::StatusCode::kUnimplemented:
        outcome.kind = BackendOutcome::Kind::kUnsupported;
        break;
      case absl::StatusCode::kInvalidArgument: outcome.kind = BackendOutcome::Kind::kInvalid; break;
      default: outcome.kind = BackendOutcome::Kind::kError;
    }
    return outcome;
  }
};

}  // namespace

std::unique_ptr<Backend> MakeReferenceBackend(bool plain) {
  return std::make_unique<ReferenceBackend>(plain);
}

absl::StatusOr<std::unique_ptr<Backend>> MakeBackend(const std::string& spec,
                                                     const BackendOptions& options) {
  if (spec == "reference" || spec.empty()) return MakeReferenceBackend(options.plain_reference);
  absl::string_view command(spec);
  if (absl::ConsumePrefix(&command, "exec:")) {
    ExecBackendOptions exec_options;
    exec_options.timeout_seconds = options.timeout_seconds;
    exec_options.temp_dir = options.temp_dir;
    exec_options.name = options.name;
    exec_options.persistent = options.persistent;
    return MakeExecBackend(command, exec_options);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown backend '", spec, "' (known: reference, exec:COMMAND)"));
}

}  // namespace onnx_conform
