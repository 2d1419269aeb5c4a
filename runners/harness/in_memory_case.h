// A model and one data set's inputs held in memory rather than in a case
// folder (the audit's cases): run on a backend and judged by the same
// harness as a folder, so that what the reference gives and whether two
// sets of outputs differ are decided in one place.
//
//   absl::StatusOr<std::vector<Tensor>> a = RunOnReference(clip6.model, clip6.inputs);
//   absl::StatusOr<std::vector<Tensor>> b = RunOnReference(clip11.model, clip11.inputs);
//   std::vector<std::string> d =
//       OutputDifferences(clip6.model, clip6.inputs, *a, *b, /*max_reported=*/3);
//   // {"output 'y': 1 of 4 elements differ: [2] expected 1, got 2"}, or none
#ifndef ONNX_CONFORM_RUNNERS_HARNESS_IN_MEMORY_CASE_H_
#define ONNX_CONFORM_RUNNERS_HARNESS_IN_MEMORY_CASE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "runners/backends/backend.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// A case made in memory whose expected outputs are the reference's
// (explore): checked once, and when the checker accepts it its data set's
// outputs are the fast kernels' (reference/interpreter.h).
std::shared_ptr<const CheckedCase> MakeReferenceCase(std::string name, onnx::ModelProto model,
                                                     std::vector<Tensor> inputs,
                                                     std::optional<CaseMetadata> metadata = {});

// The model checked and run on the suite's reference (its fast kernels),
// held to the resource budget: runners/harness/evaluate_model.h's RunModel.
absl::StatusOr<std::vector<Tensor>> RunOnReference(const onnx::ModelProto& model,
                                                   std::vector<Tensor> inputs);

// How `actual` differs from `expected`, the outputs of `model` on `inputs`,
// judged exactly as a case's outputs are (JudgeOutputs: under the expected
// outputs' match classes): one line per differing output, none when they
// match. Outputs past the shorter list are not compared (callers that care
// compare the counts); at most `max_reported` elements of each are shown,
// each output named as the graph names it.
std::vector<std::string> OutputDifferences(const onnx::ModelProto& model,
                                           const std::vector<Tensor>& inputs,
                                           const std::vector<Tensor>& expected,
                                           const std::vector<Tensor>& actual, int max_reported);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_HARNESS_IN_MEMORY_CASE_H_
