// A backend's outcome without outputs as a case status and message.
#include "runners/harness/outcome_status.h"

#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

using Kind = BackendOutcome::Kind;

BackendOutcome Outcome(Kind kind) {
  BackendOutcome outcome;
  outcome.kind = kind;
  outcome.message = "why";
  return outcome;
}

TEST(OutcomeStatusTest, UnfinishedRunsOnly) {
  EXPECT_EQ(UnfinishedRunStatus(Outcome(Kind::kCrash))->status, CaseStatus::kCrash);
  EXPECT_EQ(UnfinishedRunStatus(Outcome(Kind::kTimeout))->status, CaseStatus::kTimeout);
  const std::optional<OutcomeStatus> cancelled = UnfinishedRunStatus(Outcome(Kind::kCancelled));
  EXPECT_EQ(cancelled->status, CaseStatus::kError);
  EXPECT_TRUE(cancelled->cancelled);
  EXPECT_EQ(cancelled->message, "why");
  for (Kind finished : {Kind::kOk, Kind::kUnsupported, Kind::kInvalid, Kind::kError}) {
    EXPECT_FALSE(UnfinishedRunStatus(Outcome(finished)).has_value());
  }
}

TEST(OutcomeStatusTest, EveryRunWithoutOutputsNamesItsDataSet) {
  EXPECT_FALSE(RunWithoutOutputsStatus(Outcome(Kind::kOk), "test_data_set_0").has_value());
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
    const std::optional<OutcomeStatus> s =
        RunWithoutOutputsStatus(Outcome(e.kind), "test_data_set_0");
    ASSERT_TRUE(s.has_value());
    EXPECT_EQ(s->status, e.status);
    EXPECT_EQ(s->message, e.message);
    EXPECT_EQ(s->cancelled, e.kind == Kind::kCancelled);
  }
}

}  // namespace
}  // namespace onnx_conform
