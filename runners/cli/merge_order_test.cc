// `onnx-conform merge` of a run's shards gives what the whole run gives:
// the same JSON report (but for times) and the same combined scoreboards,
// byte for byte, whatever order the shard reports come in (docs/ci.md).
#include <regex>
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "testing/run_command_fixture.h"

namespace onnx_conform {
namespace {

const fs::path kSuiteCases = ONNX_CONFORM_SUITE_CASES;

class MergeOrderTest : public RunCommandBackendTest {
 protected:
  int Merge(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = MergeCommand(args, out, err);
    stderr_ = err.str();
    return code;
  }

  // The library (valid and negative cases) on the reference, judged under an
  // expectation file that turns some passing cases into xpass failures of two
  // causes, so that the scoreboards list failures too.
  fs::path RunLibrary(const std::string& name, const std::vector<std::string>& extra) {
    const fs::path report = dir_ / (name + ".json");
    std::vector<std::string> args = {"--backend-name=ref", "-j2", "--quiet",
                                     "--expectations=" + Expectations().string(),
                                     "--report-json=" + report.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back((kSuiteCases / "node").string());
    args.push_back((kSuiteCases / "invalid").string());
    Run(args);
    EXPECT_TRUE(fs::exists(report)) << stdout_ << stderr_;
    // The pages date their runs by the newest report's write time, to the
    // minute; runs that straddle a minute would otherwise differ there.
    fs::last_write_time(report, written_);
    return report;
  }

  const fs::file_time_type written_ = fs::file_time_type::clock::now();

  fs::path Expectations() {
    const fs::path file = dir_ / "planted.expect";
    if (!fs::exists(file)) {
      WriteText(file,
                "min_v13_*      fail         planted: Min-13 said to fail\n"
                "argmin_v12_*   unsupported  planted: ArgMin-12 said to be missing\n");
    }
    return file;
  }

  // The JSON report without what differs by run: its times, and what made
  // it (the date and the command line).
  static std::string WithoutTimes(const std::string& json) {
    std::string same =
        std::regex_replace(json, std::regex("\"seconds\": [0-9.e+-]+"), "\"seconds\": 0");
    return std::regex_replace(same, std::regex("\"(date|command_line)\": \"[^\"]*\""),
                              "\"$1\": \"\"");
  }

  // A page without the command line that made it (each merge's own).
  static std::string WithoutCommandLine(const std::string& page) {
    return std::regex_replace(page, std::regex(" · made by [^<\n]*"), "");
  }

  // merge's outputs of `reports` (in that order), as files named after `name`.
  struct Merged {
    std::string json, md, html;
  };
  Merged MergeAll(const std::string& name, const std::vector<fs::path>& reports) {
    const fs::path json = dir_ / (name + ".merged.json"), md = dir_ / (name + ".md"),
                   html = dir_ / (name + ".html");
    std::vector<std::string> args = {"--report-json=" + json.string(),
                                     "--scoreboard-md=" + md.string(),
                                     "--scoreboard-html=" + html.string(), "--title=nightly"};
    for (const fs::path& report : reports) args.push_back(report.string());
    EXPECT_EQ(Merge(args), kExitOk) << stderr_;
    return {ReadText(json), ReadText(md), ReadText(html)};
  }
};

TEST_F(MergeOrderTest, TwoShardsMergedEqualTheWholeRunByteForByte) {
  const fs::path whole = RunLibrary("whole", {});
  const fs::path one = RunLibrary("one", {"--shard=1/2"});
  const fs::path two = RunLibrary("two", {"--shard=2/2"});
  ASSERT_GT(ReadReport(one).cases_size(), 0);
  ASSERT_GT(ReadReport(two).cases_size(), 0);
  // Some failures of both planted causes, so that the pages list them.
  EXPECT_GT(ReadReport(whole).summary().at("xpass"), 0);

  const Merged of_whole = MergeAll("of-whole", {whole});
  for (const auto& [name, order] : {std::pair("one-two", std::vector<fs::path>{one, two}),
                                    std::pair("two-one", std::vector<fs::path>{two, one})}) {
    const Merged of_shards = MergeAll(name, order);
    // The merged report is the whole run's own report, but for times.
    EXPECT_EQ(WithoutTimes(of_shards.json), WithoutTimes(ReadText(whole))) << name;
    EXPECT_EQ(WithoutCommandLine(of_shards.md), WithoutCommandLine(of_whole.md)) << name;
    EXPECT_EQ(WithoutCommandLine(of_shards.html), WithoutCommandLine(of_whole.html)) << name;
  }
}

}  // namespace
}  // namespace onnx_conform
