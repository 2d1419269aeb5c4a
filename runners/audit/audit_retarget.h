// Rewriting a model (an AuditCase) to another opset of the default domain,
// so that one case runs under two versions of an operator: the opset import
// and IR version change, and Clip's bounds move between attributes and
// inputs (ops/clip/clip_audit.h).
//
//   std::vector<AuditCase> cases = BuiltinAuditCases("Clip", 6, ElementType::kFloat16);
//   absl::StatusOr<AuditCase> at11 = RetargetCase(cases[0], 11);
//   // opset_import 11, ir_version 6, Clip's min/max attributes now scalar
//   // float16 initializers given as inputs 1 and 2.
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_RETARGET_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_RETARGET_H_

#include <cstdint>
#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "runners/audit/audit_cases.h"
#include "tensor/element_type.h"

namespace onnx_conform {

// Element types of a graph's values: declared (inputs, value_info, outputs,
// initializers) or implied by a node (ArgMin gives int64, Constant its
// tensor's type, Min/Clip/Identity and common element-wise operators such
// as Relu and Add their first input's).
std::map<std::string, ElementType> ValueElementTypes(const onnx::GraphProto& graph);

// A FLOAT attribute's value as a scalar of `type`, converted as the
// reference converts Clip-1/6 attributes; integers only when exact.
absl::StatusOr<Tensor> ScalarFromFloat(ElementType type, float value);

// The case at another opset of the default domain: opset_import rewritten,
// ir_version raised to IrVersionForOpset (checker/model_versions.h) when
// lower, and every Clip node's bounds moved between attributes and inputs
// where Clip's versions at the two opsets take them differently
// (RetargetClipNodes, ops/clip/clip_audit.h). InvalidArgument, naming the
// case, when a Clip node cannot be rewritten.
absl::StatusOr<AuditCase> RetargetCase(const AuditCase& audit_case, int64_t opset);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_RETARGET_H_
