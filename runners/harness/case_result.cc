#include "runners/harness/case_result.h"

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

std::string PrimaryType(const CaseResult& result) {
  return result.types.substr(0, result.types.find(','));
}

}  // namespace onnx_conform
