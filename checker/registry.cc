#include "checker/registry.h"

#include <algorithm>
#include <map>
#include <span>
#include <string>
#include <tuple>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/model_versions.h"
#include "checker/onnx_defined_schemas.h"
#include "checker/op_schemas.h"

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

// The operators the suite covers: those of ops/operators.def, in its order.
const Registry& GetRegistry() {
  static const Registry* registry = MakeRegistry({
#define SUITE_OPERATOR(Name, ...) &internal::Name##Schemas,
#include "ops/operators.def"
  });
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

std::string NormalizedDomain(absl::string_view domain) {
  return IsDefaultDomain(domain) ? std::string() : std::string(domain);
}

// ONNX's definitions, indexed by domain and operator.
struct OnnxIndex {
  std::vector<const OpSchema*> ordered;
  std::map<std::pair<std::string, std::string>, std::vector<const OpSchema*>, std::less<>> versions;
  std::vector<std::string> domains;  // sorted
};

const OnnxIndex& GetOnnxIndex() {
  static const OnnxIndex* index = [] {
    auto* r = new OnnxIndex;
    for (const OpSchema& schema : internal::LoadedOnnxSchemas().schemas) {
      r->ordered.push_back(&schema);
      r->versions[{schema.domain(), schema.op_type()}].push_back(&schema);
      if (std::find(r->domains.begin(), r->domains.end(), schema.domain()) == r->domains.end()) {
        r->domains.push_back(schema.domain());
      }
    }
    for (auto& [key, versions] : r->versions) {
      std::sort(versions.begin(), versions.end(), [](const OpSchema* a, const OpSchema* b) {
        return a->since_version() < b->since_version();
      });
    }
    std::sort(r->domains.begin(), r->domains.end());
    return r;
  }();
  return *index;
}

std::span<const OpSchema* const> OnnxVersionsOf(absl::string_view domain,
                                                absl::string_view op_type) {
  const OnnxIndex& index = GetOnnxIndex();
  auto it = index.versions.find(std::pair(NormalizedDomain(domain), std::string(op_type)));
  if (it == index.versions.end()) return {};
  return it->second;
}

bool IsOnnxDomain(const std::string& normalized) {
  const std::vector<std::string>& domains = GetOnnxIndex().domains;
  return std::find(domains.begin(), domains.end(), normalized) != domains.end();
}

std::string DomainList() {
  std::vector<std::string> names;
  for (const std::string& domain : GetOnnxIndex().domains) {
    names.push_back(domain.empty() ? "\"\" (ai.onnx)" : domain);
  }
  return absl::StrJoin(names, ", ");
}

}  // namespace

std::vector<const OpSchema*> OperatorVersions(absl::string_view domain, absl::string_view op_type) {
  const bool default_domain = IsDefaultDomain(domain);
  if (default_domain) {
    std::span<const OpSchema* const> covered = VersionsIn(GetRegistry(), op_type);
    if (!covered.empty()) return {covered.begin(), covered.end()};
  }
  std::span<const OpSchema* const> own = default_domain ? VersionsIn(GetSupportRegistry(), op_type)
                                                        : std::span<const OpSchema* const>{};
  std::span<const OpSchema* const> onnx = OnnxVersionsOf(domain, op_type);
  // Both lists are oldest first: merge them, the suite's schema winning a tie.
  std::vector<const OpSchema*> merged;
  size_t i = 0, j = 0;
  while (i < own.size() || j < onnx.size()) {
    if (j == onnx.size() ||
        (i < own.size() && own[i]->since_version() <= onnx[j]->since_version())) {
      if (j < onnx.size() && onnx[j]->since_version() == own[i]->since_version()) ++j;
      merged.push_back(own[i++]);
    } else {
      merged.push_back(onnx[j++]);
    }
  }
  return merged;
}

absl::StatusOr<const OpSchema*> LookupSchema(absl::string_view domain, absl::string_view op_type,
                                             int64_t opset) {
  const std::string normalized = NormalizedDomain(domain);
  if (!normalized.empty() && !IsOnnxDomain(normalized)) {
    return absl::UnimplementedError(
        absl::StrCat("domain '", domain, "' is not supported: the registry holds ", DomainList()));
  }
  const std::vector<const OpSchema*> versions = OperatorVersions(normalized, op_type);
  if (versions.empty()) {
    return absl::UnimplementedError(
        absl::StrCat("operator '", op_type, "' is not in the registry (it covers ",
                     absl::StrJoin(RegisteredOperators(), ", "), " and holds every operator ONNX ",
                     OnnxSchemasRelease(), " defines in domain ",
                     normalized.empty() ? "\"\" (ai.onnx)" : normalized, ")"));
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

std::span<const OpSchema* const> OnnxSchemas() { return GetOnnxIndex().ordered; }

std::vector<const OpSchema*> OnnxSchemaVersions(absl::string_view domain,
                                                absl::string_view op_type) {
  std::span<const OpSchema* const> versions = OnnxVersionsOf(domain, op_type);
  return {versions.begin(), versions.end()};
}

absl::string_view OnnxSchemasRelease() { return internal::LoadedOnnxSchemas().onnx_version; }

int OnnxSchemasNewestOpset() { return internal::LoadedOnnxSchemas().newest_opset; }

}  // namespace onnx_conform
