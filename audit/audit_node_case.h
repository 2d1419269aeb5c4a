// One Min/ArgMin/Clip node of a model as a case of its own, so that its
// behaviour across versions is compared even when the reference cannot run
// the whole model (a Relu or an If around it): its inputs keep their element
// types, declared or inferred shapes (a symbolic dimension generated as 3)
// and known values (initializers, Constants); the rest is generated from
// the audit's value sets (extremes, infinities, NaN).
//
//   ModelNodes nodes(model);
//   absl::StatusOr<AuditCase> c = NodeCase(nodes.nodes()[2], nodes, 6);
//   CompareBehaviour(*c, 6, 13);  // e.g. a double Clip-6 without max: output-change
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_NODE_CASE_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_NODE_CASE_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "audit/audit_cases.h"
#include "audit/audit_model_checks.h"

namespace onnx_conform {

// The node alone in a model of `opset`. FailedPrecondition when an input's
// element type is unknown or its values cannot be generated.
absl::StatusOr<AuditCase> NodeCase(const GraphNode& node, const ModelNodes& nodes, int64_t opset);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_NODE_CASE_H_
