#include "cases/operator_versions.h"

#include <algorithm>
#include <iterator>

#include "checker/registry.h"

namespace onnx_conform {

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

}  // namespace onnx_conform
