// The catalogue, a smoke run on a sample, and the library against every
// bug: each counted bug killed, each reading mutant divergent, and a bug
// surviving once the cases that kill it are taken away.
#include "runners/adequacy/adequacy.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "caseio/case_loader.h"
#include "cases/coverage.h"
#include "checker/registry.h"
#include "gtest/gtest.h"
#include "runners/adequacy/adequacy_report.h"
#include "runners/cli/commands.h"
#include "runners/harness/policy.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

const fs::path kNode = ONNX_CONFORM_SUITE_NODE_CASES;

int Jobs() { return static_cast<int>(std::max(2u, std::thread::hardware_concurrency())); }

const BugResult& ResultOf(const AdequacyReport& report, absl::string_view name) {
  for (const BugResult& r : report.bugs) {
    if (r.bug->name == name) return r;
  }
  ADD_FAILURE() << "no bug " << name;
  std::abort();
}

TEST(BugCatalogueTest, AtLeastFortyNamedDocumentedBugsOverEveryOperator) {
  std::set<std::string> names, ops;
  int counted = 0, readings = 0;
  for (const Bug& bug : BugCatalogue()) {
    EXPECT_TRUE(names.insert(bug.name).second) << "two bugs named " << bug.name;
    EXPECT_FALSE(bug.doc.empty()) << bug.name;
    EXPECT_FALSE(BugVersions(bug).empty()) << bug.name << " applies to no version";
    EXPECT_TRUE(bug.before || bug.after) << bug.name << " edits nothing";
    counted += bug.kind == BugKind::kBug;
    readings += bug.kind == BugKind::kReading;
    ops.insert(bug.op);
  }
  EXPECT_GE(counted, 40);
  EXPECT_GE(readings, 2);
  std::set<std::string> registered;
  for (absl::string_view op : RegisteredOperators()) registered.insert(std::string(op));
  EXPECT_EQ(ops, registered) << "every operator of the registry has bugs, and only they";
}

TEST(BugCatalogueTest, ApplicabilityComesFromTheRegistry) {
  const Bug& attribute = **SelectBugs("clip-missing-attribute-as-zero", "")->begin();
  EXPECT_EQ(BugVersions(attribute), (std::vector<int64_t>{1, 6}));
  const Bug& last = **SelectBugs("argmin-select-last-index-ignored", "")->begin();
  EXPECT_EQ(BugVersions(last), (std::vector<int64_t>{12, 13}));
  EXPECT_TRUE(BugApplies(last, "ArgMin", 13, ElementType::kFloat));
  const Bug& unsigned_bug = **SelectBugs("min-unsigned-compared-as-signed", "")->begin();
  EXPECT_FALSE(BugApplies(unsigned_bug, "Min", 13, ElementType::kInt8));
  EXPECT_TRUE(BugApplies(unsigned_bug, "Min", 13, ElementType::kUint8));
  EXPECT_FALSE(SelectBugs("no-such-bug", "").ok());
  EXPECT_FALSE(SelectBugs("", "Softmax").ok());
  EXPECT_EQ(SelectBugs("", "Clip")->front()->op, "Clip");
}

// The ctest smoke test: a few bugs on a few cases.
TEST(AdequacySmokeTest, SampleOfBugsOnSampleOfCases) {
  AdequacyOptions options{
      .paths = {kNode / "min_v13_float_nan", kNode / "min_v13_float_two_inputs",
                kNode / "argmin_v13_float_axis0_keepdims0", kNode / "clip_v13_float_min_max"},
      .bugs = *SelectBugs("min-returns-max,min-nan-ignored,argmin-keepdims-ignored,"
                          "clip-bounds-swapped,clip-narrow-integers-through-float32,"
                          "min-int64-through-double",
                          ""),
      .jobs = 2};
  absl::StatusOr<AdequacyReport> report = MeasureAdequacy(options);
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->cases, 4);
  EXPECT_EQ(ResultOf(*report, "min-returns-max").outcome, BugOutcome::kKilled);
  EXPECT_EQ(ResultOf(*report, "argmin-keepdims-ignored").killers.at(0).case_name,
            "argmin_v13_float_axis0_keepdims0");
  EXPECT_EQ(ResultOf(*report, "clip-bounds-swapped").outcome, BugOutcome::kKilled);
  const BugResult& reading = ResultOf(*report, "min-nan-ignored");
  EXPECT_EQ(reading.outcome, BugOutcome::kDivergent);
  EXPECT_EQ(reading.divergent_cases, (std::vector<std::string>{"min_v13_float_nan"}));
  EXPECT_TRUE(reading.problem.empty());
  EXPECT_EQ(ResultOf(*report, "clip-narrow-integers-through-float32").outcome,
            BugOutcome::kEquivalent);
  // No int64 case in the sample: planted nowhere, a survivor not exercised.
  const BugResult& wide = ResultOf(*report, "min-int64-through-double");
  EXPECT_EQ(wide.outcome, BugOutcome::kNotExercised);
  EXPECT_EQ(wide.planted, 0);
  ASSERT_EQ(report->Survivors().size(), 1u);
  EXPECT_EQ(report->Killed(), 3);
}

// A case the reference itself fails would fail on any backend: it kills nothing.
TEST(AdequacySmokeTest, ACaseFailingOnTheReferenceKillsNothing) {
  const fs::path dir = fs::path(::testing::TempDir()) / "adequacy_broken" / "min_broken";
  fs::remove_all(dir);
  fs::create_directories(dir.parent_path());
  fs::copy(kNode / "min_v13_float_two_inputs", dir, fs::copy_options::recursive);
  fs::copy_file(dir / "test_data_set_0" / "input_0.pb", dir / "test_data_set_0" / "output_0.pb",
                fs::copy_options::overwrite_existing);
  absl::StatusOr<AdequacyReport> report =
      MeasureAdequacy({.paths = {dir}, .bugs = *SelectBugs("min-returns-max", ""), .jobs = 1});
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->failing_on_reference.size(), 1u);
  EXPECT_TRUE(absl::StartsWith(report->failing_on_reference[0], "min_broken: "));
  EXPECT_EQ(BugOutcomeName(report->bugs[0].outcome), "not exercised");
  fs::remove_all(dir.parent_path());
}

// A mutant declared to follow a reading, or to be equivalent, that a case
// kills is the catalogue and the verdict disagreeing: a problem, not a kill.
TEST(AdequacySmokeTest, AKilledReadingOrEquivalentMutantIsAProblem) {
  const Bug& real = **SelectBugs("min-returns-max", "")->begin();
  Bug reading = real, equivalent = real;
  reading.kind = BugKind::kReading;
  equivalent.kind = BugKind::kEquivalent;
  absl::StatusOr<AdequacyReport> report = MeasureAdequacy(
      {.paths = {kNode / "min_v13_float_two_inputs"}, .bugs = {&reading, &equivalent}, .jobs = 1});
  ASSERT_TRUE(report.ok()) << report.status();
  ASSERT_EQ(report->Problems().size(), 2u);
  EXPECT_TRUE(absl::StrContains(report->bugs[0].problem,
                                "follows a reading, yet "
                                "min_v13_float_two_inputs fails"))
      << report->bugs[0].problem;
  EXPECT_TRUE(absl::StrContains(report->bugs[1].problem, "declared equivalent"));
  EXPECT_EQ(report->Counted(), 0);
}

TEST(AdequacyCommandTest, ReportsTextAndJsonAndExitsOnSurvivors) {
  const fs::path json =
      fs::temp_directory_path() / absl::StrCat("oc_adequacy_", ::getpid(), ".json");
  std::ostringstream out, err;
  int code = AdequacyCommand(
      {"--bugs=min-returns-max,min-ignores-third-input", "-j", "2",
       "--report-json=" + json.string(), (kNode / "min_v13_float_two_inputs").string()},
      out, err);
  EXPECT_EQ(code, kExitFailed) << err.str();  // nothing has a third input: it survives
  EXPECT_TRUE(absl::StrContains(out.str(), "killed         min-returns-max")) << out.str();
  EXPECT_TRUE(absl::StrContains(out.str(), "surviving bugs")) << out.str();
  EXPECT_TRUE(absl::StrContains(out.str(), "1 of 2 bugs killed")) << out.str();
  std::ifstream in(json);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_TRUE(absl::StrContains(text.str(), "\"case\": \"min_v13_float_two_inputs\""))
      << text.str();
  fs::remove(json);

  std::ostringstream out2, err2;
  code = AdequacyCommand({"--bugs=min-returns-max", (kNode / "min_v13_float_two_inputs").string()},
                         out2, err2);
  EXPECT_EQ(code, kExitOk) << err2.str();
  std::ostringstream out3, err3;
  EXPECT_EQ(AdequacyCommand({"--bugs=nothing-like-it"}, out3, err3), kExitUsage);
  EXPECT_TRUE(absl::StrContains(err3.str(), "nothing-like-it"));
  std::ostringstream out4, err4;
  EXPECT_EQ(AdequacyCommand({"--list", "--op=ArgMin"}, out4, err4), kExitOk);
  EXPECT_TRUE(absl::StrContains(out4.str(), "argmin-ties-last"));
  EXPECT_FALSE(absl::StrContains(out4.str(), "clip-"));
}

// The whole library against the whole catalogue, once for the tests below.
class LibraryAdequacyTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    absl::StatusOr<AdequacyReport> r = MeasureAdequacy(
        {.paths = DefaultCoverageRoots(), .bugs = *SelectBugs("", ""), .jobs = Jobs()});
    ASSERT_TRUE(r.ok()) << r.status();
    library_ = new AdequacyReport(*std::move(r));
  }
  static void TearDownTestSuite() { delete library_; }
  static const AdequacyReport* library_;
};
const AdequacyReport* LibraryAdequacyTest::library_ = nullptr;

TEST_F(LibraryAdequacyTest, EveryCountedBugIsKilled) {
  ASSERT_NE(library_, nullptr);
  for (const BugResult& r : library_->bugs) {
    if (!r.counted()) continue;
    EXPECT_EQ(BugOutcomeName(r.outcome), "killed")
        << r.bug->name << ": " << BugOutcomeName(r.outcome) << " (planted in " << r.planted
        << " cases, changed outputs in " << r.exercised << "): add a case that kills it";
    EXPECT_FALSE(r.killers.empty()) << r.bug->name;
  }
}

TEST_F(LibraryAdequacyTest, ReadingMutantsComeOutDivergentAndEquivalentsSurvive) {
  ASSERT_NE(library_, nullptr);
  for (const BugResult& r : library_->bugs) {
    EXPECT_TRUE(r.problem.empty()) << r.bug->name << ": " << r.problem;
    if (r.bug->kind == BugKind::kReading) {
      EXPECT_EQ(BugOutcomeName(r.outcome), "divergent") << r.bug->name;
    }
    if (r.bug->kind == BugKind::kEquivalent) {
      EXPECT_EQ(r.outcome, BugOutcome::kEquivalent) << r.bug->name;
      EXPECT_EQ(r.exercised, 0) << r.bug->name << " changed an output: not equivalent";
    }
  }
}

// docs/coverage.md's last section is `adequacy --markdown`'s: the library
// and ONNX's official node tests side by side.
TEST_F(LibraryAdequacyTest, DocsCoverageMdAdequacySectionIsCurrent) {
  ASSERT_NE(library_, nullptr);
  const fs::path official_root = ONNX_CONFORM_OFFICIAL_NODE_TESTS;
  if (!fs::is_directory(official_root)) GTEST_SKIP() << "no libonnx-testdata";
  std::ostringstream section, err;
  ASSERT_EQ(AdequacyCommand({"--markdown", "-j", std::to_string(Jobs())}, section, err), kExitOk)
      << err.str();
  std::ifstream in(fs::path(ONNX_CONFORM_SOURCE_DIR) / "docs" / "coverage.md");
  std::stringstream doc;
  doc << in.rdbuf();
  const size_t start = doc.str().find("## Adequacy");
  ASSERT_NE(start, std::string::npos) << "docs/coverage.md has no adequacy section";
  EXPECT_EQ(doc.str().substr(start), section.str())
      << "docs/coverage.md is out of date: run `onnx-conform coverage > docs/coverage.md` and "
         "`onnx-conform adequacy --markdown >> docs/coverage.md`";
}

// Taking away every case that kills a bug lets it survive: the kill is
// the cases', not the harness's. Checked on the bugs with fewest killers.
TEST_F(LibraryAdequacyTest, RemovingTheKillersOfABugLetsItSurvive) {
  ASSERT_NE(library_, nullptr);
  std::vector<const BugResult*> fragile;
  for (const BugResult& r : library_->bugs) {
    if (r.counted() && r.outcome == BugOutcome::kKilled) fragile.push_back(&r);
  }
  std::sort(fragile.begin(), fragile.end(), [](const BugResult* a, const BugResult* b) {
    return a->killers.size() < b->killers.size();
  });
  fragile.resize(std::min<size_t>(fragile.size(), 4));
  ASSERT_FALSE(fragile.empty());
  std::vector<fs::path> all;
  for (const fs::path& root : DefaultCoverageRoots()) {
    absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root);
    ASSERT_TRUE(dirs.ok());
    all.insert(all.end(), dirs->begin(), dirs->end());
  }
  for (const BugResult* r : fragile) {
    std::set<std::string> killers;
    for (const Killer& k : r->killers) killers.insert(k.case_name);
    const std::string prefix = absl::AsciiStrToLower(r->bug->op) + "_";
    std::vector<fs::path> kept, removed;
    for (const fs::path& dir : all) {
      const std::string name = dir.filename().string();
      if (!absl::StartsWith(name, prefix)) continue;
      (killers.count(name) ? removed : kept).push_back(dir);
    }
    ASSERT_EQ(removed.size(), killers.size()) << r->bug->name;
    absl::StatusOr<AdequacyReport> without =
        MeasureAdequacy({.paths = kept, .bugs = {r->bug}, .jobs = Jobs()});
    ASSERT_TRUE(without.ok()) << without.status();
    EXPECT_NE(without->bugs[0].outcome, BugOutcome::kKilled) << r->bug->name;
    absl::StatusOr<AdequacyReport> with_one =
        MeasureAdequacy({.paths = {removed.front()}, .bugs = {r->bug}, .jobs = 1});
    ASSERT_TRUE(with_one.ok()) << with_one.status();
    EXPECT_EQ(with_one->bugs[0].outcome, BugOutcome::kKilled) << r->bug->name;
  }
}

}  // namespace
}  // namespace onnx_conform
