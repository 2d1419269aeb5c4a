#include "runners/backends/backend.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "reference/interpreter.h"
#include "runners/backends/exec_backend.h"

namespace onnx_conform {
namespace {

// The suite's reference as a backend: it refuses what its checker rejects
// in what a backend is given (the model and the data set's inputs), and
// runs the rest on the interpreter.
class ReferenceBackend : public Backend {
 public:
  explicit ReferenceBackend(bool plain)
      : options_{.kernels = plain ? Kernels::kPlain : Kernels::kFast} {}
  std::string name() const override { return "reference"; }
  std::string Identity() override {
    return options_.kernels == Kernels::kPlain ? "onnx-conform reference (plain loops)"
                                               : "onnx-conform reference (fast kernels)";
  }

  BackendOutcome Run(const CheckedCase& c, size_t data_set) override {
    BackendOutcome outcome;
    const std::vector<Diagnostic> refused = c.VisibleErrors(data_set);
    // A valid case whose data the reference's kernels do not take (a value
    // that is no tensor, or not of a numeric type): that says nothing of the
    // case. Its graph, which the checker accepted, is another backend's to run.
    if (refused.empty() && c.graph.has_value() && data_set < c.data_sets.size()) {
      const CheckedDataSet& data = c.data_sets[data_set];
      const bool numeric_tensors =
          std::all_of(data.inputs.begin(), data.inputs.end(),
                      [](const Tensor& t) { return t.is_tensor() && IsNumeric(t.type()); });
      if (!data.decoded || !numeric_tensors) {
        outcome.kind = BackendOutcome::Kind::kUnsupported;
        outcome.message =
            "the reference computes numeric tensors only; this data set holds other values";
        return outcome;
      }
    }
    if (!refused.empty() || !c.graph.has_value() || data_set >= c.data_sets.size() ||
        !c.data_sets[data_set].decoded) {
      outcome.kind = BackendOutcome::Kind::kInvalid;
      std::vector<std::string> lines;
      for (const Diagnostic& d : refused) lines.push_back(FormatDiagnostic(d));
      outcome.message = lines.empty() ? std::string("the case cannot be run: ") + c.standing_message
                                      : absl::StrJoin(lines, "\n");
      return outcome;
    }
    absl::StatusOr<std::vector<ExplainedOutput>> run =
        RunGraph(*c.graph, c.data_sets[data_set].inputs, options_);
    if (run.ok()) {
      outcome.kind = BackendOutcome::Kind::kOk;
      for (ExplainedOutput& output : *run) outcome.outputs.push_back(std::move(output.value));
      return outcome;
    }
    outcome.message = std::string(run.status().message());
    outcome.kind = absl::IsUnimplemented(run.status()) ? BackendOutcome::Kind::kUnsupported
                                                       : BackendOutcome::Kind::kError;
    return outcome;
  }

 private:
  EvaluationOptions options_;
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
    exec_options.persistent_if_served = options.persistent_if_served;
    return MakeExecBackend(command, exec_options);
  }
  return absl::InvalidArgumentError(
      absl::StrCat("unknown backend '", spec, "' (known: reference, exec:COMMAND)"));
}

}  // namespace onnx_conform
