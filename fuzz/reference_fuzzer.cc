// The reference on what the checker accepts: a FuzzCase (fuzz_case.proto)
// gives a model file and input files. When the checker finds no error in
// the model (CheckModel) nor in the inputs (CheckDataSet), the reference must
// run it: only Unimplemented (an operator it lacks) or ResourceExhausted (the
// budget) may stop it, and it must give one tensor per graph output, of the
// declared element type. Anything else is a disagreement between the
// checker and the reference, reported as a finding; so is the checker
// rejecting the reference's outputs as the expected outputs (its shape and
// type inference disagreeing with what the reference computes).
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "checker/checker.h"
#include "checker/diagnostic.h"
#include "checker/rules.h"
#include "fuzz/fuzz_case.pb.h"
#include "fuzz/fuzz_targets.h"
#include "runners/harness/evaluate_model.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor_file.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform::fuzz {
namespace {

// ONNX_CONFORM_FUZZ_VERBOSE=1 says where each input stopped (to check that
// the seeds reach the reference, and to read a finding).
int Stop(absl::string_view stage, absl::string_view why = "") {
  static const bool verbose = std::getenv("ONNX_CONFORM_FUZZ_VERBOSE") != nullptr;
  if (verbose) {
    std::fprintf(stderr, "reference fuzzer: %.*s %.*s\n", static_cast<int>(stage.size()),
                 stage.data(), static_cast<int>(why.size()), why.data());
  }
  return 0;
}

}  // namespace

int FuzzReference(const uint8_t* data, size_t size) {
  ScopedResourceBudget budget(
      ResourceLimits{.max_tensor_bytes = int64_t{16} << 20, .max_case_bytes = int64_t{64} << 20});
  FuzzCase fuzz_case;
  if (!fuzz_case.ParseFromArray(data, static_cast<int>(size))) return Stop("not a FuzzCase");
  absl::StatusOr<onnx::ModelProto> model =
      ParseModel(fuzz_case.model(), std::string(kModelFileName));
  if (!model.ok()) return Stop("model", model.status().message());
  const std::vector<Diagnostic> model_findings = CheckModel(*model, std::string(kModelFileName));
  if (HasErrors(model_findings) || IsUnsupported(model_findings)) {
    return Stop("checker", model_findings.empty() ? "" : FormatDiagnostic(model_findings[0]));
  }

  std::vector<Tensor> inputs;
  DataSetView view;
  view.dir = DataSetDirName(0);
  inputs.reserve(fuzz_case.inputs_size());
  for (int k = 0; k < fuzz_case.inputs_size(); ++k) {
    const std::string file = DataFilePath(0, DataFileKind::kInput, k);
    absl::StatusOr<onnx::TensorProto> proto = ParseTensorProto(fuzz_case.inputs(k), file);
    if (!proto.ok()) return Stop("input", proto.status().message());
    absl::StatusOr<Tensor> tensor = TensorFromProto(*proto);
    // The runner reports the file as an error.
    if (!tensor.ok()) return Stop("input", tensor.status().message());
    inputs.push_back(*std::move(tensor));
  }
  for (size_t k = 0; k < inputs.size(); ++k) {
    view.inputs.emplace_back(InputFileName(k), &inputs[k]);
  }
  for (const Diagnostic& d : CheckDataSet(*model, view, std::string(kModelFileName))) {
    // No expected outputs are given: their count is not the question here.
    if (d.severity == Severity::kError && d.rule != rules::kDataOutputCount) {
      return Stop("data checker", FormatDiagnostic(d));
    }
  }

  absl::StatusOr<std::vector<Tensor>> outputs = RunModel(*model, inputs);
  if (!outputs.ok()) {
    const absl::StatusCode code = outputs.status().code();
    if (code == absl::StatusCode::kUnimplemented || code == absl::StatusCode::kResourceExhausted) {
      return Stop("reference", outputs.status().message());
    }
    FuzzFinding(absl::StrCat("the checker accepts the model and inputs, the reference says: ",
                             outputs.status().ToString()));
  }
  const onnx::GraphProto& graph = model->graph();
  if (static_cast<int>(outputs->size()) != graph.output_size()) {
    FuzzFinding(absl::StrCat("the reference gave ", outputs->size(), " outputs for ",
                             graph.output_size(), " graph outputs"));
  }
  for (int k = 0; k < graph.output_size(); ++k) {
    const int32_t declared = graph.output(k).type().tensor_type().elem_type();
    if (declared != 0 && declared != static_cast<int32_t>((*outputs)[k].type())) {
      FuzzFinding(absl::StrCat("graph output ", k, " is declared type ", declared,
                               " but the reference gave ", ElementTypeName((*outputs)[k].type())));
    }
  }
  // The checker, given the reference's outputs as the expected ones, must
  // find nothing: its shape and type inference agrees with the reference.
  for (size_t k = 0; k < outputs->size(); ++k) {
    view.outputs.emplace_back(OutputFileName(k), &(*outputs)[k]);
  }
  for (const Diagnostic& d : CheckDataSet(*model, view, std::string(kModelFileName))) {
    if (d.severity == Severity::kError) {
      FuzzFinding(
          absl::StrCat("the checker rejects the reference's own outputs: ", FormatDiagnostic(d)));
    }
  }
  return Stop("ran");
}

}  // namespace onnx_conform::fuzz
