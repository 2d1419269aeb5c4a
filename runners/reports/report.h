// Reports of a run: the console lines and JSON (`--report-json`; JUnit XML
// is runners/reports/junit_report.h), all from the same list of CaseResult in
// the order SortForReports gives.
//
//   SortForReports(results);
//   WriteTextFile("report.json", JsonReport(results));
#ifndef ONNX_CONFORM_RUNNERS_REPORT_H_
#define ONNX_CONFORM_RUNNERS_REPORT_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runners/harness/case_result.h"
#include "runners/reports/report.pb.h"
#include "runners/reports/report_facts.h"

namespace onnx_conform {

// "pass  test_min_example" (+ the message on following indented lines).
// Text from case folders others wrote (names, messages, paths) for a
// terminal: control bytes (an escape sequence could move the cursor or
// retitle the window) become \xNN; newlines stay only if `keep_newlines`.
std::string ForTerminal(absl::string_view text, bool keep_newlines);

std::string ConsoleLine(const CaseResult& result);

// Counts per status, every status present (zeros included).
std::map<std::string, int> SummaryCounts(const std::vector<CaseResult>& results);
// Divergent cases (also those an expectation file lists, now xfail) per
// named reading the backend follows (a case following two readings counts
// under each).
std::map<std::string, int> DivergentReadingCounts(const std::vector<CaseResult>& results);
// "divergent by reading: 12 follow clip-missing-bound-skipped, ..."; empty
// when no case is divergent.
std::string ReadingsLine(const std::vector<CaseResult>& results);
// "41 passed, 0 failed, 891 unsupported, ..." (statuses with zero left out,
// passed and failed always shown).
std::string SummaryLine(const std::vector<CaseResult>& results);

// The JSON report (report.proto's RunReport); `facts` fill its
// suite_version, date and command_line.
std::string JsonReport(const std::vector<CaseResult>& results, const PageFacts& facts = {});

// `text` with each byte that is not part of a well-formed UTF-8 sequence
// (RFC 3629: no overlong forms, surrogates or code points above U+10FFFF)
// written as the four characters \xNN. Case names and messages may carry any
// bytes; JSON and XML must be UTF-8, and protobuf's JSON printer would cut a
// string at its first bad byte. With `escape_backslash`, a backslash is
// written as two, so that the result maps back to `text` alone (the run
// log's keys): "case_\xff" spelled out and the byte 0xFF then differ.
std::string EscapeNonUtf8(absl::string_view text, bool escape_backslash);

// One result as the report's message, and back (InvalidArgument for an
// unknown status name). The JSON report and the run log share this form.
report::CaseReport ToCaseReport(const CaseResult& result);
absl::StatusOr<CaseResult> FromCaseReport(const report::CaseReport& report);

// JsonReport's text back as results (a case without a backend gets the
// report's); InvalidArgument starting with `source` when it is not one.
absl::StatusOr<std::vector<CaseResult>> ParseJsonReport(absl::string_view json,
                                                        absl::string_view source);

// The JSON report in the file at `path`, read whole: a regular file of at
// most 1 GiB (a report of 100,000 cases takes about 40 MB). NotFound or
// DataLoss when it cannot be read, else as ParseJsonReport.
absl::StatusOr<std::vector<CaseResult>> ReadJsonReportFile(const std::string& path);

// Puts results in the one order every report lists cases in, that of `run`
// and `merge` alike: by backend, then case name, operator, version, types,
// negative, then path. It depends on the cases alone, never on the order
// they ran or were found in, so the merged reports of a run's shards equal
// the reports of the whole run (but for times).
void SortForReports(std::vector<CaseResult>& results);

// The backend all results share, or "" when they differ or there are none.
std::string CommonBackend(const std::vector<CaseResult>& results);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_REPORT_H_
