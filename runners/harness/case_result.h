// The outcome of one case on one backend, in categories rather than
// pass/fail, as conformance suites report them (Vulkan CTS, Test262).
//
//   CaseResult r{.name = "test_min_example", .status = CaseStatus::kPass};
//   std::cout << StatusName(r.status);  // "pass"
#ifndef ONNX_CONFORM_RUNNERS_CASE_RESULT_H_
#define ONNX_CONFORM_RUNNERS_CASE_RESULT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "runners/harness/diff.h"

namespace onnx_conform {

enum class CaseStatus {
  kPass,         // every output matches
  kFail,         // an output differs from the expected one
  kInvalid,      // the model breaks a rule of the operator's schema
  kUnsupported,  // operator or version unknown to the suite, or refused by the backend
  kDivergent,    // matches a documented alternative reading, not the case's (readings)
  kError,        // unreadable or inconsistent case, or a backend error
  kCrash,        // the backend died by a signal
  kTimeout,      // the backend ran past the time limit
  kXfail,        // failed as the expectation file says
  kXpass,        // listed as expected to fail, but passed
};

inline constexpr CaseStatus kAllStatuses[] = {
    CaseStatus::kPass,      CaseStatus::kFail,  CaseStatus::kInvalid, CaseStatus::kUnsupported,
    CaseStatus::kDivergent, CaseStatus::kError, CaseStatus::kCrash,   CaseStatus::kTimeout,
    CaseStatus::kXfail,     CaseStatus::kXpass,
};

absl::string_view StatusName(CaseStatus status);
std::optional<CaseStatus> StatusFromName(absl::string_view name);

// Why a case did not pass, as a cause rather than the words of a message
// (runners/harness/failure_signature.h computes it): one planted bug is one
// cause however many elements, versions or types it touches.
struct FailureSignature {
  std::string op;       // the case's operator
  int64_t version = 0;  // its version
  std::string type;     // its first input's element type
  // What differs: output-count, element-type, shape, values, divergent,
  // bad-output, adapter-error, crash, timeout, unsupported, invalid,
  // accepted-negative, case-error; empty for a pass.
  std::string kind;
  // What explains it: an attribute the backend ignores
  // ("ignores select_last_index"), the named readings it follows, the
  // kinds of the elements that make the verdict ("expected-nan",
  // "zero-sign+value": runners/harness/failure_signature.h), or the checker
  // rule involved.
  std::string rule;
  std::vector<std::string> features;  // the case.json features involved

  bool empty() const { return kind.empty(); }
  // What groups results: operator, kind, rule and features; versions and
  // types are the group's extent, not separate causes.
  // "ArgMin: values: ignores select_last_index [select_last_index]".
  std::string Cause() const;
  bool operator==(const FailureSignature&) const = default;
};

struct CaseResult {
  std::string name;
  std::string path;
  std::string op;     // the case's operator ("" when the model could not be read)
  int64_t opset = 0;  // the model's opset for the default domain
  std::string types;  // element types of the case's inputs, e.g. "float16"
  CaseStatus status = CaseStatus::kError;
  std::string message;  // why, for every status but pass
  double seconds = 0;
  // The operator version that serves `opset` (Min at opset 10 is Min-8); 0
  // when unknown. From case.json when the case has one.
  int64_t op_version = 0;
  std::string backend;  // the backend's report name
  // The runtime behind it, name and version (Backend::Identity): "unknown"
  // for an adapter that does not say.
  std::string runtime;
  // The expectation-file line that applied, "FILE:LINE: STATUS: REASON";
  // empty when none did.
  std::string expectation;
  // A negative case (case.json expectation "invalid"): passing means it was
  // refused. Scoreboards count these apart from the operator matrix.
  bool negative = false;
  // Divergent: the named readings the backend follows (checker/readings.h),
  // "reference" when the backend follows the suite's and the case another.
  std::vector<std::string> readings;
  // The run was interrupted during this case: no verdict, never reported.
  bool cancelled = false;
  // The status is the backend's verdict (it ran the case), not the suite's
  // (unreadable, out of scope, invalid). Not reported.
  bool ran_on_backend = false;
  // Seconds the backend spent starting a persistent server for this case
  // (BackendOutcome::startup_seconds): left out of `seconds`. Not reported.
  double startup_seconds = 0;
  // Why it did not pass (empty for a pass); kept through ApplyExpectations.
  FailureSignature signature;
  // Each float output compared within a tolerance, with its errors.
  std::vector<OutputErrors> output_errors;
};

// The first of `types` ("float16,int64" -> "float16"), the type a case is
// filed under in scoreboards and labels.
std::string PrimaryType(const CaseResult& result);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CASE_RESULT_H_
