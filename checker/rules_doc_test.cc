// docs/rules.md documents every rule id, with an example, and is exactly
// what oc_rules_doc generates.
#include "checker/rules_doc.h"

#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "absl/strings/str_cat.h"
#include "checker/rules.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

std::string ReadDoc() {
  std::ifstream in(std::string(ONNX_CONFORM_SOURCE_DIR) + "/docs/rules.md");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

TEST(RulesTest, IdsAreUniqueAndWellFormed) {
  std::set<std::string> ids;
  for (const Rule& rule : AllRules()) {
    EXPECT_TRUE(ids.insert(std::string(rule.id)).second) << rule.id;
    for (char c : rule.id)
      EXPECT_TRUE((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-') << rule.id;
    EXPECT_FALSE(rule.summary.empty()) << rule.id;
    EXPECT_EQ(FindRule(rule.id), &rule);
  }
  EXPECT_EQ(FindRule("NO-SUCH-RULE"), nullptr);
}

TEST(RulesTest, EveryRuleHasAnExample) {
  for (const Rule& rule : AllRules()) EXPECT_FALSE(RuleExample(rule.id).empty()) << rule.id;
}

TEST(RulesTest, DocumentNamesEveryRule) {
  const std::string doc = ReadDoc();
  ASSERT_FALSE(doc.empty()) << "docs/rules.md is missing";
  for (const Rule& rule : AllRules()) {
    EXPECT_NE(doc.find(absl::StrCat("`", rule.id, "`")), std::string::npos) << rule.id;
  }
}

TEST(RulesTest, DocumentIsGenerated) {
  EXPECT_EQ(ReadDoc(), RulesMarkdown())
      << "docs/rules.md is stale: regenerate it with `oc_rules_doc > docs/rules.md`";
}

}  // namespace
}  // namespace onnx_conform
