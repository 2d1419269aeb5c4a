// Clip's scenario in the audit (runners/audit): its own cases, and what it
// does to Clip nodes when a case or a model moves between opsets: Clip-1/6
// take their bounds as FLOAT attributes, Clip-11 on as scalar inputs of the
// input's type (clip_bounds.h).
//
//   AddClipAuditCases(*FindSchemaVersion("Clip", 6), ElementType::kFloat16, cases);
//   // A case of Clip-6 retargeted to opset 11: min/max attributes become
//   // scalar initializers given as inputs 1 and 2.
//   absl::Status s = RetargetClipNodes(audit_case, 6, 11);
//   // ONNX's converter output of a Clip-6 model at opset 13, its Clip bounds
//   // given as Constants of the input's type.
//   s = RepairClipConversion(original, converted, 6, 13);
#ifndef ONNX_CONFORM_OPS_CLIP_CLIP_AUDIT_H_
#define ONNX_CONFORM_OPS_CLIP_CLIP_AUDIT_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "checker/schema.h"
#include "onnx/onnx_pb.h"
#include "runners/audit/audit_cases.h"
#include "tensor/element_type.h"

namespace onnx_conform {

// The audit's own cases of a Clip version and a numeric type (none for
// another type): each combination of bounds, min > max and consumed_inputs,
// in the bound form of the schema's version.
void AddClipAuditCases(const OpSchema& schema, ElementType type, std::vector<AuditCase>& out);

// Rewrites every default-domain Clip node of the case's main graph between
// attribute bounds and input bounds when the opsets lie on either side of
// Clip-11; nothing otherwise. Attribute -> input: each bound set becomes a
// scalar initializer of the input's type (float16/bfloat16 rounded to
// nearest even, as the reference converts the attribute); an unset bound
// stays unset. Input -> attribute: a bound given by an initializer, a fed
// graph input or a Constant node becomes a FLOAT attribute, and what fed it
// is dropped once nothing reads it. InvalidArgument when a bound is not a
// known scalar or not exactly a float, or the input's type is not declared.
absl::Status RetargetClipNodes(AuditCase& audit_case, int64_t from_opset, int64_t to_opset);

// Repairs ONNX's version converter on Clip when `converted` (from
// `original`) moves Clip-1/6 nodes to Clip-11 on: the converter gives the
// bounds as float Constants whatever the input's type and leaves a missing
// bound missing. Each such node, in every graph and subgraph, gets both
// bounds as Constants of its input's type, right before it: the original's
// attribute, or Clip-6's printed default. Nothing otherwise.
// FailedPrecondition when a Clip input's element type is unknown.
absl::Status RepairClipConversion(const onnx::ModelProto& original, onnx::ModelProto& converted,
                                  int64_t from_opset, int64_t to_opset);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_CLIP_CLIP_AUDIT_H_
