#include "runners/harness/outcome_status.h"

#include "absl/strings/str_cat.h"

namespace onnx_conform {
namespace {

std::string Where(absl::string_view where, const std::string& message) {
  return where.empty() ? message : absl::StrCat(where, ": ", message);
}

}  // namespace

std::optional<OutcomeStatus> UnfinishedRunStatus(const BackendOutcome& outcome,
                                                 absl::string_view where) {
  switch (outcome.kind) {
    case BackendOutcome::Kind::kCrash:
      return OutcomeStatus{CaseStatus::kCrash, Where(where, outcome.message)};
    case BackendOutcome::Kind::kTimeout:
      return OutcomeStatus{CaseStatus::kTimeout, Where(where, outcome.message)};
    case BackendOutcome::Kind::kCancelled:
      return OutcomeStatus{CaseStatus::kError, Where(where, outcome.message), /*cancelled=*/true};
    default: return std::nullopt;
  }
}

std::optional<OutcomeStatus> RunWithoutOutputsStatus(const BackendOutcome& outcome,
                                                     absl::string_view where) {
  switch (outcome.kind) {
    case BackendOutcome::Kind::kOk: return std::nullopt;
    case BackendOutcome::Kind::kUnsupported:
      return OutcomeStatus{CaseStatus::kUnsupported, outcome.message};
    case BackendOutcome::Kind::kInvalid:
      return OutcomeStatus{CaseStatus::kInvalid, Where(where, outcome.message)};
    case BackendOutcome::Kind::kError:
      return OutcomeStatus{CaseStatus::kError, Where(where, outcome.message)};
    case BackendOutcome::Kind::kCrash:
    case BackendOutcome::Kind::kTimeout:
    case BackendOutcome::Kind::kCancelled: return UnfinishedRunStatus(outcome, where);
  }
  return OutcomeStatus{CaseStatus::kError, Where(where, outcome.message)};
}

}  // namespace onnx_conform
