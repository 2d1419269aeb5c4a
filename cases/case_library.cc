#include "cases/case_library.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "caseio/case_layout.h"
#include "checker/registry.h"

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

// The registry's operator versions and the types each allows (the types
// of its first input), in the order the operators were registered and
// the library's order of types: the float types narrowest first, the
// integers signed then unsigned, bfloat16 last (case names and explore's
// cells follow it).
const std::vector<OperatorVersion>& SuiteOperatorVersions() {
  static const auto* const kVersions = [] {
    const auto rank = [](ElementType t) {
      static constexpr ElementType kOrder[] = {
          ElementType::kFloat16, ElementType::kFloat,  ElementType::kDouble,
          ElementType::kInt8,    ElementType::kInt16,  ElementType::kInt32,
          ElementType::kInt64,   ElementType::kUint8,  ElementType::kUint16,
          ElementType::kUint32,  ElementType::kUint64, ElementType::kBFloat16};
      return std::find(std::begin(kOrder), std::end(kOrder), t) - std::begin(kOrder);
    };
    auto* versions = new std::vector<OperatorVersion>;
    for (absl::string_view op : OperatorsInRegistrationOrder()) {
      for (const OpSchema* schema : SchemaVersions(op)) {
        std::vector<ElementType> types = schema->PrimaryTypes();
        std::sort(types.begin(), types.end(),
                  [&](ElementType a, ElementType b) { return rank(a) < rank(b); });
        versions->push_back({schema->op_type(), schema->since_version(), std::move(types)});
      }
    }
    return versions;
  }();
  return *kVersions;
}

std::vector<ElementType> SuiteTypes(std::string_view op_type, int version) {
  for (const OperatorVersion& v : SuiteOperatorVersions()) {
    if (v.op_type == op_type && v.version == version) return v.types;
  }
  return {};
}

std::vector<int> SuiteVersions(std::string_view op_type) {
  std::vector<int> versions;
  for (const OperatorVersion& v : SuiteOperatorVersions()) {
    if (v.op_type == op_type) versions.push_back(v.version);
  }
  return versions;
}

std::vector<Case> AllCases() {
  std::vector<Case> cases;
  AddMinCases(cases);
  AddArgMinCases(cases);
  AddClipCases(cases);
  AddMaxCases(cases);
  AddArgMaxCases(cases);
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
