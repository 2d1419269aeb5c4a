// `onnx-conform run` on an exec backend with what is known of it: an
// expectation file (known gaps: xfail, xpass, lines broader than meant), a
// profile (what it claims to support), and --features selecting cases.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "runners/reports/report.pb.h"
#include "testing/backend_test_util.h"
#include "testing/run_command_fixture.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::Pair;

TEST_F(RunCommandBackendTest, ExpectationsTurnKnownGapsIntoXfailAndAPassIntoXpass) {
  MakeCases({"pass", "crash", "unsupported", "wrong-type", "exit-9"});
  const fs::path expect = dir_ / "fake.expect";
  WriteText(expect,
            "# the fake's known gaps\n"
            "crash.*          crash        segfaults on every model\n"
            "re:exit-[0-9]\\.min  error      exits early\n"
            "wrong-type.min   fail         writes doubles\n"
            "unsupported.min  unsupported  no kernels at all\n");
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--expectations=" + expect.string(), Json(), Cases()}),
            kExitOk)
      << stdout_ << stderr_;
  EXPECT_THAT(
      Statuses(JsonPath()),
      ElementsAre(Pair("crash.min", "xfail"), Pair("exit-9.min", "xfail"), Pair("pass.min", "pass"),
                  Pair("unsupported.min", "xfail"), Pair("wrong-type.min", "xfail")));
  report::RunReport report = ReadReport(JsonPath());
  EXPECT_THAT(report.cases(0).expectation(),
              HasSubstr("fake.expect:2: crash: segfaults on every model"));

  // A listed case that now passes fails the run, so the list stays honest.
  WriteText(expect, ReadText(expect) + "pass.min fail was broken once\n");
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--expectations=" + expect.string(), Json(), Cases()}),
            kExitFailed);
  EXPECT_EQ(Statuses(JsonPath())[2], NameStatus("pass.min", "xpass"));

  // A line that matches nothing is pointed out, without failing the run.
  WriteText(expect, "crash.min crash segfaults\nnothing.* fail gone\n");
  Run({"--backend=" + kFakeByName, "--expectations=" + expect.string(), Cases()});
  EXPECT_THAT(stderr_, HasSubstr("fake.expect:2: 'nothing.*' matches no case"));
}

TEST_F(RunCommandBackendTest, APatternThatTurnsManyCasesIntoXpassIsPointedOut) {
  MakeCases({"pass", "pass2", "pass3", "crash"});
  const fs::path expect = dir_ / "fake.expect";
  // Meant for the crash alone, but '*' catches every case.
  WriteText(expect, "*  crash  segfaults\n");
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--expectations=" + expect.string(), Cases()}),
            kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr("fake.expect:1: '*' turned 3 of the 4 cases it matches into "
                                 "xpass: is the pattern broader than meant?"));
  // Narrowed: no warning.
  WriteText(expect, "crash.*  crash  segfaults\n");
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--expectations=" + expect.string(), Cases()}),
            kExitOk);
  EXPECT_THAT(stderr_, Not(HasSubstr("broader than meant")));
}

TEST_F(RunCommandBackendTest, ALineBroaderThanMeantIsPointedOutAndFailsUnderStrict) {
  MakeCases({"pass", "crash"});
  const fs::path expect = dir_ / "fake.expect";
  // The first line takes the crash case the second was written for.
  WriteText(expect, "crash.*  crash  segfaults\ncrash.min  crash  segfaults on Min\n");
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--expectations=" + expect.string(), Cases()}),
            kExitOk);
  EXPECT_THAT(stderr_, HasSubstr("warning: " + expect.string() +
                                 ":2: 'crash.min' never applies: every case it matches (1) is "
                                 "taken by line(s) 1 first"));
  EXPECT_EQ(
      Run({"--backend=" + kFakeByName, "--expectations=" + expect.string(), "--strict", Cases()}),
      kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr("--strict: 1 expectation line(s) broader than meant"));
  // One line: nothing to point out, strict or not.
  WriteText(expect, "crash.*  crash  segfaults\n");
  EXPECT_EQ(
      Run({"--backend=" + kFakeByName, "--expectations=" + expect.string(), "--strict", Cases()}),
      kExitOk);
  EXPECT_THAT(stderr_, Not(HasSubstr("broader than meant")));
}

TEST_F(RunCommandBackendTest, MalformedExpectationOrProfileIsAUsageErrorNamingFileAndLine) {
  MakeCases({"pass"});
  const fs::path expect = dir_ / "bad.expect";
  WriteText(expect, "pass.min fail reason\npass.min\n");
  EXPECT_EQ(Run({"--expectations=" + expect.string(), Cases()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("bad.expect:2:"));
  const fs::path profile = dir_ / "bad.profile";
  WriteText(profile, "Min 13 float\nMin 14 float\n");
  EXPECT_EQ(Run({"--profile=" + profile.string(), Cases()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("bad.profile:2: '14' is not a version of Min"));
  EXPECT_EQ(Run({"--expectations=" + (dir_ / "none.expect").string(), Cases()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("none.expect"));
}

TEST_F(RunCommandBackendTest, UnsupportedInsideTheProfileFailsOutsideItIsAllowed) {
  MakeCases({"pass", "unsupported"});
  const fs::path profile = dir_ / "fake.profile";
  WriteText(profile, "Min 13 double\n");
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--profile=" + profile.string(), Json(), Cases()}),
            kExitOk);
  EXPECT_EQ(Statuses(JsonPath())[1], NameStatus("unsupported.min", "unsupported"));
  WriteText(profile, "Min 8,12,13 float,double\n");
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--profile=" + profile.string(), Json(), Cases()}),
            kExitFailed);
  EXPECT_EQ(Statuses(JsonPath())[1], NameStatus("unsupported.min", "fail"));
  EXPECT_THAT(ReadReport(JsonPath()).cases(1).message(),
              HasSubstr("unsupported, but the profile claims Min-13 float (" + profile.string() +
                        ":1): fake: no kernel for this model"));
}

TEST_F(RunCommandBackendTest, FeaturesSelectCasesListingEveryOneOfThem) {
  const std::string head = R"({"operator": "Min", "version": 13, "types": ["float"],
    "expectation": "valid", "semantics": "reference-defined", "features": )";
  WriteText(CopyCase("test_min_example", "a_nan") / "case.json", head + R"(["nan"]})");
  WriteText(CopyCase("test_min_example", "b_nan_tie") / "case.json", head + R"(["tie", "nan"]})");
  WriteText(CopyCase("test_min_example", "c_tie") / "case.json", head + R"(["tie"]})");
  CopyCase("test_min_example", "d_no_metadata");
  EXPECT_EQ(Run({"--features=nan,tie", Json(), Cases()}), kExitOk);
  EXPECT_THAT(Statuses(JsonPath()), ElementsAre(Pair("b_nan_tie", "pass")));
  EXPECT_EQ(Run({"--features=nan", Json(), Cases()}), kExitOk);
  EXPECT_THAT(Statuses(JsonPath()), ElementsAre(Pair("a_nan", "pass"), Pair("b_nan_tie", "pass")));
  EXPECT_EQ(Run({Json(), Cases()}), kExitOk);
  EXPECT_EQ(Statuses(JsonPath()).size(), 4u);
}

}  // namespace
}  // namespace onnx_conform
