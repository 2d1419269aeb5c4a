#include "runners/harness/policy.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "checker/rules.h"
#include "runners/harness/expectations.h"

namespace onnx_conform {
namespace {

std::string Where(absl::string_view where, const std::string& message) {
  return where.empty() ? message : absl::StrCat(where, ": ", message);
}

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// A refusal's reason on one line: every non-blank line of the backend's
// message, joined, so that what an adapter said after "adapter exited with
// status 1; stderr:" (or in its server's reply) is kept; at most
// kMaxReasonBytes of it.
std::string RefusalReason(const std::string& message) {
  constexpr size_t kMaxReasonBytes = 400;
  std::string reason;
  for (absl::string_view line : absl::StrSplit(message, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) continue;
    absl::StrAppend(&reason, reason.empty() ? "" : " ", line);
  }
  if (reason.size() > kMaxReasonBytes) {
    // Not in the middle of a UTF-8 sequence.
    size_t cut = kMaxReasonBytes;
    while (cut > 0 && (static_cast<unsigned char>(reason[cut]) & 0xC0) == 0x80) --cut;
    reason = absl::StrCat(reason.substr(0, cut), " ...");
  }
  return reason;
}

}  // namespace

std::optional<CaseVerdict> StandingVerdict(const CheckedCase& c) {
  switch (c.standing) {
    case CaseStanding::kRunnable: return std::nullopt;
    case CaseStanding::kNegative:
      if (c.breakage_visible) return std::nullopt;
      return CaseVerdict{CaseStatus::kInvalid,
                         absl::StrCat("negative case (breaks ", c.broken_rule,
                                      ") in files the backend never sees: not run on backends")};
    case CaseStanding::kUnreadable: return CaseVerdict{CaseStatus::kError, c.standing_message};
    case CaseStanding::kOutOfScope:
    case CaseStanding::kUnsupported:
      return CaseVerdict{CaseStatus::kUnsupported, c.standing_message};
    case CaseStanding::kInvalid: return CaseVerdict{CaseStatus::kInvalid, c.standing_message};
  }
  return CaseVerdict{CaseStatus::kError, c.standing_message};
}

std::optional<CaseVerdict> OutcomeVerdict(const BackendOutcome& outcome, absl::string_view where) {
  switch (outcome.kind) {
    case BackendOutcome::Kind::kOk: return std::nullopt;
    case BackendOutcome::Kind::kUnsupported:
      return CaseVerdict{CaseStatus::kUnsupported, outcome.message};
    case BackendOutcome::Kind::kInvalid:
      return CaseVerdict{CaseStatus::kInvalid, Where(where, outcome.message)};
    case BackendOutcome::Kind::kError:
      return CaseVerdict{CaseStatus::kError, Where(where, outcome.message)};
    case BackendOutcome::Kind::kCrash:
      return CaseVerdict{CaseStatus::kCrash, Where(where, outcome.message)};
    case BackendOutcome::Kind::kTimeout:
      return CaseVerdict{CaseStatus::kTimeout, Where(where, outcome.message)};
    case BackendOutcome::Kind::kCancelled:
      return CaseVerdict{CaseStatus::kError, Where(where, outcome.message), /*cancelled=*/true};
  }
  return CaseVerdict{CaseStatus::kError, Where(where, outcome.message)};
}

bool IsRefusal(const BackendOutcome& outcome) {
  switch (outcome.kind) {
    case BackendOutcome::Kind::kUnsupported:
    case BackendOutcome::Kind::kInvalid: return true;
    // An adapter that exited non-zero refused; an error before any answer
    // (no adapter started, a path outside the case) is the harness's.
    case BackendOutcome::Kind::kError:
      return outcome.exit_code.has_value() && *outcome.exit_code != 0;
    default: return false;
  }
}

CaseVerdict NegativeVerdict(const CheckedCase& c, const BackendOutcome& outcome,
                            const BackendOutcome* twin_outcome) {
  const std::string& rule = c.broken_rule;
  const Rule* rule_info = FindRule(rule);
  const std::string what =
      absl::StrCat(rule, rule_info != nullptr ? absl::StrCat(": ", rule_info->summary) : "");
  if (outcome.kind == BackendOutcome::Kind::kOk || outcome.exit_code == 0) {
    return {
        CaseStatus::kFail,
        absl::StrCat("accepted a case that breaks ", what,
                     outcome.exit_code.has_value() ? " (the adapter exited 0)" : " (it ran it)")};
  }
  if (!IsRefusal(outcome)) {
    std::optional<CaseVerdict> unfinished = OutcomeVerdict(outcome, "");
    return unfinished.has_value() ? *unfinished : CaseVerdict{CaseStatus::kError, outcome.message};
  }
  const std::string why = RefusalReason(outcome.message);
  // A refusal scores only when the backend runs the valid case this one
  // was derived from: an adapter that refuses everything proves nothing.
  if (c.metadata.has_value() && !c.metadata->twin().empty()) {
    const std::string& twin = c.metadata->twin();
    if (c.twin == nullptr || c.twin->standing == CaseStanding::kUnreadable ||
        c.twin->data_sets.empty() || twin_outcome == nullptr) {
      const std::string reason = !c.twin_error.empty()       ? c.twin_error
                                 : c.twin == nullptr         ? std::string("not found")
                                 : c.twin->data_sets.empty() ? std::string("no data set")
                                                             : c.twin->standing_message;
      return {CaseStatus::kError,
              absl::StrCat("refused, but its valid twin ", twin, " cannot be read: ", reason)};
    }
    if (twin_outcome->kind == BackendOutcome::Kind::kCancelled) {
      return {CaseStatus::kError, twin_outcome->message, /*cancelled=*/true};
    }
    if (twin_outcome->kind != BackendOutcome::Kind::kOk) {
      return {CaseStatus::kFail, absl::StrCat("refused (", why, "), but it refuses its valid twin ",
                                              twin, " too, so the refusal says nothing about ",
                                              rule, ": ", FirstLine(twin_outcome->message))};
    }
  }
  return {CaseStatus::kPass, absl::StrCat("rejected as expected (", rule, "): ", why)};
}

void ApplyExpectations(CaseResult& result, const Profile* profile,
                       const ExpectationList* expectations) {
  const Expectation* expected =
      expectations == nullptr ? nullptr : expectations->Find(result.name, result.path);
  if (expected != nullptr) {
    result.expectation = expected->Describe();
    const CaseStatus raw = result.status;
    if (std::find(expected->statuses.begin(), expected->statuses.end(), raw) !=
        expected->statuses.end()) {
      result.status = CaseStatus::kXfail;
      result.message = absl::StrCat(StatusName(raw), " as expected (", expected->Describe(), ")",
                                    result.message.empty() ? "" : ":\n", result.message);
      return;
    }
    if (raw == CaseStatus::kPass && expected->flaky) {
      return;  // may fail, and did not this time
    }
    if (raw == CaseStatus::kPass) {
      result.status = CaseStatus::kXpass;
      result.message = absl::StrCat("passed, but ", expected->Describe(),
                                    " expects otherwise: remove or narrow that line");
      return;
    }
    absl::StrAppend(&result.message, result.message.empty() ? "" : "\n", "(", expected->Describe(),
                    " expected another status)");
  }
  if (profile != nullptr && result.status == CaseStatus::kUnsupported && result.ran_on_backend &&
      profile->Claims(result.op, result.op_version, result.types)) {
    result.status = CaseStatus::kFail;
    result.message =
        absl::StrCat("unsupported, but the profile claims ", result.op, "-", result.op_version, " ",
                     result.types, " (",
                     profile->WhereClaimed(result.op, result.op_version, PrimaryType(result)), ")",
                     result.message.empty() ? "" : ": ", result.message);
  }
}

CaseStatus StatusBeforeExpectations(const CaseResult& result) {
  if (result.status == CaseStatus::kXpass) return CaseStatus::kPass;
  if (result.status != CaseStatus::kXfail) return result.status;
  // ApplyExpectations wrote "STATUS as expected (...)".
  const std::string first = result.message.substr(0, result.message.find(' '));
  return StatusFromName(first).value_or(CaseStatus::kFail);
}

bool FailsRun(CaseStatus status) {
  switch (status) {
    case CaseStatus::kFail:
    case CaseStatus::kError:
    case CaseStatus::kCrash:
    case CaseStatus::kTimeout:
    case CaseStatus::kXpass: return true;
    default: return false;
  }
}

bool PassesCase(CaseStatus status) {
  return status == CaseStatus::kPass || status == CaseStatus::kDivergent;
}

bool CaseFailsRun(const CaseResult& result, const RunPolicy& policy) {
  if (FailsRun(result.status)) return true;
  if (policy.strict && result.status == CaseStatus::kDivergent) return true;
  // A case that is not what it claims tests nothing: a failure, unless it
  // declares itself negative (case.json "invalid") or the user allows it.
  return result.status == CaseStatus::kInvalid && !result.negative && !policy.allow_invalid;
}

RunEnding EndOfRun(const std::vector<CaseResult>& results, const RunPolicy& policy) {
  RunEnding ending;
  if (results.empty()) {
    ending.exit_code = kExitNothingRan;
    ending.reasons.push_back(absl::StrCat("no case ran: exit ", kExitNothingRan,
                                          ", which test runners report as skipped"));
    return ending;
  }
  int invalid = 0;
  int strict_divergent = 0;
  for (const CaseResult& result : results) {
    if (FailsRun(result.status)) ending.exit_code = kExitFailed;
    if (!CaseFailsRun(result, policy)) continue;
    if (result.status == CaseStatus::kDivergent) ++strict_divergent;
    if (result.status == CaseStatus::kInvalid) ++invalid;
  }
  if (strict_divergent > 0) {
    ending.reasons.push_back(absl::StrCat(
        "--strict: ", strict_divergent,
        " divergent case(s) fail the run (they follow a documented alternative reading, not the "
        "case's)"));
    ending.exit_code = kExitFailed;
  }
  if (invalid > 0) {
    ending.reasons.push_back(
        absl::StrCat(invalid,
                     " case(s) invalid without declaring themselves negative (case.json "
                     "\"expectation\": \"invalid\"); --allow-invalid accepts that"));
    ending.exit_code = kExitFailed;
  }
  if (ending.exit_code != kExitOk) return ending;
  const bool any_passed = std::any_of(results.begin(), results.end(),
                                      [](const CaseResult& r) { return PassesCase(r.status); });
  if (any_passed) return ending;
  // Nothing passed: the backend showed nothing, never a green run by default.
  if (!policy.allow_nothing_passed) {
    ending.exit_code = kExitNothingPassed;
    ending.reasons.push_back(absl::StrCat(
        "no case passed (0 of ", results.size(), "): exit ", kExitNothingPassed,
        "; a backend that passes nothing has shown nothing (--allow-nothing-passed when that "
        "is expected)"));
    return ending;
  }
  // Every case unsupported (by the suite or the backend, listed in an
  // expectation file or not), or a negative case the suite did not run on
  // the backend, tested nothing: a skip.
  const bool no_verdict = std::all_of(results.begin(), results.end(), [](const CaseResult& r) {
    return StatusBeforeExpectations(r) == CaseStatus::kUnsupported ||
           (r.status == CaseStatus::kInvalid && r.negative);
  });
  if (no_verdict) {
    ending.exit_code = kExitNothingRan;
    ending.reasons.push_back(absl::StrCat("no case reached a verdict: all ", results.size(),
                                          " are unsupported or not run; exit ", kExitNothingRan,
                                          ", which test runners report as skipped"));
  }
  return ending;
}

}  // namespace onnx_conform
