#include "runners/reports/junit_report.h"

#include <time.h>
#include <unistd.h>

#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "runners/reports/report.h"

namespace onnx_conform {
namespace {

std::string XmlEscape(absl::string_view raw) {
  const std::string text = EscapeNonUtf8(raw, /*escape_backslash=*/false);
  std::string out;
  out.reserve(text.size());
  for (unsigned char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\n':
      case '\t':
      case '\r': out += static_cast<char>(c); break;
      default:
        // XML 1.0 cannot carry other control characters, even escaped.
        if (c < 0x20) {
          absl::StrAppend(&out, "\\x", absl::Hex(c, absl::kZeroPad2));
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out;
}

// What one result becomes in JUnit.
enum class Outcome { kPassed, kFailure, kError, kSkipped };

Outcome OutcomeOf(const CaseResult& r, const RunPolicy& policy) {
  if (CaseFailsRun(r, policy)) {
    switch (r.status) {
      case CaseStatus::kError:
      case CaseStatus::kCrash:
      case CaseStatus::kTimeout: return Outcome::kError;
      default: return Outcome::kFailure;
    }
  }
  switch (r.status) {
    case CaseStatus::kUnsupported:
    case CaseStatus::kInvalid: return Outcome::kSkipped;
    default: return Outcome::kPassed;
  }
}

// The testcase's name: a divergent or xfail case says so, so that a CI page
// that lists passing tests shows it apart from a plain pass.
std::string TestcaseName(const CaseResult& r) {
  if (r.status == CaseStatus::kDivergent || r.status == CaseStatus::kXfail) {
    return absl::StrCat(r.name, " [", StatusName(r.status), "]");
  }
  return r.name;
}

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// The case's block in the suite's <system-out> (a testcase may carry no
// output of its own in the schema): status, operator, types, expectation
// line, message.
std::string CaseNote(const CaseResult& r) {
  std::string note = absl::StrCat(r.name, ": ", StatusName(r.status));
  if (!r.op.empty()) {
    absl::StrAppend(&note, " (", r.op, r.op_version > 0 ? absl::StrCat("-", r.op_version) : "");
    if (r.opset > 0) absl::StrAppend(&note, ", opset ", r.opset);
    if (!r.types.empty()) absl::StrAppend(&note, ", ", r.types);
    if (r.negative) absl::StrAppend(&note, ", negative");
    note += ")";
  }
  if (!r.readings.empty()) absl::StrAppend(&note, "; follows ", absl::StrJoin(r.readings, ", "));
  if (!r.expectation.empty()) absl::StrAppend(&note, "; expectation ", r.expectation);
  if (r.status != CaseStatus::kPass && !r.message.empty()) {
    absl::StrAppend(&note, "\n    ", absl::StrReplaceAll(r.message, {{"\n", "\n    "}}));
  }
  return note + "\n";
}

}  // namespace

std::string JunitTimestamp(std::chrono::system_clock::time_point when) {
  const time_t seconds = std::chrono::system_clock::to_time_t(when);
  struct tm utc {};
  gmtime_r(&seconds, &utc);
  char text[32];
  strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%S", &utc);
  return text;
}

std::string LocalHostName() {
  char name[256] = {};
  if (gethostname(name, sizeof(name) - 1) != 0 || name[0] == '\0') return "localhost";
  return name;
}

namespace {

// One <testsuite>: the results of one backend, `id` its place in the file.
void AppendSuite(const std::vector<CaseResult>& results, const JunitRun& run, int id,
                 std::string& xml) {
  std::map<Outcome, int> counts;
  for (const CaseResult& r : results) ++counts[OutcomeOf(r, run.policy)];
  absl::StrAppendFormat(
      &xml,
      "  <testsuite package=\"onnx_conform\" id=\"%d\" name=\"%s\" timestamp=\"%s\" "
      "hostname=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\">\n",
      id, XmlEscape(run.suite_name.empty() ? "onnx-conform" : run.suite_name),
      XmlEscape(run.timestamp), XmlEscape(run.hostname.empty() ? "localhost" : run.hostname),
      results.size(), counts[Outcome::kFailure], counts[Outcome::kError], counts[Outcome::kSkipped],
      run.wall_seconds);

  // The run's properties: a count per status (divergent and xfail among
  // them, which JUnit has no word for) and per reading followed.
  xml += "    <properties>\n";
  auto property = [&](absl::string_view name, absl::string_view value) {
    absl::StrAppendFormat(&xml, "      <property name=\"%s\" value=\"%s\"/>\n", XmlEscape(name),
                          XmlEscape(value));
  };
  property("backend", CommonBackend(results).empty() ? run.suite_name : CommonBackend(results));
  if (const std::string runtimes = RuntimesOf(results); !runtimes.empty()) {
    property("runtime", runtimes);
  }
  for (const auto& [name, value] : {std::pair("onnx_conform.version", &run.facts.suite_version),
                                    std::pair("date", &run.facts.run_date),
                                    std::pair("command_line", &run.facts.command_line)}) {
    if (!value->empty()) property(name, *value);
  }
  if (run.policy.strict) property("strict", "true");
  for (const auto& [status, count] : SummaryCounts(results)) {
    property(absl::StrCat("cases.", status), absl::StrCat(count));
  }
  for (const auto& [reading, count] : DivergentReadingCounts(results)) {
    property(absl::StrCat("divergent.", reading), absl::StrCat(count));
  }
  xml += "    </properties>\n";

  std::string notes;
  for (const CaseResult& r : results) {
    const std::string classname = r.op.empty() ? "onnx_conform" : absl::StrCat(r.op, ".v", r.opset);
    absl::StrAppendFormat(&xml, "    <testcase classname=\"%s\" name=\"%s\" time=\"%.3f\"",
                          XmlEscape(classname), XmlEscape(TestcaseName(r)), r.seconds);
    const std::string status(StatusName(r.status));
    const std::string message = XmlEscape(r.message);
    const std::string title = XmlEscape(FirstLine(r.message));
    // A CI page groups failures by type and shows the message: the cause
    // (runners/harness/failure_signature.h) is both, so that one bug is one
    // type however many cases and values it touches.
    const std::string cause = XmlEscape(r.signature.empty() ? status : r.signature.Cause());
    const std::string headline = title.empty() ? cause : absl::StrCat(cause, ": ", title);
    switch (OutcomeOf(r, run.policy)) {
      case Outcome::kPassed: xml += "/>\n"; break;
      case Outcome::kFailure:
        absl::StrAppendFormat(
            &xml, ">\n      <failure type=\"%s\" message=\"%s\">%s</failure>\n    </testcase>\n",
            cause, headline, message);
        break;
      case Outcome::kError:
        absl::StrAppendFormat(
            &xml, ">\n      <error type=\"%s\" message=\"%s\">%s</error>\n    </testcase>\n", cause,
            headline, message);
        break;
      case Outcome::kSkipped:
        absl::StrAppendFormat(&xml, ">\n      <skipped message=\"%s%s%s\"/>\n    </testcase>\n",
                              status, title.empty() ? "" : ": ", title);
        break;
    }
    notes += CaseNote(r);
  }
  absl::StrAppend(&xml, "    <system-out>", XmlEscape(notes), "</system-out>\n",
                  "    <system-err></system-err>\n  </testsuite>\n");
}

}  // namespace

std::string JunitReport(const std::vector<CaseResult>& results, const JunitRun& run) {
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n";
  AppendSuite(results, run, 0, xml);
  return xml + "</testsuites>\n";
}

std::string JunitReportPerBackend(const std::vector<CaseResult>& results, const JunitRun& run) {
  std::map<std::string, std::vector<CaseResult>> by_backend;
  for (const CaseResult& r : results) by_backend[r.backend].push_back(r);
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n";
  int id = 0;
  for (const auto& [backend, cases] : by_backend) {
    JunitRun suite = run;
    suite.suite_name = backend.empty() ? run.suite_name : backend;
    // The runs' own wall times are not in their reports: their cases' time.
    suite.wall_seconds = 0;
    for (const CaseResult& r : cases) suite.wall_seconds += r.seconds;
    AppendSuite(cases, suite, id++, xml);
  }
  return xml + "</testsuites>\n";
}

}  // namespace onnx_conform
