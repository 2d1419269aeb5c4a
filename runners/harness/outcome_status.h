// The one mapping from a backend's outcome without outputs to a case
// status and its message: the valid path of RunCase, negative cases and
// explore all read an outcome through it.
//
//   if (std::optional<OutcomeStatus> s = RunWithoutOutputsStatus(outcome, "test_data_set_0")) {
//     // a crash: {CaseStatus::kCrash, "test_data_set_0: killed by signal 11"}
//   }
//
// Crash and timeout are statuses of their own; a cancelled run is an error
// with `cancelled` set (the run was interrupted: no verdict is reported).
// The backend's refusals (unsupported, invalid) and errors are statuses only
// for a case the backend should run: a negative case is judged by how the
// adapter exited instead (case_runner.cc).
#ifndef ONNX_CONFORM_RUNNERS_HARNESS_OUTCOME_STATUS_H_
#define ONNX_CONFORM_RUNNERS_HARNESS_OUTCOME_STATUS_H_

#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "runners/backends/backend.h"
#include "runners/harness/case_result.h"

namespace onnx_conform {

struct OutcomeStatus {
  CaseStatus status = CaseStatus::kError;
  std::string message;
  bool cancelled = false;  // Cancel() interrupted the run (CaseResult::cancelled)
};

// A run the backend did not finish: crash, timeout, or cancelled (an error).
// nullopt for a finished run, refusals and errors included. A non-empty
// `where` (the data set) prefixes the message: "test_data_set_0: ...".
std::optional<OutcomeStatus> UnfinishedRunStatus(const BackendOutcome& outcome,
                                                 absl::string_view where = "");

// Any run without outputs of a case the backend should run: the unfinished
// ones, and unsupported, invalid and error as statuses of the same names.
// An unsupported message is the backend's alone, without `where`: it names
// what the backend lacks, not the data set. nullopt for kOk.
std::optional<OutcomeStatus> RunWithoutOutputsStatus(const BackendOutcome& outcome,
                                                     absl::string_view where);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_HARNESS_OUTCOME_STATUS_H_
