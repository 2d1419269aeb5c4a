// `re:` patterns of expectation files (docs/backend-protocol.md) are RE2:
// linear time in the name, bounded memory, no backtracking; a pattern RE2
// cannot take (too deep, too large, a backreference or lookaround) is an
// error naming the file and line.
#include <chrono>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/harness/expectations.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;

TEST(ExpectationRegexTest, MatchingTakesLinearTime) {
  absl::StatusOr<ExpectationList> list =
      ExpectationList::Parse("re:^(\\w+_)*nan$  fail  NaN cases\n", "x.expect");
  ASSERT_TRUE(list.ok()) << list.status();
  std::string name;
  for (int i = 0; i < 26; ++i) name += "x_";
  name += "y";  // exponential for a backtracking engine
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(list->Find(name), nullptr);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1);
  EXPECT_NE(list->Find("x_y_nan"), nullptr);
}

TEST(ExpectationRegexTest, APatternNestedDeeplyIsTakenWithoutCrashing) {
  const std::string deep =
      absl::StrCat(std::string(20000, '('), "a", std::string(20000, ')'));  // crashed std::regex
  absl::StatusOr<ExpectationList> list =
      ExpectationList::Parse(absl::StrCat("re:", deep, "  fail  deep\n"), "deep.expect");
  ASSERT_TRUE(list.ok()) << list.status();
  EXPECT_NE(list->Find("a"), nullptr);
  EXPECT_EQ(list->Find("aa"), nullptr);
}

TEST(ExpectationRegexTest, APatternRe2CannotTakeIsAnErrorNamingFileAndLine) {
  std::string large = "re:";
  for (int i = 0; i < 2000; ++i) large += "(a|b|c|d){1,100}";  // compiles past RE2's memory bound
  for (const std::string& pattern :
       {large, std::string("re:(a)\\1"), std::string("re:(?=min)min_.*"), std::string("re:a(?!b)"),
        std::string("re:(?<=x)y"), "re:" + std::string(70000, 'a')}) {
    absl::StatusOr<ExpectationList> list = ExpectationList::Parse(
        absl::StrCat("# known gaps\n", pattern, "  fail  a reason\n"), "adapter.expect");
    ASSERT_FALSE(list.ok()) << pattern.substr(0, 30);
    EXPECT_THAT(list.status().message(), HasSubstr("adapter.expect:2: ")) << pattern.substr(0, 30);
    EXPECT_THAT(list.status().message(), HasSubstr("regular expression"));
    EXPECT_LT(list.status().message().size(), 1000u) << "the pattern is quoted whole";
  }
}

TEST(ExpectationRegexTest, MatchesTheWholeNameAsBefore) {
  absl::StatusOr<ExpectationList> list = ExpectationList::Parse(
      "re:argmin_.*_nan  fail  r\nre:^clip_v(11|12)_.*$  fail  r\n", "x.expect");
  ASSERT_TRUE(list.ok()) << list.status();
  EXPECT_NE(list->Find("argmin_v13_float_nan"), nullptr);
  EXPECT_EQ(list->Find("argmin_v13_float_nan_x"), nullptr);  // the whole name
  EXPECT_EQ(list->Find("xargmin_v13_float_nan"), nullptr);
  EXPECT_NE(list->Find("clip_v12_float"), nullptr);
  EXPECT_EQ(list->Find("clip_v13_float"), nullptr);
  // Copies (the list is passed around by value) keep their patterns.
  const ExpectationList copy = *list;
  EXPECT_NE(copy.Find("clip_v11_int8"), nullptr);
}

}  // namespace
}  // namespace onnx_conform
