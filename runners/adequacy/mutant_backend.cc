#include "runners/adequacy/mutant_backend.h"

#include "runners/harness/evaluate_model.h"
#include "runners/harness/verdict.h"

namespace onnx_conform {
namespace {

bool SameOutcome(const BackendOutcome& a, const BackendOutcome& b) {
  return a.kind == b.kind && AllSameBytes(a.outputs, b.outputs);
}

}  // namespace

bool BugPlanted(const Bug& bug, const CheckedCase& c, size_t data_set) {
  if (!c.model.has_value() || !c.graph.has_value() || c.model->graph().node_size() != 1) {
    return false;
  }
  const onnx::NodeProto& node = c.model->graph().node(0);
  if (node.op_type() != bug.op || !(node.domain().empty() || node.domain() == "ai.onnx")) {
    return false;
  }
  if (data_set >= c.data_sets.size() || !c.data_sets[data_set].decoded ||
      c.data_sets[data_set].inputs.empty() || !c.VisibleErrors(data_set).empty()) {
    return false;
  }
  return BugApplies(bug, c.labels.op, c.labels.op_version, c.data_sets[data_set].inputs[0].type());
}

const BackendOutcome& ReferenceOutputs::Get(const CheckedCase& c, size_t data_set) {
  auto [it, inserted] = outcomes_.try_emplace({&c, data_set});
  if (inserted) it->second = reference_->Run(c, data_set);
  return it->second;
}

BackendOutcome MutantBackend::Run(const CheckedCase& c, size_t data_set) {
  const BackendOutcome& reference = reference_.Get(c, data_set);
  if (!BugPlanted(bug_, c, data_set)) return reference;
  planted_ = true;
  BackendOutcome outcome = RunPlanted(c, data_set);
  if (!SameOutcome(outcome, reference)) changed_ = true;
  return outcome;
}

BackendOutcome MutantBackend::RunPlanted(const CheckedCase& c, size_t data_set) const {
  MutantRun run{
      .model = *c.model, .inputs = c.data_sets[data_set].inputs, .version = c.labels.op_version};
  if (bug_.before) bug_.before(run);
  BackendOutcome outcome;
  absl::StatusOr<std::vector<Tensor>> outputs =
      RunModel(run.model, run.inputs, {.readings = run.readings});
  if (!outputs.ok()) {
    outcome.kind = BackendOutcome::Kind::kError;
    outcome.message = "the mutant failed: " + std::string(outputs.status().message());
    return outcome;
  }
  if (bug_.after) bug_.after(run, *outputs);
  outcome.kind = BackendOutcome::Kind::kOk;
  outcome.outputs = *std::move(outputs);
  return outcome;
}

}  // namespace onnx_conform
