// Tests of FlagSet, the flag parser every subcommand uses, on flags bound
// to the test's own variables, and of every subcommand's --help.
#include "runners/cli/cli.h"

#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/commands.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// The variables the flags of one test's FlagSet set: fresh for every test.
class CliTest : public ::testing::Test {
 protected:
  CliTest() {
    flags_.Add("test_name", &name_)
        .Add("test_count", &count_)
        .Add("test_verbose", &verbose_)
        .Add("test_report_json", &report_json_)
        .Positionals(&positional_);
  }

  absl::StatusOr<std::vector<std::string>> Parse(std::vector<std::string> args) {
    positional_.clear();
    absl::Status parsed = flags_.Parse(args);
    if (!parsed.ok()) return parsed;
    return positional_;
  }

  void ExpectUsageError(std::vector<std::string> args, const std::string& fragment) {
    absl::StatusOr<std::vector<std::string>> result = Parse(args);
    ASSERT_FALSE(result.ok()) << "accepted " << testing::PrintToString(args);
    EXPECT_EQ(result.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(result.status().message(), HasSubstr(fragment));
  }

  FlagSet flags_;
  std::string name_;
  int32_t count_ = 0;
  bool verbose_ = false;
  std::string report_json_;
  std::vector<std::string> positional_;
};

TEST_F(CliTest, NameEqualsValue) {
  absl::StatusOr<std::vector<std::string>> positional =
      Parse({"--test_name=abc", "--test_count=42"});
  ASSERT_TRUE(positional.ok()) << positional.status();
  EXPECT_TRUE(positional->empty());
  EXPECT_EQ(name_, "abc");
  EXPECT_EQ(count_, 42);
}

TEST_F(CliTest, ValueMayContainEqualsAndDashes) {
  ASSERT_TRUE(Parse({"--test_name=a=b--c"}).ok());
  EXPECT_EQ(name_, "a=b--c");
  ASSERT_TRUE(Parse({"--test_name="}).ok());
  EXPECT_EQ(name_, "");
  ASSERT_TRUE(Parse({"--test_count=-7"}).ok());
  EXPECT_EQ(count_, -7);
}

TEST_F(CliTest, NameSpaceValue) {
  absl::StatusOr<std::vector<std::string>> positional =
      Parse({"--test_name", "abc", "path", "--test_count", "3"});
  ASSERT_TRUE(positional.ok()) << positional.status();
  EXPECT_THAT(*positional, ElementsAre("path"));
  EXPECT_EQ(name_, "abc");
  EXPECT_EQ(count_, 3);
}

TEST_F(CliTest, MissingValueAtTheEnd) {
  ExpectUsageError({"--test_name"}, "--test-name");
  ExpectUsageError({"p", "--test_count"}, "needs a value");
}

TEST_F(CliTest, Booleans) {
  ASSERT_TRUE(Parse({"--test_verbose"}).ok());
  EXPECT_TRUE(verbose_);
  ASSERT_TRUE(Parse({"--notest_verbose"}).ok());
  EXPECT_FALSE(verbose_);
  ASSERT_TRUE(Parse({"--test_verbose=true"}).ok());
  EXPECT_TRUE(verbose_);
  ASSERT_TRUE(Parse({"--test_verbose=false"}).ok());
  EXPECT_FALSE(verbose_);
}

TEST_F(CliTest, BooleanDoesNotTakeTheNextArgument) {
  absl::StatusOr<std::vector<std::string>> positional = Parse({"--test_verbose", "false"});
  ASSERT_TRUE(positional.ok());
  EXPECT_TRUE(verbose_);
  EXPECT_THAT(*positional, ElementsAre("false"));
}

TEST_F(CliTest, NegationOnlyForBooleansAndWithoutValue) {
  ExpectUsageError({"--notest_name"}, "--notest_name");
  ExpectUsageError({"--notest_verbose=true"}, "--notest_verbose=true");
  ExpectUsageError({"--test_verbose=maybe"}, "--test-verbose: 'maybe' is not true or false");
}

TEST_F(CliTest, DoubleDashEndsFlags) {
  absl::StatusOr<std::vector<std::string>> positional =
      Parse({"a", "--test_name=x", "--", "--test_count=5", "-", "b"});
  ASSERT_TRUE(positional.ok()) << positional.status();
  EXPECT_THAT(*positional, ElementsAre("a", "--test_count=5", "-", "b"));
  EXPECT_EQ(name_, "x");
  EXPECT_EQ(count_, 0);  // after "--": not a flag
}

TEST_F(CliTest, DashesInNamesMapToUnderscores) {
  ASSERT_TRUE(Parse({"--test-report-json=out.json"}).ok());
  EXPECT_EQ(report_json_, "out.json");
  ASSERT_TRUE(Parse({"--test-report-json", "r-2.json"}).ok());
  EXPECT_EQ(report_json_, "r-2.json");  // the value keeps its dashes
  ASSERT_TRUE(Parse({"--test-verbose"}).ok());
  EXPECT_TRUE(verbose_);
  ASSERT_TRUE(Parse({"--notest-verbose"}).ok());
  EXPECT_FALSE(verbose_);
}

TEST_F(CliTest, SingleDashFlagsAsAbslAcceptsThem) {
  ASSERT_TRUE(Parse({"-test_name=z"}).ok());
  EXPECT_EQ(name_, "z");
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
  // test_nothing is a flag of another FlagSet, not of this one.
  bool nothing = false;
  FlagSet other;
  other.Add("test_nothing", &nothing);
  ExpectUsageError({"--test_nothing"}, "--test_nothing");
  EXPECT_FALSE(nothing);
  FlagSet only_name;
  only_name.Add("test_name", &name_);
  absl::Status parsed = only_name.Parse({"--test_count=3"});
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(count_, 0);
}

TEST_F(CliTest, AllowedButUndefinedFlagIsUnknown) {
  // A FlagSet without flags knows none, not even --help (the command's).
  FlagSet none;
  absl::Status parsed = none.Parse({"--test_never_defined=1"});
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(parsed.message(), "unknown flag: --test_never_defined=1");
}

TEST_F(CliTest, NoDashNegatesABooleanToo) {
  ASSERT_TRUE(Parse({"--test_verbose", "--no-test-verbose"}).ok());
  EXPECT_FALSE(verbose_);
  ASSERT_TRUE(Parse({"--test_verbose", "--no_test_verbose"}).ok());
  EXPECT_FALSE(verbose_);
  ExpectUsageError({"--no-test-name"}, "unknown flag: --no-test-name");
  ExpectUsageError({"--no-test-verbose=false"}, "unknown flag: --no-test-verbose=false");
}

// A bad value names the flag as help spells it and what it takes, not
// absl's words ("Illegal value ... specified for flag").
TEST_F(CliTest, BadValueSaysWhatTheFlagTakes) {
  absl::StatusOr<std::vector<std::string>> result = Parse({"--test_count=abc"});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().message(), "--test-count: 'abc' is not a whole number");
  result = Parse({"--test-verbose=maybe"});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().message(), "--test-verbose: 'maybe' is not true or false");
  result = Parse({"--test_name"});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().message(), "flag --test-name needs a value");
}

TEST_F(CliTest, AliasIsAnotherSpellingOfTheFlag) {
  flags_.Alias("old_count", "test_count");
  ASSERT_TRUE(Parse({"--old-count=5"}).ok());
  EXPECT_EQ(count_, 5);
  ASSERT_TRUE(Parse({"--old_count", "6"}).ok());
  EXPECT_EQ(count_, 6);
  // Messages give the flag's own name.
  ExpectUsageError({"--old-count=x"}, "--test-count: 'x' is not a whole number");
}

TEST_F(CliTest, UnknownFlagSuggestsTheClosest) {
  ExpectUsageError({"--test-cuont=3"}, "unknown flag: --test-cuont=3 (did you mean --test-count?)");
  ExpectUsageError({"--test_verbos"}, "(did you mean --test-verbose?)");
  // An alias close to the typed name suggests the flag's own name.
  flags_.Alias("legacy_spelling", "test_name");
  ExpectUsageError({"--legacy-speling=a"}, "(did you mean --test-name?)");
  // Nothing close: no suggestion.
  absl::StatusOr<std::vector<std::string>> far = Parse({"--bogus"});
  ASSERT_FALSE(far.ok());
  EXPECT_EQ(far.status().message(), "unknown flag: --bogus");
}

TEST(ClosestNameTest, TyposWithinAThirdOfTheName) {
  const std::vector<std::string> commands = {"run", "check", "schema", "merge", "explore"};
  EXPECT_EQ(ClosestName("rn", commands), "run");
  EXPECT_EQ(ClosestName("RUN", commands), "run");
  EXPECT_EQ(ClosestName("chekc", commands), "check");  // a swap is one edit
  EXPECT_EQ(ClosestName("exlpore", commands), "explore");
  EXPECT_EQ(ClosestName("xyz", commands), std::nullopt);
  EXPECT_EQ(ClosestName("scheme-of-things", commands), std::nullopt);
  EXPECT_EQ(ClosestName("", commands), std::nullopt);
}

TEST_F(CliTest, ShorthandStandsForTheFlag) {
  flags_.Shorthand('c', "test_count");
  ASSERT_TRUE(Parse({"-c", "3", "p"}).ok());
  EXPECT_EQ(count_, 3);
  EXPECT_THAT(positional_, ElementsAre("p"));
  ASSERT_TRUE(Parse({"-c4"}).ok());
  EXPECT_EQ(count_, 4);
  ExpectUsageError({"-cx"}, "--test-count: 'x' is not a whole number");
  ExpectUsageError({"-c"}, "unknown flag: -c");  // no value follows
  ASSERT_TRUE(Parse({"--", "-c5"}).ok());        // after "--": a positional argument
  EXPECT_EQ(count_, 4);
  EXPECT_THAT(positional_, ElementsAre("-c5"));
}

TEST_F(CliTest, AValueSetterSaysWhatIsWrongInItsOwnWords) {
  std::vector<int> sizes;
  flags_.AddValue("test_sizes", [&sizes](absl::string_view value) -> absl::Status {
    if (value == "big") return absl::InvalidArgumentError("--test-sizes: 'big' is no size");
    sizes.push_back(static_cast<int>(value.size()));
    return absl::OkStatus();
  });
  ASSERT_TRUE(Parse({"--test-sizes=ab", "--test-sizes", "abc"}).ok());
  EXPECT_THAT(sizes, ElementsAre(2, 3));
  ExpectUsageError({"--test-sizes=big"}, "--test-sizes: 'big' is no size");
  EXPECT_EQ(Parse({"--test-sizes=big"}).status().message(), "--test-sizes: 'big' is no size");
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

TEST_F(CliTest, BadValueForIntFlag) {
  ExpectUsageError({"--test_count=abc"}, "--test-count");
  ExpectUsageError({"--test_count=abc"}, "'abc'");
  ExpectUsageError({"--test_count", "1.5"}, "--test-count");
  ExpectUsageError({"--test_count=99999999999"}, "--test-count");
  EXPECT_EQ(count_, 0);
}

TEST_F(CliTest, PositionalOrderIsPreserved) {
  absl::StatusOr<std::vector<std::string>> positional =
      Parse({"p1", "--test_name=x", "p2", "--test_count", "3", "p3", "--test_verbose", "p4"});
  ASSERT_TRUE(positional.ok()) << positional.status();
  EXPECT_THAT(*positional, ElementsAre("p1", "p2", "p3", "p4"));
  EXPECT_EQ(name_, "x");
  EXPECT_EQ(count_, 3);
  EXPECT_TRUE(verbose_);
}

TEST_F(CliTest, NoArguments) {
  absl::StatusOr<std::vector<std::string>> positional = Parse({});
  ASSERT_TRUE(positional.ok());
  EXPECT_TRUE(positional->empty());
}

TEST_F(CliTest, LastValueWins) {
  ASSERT_TRUE(Parse({"--test_name=a", "--test_name=b"}).ok());
  EXPECT_EQ(name_, "b");
}

TEST(WantsHelpTest, HelpOrHBeforeTheEndOfFlags) {
  EXPECT_TRUE(WantsHelp({"--help"}));
  EXPECT_TRUE(WantsHelp({"cases", "-h"}));
  EXPECT_FALSE(WantsHelp({"cases"}));
  EXPECT_FALSE(WantsHelp({"--", "--help"}));  // a path named --help
}

struct CommandCase {
  const char* name;
  int (*command)(const std::vector<std::string>&, std::ostream&, std::ostream&);
};

// The command's name, not the struct's bytes, in the test's description
// (ctest's test names carry it: they stay the same from one build to the next).
void PrintTo(const CommandCase& c, std::ostream* os) { *os << c.name; }

class CommandHelpTest : public ::testing::TestWithParam<CommandCase> {};

// `onnx-conform COMMAND --help` is a question, not a mistake: usage on the
// output stream (stdout) and exit 0, even next to other (possibly bad) arguments.
TEST_P(CommandHelpTest, HelpPrintsUsageOnStdoutAndExitsZero) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"--help"}, {"-h"}, {"--no-such-flag", "--help"}}) {
    std::ostringstream out, err;
    const int code = GetParam().command(args, out, err);
    EXPECT_EQ(code, kExitOk) << args.back() << "\n" << err.str();
    EXPECT_THAT(out.str(), HasSubstr(std::string("usage: onnx-conform ") + GetParam().name));
    EXPECT_EQ(err.str(), "");
  }
}

INSTANTIATE_TEST_SUITE_P(
    EveryCommand, CommandHelpTest,
    ::testing::Values(CommandCase{"run", RunCommand}, CommandCase{"check", CheckCommand},
                      CommandCase{"schema", SchemaCommand},
                      CommandCase{"coverage", CoverageCommand}, CommandCase{"audit", AuditCommand},
                      CommandCase{"bodies", BodiesCommand}, CommandCase{"explore", ExploreCommand},
                      CommandCase{"merge", MergeCommand}, CommandCase{"show", ShowCommand},
                      CommandCase{"adequacy", AdequacyCommand}),
    [](const ::testing::TestParamInfo<CommandCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace onnx_conform
