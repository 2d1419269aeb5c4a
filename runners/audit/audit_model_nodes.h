// The node list of `audit --model`: each node, in every graph, whose
// operator version changes between the two opsets, with the schema findings
// that apply to it (a finding about an attribute the node does not set does
// not), and what is not audited (operators of other domains, operators
// neither registry knows).
//
//   ModelNodes nodes(model);
//   AuditNodes(nodes, audit);  // fills audit.nodes, findings, notes, not_audited
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_NODES_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_NODES_H_

#include <cstdint>
#include <vector>

#include "absl/strings/string_view.h"
#include "checker/registry.h"
#include "onnx/onnx_pb.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_model_checks.h"

namespace onnx_conform {

// The suite's schema of a default-domain operator at an opset; nullptr when
// the suite has none.
const OpSchema* SchemaAt(absl::string_view op_type, int64_t opset);

// Whether the node is one of the suite's operators (ops/operators.def).
bool InSuite(const onnx::NodeProto& node);

// The values the model's nodes of the suite's operators compare their inputs with,
// where known: float attributes (Clip-6's bounds) and known scalar inputs
// (initializers, Constants), for the generated values to hold them and
// their neighbours.
std::vector<double> KnownBounds(const ModelNodes& nodes);

// Lists each node whose version changes, with the schema findings that
// apply to it, and says what is not audited.
void AuditNodes(const ModelNodes& nodes, ModelAudit& audit);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_NODES_H_
