// Each subcommand's options parser: the exact message for an unknown flag
// and for a bad value, the values it reads; and options that do not leak
// from one call to the next in the same process, parsed or run (the reason
// the commands parse into options structs instead of process-wide flags).
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ops/suite_operators.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::StartsWith;

const fs::path kNodeCases = ONNX_CONFORM_SUITE_NODE_CASES;

// The message of the usage error that parsing `args` gives.
template <typename Options>
std::string Refusal(absl::StatusOr<Options> (*parse)(const std::vector<std::string>&),
                    const std::vector<std::string>& args) {
  absl::StatusOr<Options> parsed = parse(args);
  EXPECT_FALSE(parsed.ok()) << testing::PrintToString(args) << " was accepted";
  EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(parsed.status().message());
}

// A bad value, said in the suite's words (never absl's "Illegal value ...
// specified for flag"): `what` is "a whole number", "true or false", "a number".
std::string BadValue(const std::string& name, const std::string& value, const std::string& what) {
  return "--" + name + ": '" + value + "' is not " + what;
}

TEST(ParseRunOptionsTest, ReadsEveryKindOfFlag) {
  absl::StatusOr<RunOptions> options =
      ParseRunOptions({"-j", "4", "--strict", "--nopersistent", "--backend", "exec:./a b",
                       "--max-tensor-bytes=64K", "p1", "--report-json=r.json", "p2"});
  ASSERT_TRUE(options.ok()) << options.status();
  EXPECT_EQ(options->jobs, 4);
  EXPECT_TRUE(options->strict);
  EXPECT_FALSE(options->persistent);
  EXPECT_EQ(options->backend, "exec:./a b");
  EXPECT_EQ(options->limits.max_tensor_bytes, 64 << 10);
  EXPECT_EQ(options->report_json, "r.json");
  EXPECT_THAT(options->paths, ElementsAre("p1", "p2"));
  EXPECT_EQ(ParseRunOptions({"-j7", "p"})->jobs, 7);
  EXPECT_TRUE(ParseRunOptions({"--bogus", "--help"})->help);
}

TEST(ParseRunOptionsTest, RefusalsSayWhatIsWrong) {
  EXPECT_EQ(Refusal(ParseRunOptions, {"--bogus", "p"}), "unknown flag: --bogus");
  EXPECT_EQ(Refusal(ParseRunOptions, {"--jobs=x", "p"}), BadValue("jobs", "x", "a whole number"));
  EXPECT_EQ(Refusal(ParseRunOptions, {"-jx", "p"}), BadValue("jobs", "x", "a whole number"));
  EXPECT_EQ(Refusal(ParseRunOptions, {"-j", "abc", "p"}), "--jobs: 'abc' is not a whole number");
  EXPECT_EQ(Refusal(ParseRunOptions, {"--timeout=soon", "p"}),
            BadValue("timeout", "soon", "a number"));
  EXPECT_EQ(Refusal(ParseRunOptions, {"p", "--report-json"}), "flag --report-json needs a value");
  EXPECT_EQ(Refusal(ParseRunOptions, {"--report-jsn=r.json", "p"}),
            "unknown flag: --report-jsn=r.json (did you mean --report-json?)");
  EXPECT_EQ(Refusal(ParseRunOptions, {"--qiuet", "p"}),
            "unknown flag: --qiuet (did you mean --quiet?)");
  EXPECT_EQ(Refusal(ParseRunOptions, {"--quiet"}), "no PATH given");
  EXPECT_EQ(Refusal(ParseRunOptions, {"-j0", "p"}), "--jobs must be at least 1");
  EXPECT_EQ(Refusal(ParseRunOptions, {"--max-case-bytes=4GB", "p"}),
            "--max-case-bytes: '4GB' is not a positive byte count such as 1048576, 64K, 512M or "
            "4G");
  EXPECT_THAT(Refusal(ParseRunOptions, {"--filter=(", "p"}),
              StartsWith("--filter: bad regular expression '(': "));
}

TEST(ParseRunOptionsTest, ASecondParseStartsFromTheDefaults) {
  ASSERT_TRUE(ParseRunOptions({"--strict", "--quiet", "-j3", "--filter=x", "--backend=exec:a",
                               "--max-case-bytes=1M", "--shard=1/2", "p"})
                  .ok());
  absl::StatusOr<RunOptions> second = ParseRunOptions({"p"});
  ASSERT_TRUE(second.ok()) << second.status();
  const RunOptions defaults;
  EXPECT_FALSE(second->strict);
  EXPECT_FALSE(second->quiet);
  EXPECT_EQ(second->jobs, 1);
  EXPECT_EQ(second->filter, "");
  EXPECT_EQ(second->backend, "reference");
  EXPECT_EQ(second->shard, "");
  EXPECT_EQ(second->limits.max_case_bytes, defaults.limits.max_case_bytes);
  // The default follows the memory the process may use, shared by -j cases.
  EXPECT_EQ(second->limits.max_case_bytes, DefaultMaxCaseBytes(1));
  EXPECT_LE(second->limits.max_case_bytes, int64_t{8} << 30);  // the usage's "at most 8G"
  EXPECT_EQ(ParseRunOptions({"-j4", "p"})->limits.max_case_bytes, DefaultMaxCaseBytes(4));
  EXPECT_EQ(ParseRunOptions({"-j4", "--max-case-bytes=1M", "p"})->limits.max_case_bytes,
            int64_t{1} << 20);
  EXPECT_EQ(second->limits.max_tensor_bytes, int64_t{4} << 30);
}

TEST(ParseCheckOptionsTest, RefusalsAndNoLeak) {
  EXPECT_EQ(Refusal(ParseCheckOptions, {"--filter=x", "p"}), "unknown flag: --filter=x");
  EXPECT_EQ(Refusal(ParseCheckOptions, {"--json=maybe", "p"}),
            BadValue("json", "maybe", "true or false"));
  EXPECT_EQ(Refusal(ParseCheckOptions, {"--json"}), "no PATH given");
  EXPECT_TRUE(ParseCheckOptions({"--json", "p"})->json);
  EXPECT_FALSE(ParseCheckOptions({"p"})->json);
}

TEST(ParseSchemaOptionsTest, RefusalsAndNoLeak) {
  EXPECT_EQ(Refusal(ParseSchemaOptions, {"--bogus"}), "unknown flag: --bogus");
  EXPECT_EQ(Refusal(ParseSchemaOptions, {"--opset=ten"}),
            BadValue("opset", "ten", "a whole number"));
  EXPECT_EQ(ParseSchemaOptions({"--opset", "13", "Min"})->opset, 13);
  EXPECT_EQ(ParseSchemaOptions({"--opset=13", "Min"})->opset, 13);
  EXPECT_EQ(Refusal(ParseSchemaOptions, {"--opset=-1"}),
            "--opset must not be negative (0: not given)");
  absl::StatusOr<SchemaOptions> first = ParseSchemaOptions({"--opset", "10", "--changes", "Min"});
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->opset, 10);
  EXPECT_TRUE(first->changes);
  EXPECT_THAT(first->names, ElementsAre("Min"));
  absl::StatusOr<SchemaOptions> second = ParseSchemaOptions({});
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->opset, 0);
  EXPECT_FALSE(second->changes);
  EXPECT_FALSE(second->json);
}

TEST(ParseCoverageOptionsTest, TakesPathsAndNoFlag) {
  EXPECT_EQ(Refusal(ParseCoverageOptions, {"--bogus"}), "unknown flag: --bogus");
  // No flag takes a value: one given to --help is a flag of its own.
  EXPECT_EQ(Refusal(ParseCoverageOptions, {"--help=yes"}), "unknown flag: --help=yes");
  EXPECT_THAT(ParseCoverageOptions({"a", "b"})->paths, ElementsAre("a", "b"));
  EXPECT_THAT(ParseCoverageOptions({})->paths, IsEmpty());
}

TEST(ParseAuditOptionsTest, RefusalsAndNoLeak) {
  EXPECT_EQ(Refusal(ParseAuditOptions, {"--bogus"}), "unknown flag: --bogus");
  EXPECT_EQ(Refusal(ParseAuditOptions, {"--from=x"}),
            "--from needs an opset number (1 or more), not 'x'");
  EXPECT_EQ(Refusal(ParseAuditOptions, {"--fail-on"}), "flag --fail-on needs a value");
  EXPECT_THAT(Refusal(ParseAuditOptions, {"--fail-on=bogus"}),
              StartsWith("--fail-on: unknown finding kind 'bogus'"));
  EXPECT_EQ(Refusal(ParseAuditOptions, {"--model=m.onnx", "--shape=x=a"}),
            "--shape x=a: 'a' is not a dimension (0 or more)");
  EXPECT_EQ(Refusal(ParseAuditOptions, {"Min", "ArgMin"}),
            "one operator at most: 'Min' and 'ArgMin'");
  EXPECT_EQ(Refusal(ParseAuditOptions, {"--shape=x=1"}), "--write and --shape go with --model");
  absl::StatusOr<AuditOptions> first =
      ParseAuditOptions({"--json", "--from", "12", "--to=13", "--fail-on=none", "Min"});
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_TRUE(first->json);
  EXPECT_EQ(first->from, 12);
  EXPECT_EQ(first->to, 13);
  EXPECT_EQ(first->op, "Min");
  EXPECT_THAT(first->fail_on, testing::Optional(IsEmpty()));
  absl::StatusOr<AuditOptions> second = ParseAuditOptions({"--no-json"});
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_FALSE(second->json);
  EXPECT_FALSE(second->from.has_value());
  EXPECT_FALSE(second->op.has_value());
  EXPECT_FALSE(second->fail_on.has_value());
}

TEST(ParseBodiesOptionsTest, RefusalsAndNoLeak) {
  // --quiet as in run; --bodies-quiet, its old name, still works.
  EXPECT_EQ(Refusal(ParseBodiesOptions, {"--bodies-quiet=maybe"}),
            BadValue("quiet", "maybe", "true or false"));
  EXPECT_TRUE(ParseBodiesOptions({"--quiet"})->quiet);
  EXPECT_TRUE(ParseBodiesOptions({"--bodies-quiet"})->quiet);
  EXPECT_EQ(Refusal(ParseBodiesOptions, {"--quit"}),
            "unknown flag: --quit (did you mean --quiet?)");
  EXPECT_FALSE(ParseBodiesOptions({})->quiet);
}

TEST(ParseExploreOptionsTest, RefusalsAndNoLeak) {
  EXPECT_EQ(Refusal(ParseExploreOptions, {"--bogus"}), "unknown argument '--bogus'");
  EXPECT_EQ(Refusal(ParseExploreOptions, {"cases/"}), "unknown argument 'cases/'");
  // Said as every command says a bad value: the flag, the value, what it takes.
  EXPECT_EQ(Refusal(ParseExploreOptions, {"--cases=0"}), "--cases: '0' is not a whole number >= 1");
  EXPECT_EQ(Refusal(ParseExploreOptions, {"-jx"}), "--jobs: 'x' is not a whole number >= 1");
  EXPECT_EQ(Refusal(ParseExploreOptions, {"--version=13,x"}),
            "--version: 'x' is not an operator version (a whole number)");
  EXPECT_EQ(Refusal(ParseExploreOptions, {"--seconds=-1"}),
            "--seconds: '-1' is not a number of seconds > 0");
  EXPECT_EQ(Refusal(ParseExploreOptions, {"--op=Sigmoid"}),
            "--op: 'Sigmoid' is not one of Min, ArgMin, Clip, Max, ArgMax, Relu");
  for (const SuiteOperator& op : kSuiteOperators) {
    const std::string flag = absl::StrCat("--op=", std::string(op.op_type));
    if (op.scenario != NodeScenario::kNone) {
      EXPECT_TRUE(ParseExploreOptions({flag}).ok()) << flag;
    } else {
      EXPECT_EQ(Refusal(ParseExploreOptions, {flag}),
                absl::StrCat("--op: ", std::string(op.op_type),
                             " has no explore scenario (ops/operators.def names none)"));
    }
  }
  EXPECT_TRUE(ParseExploreOptions({"--op=Max,ArgMax"}).ok());
  EXPECT_EQ(Refusal(ParseExploreOptions, {"--type=string"}), "--type: unknown type 'string'");
  EXPECT_EQ(Refusal(ParseExploreOptions, {"--types=string"}), "--type: unknown type 'string'");
  EXPECT_EQ(Refusal(ParseExploreOptions, {"--tpye=float"}),
            "unknown argument '--tpye=float' (did you mean --type?)");
  EXPECT_EQ(Refusal(ParseExploreOptions, {"--cases=5", "--seconds=1"}),
            "give --cases or --seconds, not both");
  absl::StatusOr<ExploreCommandOptions> first = ParseExploreOptions(
      {"--op=Min", "--seed=7", "-j", "2", "--strict", "--persistent", "--seconds=3"});
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(first->explore.seed, 7u);
  EXPECT_EQ(first->explore.jobs, 2);
  EXPECT_TRUE(first->explore.strict);
  EXPECT_TRUE(first->persistent);
  EXPECT_EQ(first->explore.cases, 0);
  absl::StatusOr<ExploreCommandOptions> second = ParseExploreOptions({});
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(second->explore.seed, 1u);
  EXPECT_EQ(second->explore.jobs, 1);
  EXPECT_FALSE(second->explore.strict);
  EXPECT_FALSE(second->persistent);  // one process per case, as run
  EXPECT_EQ(second->explore.cases, 1000);
  EXPECT_GT(second->explore.cells.size(), first->explore.cells.size());  // every operator
}

TEST(ParseMergeOptionsTest, RefusalsAndNoLeak) {
  EXPECT_EQ(Refusal(ParseMergeOptions, {"--bogus", "r.json"}), "unknown flag: --bogus");
  EXPECT_EQ(Refusal(ParseMergeOptions, {"r.json", "--merge-title"}), "flag --title needs a value");
  EXPECT_EQ(Refusal(ParseMergeOptions, {"--report-json=all.json"}), "no REPORT given");
  EXPECT_EQ(Refusal(ParseMergeOptions, {"r.json"}),
            "nothing to write: give --scoreboard-html, --scoreboard-md, --report-json or --junit");
  EXPECT_EQ(ParseMergeOptions({"r.json", "--report-json=a", "--title=T"})->title, "T");
  EXPECT_EQ(ParseMergeOptions({"r.json", "--report-json=a", "--merge-title=T"})->title, "T");
  EXPECT_EQ(ParseMergeOptions({"r.json", "--report-json=a"})->title,
            "ONNX Conform: backends side by side");
}

TEST(ParseShowOptionsTest, RefusalsAndNoLeak) {
  EXPECT_EQ(Refusal(ParseShowOptions, {"--bogus", "c"}), "unknown flag: --bogus");
  EXPECT_EQ(Refusal(ParseShowOptions, {"--timeout=x", "c"}), BadValue("timeout", "x", "a number"));
  EXPECT_EQ(Refusal(ParseShowOptions, {"a", "b"}), "give exactly one CASE");
  EXPECT_EQ(ParseShowOptions({"--backend=reference", "c"})->backend, "reference");
  absl::StatusOr<ShowOptions> second = ParseShowOptions({"c"});
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->backend, "");  // only an explicit backend runs
  EXPECT_EQ(second->case_dir, "c");
}

TEST(ParseAdequacyOptionsTest, RefusalsAndNoLeak) {
  EXPECT_EQ(Refusal(ParseAdequacyCommandOptions, {"--bogus"}), "unknown flag: --bogus");
  EXPECT_EQ(Refusal(ParseAdequacyCommandOptions, {"-j", "x"}),
            BadValue("jobs", "x", "a whole number"));
  EXPECT_EQ(Refusal(ParseAdequacyCommandOptions, {"-j", "-1"}), "-j: must be 0 or more");
  EXPECT_EQ(Refusal(ParseAdequacyCommandOptions, {"--markdown", "cases"}),
            "--markdown measures its own case sets: give no PATH");
  absl::StatusOr<AdequacyCommandOptions> first =
      ParseAdequacyCommandOptions({"--bugs=a,b", "--op=Clip", "-j3", "--report-json=r", "p"});
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(first->bugs, "a,b");
  EXPECT_EQ(first->ops, "Clip");
  EXPECT_EQ(first->jobs, 3);
  EXPECT_EQ(first->report_json, "r");
  EXPECT_THAT(first->paths, ElementsAre("p"));
  absl::StatusOr<AdequacyCommandOptions> second = ParseAdequacyCommandOptions({});
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->bugs, "");
  EXPECT_EQ(second->jobs, 0);
  EXPECT_THAT(second->paths, IsEmpty());
}

// The commands themselves, called twice in a row: what the first call was
// given does not change what the second does.
struct Call {
  int code;
  std::string out, err;
};

Call Invoke(int (*command)(const std::vector<std::string>&, std::ostream&, std::ostream&),
            const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = command(args, out, err);
  return {code, out.str(), err.str()};
}

TEST(CommandsCalledTwiceTest, RunForgetsTheFirstCallsFilter) {
  const std::string one_case = (kNodeCases / "min_v13_float_nan").string();
  EXPECT_EQ(Invoke(RunCommand, {"--filter=^nothing$", one_case}).code, kExitUsage);
  const Call second = Invoke(RunCommand, {"--quiet", one_case});
  EXPECT_EQ(second.code, kExitOk) << second.err;
  EXPECT_THAT(second.out, HasSubstr("1 passed"));
  const Call third = Invoke(RunCommand, {one_case});
  EXPECT_THAT(third.out, HasSubstr("pass        min_v13_float_nan"));  // not --quiet
}

TEST(CommandsCalledTwiceTest, CheckAndSchemaForgetJson) {
  const fs::path garbage = fs::path(testing::TempDir()) / "twice_garbage.onnx";
  std::ofstream(garbage, std::ios::binary) << "not a model";
  EXPECT_THAT(Invoke(CheckCommand, {"--json", garbage.string()}).out, StartsWith("{"));
  EXPECT_THAT(Invoke(CheckCommand, {garbage.string()}).out,
              StartsWith(garbage.string() + ": error [MODEL-READ]"));
  EXPECT_THAT(Invoke(SchemaCommand, {"--json", "Clip-11"}).out, Not(HasSubstr("## Clip-11")));
  EXPECT_THAT(Invoke(SchemaCommand, {"Clip-11"}).out, StartsWith("## Clip-11"));
}

TEST(CommandsCalledTwiceTest, AuditForgetsJsonAndBodiesForgetsQuiet) {
  EXPECT_THAT(Invoke(AuditCommand, {"--json", "--from=12", "--to=13", "Min"}).out, StartsWith("{"));
  EXPECT_THAT(Invoke(AuditCommand, {"--from=12", "--to=13", "Min"}).out, Not(StartsWith("{")));
  const std::string clip = (kNodeCases / "clip_v13_float_inf_default_bounds").string();
  EXPECT_THAT(Invoke(BodiesCommand, {"--quiet", clip}).out, Not(HasSubstr("body follows")));
  EXPECT_THAT(Invoke(BodiesCommand, {clip}).out, HasSubstr("body follows"));
}

TEST(CommandsCalledTwiceTest, ShowForgetsTheBackendAndExploreTheSeed) {
  const std::string one_case = (kNodeCases / "min_v13_float_nan").string();
  EXPECT_EQ(Invoke(ShowCommand, {"--backend=no-such-backend", one_case}).code, kExitUsage);
  EXPECT_EQ(Invoke(ShowCommand, {one_case}).code, kExitOk);
  EXPECT_THAT(Invoke(ExploreCommand, {"--cases=3", "--op=Min", "--seed=7"}).out,
              HasSubstr("seed 7"));
  EXPECT_THAT(Invoke(ExploreCommand, {"--cases=3", "--op=Min"}).out, HasSubstr("seed 1:"));
}

}  // namespace
}  // namespace onnx_conform
