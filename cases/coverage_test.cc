#include "cases/coverage.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "caseio/case_metadata.h"
#include "cases/case_library.h"
#include "gtest/gtest.h"
#include "runners/cli/commands.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

std::string ReadAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(CoverageTest, DocsCoverageMdIsCurrent) {
  absl::StatusOr<CoverageReport> report = CollectCoverage(DefaultCoverageRoots(), RegistryCells());
  ASSERT_TRUE(report.ok()) << report.status();
  const fs::path doc = fs::path(ONNX_CONFORM_SOURCE_DIR) / "docs" / "coverage.md";
  // The page's last section is adequacy's (runners/adequacy/adequacy_test.cc checks it).
  const std::string text = ReadAll(doc);
  const std::string matrix = RenderCoverageMarkdown(*report);
  EXPECT_EQ(text.substr(0, std::min(text.find("## Adequacy"), text.size())), matrix)
      << "docs/coverage.md is out of date: run `onnx-conform coverage > docs/coverage.md` and "
         "`onnx-conform adequacy --markdown >> docs/coverage.md`";
}

TEST(CoverageTest, TheCommittedCasesLeaveNoCellEmpty) {
  absl::StatusOr<CoverageReport> report = CollectCoverage(DefaultCoverageRoots(), RegistryCells());
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->cells.size(), 204u);
  EXPECT_TRUE(report->EmptyCells().empty());
  EXPECT_TRUE(report->outside_cells.empty());
  EXPECT_EQ(report->without_metadata, 0);
  EXPECT_GT(report->invalid, 0);
}

// The checker's registry and the case library's own reading of the texts agree.
TEST(CoverageTest, RegistryCellsAreTheCaseLibrarysCells) {
  std::set<CoverageCell> library;
  for (const OperatorVersion& v : SuiteOperatorVersions()) {
    for (ElementType t : v.types) library.insert({std::string(v.op_type), v.version, t});
  }
  const std::vector<CoverageCell> registry = RegistryCells();
  EXPECT_EQ(std::set<CoverageCell>(registry.begin(), registry.end()), library);
}

class CoverageFixture : public ::testing::Test {
 protected:
  CoverageFixture() {
    root_ = fs::temp_directory_path() /
            absl::StrCat("oc_coverage_test_", ::getpid(), "_",
                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  ~CoverageFixture() override { fs::remove_all(root_); }

  void AddCase(const std::string& name, const std::string& op, int version, const std::string& type,
               std::vector<std::string> features, const std::string& expectation = "valid",
               const std::string& rule = "") {
    CaseMetadata m;
    m.set_operator_(op);
    m.set_version(version);
    m.add_types(type);
    for (const std::string& f : features) m.add_features(f);
    m.set_expectation(expectation);
    m.set_rule_id(rule);
    m.set_semantics("spec");
    fs::create_directories(root_ / name);
    std::ofstream(root_ / name / "model.onnx") << "";
    std::ofstream(root_ / name / "case.json") << CaseMetadataToJson(m);
  }

  const std::vector<CoverageCell> kCells = {{"Min", 8, ElementType::kFloat},
                                            {"Min", 8, ElementType::kDouble},
                                            {"Clip", 13, ElementType::kInt8}};
  fs::path root_;
};

TEST_F(CoverageFixture, CountsCasesFeaturesAndEmptyCells) {
  AddCase("a", "Min", 8, "float", {"nan", "broadcast"});
  AddCase("b", "Min", 8, "float", {"nan"});
  AddCase("c", "Clip", 13, "int8", {"int_extremes"});
  AddCase("d", "Min", 8, "int32", {}, "invalid", "TYPE-NOT-ALLOWED");
  AddCase("e", "Min", 9, "float", {});  // no such cell
  fs::create_directories(root_ / "official");
  std::ofstream(root_ / "official" / "model.onnx") << "";
  absl::StatusOr<CoverageReport> r = CollectCoverage({root_}, kCells);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->valid, 4);
  EXPECT_EQ(r->invalid, 1);
  EXPECT_EQ(r->without_metadata, 1);
  EXPECT_EQ((r->valid_cases[{"Min", 8, ElementType::kFloat}]), 2);
  EXPECT_EQ((r->features[{"Min", 8}]["nan"]), 2);
  EXPECT_EQ((r->features[{"Min", 8}]["broadcast"]), 1);
  EXPECT_EQ(r->negative_cases["TYPE-NOT-ALLOWED"], 1);
  EXPECT_EQ(r->outside_cells, std::vector<std::string>{"e"});
  const std::vector<CoverageCell> empty = r->EmptyCells();
  ASSERT_EQ(empty.size(), 1u);
  EXPECT_EQ(empty[0].type, ElementType::kDouble);
  const std::string md = RenderCoverageMarkdown(*r);
  EXPECT_NE(md.find("| 8 | **0** | 2 |"), std::string::npos) << md;
  EXPECT_NE(md.find("- Min-8 double"), std::string::npos) << md;
  EXPECT_NE(md.find("| nan | 2 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| TYPE-NOT-ALLOWED | error | 1 |"), std::string::npos) << md;
}

TEST_F(CoverageFixture, MalformedCaseJsonIsAnErrorNamingTheFile) {
  AddCase("a", "Min", 8, "float", {});
  std::ofstream(root_ / "a" / "case.json") << "{\"operator\": ";
  absl::StatusOr<CoverageReport> r = CollectCoverage({root_}, kCells);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find((root_ / "a" / "case.json").string()), std::string::npos);
}

TEST_F(CoverageFixture, MissingRootIsNotFound) {
  absl::StatusOr<CoverageReport> r = CollectCoverage({root_ / "nothing"}, kCells);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kNotFound);
}

TEST_F(CoverageFixture, CommandExitsOneOnEmptyCellsAndTwoOnBadPaths) {
  AddCase("a", "Min", 8, "float", {});
  std::ostringstream out, err;
  const int partial = CoverageCommand({root_.string()}, out, err);
  EXPECT_EQ(partial, 1);
  EXPECT_NE(out.str().find("# Case coverage"), std::string::npos);
  const size_t cells = RegistryCells().size();
  EXPECT_NE(err.str().find(absl::StrCat(cells - 1, " of ", cells, " cells have no valid case")),
            std::string::npos)
      << err.str();
  EXPECT_EQ(CoverageCommand({(root_ / "nothing").string()}, out, err), 2);
  EXPECT_EQ(CoverageCommand({"--bogus"}, out, err), 2);
}

TEST(CoverageCommandTest, DefaultPathsCoverEveryCell) {
  std::ostringstream out, err;
  const int code = CoverageCommand({}, out, err);
  EXPECT_EQ(code, 0);
  const fs::path doc = fs::path(ONNX_CONFORM_SOURCE_DIR) / "docs" / "coverage.md";
  // The page goes on with adequacy's section (`onnx-conform adequacy --markdown`).
  const std::string text = ReadAll(doc);
  EXPECT_EQ(out.str(), text.substr(0, std::min(text.find("## Adequacy"), text.size())));
}

}  // namespace
}  // namespace onnx_conform
