// `run --junit=FILE`: JUnit XML as the strict JUnit schema of Apache Ant
// describes it, which Jenkins, GitLab and the GitHub test reporters read
// (docs/ci.md, "JUnit"):
//
//   <testsuites>
//     <testsuite package="onnx_conform" id="0" name=BACKEND timestamp=... hostname=...
//                tests= failures= errors= skipped= time=WALL>
//       <properties> the run's: backend, runtime, onnx_conform.version, date,
//                    command_line, a count per status, per reading </properties>
//       <testcase classname="Min.v13" name=CASE time=.../>            pass
//       <testcase ... name="CASE [divergent]"/>, name="CASE [xfail]"  pass, marked
//       <testcase ...><failure type=CAUSE message="CAUSE: FIRST LINE">MESSAGE</failure>
//       <testcase ...><error .../></testcase>, <skipped message=.../>
//       <system-out> one block per case: status, operator, types, message </system-out>
//       <system-err/>
//     </testsuite>
//   </testsuites>
//
// A case fails as the run's policy says (runners/harness/policy.h,
// CaseFailsRun): fail and xpass as <failure>, error, crash and timeout as
// <error>, a divergent case under --strict and a valid case the checker
// rejects as <failure>. Unsupported and invalid cases did not run: <skipped>.
// Divergent and xfail cases ran and pass the run: a passing testcase whose
// name says so, never <skipped>. A failure's or error's `type` is the case's
// cause (its failure signature: "Min: values: zero-sign [neg_zero]"), else
// its status (xpass), and its message starts with it: a CI page that groups
// by either shows one entry per bug, not per case.
//
//   JunitRun run{.suite_name = "ort", .timestamp = JunitTimestamp(start),
//                .hostname = LocalHostName(), .wall_seconds = 640.2, .policy = {}};
//   WriteTextFile("junit.xml", JunitReport(results, run));
#ifndef ONNX_CONFORM_RUNNERS_REPORTS_JUNIT_REPORT_H_
#define ONNX_CONFORM_RUNNERS_REPORTS_JUNIT_REPORT_H_

#include <chrono>
#include <string>
#include <vector>

#include "runners/harness/case_result.h"
#include "runners/harness/policy.h"
#include "runners/reports/report_facts.h"

namespace onnx_conform {

struct JunitRun {
  std::string suite_name;   // the backend's report name
  std::string timestamp;    // when the run started, JunitTimestamp
  std::string hostname;     // LocalHostName
  double wall_seconds = 0;  // the run's wall time (cases run in parallel)
  RunPolicy policy = {};    // what fails the run (--strict, --allow-invalid)
  PageFacts facts = {};     // suite version, date, command line: properties
};

std::string JunitReport(const std::vector<CaseResult>& results, const JunitRun& run);

// `merge --junit`: one <testsuite> per backend (by name, ids 0, 1, ...),
// named after it, its time the sum of its cases' times; `run`'s suite_name
// names results without a backend.
std::string JunitReportPerBackend(const std::vector<CaseResult>& results, const JunitRun& run);

// "2026-12-02T02:10:19": UTC, to the second, no zone (the schema's form).
std::string JunitTimestamp(std::chrono::system_clock::time_point when);

// This machine's name; "localhost" when it has none.
std::string LocalHostName();

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_REPORTS_JUNIT_REPORT_H_
