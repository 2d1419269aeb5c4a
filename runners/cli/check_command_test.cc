// The check and schema subcommands: exit codes, output lines, usage errors.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

struct Output {
  int code;
  std::string out;
  std::string err;
};

Output Invoke(int (*command)(const std::vector<std::string>&, std::ostream&, std::ostream&),
              std::vector<std::string> args) {
  std::ostringstream out, err;
  const int code = command(args, out, err);
  return {code, out.str(), err.str()};
}

const fs::path kOfficial = ONNX_CONFORM_OFFICIAL_NODE_TESTS;

TEST(CheckCommandTest, OfficialCaseIsClean) {
  if (!fs::is_directory(kOfficial)) GTEST_SKIP() << "no libonnx-testdata";
  Output r = Invoke(CheckCommand, {(kOfficial / "test_clip_default_int8_min").string()});
  EXPECT_EQ(r.code, kExitOk) << r.out << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, HasSubstr("0 errors"));
}

TEST(CheckCommandTest, BrokenModelFileExitsOneAndNamesRuleAndFile) {
  const fs::path file = fs::path(testing::TempDir()) / "check_command_garbage.onnx";
  std::ofstream(file, std::ios::binary) << "\xff\xff not a model";
  Output r = Invoke(CheckCommand, {file.string()});
  EXPECT_EQ(r.code, kExitFailed);
  EXPECT_THAT(r.out, HasSubstr(file.string() + ": error [MODEL-READ]"));
  r = Invoke(CheckCommand, {"--json", file.string()});
  EXPECT_EQ(r.code, kExitFailed);
  EXPECT_THAT(r.out, HasSubstr("\"rule\": \"MODEL-READ\""));
  // --report-json=FILE, as run names it: the JSON Lines in a file, the text
  // on stdout.
  const fs::path report = fs::path(testing::TempDir()) / "check_command_report.jsonl";
  fs::remove(report);
  r = Invoke(CheckCommand, {"--report-json=" + report.string(), file.string()});
  EXPECT_EQ(r.code, kExitFailed);
  EXPECT_THAT(r.out, HasSubstr(file.string() + ": error [MODEL-READ]"));
  std::ifstream in(report);
  std::stringstream lines;
  lines << in.rdbuf();
  EXPECT_THAT(lines.str(), HasSubstr("\"rule\": \"MODEL-READ\""));
  EXPECT_EQ(Invoke(CheckCommand, {"--report-json=/no/such/dir/r.jsonl", file.string()}).code,
            kExitUsage);
}

TEST(CheckCommandTest, ControlBytesInPathsAreEscaped) {
  const fs::path file = fs::path(testing::TempDir()) / "check\x1b[2J\nname.onnx";
  std::ofstream(file, std::ios::binary) << "\xff\xff not a model";
  Output r = Invoke(CheckCommand, {file.string()});
  EXPECT_EQ(r.code, kExitFailed);
  EXPECT_THAT(r.out, HasSubstr("check\\x1b[2J\\x0aname.onnx: error [MODEL-READ]"));
  EXPECT_THAT(r.out, Not(HasSubstr("\x1b")));
  fs::remove(file);
}

TEST(CheckCommandTest, UsageErrors) {
  EXPECT_EQ(Invoke(CheckCommand, {}).code, kExitUsage);
  EXPECT_EQ(Invoke(CheckCommand, {"/no/such/path"}).code, kExitUsage);
  EXPECT_EQ(Invoke(CheckCommand, {"--filter=x", "."}).code, kExitUsage);  // run's flag
  const fs::path empty = fs::path(testing::TempDir()) / "check_command_empty";
  fs::create_directories(empty);
  EXPECT_EQ(Invoke(CheckCommand, {empty.string()}).code, kExitUsage);
  EXPECT_EQ(Invoke(CheckCommand, {"--help"}).code, kExitOk);
}

TEST(SchemaCommandTest, OneVersionAsText) {
  Output r = Invoke(SchemaCommand, {"Clip-11"});
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_THAT(r.out, HasSubstr("## Clip-11"));
  EXPECT_THAT(r.out, HasSubstr("`min` (optional, T)"));
  EXPECT_THAT(r.out, Not(HasSubstr("## Clip-12")));
}

TEST(SchemaCommandTest, OpsetSelectsTheServingVersion) {
  Output r = Invoke(SchemaCommand, {"--opset=10", "min"});
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_THAT(r.out, HasSubstr("## Min-8"));
  EXPECT_THAT(r.out, Not(HasSubstr("## Min-6")));
}

TEST(SchemaCommandTest, JsonAndChanges) {
  Output json = Invoke(SchemaCommand, {"--json", "ArgMin-12"});
  EXPECT_EQ(json.code, kExitOk);
  EXPECT_THAT(json.out, HasSubstr("\"name\": \"select_last_index\""));
  Output changes = Invoke(SchemaCommand, {"--changes", "Min"});
  EXPECT_EQ(changes.code, kExitOk);
  EXPECT_THAT(changes.out, HasSubstr("## Min-12 -> Min-13"));
  EXPECT_THAT(changes.out, HasSubstr("T also allows bfloat16"));
}

TEST(SchemaCommandTest, UnknownOperatorOrVersionIsAUsageError) {
  Output unknown = Invoke(SchemaCommand, {"Frobnicate"});
  EXPECT_EQ(unknown.code, kExitUsage);
  EXPECT_THAT(unknown.err, HasSubstr("unknown operator 'Frobnicate'"));
  Output add = Invoke(SchemaCommand, {"Add-8"});
  EXPECT_EQ(add.code, kExitUsage);
  EXPECT_THAT(add.err, HasSubstr("opset 8 uses Add-7"));
  Output seven = Invoke(SchemaCommand, {"Min-7"});
  EXPECT_EQ(seven.code, kExitUsage);
  EXPECT_THAT(seven.err, HasSubstr("opset 7 uses Min-6"));
}

// Any operator ONNX defines prints as ONNX's definition, its origin marked.
TEST(SchemaCommandTest, OnnxDefinedOperators) {
  Output add = Invoke(SchemaCommand, {"add-14"});
  EXPECT_EQ(add.code, kExitOk);
  EXPECT_THAT(add.out, HasSubstr("## Add-14"));
  EXPECT_THAT(add.out, HasSubstr("From ONNX "));
  Output identity = Invoke(SchemaCommand, {"--opset=21", "Identity"});
  EXPECT_EQ(identity.code, kExitOk);
  EXPECT_THAT(identity.out, HasSubstr("## Identity-21"));
  Output own = Invoke(SchemaCommand, {"--opset=16", "Identity"});
  EXPECT_THAT(own.out, HasSubstr("## Identity-16"));
  EXPECT_THAT(own.out, Not(HasSubstr("From ONNX ")));
  Output ml = Invoke(SchemaCommand, {"--json", "--opset=3", "ai.onnx.ml.LabelEncoder"});
  EXPECT_EQ(ml.code, kExitOk);
  EXPECT_THAT(ml.out, HasSubstr("\"op_type\": \"LabelEncoder\", \"since_version\": 2"));
  EXPECT_THAT(ml.out, HasSubstr("\"origin\": \"onnx\""));
  Output bare = Invoke(SchemaCommand, {"LabelEncoder-4"});
  EXPECT_THAT(bare.out, HasSubstr("Domain ai.onnx.ml"));
  Output changes = Invoke(SchemaCommand, {"--changes", "Add"});
  EXPECT_THAT(changes.out, HasSubstr("## Add-13 -> Add-14"));
  EXPECT_THAT(changes.out, HasSubstr("T also allows tensor(uint8)"));
}

}  // namespace
}  // namespace onnx_conform
