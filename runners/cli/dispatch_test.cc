// The command line above the subcommands (runners/cli/dispatch.h): the
// top-level usage made from the command table, --version, and unknown
// commands.
#include "runners/cli/dispatch.h"

#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "checker/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "tensor/vector_isa.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::Not;
using ::testing::StartsWith;

struct Invocation {
  int code;
  std::string out, err;
};

Invocation Invoke(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = Dispatch(args, out, err);
  return {code, out.str(), err.str()};
}

// Each command has one line, "  NAME SYNOPSIS  SUMMARY", its own summary,
// and every summary starts in the same column.
TEST(MainUsageTest, OneAlignedLinePerCommandWithItsOwnSummary) {
  const std::string usage = MainUsage();
  const std::vector<std::string> lines = absl::StrSplit(usage, '\n');
  std::optional<size_t> column;
  for (const CommandEntry& command : CommandTable()) {
    const std::string start = absl::StrCat("  ", command.name, " ", command.synopsis);
    int found = 0;
    for (const std::string& line : lines) {
      if (!absl::StartsWith(line, start + " ")) continue;
      ++found;
      const size_t at = line.find(std::string(command.summary));
      ASSERT_NE(at, std::string::npos) << "'" << line << "' lacks " << command.name << "'s summary";
      EXPECT_EQ(at + command.summary.size(), line.size()) << line;
      if (!column.has_value()) column = at;
      EXPECT_EQ(at, *column) << "misaligned: '" << line << "'";
    }
    EXPECT_EQ(found, 1) << command.name;
  }
  // The line after bodies' is not another command's description.
  EXPECT_THAT(usage, Not(HasSubstr("bodies [PATH...]   (")));
}

// Every usage text, the top-level one and each command's --help, fits a
// terminal of 100 columns.
TEST(MainUsageTest, NoHelpLineOverOneHundredColumns) {
  std::vector<std::pair<std::string, std::string>> texts = {{"onnx-conform", MainUsage()}};
  for (const CommandEntry& command : CommandTable()) {
    Invocation help = Invoke({std::string(command.name), "--help"});
    ASSERT_EQ(help.code, kExitOk) << command.name << ": " << help.err;
    EXPECT_THAT(help.out, StartsWith(absl::StrCat("usage: onnx-conform ", command.name)));
    texts.emplace_back(command.name, help.out);
  }
  for (const auto& [name, text] : texts) {
    for (absl::string_view line : absl::StrSplit(text, '\n')) {
      EXPECT_LE(line.size(), 100u) << name << ": '" << line << "'";
    }
  }
}

TEST(DispatchTest, HelpOnStdoutNoCommandOnStderr) {
  for (const char* help : {"--help", "-h", "help"}) {
    Invocation asked = Invoke({help});
    EXPECT_EQ(asked.code, kExitOk);
    EXPECT_EQ(asked.out, MainUsage());
    EXPECT_EQ(asked.err, "");
  }
  Invocation none = Invoke({});
  EXPECT_EQ(none.code, kExitUsage);
  EXPECT_EQ(none.err, MainUsage());
}

TEST(DispatchTest, VersionNamesSuiteOnnxReleaseAndVectorIsa) {
  for (const char* version : {"--version", "version"}) {
    Invocation asked = Invoke({version});
    EXPECT_EQ(asked.code, kExitOk) << asked.err;
    EXPECT_EQ(asked.err, "");
    const std::vector<std::string> lines = absl::StrSplit(asked.out, '\n');
    ASSERT_GE(lines.size(), 3u) << asked.out;
    EXPECT_THAT(lines[0], MatchesRegex("onnx-conform [0-9]+\\.[0-9]+\\.[0-9]+"));
    EXPECT_EQ(lines[1], absl::StrCat("ONNX operator definitions: ", OnnxSchemasRelease(),
                                     " (opset ", OnnxSchemasNewestOpset(), ")"));
    EXPECT_THAT(lines[2],
                StartsWith(absl::StrCat("vector ISA: ", VectorIsaName(ActiveVectorIsa()))));
  }
}

TEST(DispatchTest, UnknownCommandSuggestsTheClosest) {
  Invocation typo = Invoke({"rn", "cases/node"});
  EXPECT_EQ(typo.code, kExitUsage);
  EXPECT_EQ(typo.out, "");
  EXPECT_THAT(typo.err,
              StartsWith("onnx-conform: unknown command 'rn' (did you mean 'run'?)\nusage:"));
  EXPECT_THAT(Invoke({"chekc"}).err, HasSubstr("(did you mean 'check'?)"));
  EXPECT_THAT(Invoke({"verison"}).err, HasSubstr("(did you mean 'version'?)"));
  Invocation far = Invoke({"frobnicate"});
  EXPECT_EQ(far.code, kExitUsage);
  EXPECT_THAT(far.err, StartsWith("onnx-conform: unknown command 'frobnicate'\n"));
}

TEST(DispatchTest, RunsTheNamedCommandWithTheRest) {
  // `schema Min --json`: schema's own output, not the usage.
  Invocation schema = Invoke({"schema", "--json", "Min"});
  EXPECT_EQ(schema.code, kExitOk) << schema.err;
  EXPECT_THAT(schema.out, HasSubstr("\"Min\""));
  Invocation bad = Invoke({"run", "-j", "abc", "cases"});
  EXPECT_EQ(bad.code, kExitUsage);
  EXPECT_THAT(bad.err, StartsWith("onnx-conform run: --jobs: 'abc' is not a whole number\n"));
  EXPECT_THAT(bad.err, Not(HasSubstr("Illegal value")));
}

}  // namespace
}  // namespace onnx_conform
