// --op, --version and --type (runners/cli/case_selection.h): the same
// selection in run (with --list), check and bodies, judged against the
// labels `run --list` prints for every case.
#include "runners/cli/case_selection.h"

#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/commands.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::StartsWith;

const fs::path kNodeCases = ONNX_CONFORM_SUITE_NODE_CASES;
const fs::path kOfficial = ONNX_CONFORM_OFFICIAL_NODE_TESTS;

struct Output {
  int code;
  std::string out, err;
};

Output Invoke(int (*command)(const std::vector<std::string>&, std::ostream&, std::ostream&),
              const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = command(args, out, err);
  return {code, out.str(), err.str()};
}

// One line of `run --list`: path, operator, version, types.
struct Listed {
  std::string path, op, types;
  int64_t version = 0;
  bool operator<(const Listed& other) const { return path < other.path; }
};

std::vector<Listed> List(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"--list"};
  all.insert(all.end(), args.begin(), args.end());
  Output listed = Invoke(RunCommand, all);
  EXPECT_EQ(listed.code, kExitOk) << listed.err;
  std::vector<Listed> cases;
  for (absl::string_view line : absl::StrSplit(listed.out, '\n', absl::SkipEmpty())) {
    std::vector<std::string> fields = absl::StrSplit(line, '\t');
    EXPECT_EQ(fields.size(), 4u) << line;
    if (fields.size() != 4) continue;
    Listed c{.path = fields[0], .op = fields[1], .types = fields[3]};
    EXPECT_TRUE(absl::SimpleAtoi(fields[2], &c.version)) << line;
    cases.push_back(c);
  }
  return cases;
}

std::string FirstType(const std::string& types) { return types.substr(0, types.find(',')); }

TEST(CaseSelectionTest, EachFlagGivenMustMatch) {
  const CaseLabels min13{.op = "Min", .op_version = 13, .opset = 13, .types = "float16,float16"};
  EXPECT_TRUE((CaseSelection{}.Matches(min13)));
  EXPECT_TRUE((CaseSelection{.ops = {"Max", "min"}}.Matches(min13)));  // case ignored
  EXPECT_FALSE((CaseSelection{.ops = {"Max"}}.Matches(min13)));
  EXPECT_TRUE((CaseSelection{.versions = {12, 13}}.Matches(min13)));
  EXPECT_FALSE((CaseSelection{.versions = {12}}.Matches(min13)));
  EXPECT_TRUE((CaseSelection{.types = {"float16"}}.Matches(min13)));
  EXPECT_FALSE((CaseSelection{.types = {"float"}}.Matches(min13)));
  // The first input's type is the one a case is filed under.
  EXPECT_FALSE((CaseSelection{.types = {"int64"}}.Matches({.op = "Clip", .types = "float,int64"})));
  EXPECT_FALSE((CaseSelection{.ops = {"Min"}, .versions = {12}}.Matches(min13)));
  EXPECT_EQ((CaseSelection{.ops = {"Min", "Max"}, .versions = {13}, .types = {"float"}}.Flags()),
            " --op=Min,Max --version=13 --type=float");
}

TEST(CaseSelectionTest, BadValuesNameTheFlag) {
  CaseSelection selection;
  FlagSet flags;
  AddSelectionFlags(flags, &selection);
  EXPECT_EQ(flags.Parse({"--version=13,x"}).message(),
            "--version: 'x' is not an operator version (a whole number >= 1)");
  EXPECT_EQ(flags.Parse({"--version=0"}).message(),
            "--version: '0' is not an operator version (a whole number >= 1)");
  EXPECT_EQ(flags.Parse({"--type=flaot"}).message(),
            "--type: 'flaot' is not an ONNX element type name (float, float16, int64, ...)");
  EXPECT_EQ(flags.Parse({"--op=Min,"}).message(), "--op: 'Min,' has an empty operator name");
  selection = {};
  ASSERT_TRUE(flags.Parse({"--op=Min,Max", "--version", "12", "--types=float16"}).ok());
  EXPECT_EQ(selection.Flags(), " --op=Min,Max --version=12 --type=float16");
}

// `run --list --op --version --type` lists exactly the cases of the whole
// list whose labels match.
TEST(CaseSelectionTest, RunListPrintsTheSelectedCasesOnly) {
  const std::vector<Listed> every = List({kNodeCases.string()});
  ASSERT_GT(every.size(), 100u);
  std::set<Listed> expected;
  for (const Listed& c : every) {
    if (c.op == "Clip" && (c.version == 12 || c.version == 13) && FirstType(c.types) == "int8") {
      expected.insert(c);
    }
  }
  ASSERT_FALSE(expected.empty());
  const std::vector<Listed> selected =
      List({"--op=Clip", "--version=12,13", "--type=int8", kNodeCases.string()});
  std::set<std::string> selected_paths, expected_paths;
  for (const Listed& c : selected) selected_paths.insert(c.path);
  for (const Listed& c : expected) expected_paths.insert(c.path);
  EXPECT_EQ(selected_paths, expected_paths);
}

TEST(CaseSelectionTest, OfficialCasesWithoutCaseJsonAreSelectedByTheirModel) {
  if (!fs::is_directory(kOfficial / "test_min_example")) GTEST_SKIP() << "no libonnx-testdata";
  const std::vector<Listed> selected = List({"--op=ArgMax", "--type=float", kOfficial.string()});
  ASSERT_FALSE(selected.empty());
  for (const Listed& c : selected) {
    EXPECT_EQ(c.op, "ArgMax") << c.path;
    EXPECT_EQ(FirstType(c.types), "float") << c.path;
    EXPECT_THAT(fs::path(c.path).filename().string(), StartsWith("test_argmax")) << c.path;
  }
}

TEST(CaseSelectionTest, ASelectionOfNoCaseIsAUsageErrorSayingIt) {
  Output none = Invoke(RunCommand, {"--op=Min", "--version=999", kNodeCases.string()});
  EXPECT_EQ(none.code, kExitUsage);
  EXPECT_THAT(none.err, StartsWith("onnx-conform run: no case under the given PATHs matches "
                                   "--op=Min --version=999\n"));
}

TEST(CaseSelectionTest, CheckTakesTheSameSelection) {
  size_t min_cases = 0;
  for (const Listed& c : List({kNodeCases.string()})) min_cases += c.op == "Min" && c.version == 8;
  ASSERT_GT(min_cases, 0u);
  Output checked = Invoke(CheckCommand, {"--op=min", "--version=8", kNodeCases.string()});
  EXPECT_EQ(checked.code, kExitOk) << checked.err;
  EXPECT_THAT(checked.err, StartsWith(absl::StrCat("checked ", min_cases, " paths:")));
}

TEST(CaseSelectionTest, BodiesTakesTheSameSelection) {
  // Clip-13 is the function-defined version: Min has none.
  Output min = Invoke(BodiesCommand, {"--quiet", "--op=Min", kNodeCases.string()});
  EXPECT_EQ(min.code, kExitOk) << min.err;
  EXPECT_THAT(min.out, StartsWith("0 cases with a function-defined node"));
  // Each Clip-13 case holds the Clip node, but for its _expanded twin,
  // which holds the body already.
  size_t clip13_int8 = 0;
  for (const Listed& c : List({"--op=Clip", "--version=13", "--type=int8", kNodeCases.string()})) {
    clip13_int8 += !absl::EndsWith(c.path, "_expanded");
  }
  ASSERT_GT(clip13_int8, 0u);
  Output clip = Invoke(
      BodiesCommand, {"--quiet", "--op=Clip", "--version=13", "--type=int8", kNodeCases.string()});
  EXPECT_EQ(clip.code, kExitOk) << clip.err;
  EXPECT_THAT(clip.out, StartsWith(absl::StrCat(clip13_int8, " cases with a function-defined")));
}

}  // namespace
}  // namespace onnx_conform
