// Tests of explore's second round (issue 31), each against bugs planted in
// oc-fake-adapter (testing/fake_adapter/fake_adapter_bugs.h): a bug only a
// two-node graph shows, two bugs in one cell, minimal sizes after value
// and input shrinking, rare classes within the default number of cases and
// the statistics that show them, the adapter protocol, details naming the
// elements that make the verdict, two backends compared, one case replayed.
#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/commands.h"
#include "runners/explore/explore.h"
#include "runners/harness/case_runner.h"
#include "runners/harness/failure_signature.h"
#include "runners/harness/in_memory_case.h"
#include "runners/harness/policy.h"
#include "runners/harness/verdict.h"
#include "testing/explore_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

std::string Fake(const std::string& mode) { return FakeAdapterSpec(mode); }

std::unique_ptr<Backend> FakeBackend(const std::string& mode) { return FakeExploreBackend(mode); }

ExploreResult ExploreOrDie(Backend& backend, const ExploreOptions& options) {
  return ExploreOrFail(backend, options);
}

// The default number of cases of `explore`, seed 1, on one cell.
ExploreOptions OneCell(const std::string& op, int version, ElementType type) {
  ExploreOptions options{.cells = CellsFor({op}, {version}, {type}), .cases = 1000, .seed = 1};
  EXPECT_EQ(options.cells.size(), 1u);
  return options;
}

std::vector<const ExploreFinding*> Failures(const ExploreResult& result) {
  std::vector<const ExploreFinding*> failures;
  for (const ExploreFinding& f : result.findings) {
    if (f.failure) failures.push_back(&f);
  }
  return failures;
}

std::string Keys(const ExploreResult& result) {
  std::string keys;
  for (const ExploreFinding& f : result.findings) {
    keys += f.key + ": " + f.minimal.Describe() + ": " + f.detail + "\n";
  }
  return keys;
}

// 1. Graphs: a Clip fed by a Min that forgets its max is seen only in a
// graph of both, and shrunk to those two nodes.
TEST(ExploreGraphTest, BugOnlyInATwoNodeGraphIsFoundAndShrunkToTwoNodes) {
  std::unique_ptr<Backend> fake = FakeBackend("bug-fused-min-clip");
  ExploreResult result = ExploreOrDie(*fake, OneCell("Min", 13, ElementType::kFloat));
  // One finding per kind of element the bug spoils (expected a finite
  // value, a zero, an infinity), each a Min feeding a Clip.
  const std::vector<const ExploreFinding*> failures = Failures(result);
  ASSERT_FALSE(failures.empty()) << Keys(result);
  for (const ExploreFinding* f : failures) {
    const ExploreCase& minimal = f->minimal;
    EXPECT_EQ(f->kind, "values") << f->key;
    EXPECT_EQ(minimal.NodeCount(), 2) << minimal.Describe();
    ASSERT_EQ(minimal.chain.size(), 1u);
    EXPECT_EQ(minimal.chain[0].op, "Clip");
    EXPECT_EQ(minimal.inputs.size(), 1u) << minimal.Describe();
    EXPECT_LE(minimal.ElementCount(), 3) << minimal.Describe();
  }
}

// The checker accepts every graph explore generates, at every opset, and
// the reference runs it; but for the unequal input shapes a first node
// that does not broadcast (Min-1, 6) is given on purpose.
TEST(ExploreGraphTest, CheckerAcceptsEveryGeneratedGraph) {
  int64_t graphs = 0, less_where = 0, below_11 = 0;
  for (const ExploreCell& cell : CellsFor({}, {}, {})) {
    for (int64_t k = 0; k < 400; ++k) {
      const ExploreCase c = SteeredCaseGen(cell, k)(rc::Random(k + 1), 100).value();
      if (c.chain.empty()) continue;
      const auto unequal = [&c](const TensorSpec& t) { return t.shape != c.inputs[0].shape; };
      if (!Broadcasts(cell) && std::any_of(c.inputs.begin(), c.inputs.end(), unequal)) continue;
      ++graphs;
      below_11 += cell.version < 11;
      for (const ChainNode& n : c.chain) less_where += n.IsLessWhere();
      absl::StatusOr<BuiltCase> built = BuildCase(c);
      ASSERT_TRUE(built.ok()) << built.status();
      std::shared_ptr<const CheckedCase> checked =
          MakeReferenceCase("graph", built->model, built->inputs);
      ASSERT_EQ(FirstCheckerError(*checked), "") << c.Describe();
      ASSERT_EQ(checked->standing, CaseStanding::kRunnable)
          << c.Describe() << ": " << checked->standing_message;
    }
  }
  EXPECT_GT(graphs, 3000);
  EXPECT_GT(below_11, 300);     // Min, Max 1, 6, 8 and Clip 1, 6 make graphs too
  EXPECT_GT(less_where, 1000);  // Less+Where steps, in most cells
}

// 2. One finding per failure signature: a float16 Min that flips determined
// zero signs and flushes denormals gives two findings in one cell.
TEST(ExploreSignatureTest, TwoBugsInOneCellGiveTwoFindings) {
  std::unique_ptr<Backend> fake = FakeBackend("bug-sign-and-flush");
  ExploreResult result = ExploreOrDie(*fake, OneCell("Min", 13, ElementType::kFloat16));
  std::set<std::string> signatures;
  for (const ExploreFinding* f : Failures(result)) {
    EXPECT_EQ(f->kind, "values");
    signatures.insert(f->signature);
    EXPECT_EQ(f->minimal.ElementCount(), 1) << f->key << ": " << f->minimal.Describe();
  }
  EXPECT_EQ(signatures, (std::set<std::string>{"expected-denormal", "zero-sign"})) << Keys(result);
}

// 6. The detail names the elements that make the verdict: numpy's fmin
// ignores NaN (reading min-nan-ignored) but gives +0 for an all-NaN
// element, which follows no reading.
TEST(ExploreSignatureTest, DetailShowsTheElementsThatMakeTheVerdict) {
  ExploreCase c;
  c.cell = {"Min", 13, ElementType::kFloat};
  const uint64_t nan = 0x7FC00000, one = 0x3F800000, snan = 0x7F800001;
  c.inputs = {TensorSpec{{3}, {nan, one, snan}}, TensorSpec{{3}, {one, one, snan}}};
  absl::StatusOr<BuiltCase> built = BuildCase(c);
  ASSERT_TRUE(built.ok());
  std::shared_ptr<const CheckedCase> checked =
      MakeReferenceCase("fmin", built->model, built->inputs);
  std::unique_ptr<Backend> fake = FakeBackend("bug-fmin-nan");
  const BackendOutcome outcome = fake->Run(*checked, 0);
  ASSERT_EQ(outcome.kind, BackendOutcome::Kind::kOk) << outcome.message;
  const OutputsJudgement judgement = JudgeOutputs(*checked, 0, outcome.outputs, Tolerance::Exact());
  ASSERT_EQ(judgement.kind, OutputsJudgement::Kind::kMismatch);
  const VerdictElements analysis = VerdictElementsOf(*checked, 0, outcome.outputs, judgement);
  EXPECT_THAT(analysis.kinds, ElementsAre("expected-nan"));
  // [2] first, as the verdict's element; [0] after it, with its reading.
  const size_t verdict = analysis.detail.find("[2] expected nan");
  const size_t follower = analysis.detail.find("[0] follows min-nan-ignored");
  ASSERT_NE(verdict, std::string::npos) << analysis.detail;
  ASSERT_NE(follower, std::string::npos) << analysis.detail;
  EXPECT_LT(verdict, follower) << analysis.detail;
  EXPECT_THAT(analysis.detail, HasSubstr("got 0 (follows no reading)"));
}

// Explore and run name a cause alike: each finding's case, written as a
// node test and run with `run`'s harness on the same backend, gets the
// failure signature the finding was grouped by.
TEST(ExploreSignatureTest, RunGivesTheWrittenCaseTheFindingsCause) {
  std::unique_ptr<Backend> fake = FakeBackend("bug-sign-and-flush");
  ExploreOptions options = OneCell("Min", 13, ElementType::kFloat16);
  options.out = fs::path(::testing::TempDir()) / "explore_run_cause";
  fs::remove_all(options.out);
  const ExploreResult result = ExploreOrDie(*fake, options);
  const std::vector<const ExploreFinding*> failures = Failures(result);
  ASSERT_EQ(failures.size(), 2u) << Keys(result);
  for (const ExploreFinding* f : failures) {
    std::shared_ptr<const CheckedCase> c = OpenCase({.dir = f->folder});
    const CaseResult run = RunCase(*c, *fake);
    EXPECT_EQ(run.status, CaseStatus::kFail) << f->key;
    EXPECT_EQ(run.signature.kind, f->kind) << f->key;
    EXPECT_EQ(run.signature.rule, f->signature) << f->key;  // one element, one kind
  }
}

// 3. Shrinking values and inputs reaches the minimal sizes.
struct MinimalSize {
  std::string bug, op;
  int version;
  ElementType type;
  int64_t elements;  // the smallest case that shows the bug
  size_t inputs;     // data inputs of that case
};

class MinimalSizeTest : public ::testing::TestWithParam<MinimalSize> {};

TEST_P(MinimalSizeTest, ShrinksToTheSmallestCase) {
  const MinimalSize& m = GetParam();
  std::unique_ptr<Backend> fake = FakeBackend("bug-" + m.bug);
  ExploreResult result = ExploreOrDie(*fake, OneCell(m.op, m.version, m.type));
  const std::vector<const ExploreFinding*> failures = Failures(result);
  ASSERT_FALSE(failures.empty()) << Keys(result);
  for (const ExploreFinding* f : failures) {
    EXPECT_EQ(f->kind, "values") << f->key;
    EXPECT_LE(f->minimal.ElementCount(), m.elements) << f->key << ": " << f->minimal.Describe();
    EXPECT_EQ(f->minimal.inputs.size(), m.inputs) << f->key << ": " << f->minimal.Describe();
    EXPECT_GE(f->original_elements, f->minimal.ElementCount());
  }
}

INSTANTIATE_TEST_SUITE_P(Bugs, MinimalSizeTest,
                         ::testing::Values(
                             // Two int64 values a double cannot tell apart, one per input.
                             MinimalSize{"int64-compare-double", "Min", 12, ElementType::kInt64, 2,
                                         2},
                             // One denormal, no bounds.
                             MinimalSize{"clip-flush", "Clip", 11, ElementType::kFloat, 1, 1},
                             // One denormal into Relu (a one-input scenario).
                             MinimalSize{"relu-flush", "Relu", 14, ElementType::kFloat, 1, 1},
                             // 4. A rank-5 broadcast, found within the default number of cases:
                             // a rank-5 input and one broadcast input of two elements.
                             MinimalSize{"broadcast-rank5", "Min", 13, ElementType::kInt32, 4, 2},
                             // 4. Clip-13 with min > max: one element and both bounds.
                             MinimalSize{"clip-inverted", "Clip", 13, ElementType::kFloat, 3, 1}),
                         [](const auto& info) {
                           std::string name = info.param.bug;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// 4. Each feature class comes within the first few hundred cases of a cell.
TEST(ExploreStatisticsTest, EveryClassIsReachedWithinAFewHundredCases) {
  std::unique_ptr<Backend> reference = MakeReferenceBackend();
  struct Expected {
    std::string op;
    int version;
    std::vector<std::string> classes;
  };
  const std::vector<Expected> expected = {
      {"Min",
       13,
       {"rank 0",
        "rank 1",
        "rank 2",
        "rank 3",
        "rank 4",
        "rank 5",
        "rank 6",
        "inputs 1",
        "inputs 2",
        "inputs 3",
        "inputs 4",
        "broadcast to rank 5",
        "broadcast to rank 6",
        "empty dim",
        "size-1 dim",
        "value nan",
        "value inf",
        "value -0",
        "value denormal",
        "nodes 2",
        "nodes 3",
        "less-where"}},
      {"Clip",
       13,
       {"rank 5", "min given, max given", "min given, max skipped", "min skipped, max absent",
        "min absent, max given", "min absent, max absent", "min > max", "bounds from input",
        "bounds from initializer", "bounds from Constant", "nodes 2", "nodes 3", "less-where"}},
      {"ArgMin",
       13,
       {"rank 1", "rank 6", "axis negative", "axis given", "axis unset",
        "keepdims unset, select_last_index unset", "keepdims 0, select_last_index 1",
        "keepdims 1, select_last_index 0"}},
  };
  for (const Expected& e : expected) {
    ExploreOptions options = OneCell(e.op, e.version, ElementType::kFloat);
    options.cases = 300;
    ExploreResult result = ExploreOrDie(*reference, options);
    EXPECT_TRUE(result.findings.empty()) << Keys(result);
    for (const std::string& c : e.classes) {
      EXPECT_GT(result.statistics[c], 0) << e.op << ": " << c;
    }
  }
}

TEST(ExploreStatisticsTest, CommandPrintsTheStatistics) {
  std::ostringstream out, err;
  EXPECT_EQ(ExploreCommand({"--op=Clip", "--version=13", "--types=float", "--cases=200"}, out, err),
            kExitOk)
      << err.str();
  EXPECT_THAT(out.str(), HasSubstr("statistics (cases per feature class):"));
  EXPECT_THAT(out.str(), HasSubstr("  min > max: "));
  EXPECT_THAT(out.str(), HasSubstr("  rank 5: "));
  EXPECT_THAT(out.str(), HasSubstr("  less-where: "));
  std::ostringstream quiet;
  EXPECT_EQ(ExploreCommand({"--op=Clip", "--cases=20", "--no-statistics"}, quiet, err), kExitOk);
  EXPECT_THAT(quiet.str(), Not(HasSubstr("statistics")));
}

// 5. One protocol default for run and explore (one process per case); an
// adapter started with --persistent that does not serve is named at once.
TEST(ExploreProtocolTest, AnAdapterThatDoesNotServeIsNamedWithTheFlag) {
  std::ostringstream out, err;
  EXPECT_EQ(ExploreCommand({"--backend=" + Fake("quit"), "--persistent", "--op=Min", "--cases=50"},
                           out, err),
            kExitUsage);
  EXPECT_THAT(err.str(), HasSubstr("does not serve requests"));
  EXPECT_THAT(err.str(), HasSubstr("leave out --persistent"));
  EXPECT_THAT(out.str(), Not(HasSubstr("valid-refused")));

  // By default, one process per case: the same one-shot adapter works.
  std::ostringstream out2, err2;
  EXPECT_EQ(ExploreCommand({"--backend=" + Fake("bug-none"), "--op=Min", "--version=13",
                            "--types=float", "--cases=30"},
                           out2, err2),
            kExitOk)
      << out2.str() << err2.str();
}

// A case made in memory reaches an adapter with its outputs' shapes
// declared, as the library's cases do: an importer that needs them
// (OpenCV's) refuses none of explore's cases, graphs included.
TEST(ExploreProtocolTest, AdaptersGetDeclaredOutputShapes) {
  std::unique_ptr<Backend> fake = FakeBackend("shaped-outputs-only");
  ExploreOptions options = OneCell("Min", 13, ElementType::kFloat);
  options.cases = 300;
  const ExploreResult result = ExploreOrDie(*fake, options);
  int64_t graphs = 0;
  for (const auto& [name, count] : result.statistics) {
    if (absl::StartsWith(name, "nodes ") && name != "nodes 1") graphs += count;
  }
  EXPECT_GT(graphs, 0);
  EXPECT_TRUE(result.findings.empty()) << Keys(result);
}

TEST(ExploreProtocolTest, ExitThreeIsUnsupportedNeverAFailureInBothProtocols) {
  for (const char* persistent : {"--persistent", "--no-persistent"}) {
    std::ostringstream out, err;
    EXPECT_EQ(ExploreCommand({"--backend=" + Fake("unsupported"), persistent, "--op=ArgMin",
                              "--version=13", "--types=int8", "--cases=10"},
                             out, err),
              kExitOk)
        << persistent << ": " << out.str() << err.str();
    EXPECT_THAT(out.str(), HasSubstr("unsupported"));
    EXPECT_THAT(out.str(), HasSubstr("(0 failures"));
  }
}

// 7. Two backends compared: a NaN-as-zero backend against a correct one;
// the reference sides with the second.
TEST(ExploreAgainstTest, FindsAPlantedDifferenceBetweenTwoAdapters) {
  std::unique_ptr<Backend> a = FakeBackend("bug-nan-rule");
  std::unique_ptr<Backend> b = FakeBackend("bug-none");
  ExploreOptions options = OneCell("Min", 13, ElementType::kFloat);
  options.cases = 300;
  options.against = b.get();
  ExploreResult result = ExploreOrDie(*a, options);
  // Where the texts allow both (NaN ignored, reading min-nan-ignored) the
  // difference is listed, no failure.
  const std::vector<const ExploreFinding*> failures = Failures(result);
  ASSERT_EQ(failures.size(), 1u) << Keys(result);
  EXPECT_EQ(failures[0]->kind, "backends-differ");
  EXPECT_EQ(failures[0]->signature, "against-right");
  EXPECT_LE(failures[0]->minimal.ElementCount(), 1);
  for (const ExploreFinding& f : result.findings) {
    if (!f.failure) {
      EXPECT_EQ(f.signature, "both-right") << f.key;
    }
  }

  // Two equal backends: nothing.
  std::unique_ptr<Backend> c = FakeBackend("bug-none");
  options.against = c.get();
  EXPECT_TRUE(ExploreOrDie(*b, options).findings.empty());

  std::ostringstream out, err;
  EXPECT_EQ(
      ExploreCommand({"--backend=" + Fake("bug-nan-rule"), "--against=" + Fake("bug-none"),
                      "--persistent", "--op=Min", "--version=13", "--types=float", "--cases=200"},
                     out, err),
      kExitFailed);
  EXPECT_THAT(out.str(), HasSubstr("backends-differ against-right"));
}

// 8. One case replayed by its seed and index, from the command line or from
// the folder explore wrote.
TEST(ExploreReplayTest, OneCaseReplaysBySeedAndIndex) {
  std::unique_ptr<Backend> fake = FakeBackend("bug-nan-rule");
  ExploreOptions options = OneCell("Min", 13, ElementType::kFloat);
  options.cases = 300;
  options.seed = 5;
  options.out = fs::path(::testing::TempDir()) / "explore_replay";
  fs::remove_all(options.out);
  ExploreResult result = ExploreOrDie(*fake, options);
  const std::vector<const ExploreFinding*> failures = Failures(result);
  ASSERT_EQ(failures.size(), 1u) << Keys(result);
  const ExploreFinding& found = *failures[0];

  ExploreOptions replay = options;
  replay.out.clear();
  replay.replay = found.case_index;
  ExploreResult again = ExploreOrDie(*fake, replay);
  EXPECT_EQ(again.cases, 1);
  ASSERT_EQ(again.findings.size(), 1u);
  // Nothing shrunk: the replay names the case's cell and signature, one of
  // the cause's cells.
  std::vector<std::string> cell_keys;
  for (const FindingCell& cell : found.cells) cell_keys.push_back(cell.key);
  EXPECT_THAT(cell_keys, ::testing::Contains(again.findings[0].key));
  EXPECT_EQ(again.findings[0].case_index, found.case_index);
  EXPECT_EQ(again.findings[0].minimal.ElementCount(), found.original_elements);
  EXPECT_EQ(again.findings[0].shrink_steps, 0);

  std::ostringstream out, err;
  EXPECT_EQ(
      ExploreCommand({"--backend=" + Fake("bug-nan-rule"), "--replay=" + found.folder.string()},
                     out, err),
      kExitFailed)
      << err.str();
  EXPECT_THAT(out.str(), HasSubstr(again.findings[0].key));
  EXPECT_THAT(out.str(), HasSubstr("explore exec:"));
  EXPECT_THAT(out.str(), HasSubstr(": 1 cases"));
  std::ostringstream bad_out, bad_err;
  EXPECT_EQ(ExploreCommand({"--replay=3", "--op=Min"}, bad_out, bad_err), kExitUsage);
}

}  // namespace
}  // namespace onnx_conform
