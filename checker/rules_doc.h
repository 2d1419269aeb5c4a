// docs/rules.md, generated from the rule table (checker/rules.h) and one
// example per rule, so the document cannot drift from the code: a test
// compares the committed file with RulesMarkdown().
//
//   oc_rules_doc > docs/rules.md     (checker/rules_doc_main.cc)
#ifndef ONNX_CONFORM_CHECKER_RULES_DOC_H_
#define ONNX_CONFORM_CHECKER_RULES_DOC_H_

#include <string>

#include "absl/strings/string_view.h"

namespace onnx_conform {

// An example that breaks the rule, or "" when the table lacks one.
absl::string_view RuleExample(absl::string_view rule_id);

std::string RulesMarkdown();

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_RULES_DOC_H_
