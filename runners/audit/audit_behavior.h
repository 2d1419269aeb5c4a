// Behaviour differences between two versions of an operator, and the audit
// of ONNX's own version converter, for one case at a time.
//
//   CaseOutcome at6 = EvaluateCase(clip6_case);        // checker, then reference
//   std::vector<Finding> b = CompareBehaviour(clip6_case, 6, 11);
//   // validity-change or output-change findings, or nothing
//   std::vector<Finding> c = AuditConversion(clip6_case, 11);
//   // converter-failed / converter-invalid / converter-output-change, or nothing
//
// A case is judged by the suite's checker (CheckModel + CheckDataSet) and
// run on the reference through the harness, which also judges two runs'
// outputs as it judges a case's (runners/harness/in_memory_case.h); the two
// runs compared are the reference under each version, never the reference
// against itself at one version.
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_BEHAVIOR_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_BEHAVIOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "checker/diagnostic.h"
#include "onnx/onnx_pb.h"
#include "runners/audit/audit_cases.h"
#include "runners/audit/audit_finding.h"

namespace onnx_conform {

enum class Validity {
  kValid,
  kWarned,       // valid, but the checker warns (the text leaves the result unstated)
  kInvalid,      // the checker reports an error
  kUnsupported,  // outside the registry (an operator, domain or opset it lacks)
};

struct CaseOutcome {
  Validity validity = Validity::kValid;
  // The first error (invalid), warning or unsupported finding, "[RULE] ...".
  std::string message;
  // The reference's outputs; not run (an error) when the case is invalid or unsupported.
  absl::StatusOr<std::vector<Tensor>> outputs;
};

// "[SHAPE-EQUAL-REQUIRED] input 1: shape [3] differs ...": the rule, the
// field when there is one, the message.
std::string ShortDiagnostic(const Diagnostic& d);

// The suite's checker on the case's model and on its inputs as a data set
// (without expected outputs), every diagnostic.
std::vector<Diagnostic> CaseDiagnostics(const AuditCase& audit_case);

// The case at its own opset. The checker sees Constant nodes (which ONNX's
// converter inserts, and the registry does not cover) folded into
// initializers; the reference runs the model as it is.
CaseOutcome EvaluateCase(const AuditCase& audit_case);

// The case at two opsets (rewritten by RetargetCase): a validity-change
// when the checker's verdict differs, an output-change when both are valid
// and the reference's outputs differ (or it fails at one only). Nothing when
// the outcomes agree or the case is invalid at both. When the case cannot
// be written at one of the opsets, `skipped` (if given) receives why; when
// the reference runs it at neither (invalid or failing at both),
// `neither_ran` (if given) receives why, at each opset.
std::vector<Finding> CompareBehaviour(const AuditCase& audit_case, int64_t from_opset,
                                      int64_t to_opset, std::string* skipped = nullptr,
                                      std::string* neither_ran = nullptr);

// ONNX's version converter (libonnx) on a case to `target_opset`:
// converter-failed when it throws, converter-invalid when the converted
// model fails the suite's checker, converter-output-change when its outputs
// on the reference differ from the original model's. The case should be
// valid at its own opset; nothing is reported when it is not.
std::vector<Finding> AuditConversion(const AuditCase& audit_case, int64_t target_opset);

// ConvertVersion, with every exception caught and turned into an error.
absl::StatusOr<onnx::ModelProto> ConvertWithOnnx(const onnx::ModelProto& model,
                                                 int64_t target_opset);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_BEHAVIOR_H_
