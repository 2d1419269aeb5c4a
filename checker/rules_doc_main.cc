// Prints docs/rules.md: `oc_rules_doc > docs/rules.md`.
#include <iostream>

#include "checker/rules_doc.h"

int main() {
  std::cout << onnx_conform::RulesMarkdown();
  return 0;
}
