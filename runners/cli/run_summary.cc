#include "runners/cli/run_summary.h"

#include <algorithm>
#include <functional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "runners/cli/cli.h"
#include "runners/harness/expectation_scope.h"
#include "runners/harness/policy.h"
#include "runners/reports/junit_report.h"
#include "runners/reports/output_file.h"
#include "runners/reports/report.h"
#include "runners/reports/scoreboard.h"

namespace onnx_conform {
namespace {

// A line that turns several cases into xpass, most of those it matches, is
// likely broader than meant (a glob that also catches working cases): said
// on stderr, since the xpass cases already fail the run.
constexpr int kBroadPatternXpass = 3;

void WarnOfBroadPatterns(const ExpectationList& expectations,
                         const std::vector<CaseResult>& results, std::ostream& err) {
  for (const Expectation& e : expectations.entries()) {
    const std::string described = e.Describe();
    int applied = 0, xpass = 0;
    for (const CaseResult& r : results) {
      if (r.expectation != described) continue;
      ++applied;
      if (r.status == CaseStatus::kXpass) ++xpass;
    }
    if (xpass >= kBroadPatternXpass && 2 * xpass > applied) {
      err << "onnx-conform run: warning: " << e.file << ":" << e.line << ": '" << e.pattern
          << "' turned " << xpass << " of the " << applied
          << " cases it matches into xpass: is the pattern broader than meant?\n";
    }
  }
}

// Renders a report only when it is asked for: rendering every one costs
// more than a run of small cases.
int WriteReport(const std::string& path, const std::function<std::string()>& render,
                std::ostream& err) {
  if (path.empty()) return kExitOk;
  absl::Status written = WriteTextFile(path, render());
  if (written.ok()) return kExitOk;
  err << "onnx-conform run: " << written.message() << "\n";
  return kExitFailed;
}

}  // namespace

int FinishRun(const RunOptions& options, const ExpectationList* expectations, const RunEnd& end,
              std::ostream& out, std::ostream& err) {
  const std::vector<CaseResult>& results = end.results;
  if (!end.completed) {
    out << "interrupted: " << results.size() << " of " << end.selected
        << " cases finished; reports cover those" << std::endl;
  }
  if (end.stopped_at_failure) {
    out << "--fail-fast: stopped at the first failure; " << results.size() << " of " << end.selected
        << " cases ran" << std::endl;
  }
  out << SummaryLine(results) << std::endl;
  // Beside "failed": how many passed, and the failures an expectation file
  // turned into xfail.
  if (!results.empty()) out << PassRateLine(results) << std::endl;
  if (const std::string readings = ReadingsLine(results); !readings.empty()) {
    out << readings << std::endl;
  }

  // The policy decides; the reasons it gives are printed.
  const RunPolicy policy{.strict = options.strict,
                         .allow_invalid = options.allow_invalid,
                         .allow_nothing_passed = options.allow_nothing_passed};
  const RunEnding ending = EndOfRun(results, policy);
  int exit_code = ending.exit_code;
  for (const std::string& reason : ending.reasons) err << "onnx-conform run: " << reason << "\n";
  if (!end.log_error.empty()) {
    err << "onnx-conform run: " << end.log_error << "\n";
    exit_code = kExitFailed;
  }
  if (expectations != nullptr && end.whole_run) {
    for (const Expectation& e : expectations->entries()) {
      const bool used = std::any_of(results.begin(), results.end(),
                                    [&](const CaseResult& r) { return e.Matches(r.name, r.path); });
      if (!used) {
        err << "onnx-conform run: note: " << e.file << ":" << e.line << ": '" << e.pattern
            << "' matches no case of this run\n";
      }
    }
  }
  if (expectations != nullptr) {
    WarnOfBroadPatterns(*expectations, results, err);
    std::vector<CaseIdentity> identities;
    for (const CaseResult& r : results) identities.push_back({r.name, r.op, r.negative, r.path});
    const std::vector<std::string> scope =
        CheckPatternScope(*expectations, identities, end.whole_run);
    for (const std::string& warning : scope) {
      err << "onnx-conform run: warning: " << warning << "\n";
    }
    if (options.strict && !scope.empty()) {
      err << "onnx-conform run: --strict: " << scope.size()
          << " expectation line(s) broader than meant fail the run\n";
      exit_code = kExitFailed;
    }
  }
  const std::string title = absl::StrCat("ONNX Conform: ", end.backend_label);
  const PageFacts facts{.suite_version = ONNX_CONFORM_VERSION,
                        .run_date = ReportDate(end.started),
                        .command_line = options.command_line};
  const auto junit = [&] {
    return JunitReport(results, {.suite_name = end.backend_label,
                                 .timestamp = JunitTimestamp(end.started),
                                 .hostname = LocalHostName(),
                                 .wall_seconds = end.wall_seconds,
                                 .policy = policy,
                                 .facts = facts});
  };
  const auto baseline = [&] {
    return ExpectationFileFor(
        results, absl::StrCat("Written by onnx-conform run --write-expectations: what did "
                              "not pass on ",
                              end.backend_label, ", each with its cause."));
  };
  for (int code :
       {WriteReport(
            options.report_json, [&] { return JsonReport(results, facts); }, err),
        WriteReport(options.junit, junit, err),
        WriteReport(
            options.scoreboard_md, [&] { return ScoreboardMarkdown(results, title, facts); }, err),
        WriteReport(
            options.scoreboard_html, [&] { return ScoreboardHtml(results, title, facts); }, err),
        WriteReport(options.write_expectations, baseline, err)}) {
    if (code != kExitOk) exit_code = code;
  }
  return end.completed ? exit_code : kExitInterrupted;
}

}  // namespace onnx_conform
