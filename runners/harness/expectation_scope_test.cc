// Each check of CheckPatternScope fires on a line broader than meant and stays
// quiet on a narrow one; the expectation files committed with the adapters
// pass every check against the cases they are run on.
#include "runners/harness/expectation_scope.h"

#include <filesystem>

#include "absl/strings/match.h"
#include "caseio/case_files.h"
#include "caseio/case_metadata.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/caseio_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

ExpectationList ParseList(absl::string_view text) {
  absl::StatusOr<ExpectationList> list = ExpectationList::Parse(text, "b.expect");
  EXPECT_TRUE(list.ok()) << list.status();
  return list.ok() ? *std::move(list) : ExpectationList();
}

const std::vector<CaseIdentity> kCases = {
    {"min_v13_float_nan", "Min", false, ""},
    {"min_v13_float_two_inputs", "Min", false, ""},
    {"argmin_v13_float_nan", "ArgMin", false, ""},
    {"clip_v13_float_nan_min_bound", "Clip", false, ""},
    {"min_v13_float_type_not_allowed", "Min", true, ""},
    {"test_min_example", "Min", false, ""},
};

TEST(PatternScopeTest, AGlobNamingMinThatCatchesArgMinIsPointedOut) {
  std::vector<std::string> w = CheckPatternScope(ParseList("*min*_nan  fail  Min NaN\n"), kCases);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_THAT(w[0], HasSubstr("b.expect:1: '*min*_nan' names Min but matches 1 ArgMin case(s): "
                              "argmin_v13_float_nan"));
}

TEST(PatternScopeTest, PatternsNamingTheirOperatorsExactlyPass) {
  EXPECT_THAT(CheckPatternScope(ParseList("min_*_nan  fail  Min NaN\n"
                                          "re:^(argmin|clip)_v13_.*nan.*$  fail  NaN\n"
                                          "test_min_*  fail  official\n"),
                                kCases),
              IsEmpty());
}

TEST(PatternScopeTest, APatternNamingNoOperatorMayCrossOperators) {
  EXPECT_THAT(CheckPatternScope(ParseList("*_nan*  fail  no NaN anywhere\n"), kCases), IsEmpty());
}

TEST(PatternScopeTest, ALineMixingValidAndNegativeCasesIsPointedOut) {
  std::vector<std::string> w =
      CheckPatternScope(ParseList("min_v13_float_*  unsupported  no float\n"), kCases);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_THAT(w[0], HasSubstr("matches 2 valid case(s) (min_v13_float_nan, "
                              "min_v13_float_two_inputs) and 1 negative case(s) "
                              "(min_v13_float_type_not_allowed)"));
}

TEST(PatternScopeTest, ALineEveryCaseOfWhichAnEarlierLineTakesIsPointedOut) {
  std::vector<std::string> w = CheckPatternScope(ParseList("min_v13_*  fail  everything\n"
                                                           "# a comment\n"
                                                           "min_v13_float_nan  divergent  NaN\n"
                                                           "min_v13_float_two*  fail  two\n"
                                                           "min_v13_float_t*  fail  two\n"),
                                                 kCases);
  std::vector<std::string> never;
  for (const std::string& s : w) {
    if (absl::StrContains(s, "never applies")) never.push_back(s);
  }
  EXPECT_THAT(never, ElementsAre(HasSubstr("b.expect:3: 'min_v13_float_nan' never applies: every "
                                           "case it matches (1) is taken by line(s) 1 first"),
                                 HasSubstr("b.expect:4:"), HasSubstr("b.expect:5:")));
}

TEST(PatternScopeTest, APartOfTheCasesSaysNothingOfShadowedLines) {
  EXPECT_THAT(CheckPatternScope(ParseList("min_v13_float_n*  fail  NaN\n"
                                          "min_v13_float_nan  divergent  NaN\n"),
                                kCases, /*whole_set=*/false),
              IsEmpty());
}

TEST(PatternScopeTest, APartlyShadowedLineStillApplies) {
  EXPECT_THAT(CheckPatternScope(ParseList("min_v13_float_nan  divergent  NaN\n"
                                          "min_v13_float_[nt]*  fail  Min float\n"),
                                kCases),
              ElementsAre(HasSubstr("negative case(s)")));
}

TEST(PatternScopeTest, CasesOfUnknownOperatorAreNotHeldAgainstALine) {
  EXPECT_THAT(CheckPatternScope(ParseList("*min*  error  unreadable\n"),
                                {{"min_broken", "", false, ""}, {"argmin_broken", "", false, ""}}),
              IsEmpty());
}

// Every suite and official case, as a run over them would see it.
std::vector<CaseIdentity> EveryCase() {
  std::vector<CaseIdentity> cases;
  for (const fs::path& root :
       {fs::path(ONNX_CONFORM_SUITE_CASES) / "node", fs::path(ONNX_CONFORM_SUITE_CASES) / "invalid",
        fs::path(ONNX_CONFORM_OFFICIAL_NODE_TESTS)}) {
    absl::StatusOr<std::vector<fs::path>> dirs = FindCaseDirs(root);
    EXPECT_TRUE(dirs.ok()) << dirs.status();
    if (!dirs.ok()) continue;
    for (const fs::path& dir : *dirs) {
      CaseIdentity identity{dir.filename().string(), "", false, dir.string()};
      absl::StatusOr<std::optional<CaseMetadata>> metadata = ReadCaseMetadata(dir);
      if (metadata.ok() && metadata->has_value()) {
        identity.op = (*metadata)->operator_();
        identity.negative = (*metadata)->expectation() == kExpectInvalid;
      } else if (absl::StatusOr<LoadedCase> model = LoadCaseModel(dir);
                 model.ok() && model->model.graph().node_size() == 1) {
        identity.op = model->model.graph().node(0).op_type();
      }
      cases.push_back(identity);
    }
  }
  return cases;
}

TEST(PatternScopeTest, CommittedExpectationFilesAreNoBroaderThanMeant) {
  const std::vector<CaseIdentity> cases = EveryCase();
  ASSERT_GT(cases.size(), 2000u);
  int files = 0;
  for (const fs::directory_entry& adapter :
       fs::directory_iterator(fs::path(ONNX_CONFORM_SOURCE_DIR) / "runners" / "adapters")) {
    if (!adapter.is_directory()) continue;
    for (const fs::directory_entry& file : fs::directory_iterator(adapter.path())) {
      if (file.path().extension() != ".expect") continue;
      ++files;
      absl::StatusOr<ExpectationList> list = ReadExpectationFile(file.path());
      ASSERT_TRUE(list.ok()) << list.status();
      EXPECT_THAT(CheckPatternScope(*list, cases), IsEmpty()) << file.path();
    }
  }
  EXPECT_GE(files, 4);
}

}  // namespace
}  // namespace onnx_conform
