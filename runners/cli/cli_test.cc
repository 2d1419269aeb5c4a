// Tests of ParseSubcommandFlags on flags defined here for the test only, of
// FlagSet, and of every subcommand's --help.
#include "runners/cli/cli.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/commands.h"

ABSL_FLAG(std::string, test_name, "", "A string flag for cli_test");
ABSL_FLAG(int32_t, test_count, 0, "An int flag for cli_test");
ABSL_FLAG(bool, test_verbose, false, "A bool flag for cli_test");
ABSL_FLAG(std::string, test_report_json, "", "A flag with an underscore for cli_test");
ABSL_FLAG(bool, test_nothing, false, "A bool flag that the test never allows");

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const std::vector<absl::string_view> kAllowed = {"test_name", "test_count", "test_verbose",
                                                 "test_report_json"};

class CliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::SetFlag(&FLAGS_test_name, "");
    absl::SetFlag(&FLAGS_test_count, 0);
    absl::SetFlag(&FLAGS_test_verbose, false);
    absl::SetFlag(&FLAGS_test_report_json, "");
    absl::SetFlag(&FLAGS_test_nothing, false);
  }

  static absl::StatusOr<std::vector<std::string>> Parse(std::vector<std::string> args) {
    return ParseSubcommandFlags(args, kAllowed);
  }

  static void ExpectUsageError(std::vector<std::string> args, const std::string& fragment) {
    absl::StatusOr<std::vector<std::string>> result = Parse(args);
    ASSERT_FALSE(result.ok()) << "accepted " << testing::PrintToString(args);
    EXPECT_EQ(result.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(result.status().message(), HasSubstr(fragment));
  }
};

TEST_F(CliTest, NameEqualsValue) {
  absl::StatusOr<std::vector<std::string>> positional =
      Parse({"--test_name=abc", "--test_count=42"});
  ASSERT_TRUE(positional.ok()) << positional.status();
  EXPECT_TRUE(positional->empty());
  EXPECT_EQ(absl::GetFlag(FLAGS_test_name), "abc");
  EXPECT_EQ(absl::GetFlag(FLAGS_test_count), 42);
}

TEST_F(CliTest, ValueMayContainEqualsAndDashes) {
  ASSERT_TRUE(Parse({"--test_name=a=b--c"}).ok());
  EXPECT_EQ(absl::GetFlag(FLAGS_test_name), "a=b--c");
  ASSERT_TRUE(Parse({"--test_name="}).ok());
  EXPECT_EQ(absl::GetFlag(FLAGS_test_name), "");
  ASSERT_TRUE(Parse({"--test_count=-7"}).ok());
  EXPECT_EQ(absl::GetFlag(FLAGS_test_count), -7);
}

TEST_F(CliTest, NameSpaceValue) {
  absl::StatusOr<std::vector<std::string>> positional =
      Parse({"--test_name", "abc", "path", "--test_count", "3"});
  ASSERT_TRUE(positional.ok()) << positional.status();
  EXPECT_THAT(*positional, ElementsAre("path"));
  EXPECT_EQ(absl::GetFlag(FLAGS_test_name), "abc");
  EXPECT_EQ(absl::GetFlag(FLAGS_test_count), 3);
}

TEST_F(CliTest, MissingValueAtTheEnd) {
  ExpectUsageError({"--test_name"}, "--test_name");
  ExpectUsageError({"p", "--test_count"}, "needs a value");
}

TEST_F(CliTest, Booleans) {
  ASSERT_TRUE(Parse({"--test_verbose"}).ok());
  EXPECT_TRUE(absl::GetFlag(FLAGS_test_verbose));
  ASSERT_TRUE(Parse({"--notest_verbose"}).ok());
  EXPECT_FALSE(absl::GetFlag(FLAGS_test_verbose));
  ASSERT_TRUE(Parse({"--test_verbose=true"}).ok());
  EXPECT_TRUE(absl::GetFlag(FLAGS_test_verbose));
  ASSERT_TRUE(Parse({"--test_verbose=false"}).ok());
  EXPECT_FALSE(absl::GetFlag(FLAGS_test_verbose));
}

TEST_F(CliTest, BooleanDoesNotTakeTheNextArgument) {
  absl::StatusOr<std::vector<std::string>> positional = Parse({"--test_verbose", "false"});
  ASSERT_TRUE(positional.ok());
  EXPECT_TRUE(absl::GetFlag(FLAGS_test_verbose));
  EXPECT_THAT(*positional, ElementsAre("false"));
}

TEST_F(CliTest, NegationOnlyForBooleansAndWithoutValue) {
  ExpectUsageError({"--notest_name"}, "--notest_name");
  ExpectUsageError({"--notest_verbose=true"}, "--notest_verbose=true");
  ExpectUsageError({"--test_verbose=maybe"}, "test_verbose");
}

TEST_F(CliTest, DoubleDashEndsFlags) {
  absl::StatusOr<std::vector<std::string>> positional =
      Parse({"a", "--test_name=x", "--", "--test_count=5", "-", "b"});
  ASSERT_TRUE(positional.ok()) << positional.status();
  EXPECT_THAT(*positional, ElementsAre("a", "--test_count=5", "-", "b"));
  EXPECT_EQ(absl::GetFlag(FLAGS_test_name), "x");
  EXPECT_EQ(absl::GetFlag(FLAGS_test_count), 0);  // after "--": not a flag
}

TEST_F(CliTest, DashesInNamesMapToUnderscores) {
  ASSERT_TRUE(Parse({"--test-report-json=out.json"}).ok());
  EXPECT_EQ(absl::GetFlag(FLAGS_test_report_json), "out.json");
  ASSERT_TRUE(Parse({"--test-report-json", "r-2.json"}).ok());
  EXPECT_EQ(absl::GetFlag(FLAGS_test_report_json), "r-2.json");  // the value keeps its dashes
  ASSERT_TRUE(Parse({"--test-verbose"}).ok());
  EXPECT_TRUE(absl::GetFlag(FLAGS_test_verbose));
  ASSERT_TRUE(Parse({"--notest-verbose"}).ok());
  EXPECT_FALSE(absl::GetFlag(FLAGS_test_verbose));
}

TEST_F(CliTest, SingleDashFlagsAsAbslAcceptsThem) {
  ASSERT_TRUE(Parse({"-test_name=z"}).ok());
  EXPECT_EQ(absl::GetFlag(FLAGS_test_name), "z");
  // A lone "-" is a positional argument (conventionally stdin).
  absl::StatusOr<std::vector<std::string>> positional = Parse({"-"});
  ASSERT_TRUE(positional.ok());
  EXPECT_THAT(*positional, ElementsAre("-"));
}

TEST_F(CliTest, UnknownFlag) {
  ExpectUsageError({"--no_such_flag_anywhere=1"}, "unknown flag: --no_such_flag_anywhere=1");
  ExpectUsageError({"--test_nam=x"}, "--test_nam");
  ExpectUsageError({"path", "--bogus"}, "--bogus");
}

TEST_F(CliTest, FlagOfAnotherSubcommandIsRefused) {
  // test_nothing exists in the binary but is not in this subcommand's list.
  ExpectUsageError({"--test_nothing"}, "--test_nothing");
  EXPECT_FALSE(absl::GetFlag(FLAGS_test_nothing));
  absl::StatusOr<std::vector<std::string>> only_name =
      ParseSubcommandFlags({"--test_count=3"}, {"test_name"});
  ASSERT_FALSE(only_name.ok());
  EXPECT_EQ(only_name.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(absl::GetFlag(FLAGS_test_count), 0);
}

TEST_F(CliTest, AllowedButUndefinedFlagIsUnknown) {
  absl::StatusOr<std::vector<std::string>> result =
      ParseSubcommandFlags({"--test_never_defined=1"}, {"test_never_defined"});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST_F(CliTest, BadValueForIntFlag) {
  ExpectUsageError({"--test_count=abc"}, "--test_count");
  ExpectUsageError({"--test_count=abc"}, "'abc'");
  ExpectUsageError({"--test_count", "1.5"}, "--test_count");
  ExpectUsageError({"--test_count=99999999999"}, "--test_count");
  EXPECT_EQ(absl::GetFlag(FLAGS_test_count), 0);
}

TEST_F(CliTest, PositionalOrderIsPreserved) {
  absl::StatusOr<std::vector<std::string>> positional =
      Parse({"p1", "--test_name=x", "p2", "--test_count", "3", "p3", "--test_verbose", "p4"});
  ASSERT_TRUE(positional.ok()) << positional.status();
  EXPECT_THAT(*positional, ElementsAre("p1", "p2", "p3", "p4"));
  EXPECT_EQ(absl::GetFlag(FLAGS_test_name), "x");
  EXPECT_EQ(absl::GetFlag(FLAGS_test_count), 3);
  EXPECT_TRUE(absl::GetFlag(FLAGS_test_verbose));
}

TEST_F(CliTest, NoArguments) {
  absl::StatusOr<std::vector<std::string>> positional = Parse({});
  ASSERT_TRUE(positional.ok());
  EXPECT_TRUE(positional->empty());
}

TEST_F(CliTest, LastValueWins) {
  ASSERT_TRUE(Parse({"--test_name=a", "--test_name=b"}).ok());
  EXPECT_EQ(absl::GetFlag(FLAGS_test_name), "b");
}

TEST(FlagSetTest, PositionalArgumentsGoToTheTakerInOrder) {
  std::vector<std::string> taken;
  FlagSet flags;
  flags.Positional([&taken](const std::string& arg) -> absl::Status {
    if (taken.size() == 2) return absl::InvalidArgumentError("two at most, not " + arg);
    taken.push_back(arg);
    return absl::OkStatus();
  });
  EXPECT_TRUE(flags.Parse({"a", "--", "-b"}).ok());
  EXPECT_THAT(taken, ElementsAre("a", "-b"));
  EXPECT_EQ(flags.Parse({"c"}).message(), "two at most, not c");
}

TEST(FlagSetTest, WithoutATakerAPositionalIsUnknownInTheCommandsWords) {
  FlagSet flags;
  EXPECT_EQ(flags.Parse({"p"}).message(), "unknown flag: p");
  flags.UnknownFlagMessage(
      [](absl::string_view arg) { return absl::StrCat("unknown argument '", arg, "'"); });
  EXPECT_EQ(flags.Parse({"p"}).message(), "unknown argument 'p'");
  EXPECT_EQ(flags.Parse({"--bogus=1"}).message(), "unknown argument '--bogus=1'");
}

TEST(FlagSetTest, TwoSetsParsingInTurnShareNothing) {
  // The reason for FlagSet: options live in the caller's variables, not in
  // process-wide flags that one call leaves behind for the next.
  auto parse = [](const std::vector<std::string>& args) {
    bool strict = false;
    std::string filter;
    FlagSet flags;
    flags.Add("strict", &strict).Add("filter", &filter);
    EXPECT_TRUE(flags.Parse(args).ok());
    return std::pair(strict, filter);
  };
  EXPECT_EQ(parse({"--strict", "--filter=x"}), std::pair(true, std::string("x")));
  EXPECT_EQ(parse({}), std::pair(false, std::string()));
}

TEST(WantsHelpTest, HelpOrHBeforeTheEndOfFlags) {
  EXPECT_TRUE(WantsHelp({"--help"}));
  EXPECT_TRUE(WantsHelp({"cases", "-h"}));
  EXPECT_FALSE(WantsHelp({"cases"}));
  EXPECT_FALSE(WantsHelp({"--", "--help"}));  // a path named --help
}

struct CommandCase {
  const char* name;
  int (*command)(const std::vector<std::string>&);
};

class CommandHelpTest : public ::testing::TestWithParam<CommandCase> {};

// `onnx-conform COMMAND --help` is a question, not a mistake: usage on
// stdout and exit 0, even next to other (possibly bad) arguments.
TEST_P(CommandHelpTest, HelpPrintsUsageOnStdoutAndExitsZero) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"--help"}, {"-h"}, {"--no-such-flag", "--help"}}) {
    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    const int code = GetParam().command(args);
    const std::string out = testing::internal::GetCapturedStdout();
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(code, kExitOk) << args.back() << "\n" << err;
    EXPECT_THAT(out, HasSubstr(std::string("usage: onnx-conform ") + GetParam().name));
    EXPECT_EQ(err, "");
  }
}

INSTANTIATE_TEST_SUITE_P(
    EveryCommand, CommandHelpTest,
    ::testing::Values(CommandCase{"run", RunCommand}, CommandCase{"check", CheckCommand},
                      CommandCase{"schema", SchemaCommand},
                      CommandCase{"coverage", CoverageCommand},
                      CommandCase{"audit", AuditCommand}, CommandCase{"bodies", BodiesCommand},
                      CommandCase{"merge", MergeCommand}, CommandCase{"show", ShowCommand}),
    [](const ::testing::TestParamInfo<CommandCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace onnx_conform
