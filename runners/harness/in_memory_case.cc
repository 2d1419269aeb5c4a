#include "runners/harness/in_memory_case.h"

#include <algorithm>

#include "runners/harness/evaluate_model.h"
#include "runners/harness/policy.h"
#include "runners/harness/verdict.h"

namespace onnx_conform {
namespace {

// The first `count` tensors of `tensors`.
std::vector<Tensor> Prefix(const std::vector<Tensor>& tensors, size_t count) {
  return std::vector<Tensor>(tensors.begin(), tensors.begin() + static_cast<ptrdiff_t>(count));
}

}  // namespace

std::shared_ptr<const CheckedCase> MakeReferenceCase(std::string name, onnx::ModelProto model,
                                                     std::vector<Tensor> inputs,
                                                     std::optional<CaseMetadata> metadata) {
  std::vector<InMemoryDataSet> data_sets(1);
  data_sets[0].inputs = std::move(inputs);
  return CheckInMemoryCase(
      std::move(name), std::move(model), std::move(data_sets), std::move(metadata),
      [](const BoundGraph& graph,
         const std::vector<Tensor>& fed) -> absl::StatusOr<std::vector<Tensor>> {
        absl::StatusOr<std::vector<ExplainedOutput>> run = RunGraph(graph, fed);
        if (!run.ok()) return run.status();
        std::vector<Tensor> outputs;
        for (ExplainedOutput& output : *run) outputs.push_back(std::move(output.value));
        return outputs;
      });
}

absl::StatusOr<std::vector<Tensor>> RunOnReference(const onnx::ModelProto& model,
                                                   std::vector<Tensor> inputs) {
  return RunModel(model, inputs);
}

std::vector<std::string> OutputDifferences(const onnx::ModelProto& model,
                                           const std::vector<Tensor>& inputs,
                                           const std::vector<Tensor>& expected,
                                           const std::vector<Tensor>& actual, int max_reported) {
  if (expected.size() != actual.size()) {
    const size_t common = std::min(expected.size(), actual.size());
    return OutputDifferences(model, inputs, Prefix(expected, common), Prefix(actual, common),
                             max_reported);
  }
  std::vector<InMemoryDataSet> data_sets(1);
  data_sets[0] = {inputs, expected};
  std::shared_ptr<const CheckedCase> c =
      CheckInMemoryCase("in-memory", model, std::move(data_sets));
  return JudgeOutputs(*c, 0, actual, Tolerance::Exact(), max_reported).problems;
}

}  // namespace onnx_conform
