#include "checker/registry.h"

#include <algorithm>
#include <map>
#include <span>
#include <string>
#include <tuple>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/op_schemas.h"
#include "reference/model_versions.h"

namespace onnx_conform {
namespace {

struct Registry {
  std::vector<OpSchema> schemas;
  std::vector<const OpSchema*> ordered;
  std::vector<absl::string_view> operators;  // in the order they are registered
  // Each operator's versions, oldest first: looked up for every node checked.
  std::map<std::string, std::vector<const OpSchema*>, std::less<>> versions;
};

using SchemaFamily = std::vector<OpSchema> (*)();

Registry* MakeRegistry(std::initializer_list<SchemaFamily> families) {
  auto* r = new Registry;
  for (SchemaFamily family : families) {
    for (OpSchema& schema : family()) r->schemas.push_back(std::move(schema));
  }
  for (const OpSchema& schema : r->schemas) {
    r->ordered.push_back(&schema);
    if (std::find(r->operators.begin(), r->operators.end(), schema.op_type()) ==
        r->operators.end()) {
      r->operators.push_back(schema.op_type());
    }
  }
  std::sort(r->ordered.begin(), r->ordered.end(), [](const OpSchema* a, const OpSchema* b) {
    return std::tuple(a->op_type(), a->since_version()) <
           std::tuple(b->op_type(), b->since_version());
  });
  for (const OpSchema* schema : r->ordered) {
    r->versions[std::string(schema->op_type())].push_back(schema);
  }
  return r;
}

// The operators the suite covers.
const Registry& GetRegistry() {
  // One line per operator: where an operator joins the registry.
  static const Registry* registry =
      MakeRegistry({&internal::MinSchemas, &internal::ArgMinSchemas, &internal::ClipSchemas,
                    &internal::MaxSchemas, &internal::ArgMaxSchemas});
  return *registry;
}

// Supporting operators: validated, not covered.
const Registry& GetSupportRegistry() {
  static const Registry* registry = MakeRegistry(
      {&internal::ConstantSchemas, &internal::IdentitySchemas, &internal::FunctionBodySchemas});
  return *registry;
}

std::span<const OpSchema* const> VersionsIn(const Registry& registry, absl::string_view op_type) {
  auto it = registry.versions.find(op_type);
  if (it == registry.versions.end()) return {};
  return it->second;
}

}  // namespace

absl::StatusOr<const OpSchema*> LookupSchema(absl::string_view domain, absl::string_view op_type,
                                             int64_t opset) {
  if (!IsDefaultDomain(domain)) {
    return absl::UnimplementedError(
        absl::StrCat("domain '", domain,
                     "' is not supported: the registry covers only the default ONNX domain"));
  }
  std::span<const OpSchema* const> versions = VersionsIn(GetRegistry(), op_type);
  if (versions.empty()) versions = VersionsIn(GetSupportRegistry(), op_type);
  if (versions.empty()) {
    return absl::UnimplementedError(absl::StrCat("operator '", op_type,
                                                 "' is not in the registry (it covers ",
                                                 absl::StrJoin(RegisteredOperators(), ", "), ")"));
  }
  if (opset < 1) {
    return absl::InvalidArgumentError(absl::StrCat("opset ", opset, " is below 1"));
  }
  const OpSchema* found = nullptr;
  for (const OpSchema* schema : versions) {
    if (schema->since_version() <= opset) found = schema;
  }
  if (found == nullptr) {
    return absl::UnimplementedError(
        absl::StrCat("operator '", op_type, "' does not exist in opset ", opset,
                     ": its first version is ", versions.front()->since_version()));
  }
  return found;
}

std::optional<int64_t> ResolveOperatorVersion(absl::string_view op_type, int64_t opset) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", op_type, opset);
  if (!schema.ok()) return std::nullopt;
  return (*schema)->since_version();
}

const OpSchema* FindSchemaVersion(absl::string_view op_type, int since_version) {
  for (const OpSchema* schema : AllSchemas()) {
    if (schema->op_type() == op_type && schema->since_version() == since_version) return schema;
  }
  return nullptr;
}

std::span<const OpSchema* const> AllSchemas() { return GetRegistry().ordered; }

std::vector<absl::string_view> RegisteredOperators() {
  std::vector<absl::string_view> names;
  for (const OpSchema* schema : AllSchemas()) {
    if (names.empty() || names.back() != schema->op_type()) names.push_back(schema->op_type());
  }
  return names;
}

std::span<const absl::string_view> OperatorsInRegistrationOrder() {
  return GetRegistry().operators;
}

std::vector<const OpSchema*> SchemaVersions(absl::string_view op_type) {
  std::span<const OpSchema* const> versions = VersionsIn(GetRegistry(), op_type);
  return {versions.begin(), versions.end()};
}

std::span<const OpSchema* const> SupportSchemas() { return GetSupportRegistry().ordered; }

bool IsSupportOperator(absl::string_view op_type) {
  return !VersionsIn(GetSupportRegistry(), op_type).empty();
}

std::vector<const OpSchema*> SupportSchemaVersions(absl::string_view op_type) {
  std::span<const OpSchema* const> versions = VersionsIn(GetSupportRegistry(), op_type);
  return {versions.begin(), versions.end()};
}

}  // namespace onnx_conform
