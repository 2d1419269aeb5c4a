// Rewriting a model (an AuditCase) to another opset of the default domain,
// so that one case runs under two versions of an operator: the opset import
// and IR version change, and Clip moves between attribute bounds (Clip-1/6)
// and input bounds (Clip-11+) when the rewrite crosses opset 11.
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
// ir_version raised to IrVersionForOpset (checker/model_versions.h) when lower, and every Clip
// node rewritten between attribute bounds (Clip-1/6) and input bounds (Clip-11+) when the opsets
// are on either side of 11. Attribute -> input: each bound set becomes a scalar initializer of the
// input's type (float16/bfloat16 rounded to nearest even, as the reference converts the attribute);
// an unset bound stays unset (the input form's own default applies). Input -> attribute: a bound
// given by an initializer, a fed graph input or a Constant node becomes a FLOAT attribute.
// InvalidArgument when a bound is not a known scalar or not exactly a float (it cannot be written
// as a Clip-6 attribute), or a type needed is not declared.
absl::StatusOr<AuditCase> RetargetCase(const AuditCase& audit_case, int64_t opset);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_RETARGET_H_
