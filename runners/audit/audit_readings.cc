#include "runners/audit/audit_readings.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/readings.h"
#include "reference/function_bodies.h"
#include "runners/audit/audit_model_nodes.h"
#include "runners/audit/audit_retarget.h"
#include "runners/harness/evaluate_model.h"
#include "runners/harness/in_memory_case.h"
#include "runners/harness/verdict.h"

namespace onnx_conform {
namespace {

// "clip-missing-bound-skipped (a missing bound clips nothing, so -inf and +inf pass through)".
std::string Described(const ReadingSet& readings) {
  return absl::StrJoin(readings.readings(), "; ", [](std::string* out, Reading r) {
    absl::StrAppend(out, ReadingName(r), " (", InfoOf(r).summary, ")");
  });
}

// An alternative computation of the target version and what it follows.
struct Alternative {
  std::string runtime;  // "a runtime that runs Clip-13 as its function body"
  std::string label;    // "Clip-13's function body"
  ReadingSet readings;
  absl::StatusOr<std::vector<Tensor>> outputs;
};

}  // namespace

std::vector<Finding> ReadingFindings(const AuditCase& alone, int64_t from_opset, int64_t to_opset) {
  std::vector<Finding> findings;
  absl::StatusOr<AuditCase> a = RetargetCase(alone, from_opset);
  absl::StatusOr<AuditCase> b = RetargetCase(alone, to_opset);
  const OpSchema* from = SchemaAt(alone.op_type, from_opset);
  const OpSchema* to = SchemaAt(alone.op_type, to_opset);
  if (!a.ok() || !b.ok() || from == nullptr || to == nullptr) return findings;
  absl::StatusOr<std::vector<Tensor>> baseline = RunOnReference(a->model, a->inputs);
  absl::StatusOr<std::vector<Tensor>> target = RunOnReference(b->model, b->inputs);
  if (!baseline.ok() || !target.ok()) return findings;

  std::vector<Alternative> alternatives;
  ReadingSet named;  // readings the body already shows
  if (to->has_function() && !from->has_function()) {
    absl::StatusOr<onnx::ModelProto> body = ExpandFunctionNodes(b->model);
    if (body.ok()) {
      Alternative alt{absl::StrCat("a runtime that runs ", to->Name(), " as its function body"),
                      absl::StrCat(to->Name(), "'s function body"),
                      {},
                      RunModel(*body, b->inputs)};
      if (alt.outputs.ok()) {
        std::vector<InMemoryDataSet> data_sets(1);
        data_sets[0] = {b->inputs, *target};
        const std::shared_ptr<const CheckedCase> judged =
            CheckInMemoryCase(to->Name(), b->model, std::move(data_sets));
        const OutputsJudgement j = JudgeOutputs(*judged, 0, *alt.outputs, Tolerance::Exact());
        if (j.kind == OutputsJudgement::Kind::kDivergent) alt.readings = j.backend_reading;
        for (Reading r : alt.readings.readings()) named.Add(r);
      }
      alternatives.push_back(std::move(alt));
    }
  }
  for (Reading r : to->readings().readings()) {
    if (named.Has(r) || from->readings().Has(r)) continue;
    EvaluationOptions options;
    options.readings = ReadingSet{r};
    alternatives.push_back(
        {absl::StrCat("a runtime that reads ", to->Name(), " as ", ReadingName(r)),
         absl::StrCat(to->Name(), " read as ", ReadingName(r)), ReadingSet{r},
         RunModel(b->model, b->inputs, options)});
  }

  for (const Alternative& alt : alternatives) {
    if (!alt.outputs.ok()) continue;
    // The same as the reference at the target: CompareBehaviour's business.
    if (OutputDifferences(b->model, b->inputs, *target, *alt.outputs, 1).empty()) continue;
    const std::vector<std::string> differences =
        OutputDifferences(a->model, a->inputs, *baseline, *alt.outputs, 3);
    if (differences.empty()) continue;
    const std::string reading = alt.readings.empty() ? "an unnamed reading" : alt.readings.Name();
    findings.push_back(
        {.kind = FindingKind::kOutputChange,
         .op_type = alone.op_type,
         .from_version = from->since_version(),
         .to_version = to->since_version(),
         .from_opset = static_cast<int>(from_opset),
         .to_opset = static_cast<int>(to_opset),
         .aspect = "case",
         .name = alone.name,
         .change = absl::StrCat("outputs differ under ", reading),
         .detail = absl::StrCat(
             alt.runtime,
             alt.readings.empty() ? "" : absl::StrCat(" follows ", Described(alt.readings)),
             ": expected = ", from->Name(), " (the reference), got = ", alt.label, ": ",
             absl::StrJoin(differences, "; ")),
         .scenario = alone.scenario,
         .difference = std::string(kNamedReading)});
  }
  return findings;
}

}  // namespace onnx_conform
