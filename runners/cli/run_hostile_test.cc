// `onnx-conform run` against what issue 28 attacked with, end to end: a
// persistent adapter that answers twice or closed its stdout, user regular
// expressions that would take exponential time or crash a backtracking
// engine, reports written under `ulimit -f` or to paths that cannot be
// written, and --resume under other expectations or profiles.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "testing/backend_test_util.h"
#include "testing/run_command_fixture.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::Pair;

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A second reply ({"exit": 3} twice) is an error for its own case; the next
// case, whose model the server would have "refused" with the stale line,
// gets a fresh server and its own verdict.
TEST_F(RunCommandBackendTest, ASecondReplyIsAnErrorAndTheNextCaseGetsItsOwnVerdict) {
  MakeCases({"twice-unsupported", "wrong-type"});
  EXPECT_EQ(Run({"--backend=" + kFakeByName, "--persistent", "--jobs=1", Json(), Cases()}),
            kExitFailed);
  EXPECT_THAT(Statuses(JsonPath()),
              ElementsAre(Pair("twice-unsupported.min", "error"), Pair("wrong-type.min", "fail")));
  EXPECT_THAT(ReadReport(JsonPath()).cases(0).message(), HasSubstr("one reply line per request"));
}

TEST_F(RunCommandBackendTest, AServerThatClosedItsStdoutCostsNoTimeout) {
  MakeCases({"close-stdout", "close-stdout2"});
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(Run({"--backend=" + FakeBackend("close-stdout"), "--persistent", "--timeout=10", Json(),
                 Cases()}),
            kExitFailed);
  EXPECT_LT(SecondsSince(start), 8);
  EXPECT_THAT(Statuses(JsonPath()),
              ElementsAre(Pair("close-stdout.min", "error"), Pair("close-stdout2.min", "error")));
  EXPECT_THAT(ReadReport(JsonPath()).cases(0).message(), HasSubstr("closed its stdout"));
}

std::string Nested(int depth) {
  return absl::StrCat(std::string(depth, '('), "a", std::string(depth, ')'));
}

TEST_F(RunCommandBackendTest, AFilterNestedDeeplyRunsAndOneRe2CannotTakeIsAUsageError) {
  MakeCases({"pass"});
  EXPECT_EQ(Run({"--filter=" + Nested(20000), Cases()}), kExitOk)
      << stderr_;  // std::regex: SIGSEGV
  EXPECT_THAT(stdout_, HasSubstr("pass.min"));
  for (const std::string& filter :
       {std::string("(?=p)ass"), std::string("(a)\\1"), std::string(100000, 'a')}) {
    EXPECT_EQ(Run({"--filter=" + filter, Cases()}), kExitUsage) << filter.substr(0, 20);
    EXPECT_THAT(stderr_, HasSubstr("--filter")) << filter.substr(0, 20);
    EXPECT_THAT(stdout_, Not(HasSubstr("pass "))) << filter.substr(0, 20);
  }
}

TEST_F(RunCommandBackendTest, AFilterRunsInLinearTime) {
  // Exponential for a backtracking engine: (x_){26}y against ^(\w+_)*nan$ (5 s).
  std::string name;
  for (int i = 0; i < 26; ++i) name += "x_";
  CopyCase("test_min_example", name + "y");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(Run({"--filter=^(\\w+_)*nan$", Cases()}), kExitUsage);  // matches no case
  EXPECT_LT(SecondsSince(start), 2);
  EXPECT_THAT(stderr_, HasSubstr("no case under the given PATHs matches"));
}

// Runs `onnx-conform run ARGS` in a child whose files may not grow past
// `max_file_bytes` (ulimit -f); its exit status (or 128 + signal) and stderr.
std::pair<int, std::string> RunUnderFileSizeLimit(const std::vector<std::string>& args,
                                                  rlim_t max_file_bytes) {
  int err_pipe[2];
  if (pipe(err_pipe) != 0) return {-1, "pipe"};
  const pid_t pid = fork();
  if (pid == 0) {
    const rlimit limit{max_file_bytes, max_file_bytes};
    setrlimit(RLIMIT_FSIZE, &limit);
    dup2(err_pipe[1], STDERR_FILENO);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    std::vector<std::string> argv = {ONNX_CONFORM_EXECUTABLE, "run"};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> c_argv;
    for (std::string& arg : argv) c_argv.push_back(arg.data());
    c_argv.push_back(nullptr);
    execv(c_argv[0], c_argv.data());
    _exit(127);
  }
  close(err_pipe[1]);
  std::string err;
  char buffer[4096];
  for (ssize_t n; (n = read(err_pipe[0], buffer, sizeof buffer)) > 0;) err.append(buffer, n);
  close(err_pipe[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), err};
}

TEST_F(RunCommandBackendTest, AReportOverTheFileSizeLimitIsAnErrorThatKeepsTheOldReport) {
  // Enough cases that each report is over the limit.
  for (int i = 0; i < 60; ++i) CopyCase("test_min_example", absl::StrCat("case_", i));
  const fs::path report = dir_ / "report.json", junit = dir_ / "junit.xml";
  WriteText(report, "{\"old\": \"report\"}\n");
  WriteText(junit, "<old/>\n");
  const auto [code, err] = RunUnderFileSizeLimit(
      {"--report-json=" + report.string(), "--junit=" + junit.string(), Cases()}, 4096);
  EXPECT_EQ(code, kExitFailed) << err;  // not killed by SIGXFSZ (128 + 25)
  EXPECT_THAT(err, HasSubstr(report.string()));
  EXPECT_THAT(err, HasSubstr("ulimit -f"));
  EXPECT_EQ(ReadText(report), "{\"old\": \"report\"}\n");
  EXPECT_EQ(ReadText(junit), "<old/>\n");
  std::vector<std::string> left;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir_)) {
    left.push_back(entry.path().filename().string());
  }
  EXPECT_THAT(left, ::testing::UnorderedElementsAre("cases", "report.json", "junit.xml"));
}

TEST_F(RunCommandBackendTest, AnOutputThatCannotBeWrittenIsAUsageErrorBeforeAnyCaseRuns) {
  MakeCases({"pass"});
  fs::create_directories(dir_ / "a_folder");
  WriteText(dir_ / "a_file", "x");
  for (const std::string& flag :
       {"--report-json=" + (dir_ / "missing" / "r.json").string(),
        "--junit=" + (dir_ / "a_folder").string(),
        "--scoreboard-md=" + (dir_ / "a_file" / "board.md").string(),
        "--scoreboard-html=" + (dir_ / "missing" / "board.html").string()}) {
    EXPECT_EQ(Run({"--backend=" + kFakeByName, flag, Cases()}), kExitUsage) << flag;
    EXPECT_THAT(stderr_, HasSubstr(flag.substr(0, flag.find('=')))) << flag;
    EXPECT_THAT(stdout_, Not(HasSubstr("pass.min"))) << flag << ": a case ran";
  }
}

// A log made under one expectation file or profile is not resumed under
// another (its xfail verdicts would stand where a fresh run fails).
TEST_F(RunCommandBackendTest, ResumeRefusesAnotherExpectationFileOrProfile) {
  MakeCases({"pass", "wrong-type", "unsupported"});
  const fs::path expect = dir_ / "fake.expect", profile = dir_ / "fake.profile";
  const fs::path log = dir_ / "run.jsonl";
  WriteText(expect, "wrong-type.min  fail  a known gap\n");
  WriteText(profile, "Min 13 double\n");
  const std::string backend = "--backend=" + kFakeByName;
  const std::string with_expect = "--expectations=" + expect.string();
  const std::string with_profile = "--profile=" + profile.string();
  ASSERT_EQ(Run({backend, with_expect, with_profile, "--log=" + log.string(), Cases()}), kExitOk)
      << stderr_;
  const std::string logged = ReadText(log);
  const std::string resume = "--resume=" + log.string();

  EXPECT_EQ(Run({backend, with_profile, resume, Cases()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("expectations"));
  EXPECT_EQ(Run({backend, with_expect, resume, Cases()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("profile"));
  WriteText(expect, "wrong-type.min  fail,crash  a known gap, edited\n");
  EXPECT_EQ(Run({backend, with_expect, with_profile, resume, Cases()}), kExitUsage);
  EXPECT_THAT(stderr_, HasSubstr("expectations"));
  EXPECT_EQ(ReadText(log), logged);  // nothing appended

  // The same contents under another name resume.
  const fs::path copy = dir_ / "copy.expect";
  WriteText(copy, "wrong-type.min  fail  a known gap\n");
  EXPECT_EQ(Run({backend, "--expectations=" + copy.string(), with_profile, resume, Cases()}),
            kExitOk)
      << stderr_;
  EXPECT_THAT(stdout_, HasSubstr("resumed 3 finished cases"));
}

// A case path holding a byte that is not UTF-8 cannot ride in a JSON
// request line: the persistent protocol refuses the case before it runs,
// rather than sending a path with the byte dropped (another folder's case;
// "..\xff" would become ".."). One process per case gets it byte for byte.
TEST_F(RunCommandBackendTest, APathThatIsNotUtf8IsNeverSentAlteredToAPersistentAdapter) {
  // Min's model with Max's expected outputs: a backend that computes Min fails it.
  const fs::path latin = CopyCase("test_min_example", "min\xff");
  fs::copy_file(kOfficialCases / "test_max_example" / "test_data_set_0" / "output_0.pb",
                latin / "test_data_set_0" / "output_0.pb", fs::copy_options::overwrite_existing);
  CopyCase("test_max_example", "min");  // "min\xff" without its last byte
  const std::string computes = "--backend=" + FakeBackend("bug-none");  // the reference's outputs
  EXPECT_EQ(Run({computes, Json(), latin.string()}), kExitFailed) << stderr_;
  ASSERT_EQ(ReadReport(JsonPath()).cases_size(), 1);
  EXPECT_EQ(ReadReport(JsonPath()).cases(0).status(), "fail");

  EXPECT_EQ(Run({computes, "--persistent", Json(), latin.string()}), kExitFailed) << stderr_;
  report::RunReport report = ReadReport(JsonPath());
  ASSERT_EQ(report.cases_size(), 1);
  EXPECT_EQ(report.cases(0).status(), "error");
  EXPECT_THAT(report.cases(0).message(), HasSubstr("not UTF-8"));
  EXPECT_THAT(report.cases(0).message(), HasSubstr("--persistent"));

  const fs::path dots = CopyCase("test_min_example", "..\xff");
  EXPECT_EQ(Run({"--backend=" + FakeBackend("pass"), "--persistent", Json(), dots.string()}),
            kExitFailed);
  report = ReadReport(JsonPath());
  ASSERT_EQ(report.cases_size(), 1);
  EXPECT_EQ(report.cases(0).status(), "error");
  EXPECT_THAT(report.cases(0).message(), HasSubstr("not UTF-8"));
}

}  // namespace
}  // namespace onnx_conform
