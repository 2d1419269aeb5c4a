// The suite's checker over the suite's own cases: every valid case passes
// with exactly the warnings its case.json lists; every invalid case is
// rejected under its rule id; every unsupported one is reported as such.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "caseio/case_files.h"
#include "checker/checker.h"
#include "checker/rules.h"
#include "gtest/gtest.h"
#include "testing/case_test_util.h"
#include "testing/test_model.h"

namespace onnx_conform {
namespace {

using ::onnx_conform::testing_util::DescribeDiagnostics;

namespace fs = std::filesystem;

const fs::path kCases = fs::path(ONNX_CONFORM_SOURCE_DIR) / "cases";

// Every finding on a case on disk, the file-level ones under the rules a
// runner reports them with.
std::vector<Diagnostic> CheckCaseOnDisk(const CaseOnDisk& c) {
  std::vector<Diagnostic> out;
  const std::string model_file = (c.dir / "model.onnx").string();
  if (!c.model.ok()) {
    out.push_back(MakeDiagnostic(rules::kModelRead, model_file, "", "",
                                 std::string(c.model.status().message())));
    return out;
  }
  out = CheckModel(*c.model, model_file);
  if (c.data_sets.empty()) {
    out.push_back(MakeDiagnostic(rules::kDataSetMissing, c.dir.string(), "", "", "no data set"));
  }
  for (const DataSetOnDisk& ds : c.data_sets) {
    if (ds.layout_problem) {
      out.push_back(MakeDiagnostic(rules::kDataFileNames, ds.dir.string(), "", "", "layout"));
    }
    DataSetView view{ds.dir, {}, {}};
    bool decoded = true;
    for (const auto* files : {&ds.inputs, &ds.outputs}) {
      for (const TensorFileOnDisk& f : *files) {
        if (!f.tensor.ok()) {
          decoded = false;
          out.push_back(MakeDiagnostic(rules::kDataDecode, f.path.string(), "", "",
                                       std::string(f.tensor.status().message())));
        }
        (files == &ds.inputs ? view.inputs : view.outputs)
            .push_back({f.path, f.tensor.ok() ? &*f.tensor : nullptr, f.name});
      }
    }
    if (!decoded || ds.layout_problem) continue;
    std::vector<Diagnostic> more = CheckDataSet(*c.model, view, model_file);
    out.insert(out.end(), more.begin(), more.end());
  }
  return out;
}

std::set<std::string> RulesOf(const std::vector<Diagnostic>& diagnostics, Severity severity) {
  std::set<std::string> ids;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity == severity) ids.insert(d.rule);
  }
  return ids;
}

TEST(CasesCheckerTest, EveryValidCasePassesWithItsListedWarnings) {
  const std::vector<fs::path> dirs = CaseDirsUnder(kCases / "node");
  ASSERT_GT(dirs.size(), 109u);
  for (const fs::path& dir : dirs) {
    const CaseOnDisk c = ReadCaseOnDisk(dir);
    ASSERT_TRUE(c.metadata.ok() && c.metadata->has_value()) << dir;
    const CaseMetadata& m = **c.metadata;
    ASSERT_EQ(m.expectation(), kExpectValid) << dir;
    const std::vector<Diagnostic> d = CheckCaseOnDisk(c);
    EXPECT_TRUE(RulesOf(d, Severity::kError).empty()) << DescribeDiagnostics(d);
    EXPECT_TRUE(RulesOf(d, Severity::kUnsupported).empty()) << DescribeDiagnostics(d);
    const std::set<std::string> listed(m.warnings().begin(), m.warnings().end());
    EXPECT_EQ(RulesOf(d, Severity::kWarning), listed) << dir.filename() << "\n"
                                                      << DescribeDiagnostics(d);
  }
}

// Negative cases that cannot break their rule alone.
const std::map<std::string, std::string> kAlsoBroken = {
    // The suite decodes numeric tensors only, so bool data files are undecodable.
    {"min_v13_float_bool_inputs", std::string(rules::kDataDecode)},
};

TEST(CasesCheckerTest, EveryInvalidCaseIsRejectedUnderItsRuleAlone) {
  const std::vector<fs::path> dirs = CaseDirsUnder(kCases / "invalid");
  ASSERT_FALSE(dirs.empty());
  for (const fs::path& dir : dirs) {
    const CaseOnDisk c = ReadCaseOnDisk(dir);
    ASSERT_TRUE(c.metadata.ok() && c.metadata->has_value()) << dir;
    const CaseMetadata& m = **c.metadata;
    ASSERT_NE(m.expectation(), kExpectValid) << dir;
    const Rule* rule = FindRule(m.rule_id());
    ASSERT_NE(rule, nullptr) << dir << ": unknown rule " << m.rule_id();
    const std::vector<Diagnostic> d = CheckCaseOnDisk(c);
    const Severity expected =
        m.expectation() == kExpectUnsupported ? Severity::kUnsupported : Severity::kError;
    EXPECT_EQ(rule->severity, expected) << dir;
    const std::set<std::string> found = RulesOf(d, expected);
    EXPECT_TRUE(found.count(m.rule_id()))
        << dir.filename() << " expects " << m.rule_id() << ", got:\n"
        << DescribeDiagnostics(d);
    // Nothing else is wrong with the case, but for the data set it may lack.
    std::set<std::string> allowed = {m.rule_id()};
    if (c.data_sets.empty()) allowed.insert(std::string(rules::kDataSetMissing));
    if (auto it = kAlsoBroken.find(dir.filename().string()); it != kAlsoBroken.end()) {
      allowed.insert(it->second);
    }
    for (const std::string& id : RulesOf(d, Severity::kError)) {
      EXPECT_TRUE(allowed.count(id)) << dir.filename() << " also breaks " << id << ":\n"
                                     << DescribeDiagnostics(d);
    }
  }
}

// Every error rule that a model or its files can break has a negative case.
TEST(CasesCheckerTest, EveryExpressibleErrorRuleHasANegativeCase) {
  std::set<std::string> covered;
  for (const fs::path& dir : CaseDirsUnder(kCases / "invalid")) {
    absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir);
    ASSERT_TRUE(m.ok() && m->has_value()) << dir;
    covered.insert((*m)->rule_id());
  }
  // Every one is expressible (ATTR-REQUIRED-MISSING through Constant-1's value).
  for (const Rule& rule : AllRules()) {
    if (rule.severity == Severity::kWarning) continue;
    const std::string id(rule.id);
    EXPECT_TRUE(covered.count(id)) << "no negative case for " << id;
  }
}

}  // namespace
}  // namespace onnx_conform
