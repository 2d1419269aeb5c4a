// Baselines, re-runs and the runtime's identity, end to end on the fake
// adapter: `run --write-expectations` writes a file a rerun exits 0 with;
// `--rerun-failed` runs only what failed; an adapter's `--version` answer
// (both protocols) is recorded in reports and logs, and `--resume` refuses
// a log another version made.
#include <stdlib.h>

#include <map>
#include <string>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/backends/backend.h"
#include "runners/cli/commands.h"
#include "runners/harness/expectations.h"
#include "runners/harness/policy.h"
#include "testing/backend_test_util.h"
#include "testing/run_command_fixture.h"

namespace onnx_conform {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::Pair;

class BaselineTest : public RunCommandBackendTest {
 protected:
  void TearDown() override { unsetenv("FAKE_ADAPTER_VERSION"); }
};

TEST_F(BaselineTest, WrittenExpectationsMakeTheRerunExitZero) {
  MakeCases({"pass", "off-by-one", "crash", "unsupported", "wrong-shape"});
  CopyCase("test_min_example", "off-by-one.with space");  // by-name: off-by-one
  const fs::path baseline = dir_ / "baseline.expect";
  ASSERT_EQ(Run({"--backend=" + kFakeByName, "--write-expectations=" + baseline.string(), Json(),
                 Cases()}),
            kExitFailed);
  const std::string text = ReadText(baseline);
  // One line per case that did not pass: its status and its cause.
  EXPECT_THAT(
      text,
      AllOf(HasSubstr("off-by-one.min  fail  Min: values"),
            HasSubstr("crash.min  crash  Min: crash"), HasSubstr("unsupported.min  unsupported"),
            HasSubstr("wrong-shape.min  fail  Min: shape"),
            HasSubstr("name:off-by-one.with\\x20space  fail"), Not(HasSubstr("pass.min"))));
  absl::StatusOr<ExpectationList> parsed = ExpectationList::Parse(text, "baseline.expect");
  ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
  EXPECT_EQ(parsed->entries().size(), 5u);

  EXPECT_EQ(
      Run({"--backend=" + kFakeByName, "--expectations=" + baseline.string(), Json(), Cases()}),
      kExitOk)
      << stderr_;
  EXPECT_THAT(Statuses(JsonPath()),
              ElementsAre(Pair("crash.min", "xfail"), Pair("off-by-one.min", "xfail"),
                          Pair("off-by-one.with space", "xfail"), Pair("pass.min", "pass"),
                          Pair("unsupported.min", "xfail"), Pair("wrong-shape.min", "xfail")));
  // Written again from the xfail run: the same lines (the statuses before
  // the expectation file applied).
  const fs::path again = dir_ / "again.expect";
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--expectations=" + baseline.string(),
                 "--write-expectations=" + again.string(), Cases()}),
            kExitOk);
  EXPECT_EQ(ReadText(again), text);
}

// A baseline reads back exactly: a name with bytes that are not UTF-8 (RE2
// refused the re: line once), and two cases that share a name (x alone made
// the one that passed an xpass).
TEST_F(BaselineTest, ABaselineJudgesItsOwnRunWhateverTheNames) {
  // A copy of test_min_example; one that fails has Max's expected output.
  const auto make = [&](const fs::path& relative, bool fails) {
    const fs::path dir = dir_ / "cases" / relative;
    fs::create_directories(dir.parent_path());
    fs::copy(kOfficialCases / "test_min_example", dir, fs::copy_options::recursive);
    if (!fails) return;
    fs::copy_file(kOfficialCases / "test_max_example" / "test_data_set_0" / "output_0.pb",
                  dir / "test_data_set_0" / "output_0.pb", fs::copy_options::overwrite_existing);
  };
  make("caf\xe9", true);  // Latin-1: not UTF-8
  make("\xff x", true);
  make("a/x", false);
  make("b/x", true);
  make("plain", false);
  const fs::path baseline = dir_ / "baseline.expect";
  const std::string backend = "--backend=" + FakeBackend("bug-none");  // the reference's outputs
  ASSERT_EQ(Run({backend, "--write-expectations=" + baseline.string(), Cases()}), kExitFailed);
  EXPECT_EQ(Run({backend, "--expectations=" + baseline.string(), Json(), Cases()}), kExitOk)
      << stderr_ << "\n"
      << ReadText(baseline);
  std::map<std::string, std::string> statuses;
  const report::RunReport judged = ReadReport(JsonPath());
  for (const report::CaseReport& c : judged.cases()) {
    statuses[fs::path(c.path()).lexically_relative(dir_ / "cases").string()] = c.status();
  }
  EXPECT_EQ(statuses["a/x"], "pass");
  EXPECT_EQ(statuses["b/x"], "xfail");
  EXPECT_EQ(statuses["plain"], "pass");
  EXPECT_EQ(statuses.size(), 5u);
  for (const auto& [path, status] : statuses) {
    if (path != "a/x" && path != "plain") {
      EXPECT_EQ(status, "xfail") << path;
    }
  }
}

TEST_F(BaselineTest, RerunFailedRunsOnlyWhatFailedOrErrored) {
  MakeCases({"pass", "off-by-one", "garbage", "unsupported"});
  const fs::path first = dir_ / "first.json";
  ASSERT_EQ(Run({"--backend=" + kFakeByName, "--report-json=" + first.string(), Cases()}),
            kExitFailed);
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--rerun-failed=" + first.string(), Json(), Cases()}),
            kExitFailed);
  EXPECT_THAT(Statuses(JsonPath()),
              ElementsAre(Pair("garbage.min", "error"), Pair("off-by-one.min", "fail")));

  // Fixed: the rerun passes; a report with nothing failed reruns nothing.
  const fs::path clean = dir_ / "clean.json";
  EXPECT_EQ(Run({"--backend=" + FakeBackend("pass"), "--rerun-failed=" + first.string(),
                 "--report-json=" + clean.string(), Cases()}),
            kExitOk);
  EXPECT_EQ(Run({"--backend=" + FakeBackend("pass"), "--rerun-failed=" + clean.string(), Cases()}),
            kExitOk);
  EXPECT_THAT(stdout_, HasSubstr("nothing to rerun"));
  EXPECT_EQ(Run({"--rerun-failed=" + (dir_ / "missing.json").string(), Cases()}), kExitUsage);
}

// Every status that failed the earlier run is run again, under the rerun's
// own policy: an invalid case that does not declare itself negative, a
// divergent one under --strict. A case is named by its folder, not its name
// alone: of two cases named x, only the one that failed reruns.
TEST_F(BaselineTest, RerunFailedRerunsEveryCaseThatFailedTheRunAndOnlyThatCase) {
  const fs::path suite = ONNX_CONFORM_SUITE_CASES;
  // A negative case without its case.json: invalid, and not declared so.
  fs::copy(suite / "invalid" / "argmax_v11_bfloat16_type_not_allowed",
           dir_ / "cases" / "undeclared_invalid", fs::copy_options::recursive);
  fs::remove(dir_ / "cases" / "undeclared_invalid" / "case.json");
  fs::copy(suite / "node" / "min_v13_float_nan", dir_ / "cases" / "min_v13_float_nan",
           fs::copy_options::recursive);
  MakeCases({"pass"});
  const std::string divergent = "--backend=" + FakeBackend("reading-min-nan-ignored");
  const fs::path first = dir_ / "first.json";
  ASSERT_EQ(Run({divergent, "--strict", "--report-json=" + first.string(), Cases()}), kExitFailed);
  ASSERT_THAT(Statuses(first),
              ElementsAre(Pair("min_v13_float_nan", "divergent"), Pair("pass.min", "pass"),
                          Pair("undeclared_invalid", "invalid")));
  EXPECT_EQ(Run({divergent, "--strict", "--rerun-failed=" + first.string(), Json(), Cases()}),
            kExitFailed)
      << stdout_;
  EXPECT_THAT(Statuses(JsonPath()), ElementsAre(Pair("min_v13_float_nan", "divergent"),
                                                Pair("undeclared_invalid", "invalid")));
  // Without --strict the divergent case fails nothing: only the invalid one reruns.
  EXPECT_EQ(Run({divergent, "--rerun-failed=" + first.string(), Json(), Cases()}), kExitFailed);
  EXPECT_THAT(Statuses(JsonPath()), ElementsAre(Pair("undeclared_invalid", "invalid")));

  // a/x passes, b/x fails (its expected output is Max's).
  fs::remove_all(dir_ / "cases");
  fs::create_directories(dir_ / "cases" / "a");
  fs::create_directories(dir_ / "cases" / "b");
  fs::copy(kOfficialCases / "test_min_example", dir_ / "cases" / "a" / "x",
           fs::copy_options::recursive);
  fs::copy(kOfficialCases / "test_min_example", dir_ / "cases" / "b" / "x",
           fs::copy_options::recursive);
  fs::copy_file(kOfficialCases / "test_max_example" / "test_data_set_0" / "output_0.pb",
                dir_ / "cases" / "b" / "x" / "test_data_set_0" / "output_0.pb",
                fs::copy_options::overwrite_existing);
  ASSERT_EQ(Run({"--report-json=" + first.string(), Cases()}), kExitFailed);
  ASSERT_THAT(Statuses(first), ElementsAre(Pair("x", "pass"), Pair("x", "fail")));
  EXPECT_EQ(Run({"--rerun-failed=" + first.string(), Json(), Cases()}), kExitFailed);
  const report::RunReport rerun = ReadReport(JsonPath());
  ASSERT_EQ(rerun.cases_size(), 1);
  EXPECT_EQ(rerun.cases(0).path(), (dir_ / "cases" / "b" / "x").string());
}

TEST_F(BaselineTest, AdaptersSayWhichRuntimeTheyAreInBothProtocols) {
  for (bool persistent : {false, true}) {
    BackendOptions options;
    options.persistent = persistent;
    absl::StatusOr<std::unique_ptr<Backend>> fake = MakeBackend(FakeBackend("pass"), options);
    ASSERT_TRUE(fake.ok());
    EXPECT_EQ((*fake)->Identity(), "oc-fake-adapter 1.0") << persistent;
    setenv("FAKE_ADAPTER_VERSION", "2.5", 1);
    fake = MakeBackend(FakeBackend("pass"), options);
    EXPECT_EQ((*fake)->Identity(), "oc-fake-adapter 2.5") << persistent;
    unsetenv("FAKE_ADAPTER_VERSION");
    // An adapter that does not know the request is unknown, not an error.
    absl::StatusOr<std::unique_ptr<Backend>> old = MakeBackend(FakeBackend("no-version"), options);
    EXPECT_EQ((*old)->Identity(), kUnknownIdentity) << persistent;
  }
}

TEST_F(BaselineTest, ReportsAndLogsRecordTheRuntimeAndResumeRefusesAnotherVersion) {
  MakeCases({"pass", "off-by-one"});
  const fs::path log = dir_ / "run.jsonl";
  setenv("FAKE_ADAPTER_VERSION", "1.1", 1);
  EXPECT_EQ(
      Run({"--backend=" + kFakeByName, "--persistent", "--log=" + log.string(), Json(), Cases()}),
      kExitFailed);
  const report::RunReport report = ReadReport(JsonPath());
  EXPECT_EQ(report.runtime(), "oc-fake-adapter 1.1");
  EXPECT_EQ(report.cases(0).runtime(), "oc-fake-adapter 1.1");
  EXPECT_THAT(ReadText(log), HasSubstr("\"runtime\":\"oc-fake-adapter 1.1\""));

  setenv("FAKE_ADAPTER_VERSION", "1.2", 1);
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--persistent", "--resume=" + log.string(), Cases()}),
            kExitUsage);
  EXPECT_THAT(stderr_,
              HasSubstr("runtime 'oc-fake-adapter 1.1' (this run: 'oc-fake-adapter 1.2')"));
  setenv("FAKE_ADAPTER_VERSION", "1.1", 1);
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--persistent", "--resume=" + log.string(), Cases()}),
            kExitFailed)
      << stderr_;
  EXPECT_THAT(stdout_, HasSubstr("resumed 2 finished cases"));
}

}  // namespace
}  // namespace onnx_conform
