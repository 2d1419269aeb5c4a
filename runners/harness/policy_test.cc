// The one policy: outcomes as statuses, negative cases, run endings.
#include "runners/harness/policy.h"

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;
using Kind = BackendOutcome::Kind;

BackendOutcome Outcome(Kind kind, std::optional<int> exit_code = std::nullopt) {
  BackendOutcome outcome;
  outcome.kind = kind;
  outcome.message = "why";
  outcome.exit_code = exit_code;
  return outcome;
}

TEST(PolicyTest, EveryRunWithoutOutputsNamesItsDataSet) {
  EXPECT_FALSE(OutcomeVerdict(Outcome(Kind::kOk), "test_data_set_0").has_value());
  const struct {
    Kind kind;
    CaseStatus status;
    const char* message;
  } kExpected[] = {
      {Kind::kUnsupported, CaseStatus::kUnsupported, "why"},
      {Kind::kInvalid, CaseStatus::kInvalid, "test_data_set_0: why"},
      {Kind::kError, CaseStatus::kError, "test_data_set_0: why"},
      {Kind::kCrash, CaseStatus::kCrash, "test_data_set_0: why"},
      {Kind::kTimeout, CaseStatus::kTimeout, "test_data_set_0: why"},
      {Kind::kCancelled, CaseStatus::kError, "test_data_set_0: why"},
  };
  for (const auto& e : kExpected) {
    const std::optional<CaseVerdict> v = OutcomeVerdict(Outcome(e.kind), "test_data_set_0");
    ASSERT_TRUE(v.has_value());
    EXPECT_EQ(v->status, e.status);
    EXPECT_EQ(v->message, e.message);
    EXPECT_EQ(v->cancelled, e.kind == Kind::kCancelled);
  }
}

// An adapter's exit 3 is a refusal like exit 1; the reference's invalid is
// one too; a crash, a timeout or a harness error before any answer is not.
TEST(PolicyTest, WhatCountsAsARefusal) {
  EXPECT_TRUE(IsRefusal(Outcome(Kind::kUnsupported, 3)));
  EXPECT_TRUE(IsRefusal(Outcome(Kind::kError, 1)));
  EXPECT_TRUE(IsRefusal(Outcome(Kind::kInvalid)));
  EXPECT_FALSE(IsRefusal(Outcome(Kind::kError, 0)));  // exited 0, outputs unreadable
  EXPECT_FALSE(IsRefusal(Outcome(Kind::kError)));
  EXPECT_FALSE(IsRefusal(Outcome(Kind::kCrash)));
  EXPECT_FALSE(IsRefusal(Outcome(Kind::kTimeout)));
  EXPECT_FALSE(IsRefusal(Outcome(Kind::kOk, 0)));
}

TEST(PolicyTest, ANegativeCasePassesOnARefusalOnly) {
  CheckedCase c;
  c.standing = CaseStanding::kNegative;
  c.broken_rule = "TYPE-NOT-ALLOWED";
  c.breakage_visible = true;
  EXPECT_EQ(NegativeVerdict(c, Outcome(Kind::kInvalid), nullptr).status, CaseStatus::kPass);
  const CaseVerdict accepted = NegativeVerdict(c, Outcome(Kind::kOk, 0), nullptr);
  EXPECT_EQ(accepted.status, CaseStatus::kFail);
  EXPECT_THAT(accepted.message, HasSubstr("accepted a case that breaks TYPE-NOT-ALLOWED"));
  EXPECT_EQ(NegativeVerdict(c, Outcome(Kind::kError, 0), nullptr).status, CaseStatus::kFail);
  EXPECT_EQ(NegativeVerdict(c, Outcome(Kind::kCrash), nullptr).status, CaseStatus::kCrash);
  EXPECT_EQ(NegativeVerdict(c, Outcome(Kind::kError), nullptr).status, CaseStatus::kError);
}

// What the backend gave as its reason is kept whole, on one line, not cut
// at the first line ("adapter exited with status 1; stderr:").
TEST(PolicyTest, ARefusalKeepsTheBackendsReason) {
  CheckedCase c;
  c.standing = CaseStanding::kNegative;
  c.broken_rule = "TYPE-NOT-ALLOWED";
  BackendOutcome refused = Outcome(Kind::kError, 1);
  refused.message = "adapter exited with status 1; stderr:\nno int16 kernel for Min\n  \nat line 3";
  const CaseVerdict verdict = NegativeVerdict(c, refused, nullptr);
  EXPECT_EQ(verdict.status, CaseStatus::kPass);
  EXPECT_EQ(verdict.message,
            "rejected as expected (TYPE-NOT-ALLOWED): adapter exited with status 1; stderr: "
            "no int16 kernel for Min at line 3");
  // A long reason is cut, and says so.
  refused.message = std::string(1000, 'x');
  const std::string cut = NegativeVerdict(c, refused, nullptr).message;
  EXPECT_LT(cut.size(), 500u);
  EXPECT_TRUE(absl::EndsWith(cut, "x ...")) << cut;
}

TEST(PolicyTest, ARefusalScoresOnlyWhenTheTwinRuns) {
  auto twin = std::make_shared<CheckedCase>();
  twin->standing = CaseStanding::kRunnable;
  twin->data_sets.resize(1);
  CheckedCase c;
  c.standing = CaseStanding::kNegative;
  c.broken_rule = "ATTR-AXIS-RANGE";
  c.breakage_visible = true;
  c.metadata.emplace();
  c.metadata->set_twin("argmin_v13_float_basic");
  c.twin = twin;
  const BackendOutcome refused = Outcome(Kind::kError, 1);
  EXPECT_EQ(NegativeVerdict(c, refused, nullptr).status, CaseStatus::kError);
  const BackendOutcome ran = Outcome(Kind::kOk, 0);
  EXPECT_EQ(NegativeVerdict(c, refused, &ran).status, CaseStatus::kPass);
  const CaseVerdict both = NegativeVerdict(c, refused, &refused);
  EXPECT_EQ(both.status, CaseStatus::kFail);
  EXPECT_THAT(both.message, HasSubstr("refuses its valid twin argmin_v13_float_basic too"));
  c.twin = nullptr;
  c.twin_error = "twin '../x' is not the name of a case folder";
  EXPECT_THAT(NegativeVerdict(c, refused, nullptr).message, HasSubstr("not the name"));
}

TEST(PolicyTest, TheSuiteDecidesWhatNoBackendRuns) {
  CheckedCase c;
  c.standing = CaseStanding::kRunnable;
  EXPECT_FALSE(StandingVerdict(c).has_value());
  c.standing = CaseStanding::kUnreadable;
  c.standing_message = "model.onnx: not a regular file";
  EXPECT_EQ(StandingVerdict(c)->status, CaseStatus::kError);
  c.standing = CaseStanding::kOutOfScope;
  EXPECT_EQ(StandingVerdict(c)->status, CaseStatus::kUnsupported);
  c.standing = CaseStanding::kInvalid;
  EXPECT_EQ(StandingVerdict(c)->status, CaseStatus::kInvalid);
  c.standing = CaseStanding::kNegative;
  c.broken_rule = "DATA-OUTPUT-COUNT";
  c.breakage_visible = false;
  EXPECT_EQ(StandingVerdict(c)->status, CaseStatus::kInvalid);
  c.breakage_visible = true;
  EXPECT_FALSE(StandingVerdict(c).has_value());
}

TEST(PolicyTest, TheRunEndsBadlyOnFailuresStrictDivergenceAndUndeclaredInvalid) {
  std::vector<CaseResult> results(2);
  results[0].status = CaseStatus::kPass;
  results[1].status = CaseStatus::kDivergent;
  EXPECT_EQ(EndOfRun(results, {}).exit_code, kExitOk);
  EXPECT_EQ(EndOfRun(results, {.strict = true}).exit_code, kExitFailed);
  results[1].status = CaseStatus::kInvalid;
  EXPECT_EQ(EndOfRun(results, {}).exit_code, kExitFailed);
  EXPECT_EQ(EndOfRun(results, {.allow_invalid = true}).exit_code, kExitOk);
  results[1].negative = true;
  EXPECT_EQ(EndOfRun(results, {}).exit_code, kExitOk);
  for (CaseStatus failing : {CaseStatus::kFail, CaseStatus::kError, CaseStatus::kCrash,
                             CaseStatus::kTimeout, CaseStatus::kXpass}) {
    results[1].status = failing;
    EXPECT_EQ(EndOfRun(results, {}).exit_code, kExitFailed) << StatusName(failing);
  }
}

// A run of no case (its shard holds none of the selection) is neither a
// pass nor a failure: the code test runners read as skipped.
TEST(PolicyTest, ARunOfNoCaseEndsAsSkipped) {
  const RunEnding ending = EndOfRun({}, {});
  EXPECT_EQ(ending.exit_code, kExitNothingRan);
  EXPECT_NE(kExitNothingRan, kExitOk);
  EXPECT_NE(kExitNothingRan, kExitFailed);
  ASSERT_EQ(ending.reasons.size(), 1u);
  EXPECT_THAT(ending.reasons[0], HasSubstr("no case ran"));
}

// A run in which no case passed showed nothing of the backend: never green
// by default (issue 43), whatever the mix of unsupported, xfail and
// suite-decided statuses; allowed, it is a skip when no case reached a
// verdict, else a pass.
TEST(PolicyTest, ARunInWhichNothingPassedEndsApartUnlessAllowed) {
  EXPECT_NE(kExitNothingPassed, kExitOk);
  EXPECT_NE(kExitNothingPassed, kExitFailed);
  EXPECT_NE(kExitNothingPassed, kExitNothingRan);
  std::vector<CaseResult> results(2);
  results[0].status = CaseStatus::kUnsupported;
  results[1].status = CaseStatus::kUnsupported;
  RunEnding ending = EndOfRun(results, {});
  EXPECT_EQ(ending.exit_code, kExitNothingPassed);
  ASSERT_EQ(ending.reasons.size(), 1u);
  EXPECT_THAT(ending.reasons[0], HasSubstr("no case passed (0 of 2)"));
  EXPECT_THAT(ending.reasons[0], HasSubstr("--allow-nothing-passed"));
  EXPECT_EQ(EndOfRun(results, {.allow_nothing_passed = true}).exit_code, kExitNothingRan);

  results[1].status = CaseStatus::kXfail;  // a known failure is no pass
  results[1].message = "fail as expected (x.expect:1)";
  EXPECT_EQ(EndOfRun(results, {}).exit_code, kExitNothingPassed);
  EXPECT_EQ(EndOfRun(results, {.allow_nothing_passed = true}).exit_code, kExitOk);
  // An unsupported case an expectation file lists reached no verdict either.
  results[1].message = "unsupported as expected (x.expect:1)";
  EXPECT_EQ(EndOfRun(results, {}).exit_code, kExitNothingPassed);
  EXPECT_EQ(EndOfRun(results, {.allow_nothing_passed = true}).exit_code, kExitNothingRan);
  results[1].status = CaseStatus::kInvalid;
  results[1].negative = true;  // not run on the backend: no pass, no verdict
  EXPECT_EQ(EndOfRun(results, {}).exit_code, kExitNothingPassed);
  EXPECT_EQ(EndOfRun(results, {.allow_nothing_passed = true}).exit_code, kExitNothingRan);

  // A failure says more than "nothing passed".
  results[1].status = CaseStatus::kFail;
  EXPECT_EQ(EndOfRun(results, {}).exit_code, kExitFailed);
  // One pass, or one divergent case (a documented reading), is enough.
  for (CaseStatus passing : {CaseStatus::kPass, CaseStatus::kDivergent}) {
    results[1].status = passing;
    EXPECT_EQ(EndOfRun(results, {}).exit_code, kExitOk) << StatusName(passing);
  }
}

TEST(PolicyTest, OneCaseFailsTheRunAsTheRunPolicySays) {
  CaseResult r;
  r.status = CaseStatus::kDivergent;
  EXPECT_FALSE(CaseFailsRun(r, {}));
  EXPECT_TRUE(CaseFailsRun(r, {.strict = true}));
  r.status = CaseStatus::kInvalid;
  EXPECT_TRUE(CaseFailsRun(r, {}));
  EXPECT_FALSE(CaseFailsRun(r, {.allow_invalid = true}));
  r.negative = true;
  EXPECT_FALSE(CaseFailsRun(r, {}));
  for (CaseStatus status : {CaseStatus::kPass, CaseStatus::kXfail, CaseStatus::kUnsupported}) {
    r.status = status;
    EXPECT_FALSE(CaseFailsRun(r, {.strict = true})) << StatusName(status);
  }
  r.status = CaseStatus::kXpass;
  EXPECT_TRUE(CaseFailsRun(r, {}));
}

}  // namespace
}  // namespace onnx_conform
