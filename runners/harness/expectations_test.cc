// Expectation files and profiles: parsing (errors name file and line),
// matching, and how they turn raw statuses into reported ones.
#include "runners/harness/expectations.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/harness/policy.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;

ExpectationList ParseList(absl::string_view text) {
  absl::StatusOr<ExpectationList> list = ExpectationList::Parse(text, "ort.expect");
  EXPECT_TRUE(list.ok()) << list.status();
  return list.ok() ? *std::move(list) : ExpectationList();
}

std::string ParseError(absl::string_view text) {
  absl::StatusOr<ExpectationList> list = ExpectationList::Parse(text, "ort.expect");
  EXPECT_FALSE(list.ok());
  return list.ok() ? "" : std::string(list.status().message());
}

TEST(ExpectationListTest, GlobsRegexesCommentsAndReasons) {
  ExpectationList list = ParseList(
      "# onnxruntime's known gaps\n"
      "\n"
      "test_min_int16        unsupported   no int16 Min kernel\n"
      "  re:^test_argmin_.*nan.*$  fail,divergent  ArgMin never selects NaN  \n"
      "clip_v1[12]_*          fail          NaN bound ignored\n");
  ASSERT_EQ(list.entries().size(), 3u);
  const Expectation& first = list.entries()[0];
  EXPECT_EQ(first.line, 3);
  EXPECT_EQ(first.reason, "no int16 Min kernel");
  EXPECT_EQ(first.Describe(), "ort.expect:3: unsupported: no int16 Min kernel");
  EXPECT_EQ(list.entries()[1].Describe(), "ort.expect:4: fail,divergent: ArgMin never selects NaN");

  EXPECT_EQ(list.Find("test_min_int16"), &list.entries()[0]);
  EXPECT_EQ(list.Find("test_min_int16_extra"), nullptr);  // a glob matches the whole name
  EXPECT_EQ(list.Find("test_argmin_float_nan_last"), &list.entries()[1]);
  EXPECT_EQ(list.Find("xtest_argmin_nan"), nullptr);
  EXPECT_EQ(list.Find("clip_v12_float_nan"), &list.entries()[2]);
  EXPECT_EQ(list.Find("clip_v13_float_nan"), nullptr);
}

TEST(ExpectationListTest, FirstMatchingLineWins) {
  ExpectationList list = ParseList("test_min_* fail first\ntest_min_int16 crash second\n");
  EXPECT_EQ(list.Find("test_min_int16")->reason, "first");
}

TEST(ExpectationListTest, RegexMustMatchTheWholeName) {
  ExpectationList list = ParseList("re:min fail partial\n");
  EXPECT_EQ(list.Find("test_min_example"), nullptr);
  EXPECT_NE(ParseList("re:.*min.* fail whole\n").Find("test_min_example"), nullptr);
}

TEST(ExpectationListTest, MalformedLinesNameFileAndLine) {
  EXPECT_THAT(ParseError("# ok\ntest_min_example fail\n"),
              HasSubstr("ort.expect:2: expected 'PATTERN STATUS[,STATUS...] REASON'"));
  EXPECT_THAT(ParseError("a fail ok\nb passed because\n"),
              HasSubstr("ort.expect:2: 'passed' is not an expected status"));
  EXPECT_THAT(ParseError("a pass never\n"), HasSubstr("'pass' is not an expected status"));
  EXPECT_THAT(ParseError("a xfail never\n"), HasSubstr("'xfail'"));
  EXPECT_THAT(ParseError("a fail,,crash why\n"), HasSubstr("ort.expect:1: '' is not"));
  EXPECT_THAT(ParseError("\n\nre:( fail bad regex\n"), HasSubstr("ort.expect:3: bad regular"));
  EXPECT_THAT(ParseError("lonely\n"), HasSubstr("ort.expect:1:"));
}

TEST(ExpectationListTest, MissingFileIsNotFound) {
  EXPECT_TRUE(absl::IsNotFound(ReadExpectationFile("/no/such/file.expect").status()));
}

CaseResult Result(CaseStatus status, const std::string& name = "test_min_int16") {
  CaseResult r;
  r.name = name;
  r.op = "Min";
  r.op_version = 13;
  r.types = "int16";
  r.status = status;
  r.message = status == CaseStatus::kPass ? "" : "why";
  r.ran_on_backend = true;
  return r;
}

TEST(ApplyExpectationsTest, ListedStatusBecomesXfail) {
  ExpectationList list = ParseList("test_min_int16 unsupported,crash no int16 kernel\n");
  CaseResult r = Result(CaseStatus::kUnsupported);
  ApplyExpectations(r, nullptr, &list);
  EXPECT_EQ(r.status, CaseStatus::kXfail);
  EXPECT_EQ(r.expectation, "ort.expect:1: unsupported,crash: no int16 kernel");
  EXPECT_EQ(r.message,
            "unsupported as expected (ort.expect:1: unsupported,crash: no int16 "
            "kernel):\nwhy");
  EXPECT_FALSE(FailsRun(r.status));
}

TEST(ApplyExpectationsTest, ListedCaseThatPassesIsXpassAndFailsTheRun) {
  ExpectationList list = ParseList("test_min_int16 fail was broken\n");
  CaseResult r = Result(CaseStatus::kPass);
  ApplyExpectations(r, nullptr, &list);
  EXPECT_EQ(r.status, CaseStatus::kXpass);
  EXPECT_THAT(r.message, HasSubstr("remove or narrow that line"));
  EXPECT_TRUE(FailsRun(r.status));
}

TEST(ApplyExpectationsTest, ListedCaseWithAnotherFailureKeepsIt) {
  ExpectationList list = ParseList("test_min_int16 fail wrong values\n");
  CaseResult r = Result(CaseStatus::kCrash);
  ApplyExpectations(r, nullptr, &list);
  EXPECT_EQ(r.status, CaseStatus::kCrash);
  EXPECT_THAT(r.message, HasSubstr("why\n(ort.expect:1: fail: wrong values expected another"));
}

TEST(ApplyExpectationsTest, AFlakyCaseMayPassOrFail) {
  ExpectationList list = ParseList("test_min_int16 flaky,timeout slow on loaded machines\n");
  CaseResult passed = Result(CaseStatus::kPass);
  ApplyExpectations(passed, nullptr, &list);
  EXPECT_EQ(passed.status, CaseStatus::kPass);
  EXPECT_EQ(passed.expectation, "ort.expect:1: flaky,timeout: slow on loaded machines");
  CaseResult timed_out = Result(CaseStatus::kTimeout);
  ApplyExpectations(timed_out, nullptr, &list);
  EXPECT_EQ(timed_out.status, CaseStatus::kXfail);
  // Only the listed failure: a crash is still one.
  CaseResult crashed = Result(CaseStatus::kCrash);
  ApplyExpectations(crashed, nullptr, &list);
  EXPECT_EQ(crashed.status, CaseStatus::kCrash);
  // flaky alone: any failure of the adapter or the values, never unsupported.
  ExpectationList any = ParseList("test_min_int16 flaky sometimes wrong\n");
  for (CaseStatus status :
       {CaseStatus::kFail, CaseStatus::kError, CaseStatus::kCrash, CaseStatus::kTimeout}) {
    CaseResult r = Result(status);
    ApplyExpectations(r, nullptr, &any);
    EXPECT_EQ(r.status, CaseStatus::kXfail) << StatusName(status);
  }
  CaseResult p = Result(CaseStatus::kPass);
  ApplyExpectations(p, nullptr, &any);
  EXPECT_EQ(p.status, CaseStatus::kPass);
}

TEST(ApplyExpectationsTest, UnlistedCaseIsUntouched) {
  ExpectationList list = ParseList("other fail reason\n");
  CaseResult r = Result(CaseStatus::kFail);
  ApplyExpectations(r, nullptr, &list);
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.message, "why");
  EXPECT_EQ(r.expectation, "");
}

Profile ParseProfile(absl::string_view text) {
  absl::StatusOr<Profile> profile = Profile::Parse(text, "ort.profile");
  EXPECT_TRUE(profile.ok()) << profile.status();
  return profile.ok() ? *std::move(profile) : Profile();
}

std::string ProfileError(absl::string_view text) {
  absl::StatusOr<Profile> profile = Profile::Parse(text, "ort.profile");
  EXPECT_FALSE(profile.ok());
  return profile.ok() ? "" : std::string(profile.status().message());
}

TEST(ProfileTest, ClaimsOperatorVersionAndEveryType) {
  Profile profile = ParseProfile(
      "# what the backend claims\n"
      "Min     8,12,13  float,double,int16\n"
      "ArgMin  *        *\n"
      "Clip    13       float\n");
  EXPECT_TRUE(profile.Claims("Min", 13, "int16"));
  EXPECT_TRUE(profile.Claims("Min", 8, "float,double"));
  EXPECT_FALSE(profile.Claims("Min", 6, "float"));
  EXPECT_FALSE(profile.Claims("Min", 13, "int8"));
  EXPECT_FALSE(profile.Claims("Min", 13, "float,int8"));
  EXPECT_TRUE(profile.Claims("ArgMin", 1, "uint64"));
  EXPECT_TRUE(profile.Claims("ArgMin", 13, "bfloat16"));
  EXPECT_FALSE(profile.Claims("Clip", 12, "float"));
  EXPECT_FALSE(profile.Claims("Clip", 13, ""));
  EXPECT_FALSE(profile.Claims("Sigmoid", 13, "float"));
  EXPECT_FALSE(profile.Claims("ArgMin", 0, "float"));  // version unknown
  EXPECT_EQ(profile.WhereClaimed("Clip", 13, "float"), "ort.profile:4");
}

TEST(ProfileTest, MalformedLinesNameFileAndLine) {
  EXPECT_THAT(ProfileError("Min 13\n"), HasSubstr("ort.profile:1: expected 'OPERATOR VERSIONS"));
  EXPECT_THAT(ProfileError("Min 13 float extra\n"), HasSubstr("ort.profile:1:"));
  EXPECT_THAT(ProfileError("\nSigmoid 13 float\n"),
              HasSubstr("ort.profile:2: operator 'Sigmoid' is not one the suite covers"));
  EXPECT_THAT(ProfileError("Min 7 float\n"),
              HasSubstr("'7' is not a version of Min (versions: 1, 6, 8, 12, 13)"));
  EXPECT_THAT(ProfileError("Clip x float\n"), HasSubstr("'x' is not a version of Clip"));
  EXPECT_THAT(ProfileError("ArgMin 13 float32\n"), HasSubstr("'float32' is not an ONNX type"));
}

TEST(ApplyExpectationsTest, UnsupportedInsideTheProfileFails) {
  Profile profile = ParseProfile("Min 13 int16\n");
  CaseResult inside = Result(CaseStatus::kUnsupported);
  ApplyExpectations(inside, &profile, nullptr);
  EXPECT_EQ(inside.status, CaseStatus::kFail);
  EXPECT_EQ(inside.message,
            "unsupported, but the profile claims Min-13 int16 (ort.profile:1): why");

  CaseResult outside = Result(CaseStatus::kUnsupported);
  outside.types = "int8";
  ApplyExpectations(outside, &profile, nullptr);
  EXPECT_EQ(outside.status, CaseStatus::kUnsupported);

  // The suite's own "unsupported" (the backend never saw the case) is no claim broken.
  CaseResult suite_side = Result(CaseStatus::kUnsupported);
  suite_side.ran_on_backend = false;
  ApplyExpectations(suite_side, &profile, nullptr);
  EXPECT_EQ(suite_side.status, CaseStatus::kUnsupported);
}

TEST(ApplyExpectationsTest, AnExpectationOutranksTheProfile) {
  Profile profile = ParseProfile("Min 13 int16\n");
  ExpectationList list = ParseList("test_min_int16 unsupported kernel missing for now\n");
  CaseResult r = Result(CaseStatus::kUnsupported);
  ApplyExpectations(r, &profile, &list);
  EXPECT_EQ(r.status, CaseStatus::kXfail);
}

}  // namespace
}  // namespace onnx_conform
