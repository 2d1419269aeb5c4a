// The schema registry: every version of every operator the suite covers,
// of the supporting operators it writes itself, and of every other operator
// ONNX defines, looked up the way ONNX resolves a node: the newest version
// whose since_version is not above the model's opset for the node's domain.
//
//   absl::StatusOr<const OpSchema*> s = LookupSchema("", "Clip", 12);  // Clip-12
//   LookupSchema("ai.onnx", "Min", 10);   // Min-8 ("" and "ai.onnx" are one domain)
//   LookupSchema("", "Constant", 11);     // Constant-11: a supporting operator
//   LookupSchema("", "Identity", 21);     // Identity-21: ONNX's definition
//   LookupSchema("", "Relu", 13);         // Relu-13: ONNX's definition
//   LookupSchema("ai.onnx.ml", "LabelEncoder", 4);  // LabelEncoder-4
//   LookupSchema("", "Foo", 13);          // UnimplementedError: not in the registry
//
//   for (const OpSchema* schema : AllSchemas()) { schema->PrimaryTypes(); ... }
//
// Three sources, in this order of precedence:
// - the covered operators (ops/operators.def): the suite's own schemas are
//   normative and resolve over their own versions alone;
// - supporting operators (CastLike, Constant, Identity, Less, Where) are
//   what ONNX's version converter and exporters put around the covered ones
//   (Clip-6 converted to opset 11 reads its bounds from Constant nodes) and
//   what Clip-13's and Relu-14's bodies are made of. The suite writes some of their versions
//   itself; a node resolves over those and ONNX's together, and takes the
//   suite's schema where it defines the version found, else ONNX's;
// - every other operator, in every domain ONNX defines (ai.onnx,
//   ai.onnx.ml, ai.onnx.preview, ai.onnx.preview.training): ONNX's
//   definitions (checker/onnx_schemas/onnx_schemas.textproto, loaded once
//   at first use), checked by the same generic rules.
// The checker validates all of them, but the suite covers only the first:
// AllSchemas(), RegisteredOperators(), SchemaVersions() and
// FindSchemaVersion() list the covered operators alone (cases, coverage
// cells, audits, explore walk them); the Support* and Onnx* functions list
// the others.
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

// `opset` is the model's opset for `domain`. UnimplementedError for a
// domain or operator not in the registry, or an opset below the operator's
// first version; InvalidArgumentError for an opset below 1. A deprecated
// version (Upsample-10) is returned: the checker reports it.
absl::StatusOr<const OpSchema*> LookupSchema(absl::string_view domain, absl::string_view op_type,
                                             int64_t opset);

// The version of `op_type` (default domain) that serves `opset`: the newest
// since_version not above it. nullopt when the operator is not in the
// registry or opset is below its first version.
std::optional<int64_t> ResolveOperatorVersion(absl::string_view op_type, int64_t opset);

// Every version a node of (domain, op_type) can resolve to, oldest first:
// the covered operator's, or the union of the suite's and ONNX's for the
// others (the suite's where both define one). Empty when unknown.
std::vector<const OpSchema*> OperatorVersions(absl::string_view domain, absl::string_view op_type);

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

// Every schema of ONNX's definitions, ordered by domain, operator name and
// version (SchemaOrigin::kOnnx), the covered and supporting operators'
// included: what ONNX says of them, which the suite's own overrule.
std::span<const OpSchema* const> OnnxSchemas();
// ONNX's versions of one operator of a domain ("" or "ai.onnx" for the
// default), oldest first; empty when ONNX defines none.
std::vector<const OpSchema*> OnnxSchemaVersions(absl::string_view domain,
                                                absl::string_view op_type);
// The release ONNX's definitions come from ("1.23.2") and its newest opset
// of the default domain.
absl::string_view OnnxSchemasRelease();
int OnnxSchemasNewestOpset();

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_REGISTRY_H_
