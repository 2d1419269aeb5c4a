// `onnx-conform merge` against hostile reports: huge messages, markup in
// every field, special files given as reports, and one case spelled under
// several paths.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <future>
#include <sstream>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "runners/reports/report.pb.h"
#include "testing/backend_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

class MergeHostileTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(testing::TempDir()) / "merge_hostile" /
           testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  int Merge(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = MergeCommand(args, out, err);
    stdout_ = out.str();
    stderr_ = err.str();
    return code;
  }
  // A report file holding `cases` (JSON objects, comma-separated).
  std::string Report(const std::string& name, const std::string& cases) {
    const fs::path path = dir_ / name;
    WriteText(path, absl::StrCat("{\"backend\": \"b\", \"cases\": [", cases, "]}"));
    return path.string();
  }
  static std::string Case(const std::string& name, const std::string& path,
                          const std::string& status, const std::string& message = "m") {
    return absl::StrCat("{\"name\": \"", name, "\", \"path\": \"", path, "\", \"status\": \"",
                        status,
                        "\", \"op\": \"Min\", \"op_version\": 13, \"types\": \"float\", "
                        "\"message\": \"",
                        message, "\", \"backend\": \"b\"}");
  }
  std::string Json() const { return "--report-json=" + (dir_ / "merged.json").string(); }
  int MergedCases() const {
    report::RunReport merged;
    EXPECT_TRUE(
        google::protobuf::util::JsonStringToMessage(ReadText(dir_ / "merged.json"), &merged).ok());
    return merged.cases_size();
  }

  fs::path dir_;
  std::string stdout_, stderr_;
};

TEST_F(MergeHostileTest, AHugeMessageIsGroupedInLinearTime) {
  // What run writes for a failing case whose output name is 40,000 bytes,
  // and 1 MB of digits, quotes and slashes.
  const std::string name(40000, 'o');
  std::string mixed;
  for (int i = 0; i < 100000; ++i) mixed += "1'\\\"/a.";  // 1'"/a. in JSON
  const std::string report =
      Report("huge.json",
             absl::StrCat(Case("a", "/c/a", "fail",
                               absl::StrCat("test_data_set_0: output '", name, "': 1 of 1 differ")),
                          ",", Case("b", "/c/b", "fail", mixed)));
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(Merge({report, "--scoreboard-md=" + (dir_ / "board.md").string()}), kExitOk) << stderr_;
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5);
  EXPECT_THAT(ReadText(dir_ / "board.md"), HasSubstr("output '…'"));
}

// Whether `text` holds `what` not escaped by a backslash (an odd run of
// them) before it.
bool UnescapedAt(const std::string& text, const std::string& what) {
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    size_t backslashes = 0;
    while (backslashes < at && text[at - 1 - backslashes] == '\\') ++backslashes;
    if (backslashes % 2 == 0) return true;
  }
  return false;
}

// Markup in every field a report carries is shown as text: no tag, no link,
// and no table cell ends early (a backslash before | included).
TEST_F(MergeHostileTest, MarkdownShowsEveryFieldAsText) {
  const std::string evil = "<img src=x onerror=alert(1)><script>alert(2)</script>";
  const std::string link = "[click](javascript:alert(3))";
  const std::string report = Report(
      "evil.json", absl::StrCat("{\"name\": \"", evil, link,
                                "\\\\|x\", \"path\": \"/p\", \"status\": \"fail\", ", "\"op\": \"",
                                evil, "|", link, "\", \"op_version\": 13, \"types\": \"", evil,
                                "\\\\|", "\", \"message\": \"", evil, link, "\", \"backend\": \"",
                                evil, link, "\\\\|\"}"));
  const fs::path md = dir_ / "board.md";
  ASSERT_EQ(
      Merge({report, "--scoreboard-md=" + md.string(), absl::StrCat("--merge-title=", evil, link)}),
      kExitOk)
      << stderr_;
  const std::string page = ReadText(md);
  // Fenced code shows its text verbatim: only what is outside fences counts.
  std::string outside;
  bool fenced = false;
  for (absl::string_view line : absl::StrSplit(page, '\n')) {
    if (absl::StartsWith(line, "```")) {
      fenced = !fenced;
      continue;
    }
    if (!fenced) absl::StrAppend(&outside, line, "\n");
  }
  EXPECT_THAT(outside, Not(HasSubstr("<img"))) << page;
  EXPECT_THAT(outside, Not(HasSubstr("<script"))) << page;
  EXPECT_FALSE(UnescapedAt(outside, "](javascript:")) << page;  // a link, not text
  // Every row of a table has as many cell separators (a | not escaped by an
  // odd run of backslashes) as its header.
  size_t header_pipes = 0;
  for (absl::string_view line : absl::StrSplit(outside, '\n')) {
    if (!absl::StartsWith(line, "|")) {
      header_pipes = 0;
      continue;
    }
    size_t pipes = 0, backslashes = 0;
    for (char c : line) {
      if (c == '|' && backslashes % 2 == 0) ++pipes;
      backslashes = c == '\\' ? backslashes + 1 : 0;
    }
    if (header_pipes == 0) header_pipes = pipes;
    EXPECT_EQ(pipes, header_pipes) << line;
  }
}

TEST_F(MergeHostileTest, AFifoGivenAsAReportIsRefusedWithoutBlocking) {
  const fs::path fifo = dir_ / "report.json";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::future<int> merged = std::async(std::launch::async, [&] {
    return Merge({fifo.string(), Json()});
  });
  if (merged.wait_for(std::chrono::seconds(5)) != std::future_status::ready) {
    ADD_FAILURE() << "merge blocked on a FIFO";
    const int fd = open(fifo.c_str(), O_WRONLY | O_NONBLOCK);  // lets it go on
    if (fd >= 0) close(fd);
  }
  EXPECT_EQ(merged.get(), kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr(fifo.string()));
  EXPECT_THAT(stderr_, HasSubstr("not a regular file"));
}

TEST_F(MergeHostileTest, AnEndlessDeviceOrAHugeFileIsRefusedBeforeReading) {
  EXPECT_EQ(Merge({"/dev/zero", Json()}), kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr("/dev/zero: not a regular file"));
  const fs::path huge = dir_ / "huge.json";
  WriteText(huge, "{");
  fs::resize_file(huge, int64_t{4} << 30);  // sparse
  EXPECT_EQ(Merge({huge.string(), Json()}), kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr(huge.string()));
  EXPECT_THAT(stderr_, HasSubstr("over the limit"));
}

TEST_F(MergeHostileTest, AnOutputThatCannotBeWrittenIsAUsageError) {
  const std::string report = Report("r.json", Case("a", "/c/a", "pass"));
  EXPECT_EQ(Merge({report, "--scoreboard-md=" + (dir_ / "no" / "board.md").string()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("--scoreboard-md"));
  EXPECT_EQ(Merge({report, "--report-json=" + dir_.string()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("--report-json"));
}

// One case is one case however its path is spelled: another checkout root,
// "./" inside it, or no path at all.
TEST_F(MergeHostileTest, OneCaseUnderSeveralPathsIsCountedOnce) {
  const std::string one = Report("one.json", Case("min_x", "/checkout-a/cases/node/min_x", "fail"));
  const std::string two =
      Report("two.json", absl::StrCat(Case("min_x", "/checkout-a/cases/node/./min_x", "fail"), ",",
                                      Case("min_x", "/home/ci/checkout/cases/node/min_x", "fail"),
                                      ",", Case("min_x", "", "fail")));
  ASSERT_EQ(Merge({one, two, Json()}), kExitOk) << stderr_;
  EXPECT_EQ(MergedCases(), 1);
  EXPECT_THAT(stderr_, HasSubstr("counted once"));
}

TEST_F(MergeHostileTest, TwoDifferentResultsForOneCaseAreAConflictNamingBothFiles) {
  const std::string one = Report("one.json", Case("min_x", "/checkout-a/cases/node/min_x", "pass"));
  const std::string two =
      Report("two.json", Case("min_x", "/checkout-a/cases/node/./min_x", "fail", "differs"));
  EXPECT_EQ(Merge({one, two, Json()}), kExitFailed);
  EXPECT_THAT(stderr_, HasSubstr(one));
  EXPECT_THAT(stderr_, HasSubstr(two));
  EXPECT_THAT(stderr_, HasSubstr("min_x"));
  EXPECT_FALSE(fs::exists(dir_ / "merged.json"));
}

}  // namespace
}  // namespace onnx_conform
