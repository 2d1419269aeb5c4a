// The schema registry: every version of every operator the suite covers,
// looked up the way ONNX resolves a node: the newest version whose
// since_version is not above the model's opset for the node's domain.
//
//   absl::StatusOr<const OpSchema*> s = LookupSchema("", "Clip", 12);  // Clip-12
//   LookupSchema("ai.onnx", "Min", 10);   // Min-8 ("" and "ai.onnx" are one domain)
//   LookupSchema("", "Relu", 13);         // UnimplementedError: not in the registry
//
//   for (const OpSchema* schema : AllSchemas()) { schema->PrimaryTypes(); ... }
#ifndef ONNX_CONFORM_CHECKER_REGISTRY_H_
#define ONNX_CONFORM_CHECKER_REGISTRY_H_

#include <cstdint>
#include <span>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/status/statusor.h"
#include "checker/schema.h"

namespace onnx_conform {

// True for "" and "ai.onnx".
bool IsDefaultDomain(absl::string_view domain);

// UnimplementedError for another domain, an operator not in the registry or
// an opset below the operator's first version; InvalidArgumentError for an
// opset below 1.
absl::StatusOr<const OpSchema*> LookupSchema(absl::string_view domain, absl::string_view op_type,
                                             int64_t opset);

// The schema introduced at exactly that version, or nullptr.
const OpSchema* FindSchemaVersion(absl::string_view op_type, int since_version);

// Every schema, ordered by operator name then version.
std::span<const OpSchema* const> AllSchemas();

// Operator names in the registry, sorted: "ArgMin", "Clip", "Min".
std::vector<absl::string_view> RegisteredOperators();

// The versions of one operator, oldest first (empty when unknown).
std::vector<const OpSchema*> SchemaVersions(absl::string_view op_type);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_REGISTRY_H_
