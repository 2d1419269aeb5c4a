// One node of a suite operator in a model as a case of its own, so that its
// behaviour across versions is compared even when the reference cannot run
// the whole model (another operator it has no kernel for, an If around it):
// its inputs keep their element types, declared or inferred shapes (a
// symbolic dimension generated as 3; element-wise inputs one flat shape
// instead) and known values (initializers, Constants); the rest is generated
// as sets of edge values (runners/audit/audit_edge_values.h), one case per
// set, so that each input (a scalar bound too) meets every edge value of its
// type.
//
//   ModelNodes nodes(model);
//   absl::StatusOr<std::vector<AuditCase>> c = NodeCases(nodes.nodes()[2], nodes, 6, edges);
//   CompareBehaviour((*c)[0], 6, 13);  // e.g. a double Clip-6 without max: output-change
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_NODE_CASE_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_NODE_CASE_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "runners/audit/audit_cases.h"
#include "runners/audit/audit_edge_values.h"
#include "runners/audit/audit_model_checks.h"

namespace onnx_conform {

// The node alone in a model of `opset`, once per set of generated values
// (the same model in each). FailedPrecondition when an input's element type
// is unknown or its values cannot be generated.
absl::StatusOr<std::vector<AuditCase>> NodeCases(const GraphNode& node, const ModelNodes& nodes,
                                                 int64_t opset, const EdgeValues& edges);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_NODE_CASE_H_
