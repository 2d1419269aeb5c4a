// The expectation file `run --write-expectations` writes (a baseline) reads
// back exactly: each line matches its own case and no other, whatever bytes
// the case's name holds, and when two cases share a name the line says which
// one it means.
//
//   a/x pass, b/x fail  ->  "b/x  fail  ..." (x alone would make a/x an xpass)
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/harness/expectations.h"
#include "runners/harness/policy.h"

namespace onnx_conform {
namespace {

CaseResult Failed(const std::string& path, CaseStatus status = CaseStatus::kFail) {
  CaseResult r;
  r.path = path;
  r.name = std::filesystem::path(path).filename().string();
  r.status = status;
  r.message = "why";
  return r;
}

// The indexes of `results` that `line` matches.
std::set<size_t> MatchedBy(const Expectation& line, const std::vector<CaseResult>& results) {
  std::set<size_t> matched;
  for (size_t i = 0; i < results.size(); ++i) {
    if (line.Matches(results[i].name, results[i].path)) matched.insert(i);
  }
  return matched;
}

// Every result written (none passed) is matched by exactly its own line.
void ExpectEachLineMatchesItsOwnCaseOnly(const std::vector<CaseResult>& results) {
  const std::string text = ExpectationFileFor(results, "baseline");
  absl::StatusOr<ExpectationList> read = ExpectationList::Parse(text, "baseline.expect");
  ASSERT_TRUE(read.ok()) << read.status();
  ASSERT_EQ(read->entries().size(), results.size()) << text;
  for (size_t i = 0; i < results.size(); ++i) {
    EXPECT_EQ(MatchedBy(read->entries()[i], results), std::set<size_t>{i})
        << "line " << read->entries()[i].line << ": " << read->entries()[i].pattern;
  }
}

TEST(BaselineFileTest, ANameOfAnyBytesReadsBackAsExactlyThatName) {
  std::vector<CaseResult> results;
  for (int byte = 1; byte < 256; ++byte) {
    if (byte == '/') continue;
    const char c = static_cast<char>(byte);
    results.push_back(Failed(absl::StrCat("/cases/x", std::string(1, c), "y")));
    if (c != '.') results.push_back(Failed(absl::StrCat("/cases/", std::string(1, c))));
  }
  for (const std::string name :
       {"caf\xc3\xa9", "caf\xe9", "\xff\xfe", "..\xff", "#hash", "re:x", "name:x", "a b", "a\tb",
        "a\\x41", "[a]", "x?", "a\nb", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80"}) {
    results.push_back(Failed("/cases/" + name));
  }
  ExpectEachLineMatchesItsOwnCaseOnly(results);
}

TEST(BaselineFileTest, CasesThatShareANameAreNamedByTheirFolders) {
  const std::vector<CaseResult> results = {Failed("/runs/a/x", CaseStatus::kPass),
                                           Failed("/runs/b/x"),
                                           Failed("/runs/b/y"),
                                           Failed("/one/cases/z"),
                                           Failed("/two/cases/z"),
                                           Failed("rel\xff/cases/w"),
                                           Failed("other/cases/w")};
  const std::string text = ExpectationFileFor(results, "baseline");
  absl::StatusOr<ExpectationList> read = ExpectationList::Parse(text, "baseline.expect");
  ASSERT_TRUE(read.ok()) << read.status() << "\n" << text;
  EXPECT_THAT(text, ::testing::HasSubstr("\nb/x  fail"));
  EXPECT_THAT(text, ::testing::HasSubstr("\ny  fail"));  // no other y: its name alone
  EXPECT_THAT(text, ::testing::HasSubstr("one/cases/z  fail"));
  // a/x passed: no line applies to it, so the baseline never makes it an xpass.
  CaseResult a = results[0];
  ApplyExpectations(a, nullptr, &*read);
  EXPECT_EQ(a.status, CaseStatus::kPass) << a.message;
  std::vector<CaseResult> written(results.begin() + 1, results.end());
  ExpectEachLineMatchesItsOwnCaseOnly(written);
  for (CaseResult r : written) {
    ApplyExpectations(r, nullptr, &*read);
    EXPECT_EQ(r.status, CaseStatus::kXfail) << r.path;
  }
}

// A pattern holding '/' names a case by its last folders, written by hand too.
TEST(BaselineFileTest, APatternWithASlashMatchesTheLastFoldersOfTheCasePath) {
  absl::StatusOr<ExpectationList> read = ExpectationList::Parse(
      "ort/test_min_*  fail  ort's copies\nname:b/x\\x20y  crash  one case\n", "f.expect");
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_NE(read->Find("test_min_a", "/data/ort/test_min_a"), nullptr);
  EXPECT_NE(read->Find("test_min_a", "ort/test_min_a/"), nullptr);
  EXPECT_EQ(read->Find("test_min_a", "/data/onnx/test_min_a"), nullptr);
  EXPECT_EQ(read->Find("test_min_a"), nullptr);  // no path: the name alone
  EXPECT_NE(read->Find("x y", "/r/b/x y"), nullptr);
  EXPECT_EQ(read->Find("x y", "/r/a/x y"), nullptr);
  EXPECT_EQ(read->Find("x y", "/r/b/x y/z"), nullptr);
}

TEST(BaselineFileTest, AnExactNameWithABrokenEscapeIsAnErrorNamingTheLine) {
  for (const std::string line : {"name:a\\  fail  x\n", "name:a\\x4  fail  x\n",
                                 "name:a\\q  fail  x\n", "name:  fail  x\n"}) {
    absl::StatusOr<ExpectationList> read = ExpectationList::Parse(line, "f.expect");
    EXPECT_FALSE(read.ok()) << line;
    EXPECT_THAT(read.status().message(), ::testing::HasSubstr("f.expect:1:")) << line;
  }
}

}  // namespace
}  // namespace onnx_conform
