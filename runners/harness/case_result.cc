#include "runners/harness/case_result.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace onnx_conform {

absl::string_view StatusName(CaseStatus status) {
  switch (status) {
    case CaseStatus::kPass: return "pass";
    case CaseStatus::kFail: return "fail";
    case CaseStatus::kInvalid: return "invalid";
    case CaseStatus::kUnsupported: return "unsupported";
    case CaseStatus::kDivergent: return "divergent";
    case CaseStatus::kError: return "error";
    case CaseStatus::kCrash: return "crash";
    case CaseStatus::kTimeout: return "timeout";
    case CaseStatus::kXfail: return "xfail";
    case CaseStatus::kXpass: return "xpass";
  }
  return "error";
}

std::optional<CaseStatus> StatusFromName(absl::string_view name) {
  for (CaseStatus status : kAllStatuses) {
    if (StatusName(status) == name) return status;
  }
  return std::nullopt;
}

std::string FailureSignature::Cause() const {
  std::string cause = absl::StrCat(op.empty() ? "(unknown)" : op, ": ", kind);
  if (!rule.empty()) absl::StrAppend(&cause, ": ", rule);
  if (!features.empty()) absl::StrAppend(&cause, " [", absl::StrJoin(features, ","), "]");
  return cause;
}

std::string PrimaryType(const CaseResult& result) {
  return result.types.substr(0, result.types.find(','));
}

}  // namespace onnx_conform
