// The schema registry: every version of every operator the suite covers,
// looked up the way ONNX resolves a node: the newest version whose
// since_version is not above the model's opset for the node's domain.
//
//   absl::StatusOr<const OpSchema*> s = LookupSchema("", "Clip", 12);  // Clip-12
//   LookupSchema("ai.onnx", "Min", 10);   // Min-8 ("" and "ai.onnx" are one domain)
//   LookupSchema("", "Relu", 13);         // UnimplementedError: not in the registry
//   LookupSchema("", "Constant", 11);     // Constant-11: a supporting operator
//
//   for (const OpSchema* schema : AllSchemas()) { schema->PrimaryTypes(); ... }
//
// Supporting operators (Constant, Identity) are what ONNX's version
// converter and exporters put around the covered ones: Clip-6 converted to
// opset 11 reads its bounds from Constant nodes. The checker validates them
// and the reference runs them, so that such models can be checked and run,
// but the suite does not cover them: no cases, no coverage cells, no audit.
// Only LookupSchema and the Support* functions see them; AllSchemas(),
// RegisteredOperators(), SchemaVersions() and FindSchemaVersion() list the
// covered operators alone.
#ifndef ONNX_CONFORM_CHECKER_REGISTRY_H_
#define ONNX_CONFORM_CHECKER_REGISTRY_H_

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "checker/schema.h"

namespace onnx_conform {

// UnimplementedError for another domain, an operator not in the registry or
// an opset below the operator's first version; InvalidArgumentError for an
// opset below 1.
absl::StatusOr<const OpSchema*> LookupSchema(absl::string_view domain, absl::string_view op_type,
                                             int64_t opset);

// The version of `op_type` (default domain) that serves `opset`, covered or
// supporting: the newest since_version not above it. nullopt when the
// operator is not in the registry or opset is below its first version.
std::optional<int64_t> ResolveOperatorVersion(absl::string_view op_type, int64_t opset);

// The schema introduced at exactly that version, or nullptr.
const OpSchema* FindSchemaVersion(absl::string_view op_type, int since_version);

// Every schema, ordered by operator name then version.
std::span<const OpSchema* const> AllSchemas();

// Operator names in the registry, sorted: "ArgMin", "Clip", "Min".
std::vector<absl::string_view> RegisteredOperators();

// The versions of one operator, oldest first (empty when unknown).
std::vector<const OpSchema*> SchemaVersions(absl::string_view op_type);

// The covered operators in the order they joined the registry (Min,
// ArgMin, Clip, ...): the order the case library and explore walk them.
std::span<const absl::string_view> OperatorsInRegistrationOrder();

// Every supporting operator's schema, ordered by name then version.
std::span<const OpSchema* const> SupportSchemas();
// "Constant" and "Identity".
bool IsSupportOperator(absl::string_view op_type);
// The versions of one supporting operator, oldest first (empty when unknown).
std::vector<const OpSchema*> SupportSchemaVersions(absl::string_view op_type);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_REGISTRY_H_
