// `audit --model` on data: the whole model run at both opsets and, when
// ONNX's converter gave a valid model, the converted model, on one set of
// inputs (runners/audit/audit_model_inputs.h); each finding names the node it is
// about: the first node whose output differs, every node the checker
// objects to (each once).
//
//   AuditCase whole = ...;  // the model and one InputSet's inputs
//   std::vector<Finding> f = CompareOnData(whole, "generated values", converted, nodes, audit);
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_DATA_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_DATA_H_

#include <optional>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_cases.h"
#include "runners/audit/audit_model_checks.h"

namespace onnx_conform {

// A finding about the whole model (aspect "model"), at the audit's opsets.
Finding ModelFinding(FindingKind kind, const ModelAudit& audit, std::string change,
                     std::string detail);

// Points a model-wide finding at a node: its label, operator and versions.
void Blame(Finding& f, const std::string& label, const std::string& op_type,
           const ModelAudit& audit);

// Behaviour at both opsets and (with `converted`) the converted model's
// outputs, on `whole.inputs`, named `set` in the details. Every finding
// carries the node concerned where one is known; a comparison that cannot
// be made (the model runs at neither opset, or the original does not run
// where the converted model should be compared with it) is a not-compared
// finding. `compared` (if given) says whether every comparison was made.
std::vector<Finding> CompareOnData(const AuditCase& whole, const std::string& set,
                                   const std::optional<onnx::ModelProto>& converted,
                                   const ModelNodes& nodes, const ModelAudit& audit,
                                   bool* compared = nullptr);

// Whether `repaired` gives the original's outputs on `whole.inputs`: ""
// when it does, else what differs; nullopt when the original does not run.
std::optional<std::string> RepairDifference(const AuditCase& whole,
                                            const onnx::ModelProto& repaired);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_DATA_H_
