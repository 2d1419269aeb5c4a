// Tests of `onnx-conform explore` (runners/explore/explore.h): the reference finds
// nothing in itself; each planted bug of oc-fake-adapter (bug-NAME modes,
// testing/fake_adapter/fake_adapter_bugs.h) is found within a bounded number of cases of
// a fixed seed and shrunk to a handful of elements; refusals and invalid
// models are classified by the checker; findings are written as node tests
// that `run` reads; the same seed gives the same findings.
#include "runners/explore/explore.h"

#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caseio/case_files.h"
#include "caseio/case_metadata.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "runners/harness/evaluate_model.h"
#include "testing/caseio_test_util.h"
#include "testing/explore_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::AnyOf;
using ::testing::HasSubstr;

std::unique_ptr<Backend> FakeBackend(const std::string& mode) { return FakeExploreBackend(mode); }

ExploreResult ExploreOrDie(Backend& backend, const ExploreOptions& options) {
  return ExploreOrFail(backend, options);
}

TEST(ExploreTest, ReferenceFindsNothingInItself) {
  std::unique_ptr<Backend> reference = MakeReferenceBackend();
  ExploreOptions options{.cells = CellsFor({}, {}, {}), .cases = 20000, .seed = 1};
  ExploreResult result = ExploreOrDie(*reference, options);
  EXPECT_EQ(result.cases, 20000);
  for (const ExploreFinding& f : result.findings) {
    ADD_FAILURE() << f.key << ": " << f.minimal.Describe() << ": " << f.detail;
  }
  // Both kinds were generated: mostly valid cases, some the checker refuses
  // (Min-1/6 with broadcast shapes).
  EXPECT_GT(result.valid_cases, 19000);
  EXPECT_LT(result.valid_cases, 20000);
}

struct PlantedBug {
  std::string mode;
  std::string op;
  int version;
  ElementType type;
  int64_t max_elements;  // the shrunk case's input elements, at most
};

class PlantedBugTest : public ::testing::TestWithParam<PlantedBug> {};

TEST_P(PlantedBugTest, FoundAndShrunk) {
  const PlantedBug& bug = GetParam();
  std::unique_ptr<Backend> fake = FakeBackend("bug-" + bug.mode);
  ExploreOptions options{
      .cells = CellsFor({bug.op}, {bug.version}, {bug.type}), .cases = 300, .seed = 1};
  ASSERT_EQ(options.cells.size(), 1u);
  ExploreResult result = ExploreOrDie(*fake, options);
  // One failure; the bug may also look like a documented other reading on
  // some cases (NaN -> +0 is what min-nan-ignored gives for Min(NaN, 0)):
  // those are divergences, no failure.
  std::vector<const ExploreFinding*> failures;
  for (const ExploreFinding& f : result.findings) {
    if (f.failure) {
      failures.push_back(&f);
    } else {
      EXPECT_EQ(f.kind, "divergent") << f.key;
    }
  }
  // Failures are grouped by signature: one bug may show in elements of
  // more than one kind (expected finite, expected inf), each shrunk.
  ASSERT_FALSE(failures.empty());
  EXPECT_TRUE(result.failed());
  for (const ExploreFinding* f : failures) {
    // Outputs that differ: in values, or in shape (keepdims ignored).
    EXPECT_THAT(f->kind, AnyOf("values", "shape")) << f->detail;
    EXPECT_LE(f->minimal.ElementCount(), bug.max_elements)
        << f->key << ": " << f->minimal.Describe();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Bugs, PlantedBugTest,
    ::testing::Values(PlantedBug{"argmin-tie-order", "ArgMin", 13, ElementType::kFloat, 2},
                      PlantedBug{"nan-rule", "Min", 13, ElementType::kFloat, 1},
                      PlantedBug{"broadcast", "Min", 13, ElementType::kInt32, 6},
                      PlantedBug{"clip-inverted", "Clip", 13, ElementType::kFloat, 3},
                      PlantedBug{"keepdims", "ArgMin", 13, ElementType::kInt64, 1},
                      PlantedBug{"clip6-float16-bound", "Clip", 6, ElementType::kFloat16, 1},
                      PlantedBug{"int64-through-double", "Min", 13, ElementType::kInt64, 1}),
    [](const auto& info) {
      std::string name = info.param.mode;
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

// Over many cells some first cases are large; shrinking takes every one of
// a NaN-as-zero bug down to a single element.
TEST(ExploreTest, ShrinkingTakesEveryCauseToItsSmallestCase) {
  std::unique_ptr<Backend> fake = FakeBackend("bug-nan-rule");
  ExploreOptions options{
      .cells = CellsFor({"Min"}, {}, {ElementType::kFloat, ElementType::kDouble}),
      .cases = 2000,
      .seed = 9};
  ExploreResult shrunk = ExploreOrDie(*fake, options);
  int64_t largest = 0;
  std::set<std::string> cells;
  for (const ExploreFinding& f : shrunk.findings) {
    for (const FindingCell& cell : f.cells) {
      largest = std::max(largest, cell.original_elements);
      cells.insert(absl::StrCat(cell.cell.version, ElementTypeName(cell.cell.type)));
      if (f.failure) EXPECT_EQ(cell.minimal_elements, 1) << cell.key;
    }
    if (!f.failure) continue;
    EXPECT_EQ(f.minimal.ElementCount(), 1) << f.key << ": " << f.minimal.Describe();
  }
  EXPECT_GT(largest, 4);
  // Every cell showed the bug; its cells are listed in the one cause.
  EXPECT_EQ(cells.size(), options.cells.size());
}

TEST(ExploreTest, InvalidModelAcceptedIsReported) {
  std::unique_ptr<Backend> fake = FakeBackend("bug-min6-broadcast");
  ExploreOptions options{.cells = CellsFor({"Min"}, {6}, {ElementType::kFloat}), .cases = 300};
  ExploreResult result = ExploreOrDie(*fake, options);
  ASSERT_EQ(result.findings.size(), 1u);
  EXPECT_EQ(result.findings[0].kind, "accepted-negative");
  EXPECT_FALSE(result.findings[0].reading.empty());  // the checker's rule
  EXPECT_LE(result.findings[0].minimal.ElementCount(), 2);
}

// An adapter's exit 3 is "unsupported", as run calls it (runners/harness/
// policy.h): reported, never a failure. Any other refusal of a valid case is.
TEST(ExploreTest, ValidModelRefusedIsReportedAndUnsupportedIsNoFailure) {
  std::unique_ptr<Backend> unsupported = FakeBackend("unsupported");
  ExploreOptions options{.cells = CellsFor({"ArgMin"}, {13}, {ElementType::kInt8}), .cases = 20};
  ExploreResult result = ExploreOrDie(*unsupported, options);
  ASSERT_EQ(result.findings.size(), 1u);
  EXPECT_EQ(result.findings[0].kind, "unsupported");
  EXPECT_FALSE(result.findings[0].failure);
  EXPECT_FALSE(result.failed());
  EXPECT_THAT(result.findings[0].detail, HasSubstr("no kernel"));

  std::unique_ptr<Backend> refusing = FakeBackend("exit-1");
  result = ExploreOrDie(*refusing, options);
  ASSERT_EQ(result.findings.size(), 1u);
  EXPECT_EQ(result.findings[0].kind, "adapter-error");
  EXPECT_EQ(result.findings[0].signature, "exit 1");
  EXPECT_TRUE(result.failed());
  EXPECT_EQ(result.findings[0].minimal.ElementCount(), 1);
}

TEST(ExploreTest, DivergenceIsNoFailureUnlessStrict) {
  std::unique_ptr<Backend> fake = FakeBackend("reading-min-nan-ignored");
  ExploreOptions options{.cells = CellsFor({"Min"}, {13}, {ElementType::kFloat}), .cases = 300};
  ExploreResult result = ExploreOrDie(*fake, options);
  ASSERT_EQ(result.findings.size(), 1u);
  EXPECT_EQ(result.findings[0].kind, "divergent");
  EXPECT_EQ(result.findings[0].reading, "min-nan-ignored");
  EXPECT_FALSE(result.failed());
  EXPECT_LE(result.findings[0].minimal.ElementCount(), 2);

  options.strict = true;
  EXPECT_TRUE(ExploreOrDie(*fake, options).failed());
}

TEST(ExploreTest, SameSeedSameFindingsWhateverJobs) {
  std::unique_ptr<Backend> fake = FakeBackend("bug-keepdims");
  ExploreOptions options{.cells = CellsFor({"ArgMin"}, {}, {}), .cases = 150, .seed = 9};
  ExploreResult one = ExploreOrDie(*fake, options);
  options.jobs = 3;
  ExploreResult three = ExploreOrDie(*fake, options);
  ASSERT_FALSE(one.findings.empty());
  ASSERT_EQ(one.findings.size(), three.findings.size());
  for (size_t i = 0; i < one.findings.size(); ++i) {
    EXPECT_EQ(one.findings[i].key, three.findings[i].key);
    EXPECT_EQ(one.findings[i].case_index, three.findings[i].case_index);
    EXPECT_EQ(one.findings[i].minimal.Describe(), three.findings[i].minimal.Describe());
  }
  options.seed = 10;
  ExploreResult other = ExploreOrDie(*fake, options);
  ASSERT_FALSE(other.findings.empty());
  // Its cells, in the order found, with the sizes of their first cases.
  auto cells = [](const ExploreResult& r) {
    std::string text;
    for (const ExploreFinding& f : r.findings) {
      for (const FindingCell& c : f.cells) absl::StrAppend(&text, c.key, c.original_elements, ";");
    }
    return text;
  };
  EXPECT_EQ(cells(one), cells(three));
  EXPECT_NE(cells(other), cells(one));
}

TEST(ExploreTest, FindingIsWrittenAsANodeTest) {
  const fs::path out = fs::path(::testing::TempDir()) / "explore_written";
  fs::remove_all(out);
  std::unique_ptr<Backend> fake = FakeBackend("bug-int64-through-double");
  ExploreOptions options{
      .cells = CellsFor({"Min"}, {13}, {ElementType::kInt64}), .cases = 300, .seed = 4, .out = out};
  ExploreResult result = ExploreOrDie(*fake, options);
  ASSERT_EQ(result.findings.size(), 1u);
  const fs::path folder = result.findings[0].folder;
  ASSERT_EQ(folder, out / "min_13_int64_values_value");
  absl::StatusOr<LoadedCase> loaded = LoadCase(folder);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  ASSERT_EQ(loaded->data_sets.size(), 1u);
  // The expected outputs are the reference's.
  absl::StatusOr<std::vector<Tensor>> outputs =
      RunModel(loaded->model, loaded->data_sets[0].inputs);
  ASSERT_TRUE(outputs.ok());
  ASSERT_EQ(outputs->size(), 1u);
  ASSERT_EQ(loaded->data_sets[0].outputs.size(), 1u);
  EXPECT_TRUE(std::equal((*outputs)[0].bytes().begin(), (*outputs)[0].bytes().end(),
                         loaded->data_sets[0].outputs[0].bytes().begin()));
  absl::StatusOr<std::optional<CaseMetadata>> metadata = ReadCaseMetadata(folder);
  ASSERT_TRUE(metadata.ok() && metadata->has_value());
  EXPECT_EQ((*metadata)->operator_(), "Min");
  EXPECT_EQ((*metadata)->seed(), 4u);
  EXPECT_EQ((*metadata)->finding(), "values");
  EXPECT_EQ((*metadata)->types(0), "int64");
  // `run` passes it on the reference and fails it on the planted bug.
  std::ostringstream run_out, run_err;
  EXPECT_EQ(RunCommand({"--quiet", folder.string()}, run_out, run_err), kExitOk);
  EXPECT_EQ(RunCommand({"--quiet",
                        std::string("--backend=exec:") + ONNX_CONFORM_FAKE_ADAPTER +
                            " bug-int64-through-double",
                        folder.string()},
                       run_out, run_err),
            kExitFailed);
}

TEST(ExploreCommandTest, ExitCodes) {
  std::ostringstream out, err;
  EXPECT_EQ(ExploreCommand({"--cases=200", "--seed=3"}, out, err), kExitOk);
  EXPECT_EQ(ExploreCommand(
                {"--op=Min", "--version=13", "--types=float16,int8", "--seconds=0.2", "-j", "2"},
                out, err),
            kExitOk);
  EXPECT_EQ(ExploreCommand({"--cases=5", "--seconds=1"}, out, err), kExitUsage);
  EXPECT_EQ(ExploreCommand({"--op=Sigmoid"}, out, err), kExitUsage);  // not in the registry
  EXPECT_EQ(ExploreCommand({"--op=Relu", "--cases=100", "--seed=3"}, out, err), kExitOk);
  EXPECT_EQ(ExploreCommand({"--op=Min", "--version=11"}, out, err), kExitUsage);  // no Min-11
  EXPECT_EQ(ExploreCommand({"--types=string"}, out, err), kExitUsage);
  EXPECT_EQ(ExploreCommand({"--bogus"}, out, err), kExitUsage);
  EXPECT_EQ(
      ExploreCommand({std::string("--backend=exec:") + ONNX_CONFORM_FAKE_ADAPTER + " bug-keepdims",
                      "--persistent", "--op=ArgMin", "--cases=100"},
                     out, err),
      kExitFailed);
}

}  // namespace
}  // namespace onnx_conform
