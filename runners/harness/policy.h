// The one policy: how what the suite and a backend did to a case becomes a
// status, and how statuses become a command's exit code. Every command
// (run, check, explore, audit, bodies, merge, the ctest tests) decides
// through these functions, the reference judged as a backend like any
// other.
//
//   CaseVerdict v = StandingVerdict(c);                         // before any backend
//   std::optional<CaseVerdict> f = OutcomeVerdict(outcome, "test_data_set_0");
//   if (FailsRun(result.status)) exit_code = kExitFailed;
//
// Statuses (runners/harness/case_result.h; docs/backend-protocol.md has the table):
// - error: the case cannot be read as the layout says, or the backend
//   failed to answer (not a crash or a timeout);
// - unsupported: the case is out of the suite's scope, the checker finds it
//   outside what the suite covers, or the backend says it does not support it;
// - invalid: the checker rejects a valid case, or a backend calls one
//   invalid, or a negative case breaks its rule where no backend looks;
// - a negative case passes when the backend refuses it (any answer but
//   outputs) and runs its valid twin, fails when it runs it;
// - fail / divergent: outputs differ / follow a documented other reading;
// - xfail / xpass: after an expectation file (ApplyExpectations).
#ifndef ONNX_CONFORM_RUNNERS_HARNESS_POLICY_H_
#define ONNX_CONFORM_RUNNERS_HARNESS_POLICY_H_

#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "checker/checked_case.h"
#include "runners/backends/backend.h"
#include "runners/harness/case_result.h"
#include "runners/harness/expectations.h"

namespace onnx_conform {

// Exit codes of every command (README.md, docs/ci.md and `run --help` list
// them; run_options_test.cc checks that the help names each).
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;  // a case failed, errored, crashed, ...
inline constexpr int kExitUsage = 2;   // bad flags or arguments
// `audit` could not judge the upgrade: a model invalid at its own opset, a
// comparison that could not be made, a --write with nothing to write.
inline constexpr int kExitNotAudited = 3;
// Cases ran and not one passed (every one unsupported, an expected failure,
// or not run on the backend): a backend that passes nothing has shown
// nothing, so such a run is not green unless it says it expects that
// (RunPolicy::allow_nothing_passed, `run --allow-nothing-passed`).
inline constexpr int kExitNothingPassed = 4;
// The backend cannot start (Backend::Probe, asked once before the first
// case): an adapter that is missing, not executable, or that dies or exits
// before it answers anything. No case ran; nothing is reported.
inline constexpr int kExitBackendUnavailable = 5;
// No case ran: the shard (--shard, GTEST_TOTAL_SHARDS) holds none of the
// selected cases. 77, the code test runners read as "skipped" (ctest's
// SKIP_RETURN_CODE on the tests cmake/OnnxConformCaseTests.cmake makes), so
// that a test whose case falls in another shard never counts as passed.
inline constexpr int kExitNothingRan = 77;
// The run was interrupted (SIGINT/SIGTERM): 128 + SIGINT, as a shell reports it.
inline constexpr int kExitInterrupted = 130;

struct CaseVerdict {
  CaseStatus status = CaseStatus::kError;
  std::string message;
  bool cancelled = false;  // the run was interrupted: not a verdict (CaseResult::cancelled)
};

// The status the suite gives a case itself; nullopt for a runnable or a
// negative case, which a backend is to run.
std::optional<CaseVerdict> StandingVerdict(const CheckedCase& c);

// A run of a case the backend should run, without outputs: crash, timeout,
// cancelled (an error), and the backend's unsupported, invalid and error.
// nullopt when it gave outputs. A non-empty `where` (the data set) prefixes
// the message, but for unsupported: that names what the backend lacks.
std::optional<CaseVerdict> OutcomeVerdict(const BackendOutcome& outcome, absl::string_view where);

// Whether the backend refused a case (answered, but without outputs): a
// negative case's pass. A crash, a timeout or the harness failing to start
// it is no refusal.
bool IsRefusal(const BackendOutcome& outcome);

// A negative case on a backend: its outcome on the case (data set 0) and,
// when it refused, on the valid twin (null: no twin to run).
CaseVerdict NegativeVerdict(const CheckedCase& c, const BackendOutcome& outcome,
                            const BackendOutcome* twin_outcome);

// Turns a result's raw status into the reported one (either may be null):
// 1. An expectation line matching the case: the raw status is one it lists
//    -> xfail; the case passed -> xpass (fails the run: remove the line);
//    another status -> unchanged, the line noted in the message.
// 2. Otherwise, a case the backend reported unsupported although the
//    profile claims it -> fail ("unsupported inside the profile").
// Records the applying line in result.expectation.
void ApplyExpectations(CaseResult& result, const Profile* profile,
                       const ExpectationList* expectations);

// The status a result had before ApplyExpectations: an xfail's is the one
// its message begins with; an xpass passed; any other is its own.
CaseStatus StatusBeforeExpectations(const CaseResult& result);

// Whether this status makes a run exit non-zero.
bool FailsRun(CaseStatus status);

// How a run's results end it, beyond each case's FailsRun.
struct RunPolicy {
  bool strict = false;                // divergent cases fail the run
  bool allow_invalid = false;         // valid cases the checker rejects do not
  bool allow_nothing_passed = false;  // a run in which no case passed may end 0 or 77
};
struct RunEnding {
  int exit_code = kExitOk;
  std::vector<std::string> reasons;  // one line per rule that failed the run
};
// Whether this one result fails the run under `policy`: FailsRun, and a
// divergent case under --strict, a valid case the checker rejects without
// --allow-invalid. What a per-case report (JUnit) shows as failed.
bool CaseFailsRun(const CaseResult& result, const RunPolicy& policy);
// Whether a case counts as passed in a run: pass, or divergent (a
// documented reading of the texts).
bool PassesCase(CaseStatus status);
// A run with no result at all ends kExitNothingRan. One in which nothing
// failed but no case passed (PassesCase) ends kExitNothingPassed, unless
// the policy allows that: then kExitNothingRan when no case reached a
// verdict (every result unsupported, an expectation file listing it or
// not, or a negative case the suite did not run on the backend: invalid),
// else kExitOk. A reason says why
// the run did not end kExitOk.
RunEnding EndOfRun(const std::vector<CaseResult>& results, const RunPolicy& policy);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_HARNESS_POLICY_H_
