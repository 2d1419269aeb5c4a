// The expectation file `run --write-expectations` writes (a baseline) reads
// back exactly: each line matches its own case and no other, whatever bytes
// the case's name holds.
//
//   caf<0xE9> fail  ->  "name:caf\xe9  fail  ..." (an re: line RE2 refuses)
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
    if (line.Matches(results[i].name)) matched.insert(i);
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
