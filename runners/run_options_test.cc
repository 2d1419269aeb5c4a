// `onnx-conform run --strict` and `--shard=K/N` (and the GoogleTest sharding
// variables) end to end, with the fake adapter and copies of suite cases.
#include <stdlib.h>

#include <map>
#include <optional>
#include <set>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli.h"
#include "runners/run_command_fixture.h"

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
    EXPECT_EQ(Run(args), kExitOk) << stdout_ << stderr_;
    return Names(JsonPath());
  }
};

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
    for (const auto& [name, times] : runs)
      EXPECT_EQ(times, 1) << name << ", " << count << " shards";
    // A split, not everything on one machine.
    if (count > 1) EXPECT_GE(non_empty_shards, 2) << count << " shards";
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
  for (const std::string& bad : {"0/3", "4/3", "1/0", "a/3", "3", "1/2/3"}) {
    EXPECT_EQ(Run({"--shard=" + bad, Cases()}), kExitUsage) << bad;
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

}  // namespace
}  // namespace onnx_conform
