#include "cases/case_library.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "caseio/case_layout.h"
#include "checker/registry.h"
#include "ops/relu/relu_cases.h"

namespace onnx_conform {
namespace {

// Each negative case's valid twin: the first valid case (by name) of its
// operator version and type, or of its operator version and float when
// that type has none (a type the version does not allow), else of its
// operator.
void AssignTwins(std::vector<Case>& cases) {
  for (Case& negative : cases) {
    if (negative.metadata.expectation() != kExpectInvalid) continue;
    const Case* best = nullptr;
    int best_score = 0;
    for (const Case& valid : cases) {
      if (valid.metadata.expectation() != kExpectValid ||
          valid.metadata.operator_() != negative.metadata.operator_()) {
        continue;
      }
      const bool same_version = valid.metadata.version() == negative.metadata.version();
      const bool same_type = valid.metadata.types_size() > 0 &&
                             negative.metadata.types_size() > 0 &&
                             valid.metadata.types(0) == negative.metadata.types(0);
      const bool float_twin = valid.metadata.types_size() > 0 && valid.metadata.types(0) == "float";
      const int score = 1 + (same_version ? 4 : 0) + (same_version && same_type ? 2 : 0) +
                        (same_version && float_twin ? 1 : 0);
      if (score > best_score) {
        best = &valid;
        best_score = score;
      }
    }
    if (best != nullptr) {
      negative.metadata.set_twin(best->name);
      // Only case.json: a negative case may have edited its other files.
      const std::string metadata_file(kCaseMetadataFileName);
      if (negative.files.contains(metadata_file)) {
        negative.files[metadata_file] = CaseMetadataToJson(negative.metadata);
      }
    }
  }
}

}  // namespace

std::vector<Case> AllCases() {
  std::vector<Case> cases;
  AddMinCases(cases);
  AddArgMinCases(cases);
  AddClipCases(cases);
  AddMaxCases(cases);
  AddArgMaxCases(cases);
  AddReluCases(cases);
  AddExpandedClipCases(cases);
  AddInvalidCases(cases);
  std::sort(cases.begin(), cases.end(),
            [](const Case& a, const Case& b) { return a.name < b.name; });
  AssignTwins(cases);
  for (size_t i = 1; i < cases.size(); ++i) {
    if (cases[i].name == cases[i - 1].name) {
      std::fprintf(stderr, "duplicate case name %s\n", cases[i].name.c_str());
      std::abort();
    }
  }
  return cases;
}

}  // namespace onnx_conform
