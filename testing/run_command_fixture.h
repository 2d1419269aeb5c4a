// The fixture of the `onnx-conform run` tests on exec backends: RunCommand
// called in-process, its output streams kept, and the JSON report read back.
//
//   class MyTest : public RunCommandBackendTest {};
//   TEST_F(MyTest, X) { MakeCases({"pass"}); EXPECT_EQ(Run({Json(), Cases()}), kExitOk); }
#ifndef ONNX_CONFORM_TESTING_RUN_COMMAND_FIXTURE_H_
#define ONNX_CONFORM_TESTING_RUN_COMMAND_FIXTURE_H_

#include <algorithm>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "runners/cli/commands.h"
#include "runners/reports/report.pb.h"
#include "testing/backend_test_util.h"

namespace onnx_conform {

namespace fs = std::filesystem;

using NameStatus = std::pair<std::string, std::string>;

class RunCommandBackendTest : public BackendTestBase {
 protected:
  // A run with a 20 s timeout unless `args` say otherwise.
  int Run(const std::vector<std::string>& args) {
    std::vector<std::string> all = {"--timeout=20"};
    all.insert(all.end(), args.begin(), args.end());
    std::ostringstream out, err;
    const int code = RunCommand(all, out, err);
    stdout_ = out.str();
    stderr_ = err.str();
    return code;
  }

  report::RunReport ReadReport(const fs::path& path) {
    report::RunReport report;
    const auto status = google::protobuf::util::JsonStringToMessage(ReadText(path), &report);
    EXPECT_TRUE(status.ok()) << status.ToString() << "\n" << ReadText(path);
    return report;
  }

  std::vector<NameStatus> Statuses(const fs::path& json) {
    std::vector<NameStatus> out;
    const report::RunReport report = ReadReport(json);
    for (const report::CaseReport& c : report.cases()) {
      out.emplace_back(c.name(), c.status());
    }
    return out;
  }

  // Copies of test_min_example named MODE.min: the fake adapter's "by-name"
  // mode then behaves as MODE on each.
  void MakeCases(const std::vector<std::string>& modes) {
    for (const std::string& mode : modes) CopyCase("test_min_example", mode + ".min");
  }

  std::string Cases() const { return (dir_ / "cases").string(); }
  std::string Json() const { return "--report-json=" + (dir_ / "report.json").string(); }
  fs::path JsonPath() const { return dir_ / "report.json"; }

  // Result lines of a run log (its header line left out).
  static int LineCount(const fs::path& file) {
    int lines = 0;
    for (absl::string_view line : absl::StrSplit(ReadText(file), '\n', absl::SkipEmpty())) {
      if (!absl::StrContains(line, "\"onnx_conform_run_log\"")) ++lines;
    }
    return lines;
  }

  std::string stdout_, stderr_;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_RUN_COMMAND_FIXTURE_H_
