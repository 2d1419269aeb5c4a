// `onnx-conform run --strict` and `--shard=K/N` (and the GoogleTest sharding
// variables), and `onnx-conform show`, end to end, with the fake adapter and
// copies of suite cases.
#include <stdlib.h>

#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "runners/harness/shard.h"
#include "testing/run_command_fixture.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Pair;

const fs::path kSuiteNodeCases = fs::path(ONNX_CONFORM_SUITE_CASES) / "node";

class RunOptionsTest : public RunCommandBackendTest {
 protected:
  fs::path Suite(const std::string& name) {
    const fs::path target = dir_ / "cases" / name;
    fs::copy(kSuiteNodeCases / name, target, fs::copy_options::recursive);
    return target;
  }

  std::vector<std::string> Names(const fs::path& json) {
    std::vector<std::string> names;
    for (const auto& [name, status] : Statuses(json)) names.push_back(name);
    return names;
  }
};

// Sets an environment variable for one test; restores the old state after.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = getenv(name)) old_ = old;
    if (value != nullptr) {
      setenv(name, value, 1);
    } else {
      unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_.has_value()) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST_F(RunOptionsTest, StrictMakesADivergentMinThatIgnoresNaNFailTheRun) {
  Suite("min_v13_float_nan");
  const std::string backend = "--backend=" + FakeBackend("reading-min-nan-ignored");
  EXPECT_EQ(Run({backend, Json(), Cases()}), kExitOk) << stdout_ << stderr_;
  EXPECT_THAT(Statuses(JsonPath()), ElementsAre(Pair("min_v13_float_nan", "divergent")));

  EXPECT_EQ(Run({backend, "--strict", Json(), Cases()}), kExitFailed) << stdout_ << stderr_;
  EXPECT_THAT(Statuses(JsonPath()), ElementsAre(Pair("min_v13_float_nan", "divergent")));
  EXPECT_THAT(stderr_, HasSubstr("--strict: 1 divergent case(s) fail the run"));
}

TEST_F(RunOptionsTest, StrictDoesNotFailARunWithoutDivergence) {
  Suite("min_v13_float_nan");
  EXPECT_EQ(Run({"--backend=" + FakeBackend("pass"), "--strict", Json(), Cases()}), kExitOk)
      << stdout_ << stderr_;
  EXPECT_THAT(Statuses(JsonPath()), ElementsAre(Pair("min_v13_float_nan", "pass")));
}

constexpr int kCaseCount = 13;

class ShardTest : public RunOptionsTest {
 protected:
  void SetUp() override {
    RunOptionsTest::SetUp();
    if (IsSkipped()) return;
    for (int i = 0; i < kCaseCount; ++i) CopyCase("test_min_example", "case_" + std::to_string(i));
  }
  // The cases the run of `shard_args` reported.
  std::vector<std::string> RunShard(const std::vector<std::string>& shard_args) {
    std::vector<std::string> args = shard_args;
    args.push_back(Json());
    args.push_back(Cases());
    fs::remove(JsonPath());
    const int code = Run(args);
    std::vector<std::string> names = Names(JsonPath());
    // A shard that holds none of the cases ran nothing: not a pass.
    EXPECT_EQ(code, names.empty() ? kExitNothingRan : kExitOk) << stdout_ << stderr_;
    return names;
  }
};

// Under ctest, one test per case: a test whose case lies in another shard
// ran nothing and must not pass (docs/ci.md).
TEST_F(ShardTest, AShardThatHoldsNoneOfTheCasesEndsAsSkipped) {
  const std::string name = "case_0";
  const int home = ShardOf(name, 3);
  const std::string other = std::to_string((home + 1) % 3 + 1) + "/3";
  const std::string one_case = (dir_ / "cases" / name).string();
  EXPECT_EQ(Run({"--shard=" + other, Json(), one_case}), kExitNothingRan) << stdout_ << stderr_;
  EXPECT_THAT(stdout_, HasSubstr("shard " + other + ": 0 of 1 cases"));
  EXPECT_THAT(stderr_, HasSubstr("no case ran"));
  EXPECT_THAT(Names(JsonPath()), ElementsAre());
  {
    ScopedEnv total("GTEST_TOTAL_SHARDS", "3");
    ScopedEnv index("GTEST_SHARD_INDEX", std::to_string((home + 1) % 3).c_str());
    EXPECT_EQ(Run({one_case}), kExitNothingRan) << stdout_ << stderr_;
  }
  EXPECT_EQ(Run({"--shard=" + std::to_string(home + 1) + "/3", one_case}), kExitOk) << stderr_;
}

TEST_F(ShardTest, EveryCaseRunsExactlyOnceAcrossTheShards) {
  for (int count : {1, 2, 3, 5}) {
    std::map<std::string, int> runs;
    int non_empty_shards = 0;
    for (int k = 1; k <= count; ++k) {
      const std::vector<std::string> names =
          RunShard({"--shard=" + std::to_string(k) + "/" + std::to_string(count)});
      if (!names.empty()) ++non_empty_shards;
      for (const std::string& name : names) ++runs[name];
    }
    ASSERT_EQ(runs.size(), kCaseCount) << count << " shards";
    for (const auto& [name, times] : runs) {
      EXPECT_EQ(times, 1) << name << ", " << count << " shards";
    }
    // A split, not everything on one machine.
    if (count > 1) {
      EXPECT_GE(non_empty_shards, 2) << count << " shards";
    }
  }
}

TEST_F(ShardTest, ACaseStaysInItsShardWhenOtherCasesComeAndGo) {
  const std::vector<std::string> all = RunShard({"--shard=2/3"});
  // Half the cases removed: the survivors of shard 2 are still in shard 2.
  for (int i = 0; i < kCaseCount; i += 2)
    fs::remove_all(dir_ / "cases" / ("case_" + std::to_string(i)));
  const std::vector<std::string> fewer = RunShard({"--shard=2/3"});
  std::vector<std::string> expected;
  for (const std::string& name : all) {
    if (fs::exists(dir_ / "cases" / name)) expected.push_back(name);
  }
  EXPECT_EQ(fewer, expected);
}

TEST_F(ShardTest, GoogleTestVariablesSelectTheSameShardsZeroBased) {
  for (int k = 1; k <= 3; ++k) {
    const std::vector<std::string> by_flag = RunShard({"--shard=" + std::to_string(k) + "/3"});
    ScopedEnv total("GTEST_TOTAL_SHARDS", "3");
    ScopedEnv index("GTEST_SHARD_INDEX", std::to_string(k - 1).c_str());
    EXPECT_EQ(RunShard({}), by_flag) << "shard " << k;
    // The flag wins over the variables.
    EXPECT_EQ(RunShard({"--shard=1/1"}).size(), kCaseCount);
  }
}

TEST_F(ShardTest, TheShardStatusFileIsTouched) {
  const fs::path status_file = dir_ / "shard_status";
  ScopedEnv status("GTEST_SHARD_STATUS_FILE", status_file.c_str());
  RunShard({"--shard=1/2"});
  EXPECT_TRUE(fs::exists(status_file));
}

TEST_F(ShardTest, BadShardsAreUsageErrorsNamingTheFlagOrVariable) {
  for (const char* bad : {"0/3", "4/3", "1/0", "a/3", "3", "1/2/3"}) {
    EXPECT_EQ(Run({std::string("--shard=") + bad, Cases()}), kExitUsage) << bad;
    EXPECT_THAT(stderr_, HasSubstr("--shard")) << bad;
  }
  {
    ScopedEnv total("GTEST_TOTAL_SHARDS", "3");
    ScopedEnv index("GTEST_SHARD_INDEX", "3");
    EXPECT_EQ(Run({Cases()}), kExitUsage);
    EXPECT_THAT(stderr_, HasSubstr("GTEST_SHARD_INDEX=3"));
  }
  {
    ScopedEnv total("GTEST_TOTAL_SHARDS", "3");
    ScopedEnv index("GTEST_SHARD_INDEX", nullptr);
    EXPECT_EQ(Run({Cases()}), kExitUsage);
    EXPECT_THAT(stderr_, HasSubstr("GTEST_TOTAL_SHARDS and GTEST_SHARD_INDEX"));
  }
}

class ShowCommandTest : public RunOptionsTest {
 protected:
  int Show(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = ShowCommand(args, out, err);
    stdout_ = out.str();
    stderr_ = err.str();
    return code;
  }
};

TEST_F(ShowCommandTest, MetadataQuoteInputsExpectedOutputsAndTheBackendsDifferences) {
  const std::string c = Suite("min_v13_float_nan").string();
  EXPECT_EQ(Show({c}), kExitOk) << stderr_;
  EXPECT_THAT(stdout_, HasSubstr("\"semantics\": \"reference-defined\""));
  EXPECT_THAT(stdout_, HasSubstr("spec quote:\n  Min with NaN"));
  EXPECT_THAT(stdout_, HasSubstr("input  data_0: float [5]: nan, 1, nan, 2, nan\n"));
  EXPECT_THAT(stdout_, HasSubstr("expected min: float [5]: nan, nan, nan, 2, nan\n"));

  // Divergent: run's verdict, which does not fail a run.
  EXPECT_EQ(Show({"--backend=" + FakeBackend("reading-min-nan-ignored"), c}), kExitOk);
  EXPECT_THAT(stdout_, HasSubstr("min: float [5]: 1, 1, nan, 2, -inf\n"));
  EXPECT_THAT(stdout_, HasSubstr("3 of 5 elements differ: [0] expected nan (any NaN), got 1"));

  EXPECT_THAT(stdout_, HasSubstr("divergent: follows reading min-nan-ignored"));

  EXPECT_EQ(Show({"--backend=" + FakeBackend("pass"), c}), kExitOk) << stdout_;
  EXPECT_THAT(stdout_, HasSubstr("matches the expected outputs (as run judges them)"));
  EXPECT_THAT(stdout_, HasSubstr("model: opset 13 of the default domain"));
  EXPECT_THAT(stdout_, HasSubstr("Min-13(data_0, data_1) -> min"));
  EXPECT_EQ(Show({"--backend=" + FakeBackend("crash"), c}), kExitFailed);
  EXPECT_THAT(stdout_, HasSubstr("did not run it"));
}

// show judges as run does: under the expected outputs' match classes.
TEST_F(ShowCommandTest, ShowAgreesWithRunOnTiedZerosAndNamesAttributes) {
  // Clip([-1, -0, 0, 1], -0, +0): three ties of either sign, one +0 exactly.
  const std::string c = Suite("clip_v13_float_neg_zero").string();
  EXPECT_EQ(Show({"--backend=" + FakeBackend("flip-zero-sign"), c}), kExitFailed);
  EXPECT_THAT(stdout_,
              HasSubstr("1 of 4 elements differ: [3] expected 0 (sign determined), got -0"));
  const std::string argmin = Suite("argmin_v12_float_inf_select_last").string();
  ASSERT_EQ(Show({argmin}), kExitOk) << stderr_;
  EXPECT_THAT(stdout_, HasSubstr("select_last_index=1"));
}

TEST_F(ShowCommandTest, UsageAndMissingCases) {
  EXPECT_EQ(Show({}), kExitUsage);
  EXPECT_EQ(Show({(dir_ / "no_such_case").string()}), kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr("no_such_case"));
}

}  // namespace
}  // namespace onnx_conform
