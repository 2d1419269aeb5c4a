#include "runners/audit/audit.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/registry.h"
#include "onnx/defs/schema.h"
#include "ops/suite_operators.h"
#include "runners/audit/audit_behavior.h"
#include "runners/audit/audit_difference.h"
#include "runners/audit/audit_model_nodes.h"
#include "runners/audit/audit_retarget.h"
#include "runners/audit/audit_schema_diff.h"

namespace onnx_conform {
namespace {

// The types either version allows, in the operator texts' order.
std::vector<ElementType> TypesOfEither(const OpSchema& a, const OpSchema& b) {
  std::vector<ElementType> a_types = a.PrimaryTypes();
  std::vector<ElementType> b_types = b.PrimaryTypes();
  std::vector<ElementType> types;
  for (ElementType t : kNumericTypes) {
    if (std::find(a_types.begin(), a_types.end(), t) != a_types.end() ||
        std::find(b_types.begin(), b_types.end(), t) != b_types.end()) {
      types.push_back(t);
    }
  }
  return types;
}

bool Allows(const OpSchema& schema, ElementType type) {
  std::vector<ElementType> types = schema.PrimaryTypes();
  return std::find(types.begin(), types.end(), type) != types.end();
}

// The audit's own cases written for version `version` and then placed at
// `opset` (which that version serves), plus the library's of that version.
std::vector<AuditCase> CasesAt(absl::string_view op_type, int version, int opset,
                               const std::vector<ElementType>& types,
                               const std::vector<AuditCase>* library,
                               std::vector<std::string>& skipped) {
  std::vector<AuditCase> cases;
  auto add = [&](const AuditCase& c) {
    absl::StatusOr<AuditCase> placed = RetargetCase(c, opset);
    if (placed.ok()) {
      cases.push_back(*std::move(placed));
    } else {
      skipped.push_back(std::string(placed.status().message()));
    }
  };
  for (ElementType type : types) {
    for (const AuditCase& c : BuiltinAuditCases(op_type, version, type)) add(c);
  }
  if (library != nullptr) {
    for (const AuditCase& c : *library) {
      if (c.op_type == op_type && c.version == version) add(c);
    }
  }
  return cases;
}

// Why no case of `op_type` was compared, for a not-compared finding.
std::string WhyNothingCompared(absl::string_view op_type, bool library_given) {
  const SuiteOperator* suite = FindSuiteOperator(op_type);
  const bool no_scenario = suite != nullptr && suite->scenario == NodeScenario::kNone;
  return absl::StrCat(
      no_scenario ? absl::StrCat(op_type, " has no audit scenario of its own (ops/operators.def)")
                  : "none of the audit's cases could be written at both versions",
      library_given ? ", and the case library holds none for these versions"
                    : "; --cases=DIR compares a case library's cases");
}

// A not-compared finding: what the audit could not judge for `op_type`
// between versions `from` and `to`, and why.
Finding NotCompared(absl::string_view op_type, int from_version, int to_version, int from_opset,
                    int to_opset, absl::string_view aspect, absl::string_view change,
                    std::string detail) {
  Finding f;
  f.kind = FindingKind::kNotCompared;
  f.op_type = std::string(op_type);
  f.from_version = from_version;
  f.to_version = to_version;
  f.from_opset = from_opset;
  f.to_opset = to_opset;
  f.aspect = std::string(aspect);
  f.change = std::string(change);
  f.detail = std::move(detail);
  return f;
}

// The pairs compared for an operator. InvalidArgument for an opset at which
// the operator does not exist; Unimplemented for an operator outside the
// registry.
absl::StatusOr<std::vector<OpsetPair>> AuditPairs(absl::string_view op_type,
                                                  const AuditRange& range) {
  std::vector<const OpSchema*> versions = SchemaVersions(op_type);
  if (versions.empty()) {
    return absl::UnimplementedError(
        absl::StrCat("operator '", op_type, "' is not in the registry"));
  }
  std::vector<OpsetPair> pairs;
  if (!range.from_opset.has_value() && !range.to_opset.has_value()) {
    for (size_t i = 0; i + 1 < versions.size(); ++i) {
      const int a = versions[i]->since_version();
      const int b = versions[i + 1]->since_version();
      pairs.push_back({a, b, a, b});
    }
    return pairs;
  }
  const int from = range.from_opset.value_or(versions.front()->since_version());
  const int to = range.to_opset.value_or(NewestRegistryOpset());
  for (int opset : {from, to}) {
    if (SchemaAt(op_type, opset) == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(op_type, " does not exist at opset ", opset,
                                                     " (its versions start at ",
                                                     versions.front()->since_version(), ")"));
    }
  }
  pairs.push_back(
      {from, to, SchemaAt(op_type, from)->since_version(), SchemaAt(op_type, to)->since_version()});
  return pairs;
}

}  // namespace

int NewestRegistryOpset() {
  int newest = 1;
  for (const OpSchema* schema : AllSchemas()) newest = std::max(newest, schema->since_version());
  return newest;
}

int NewestKnownOpset() {
  const auto& ranges = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
  auto onnx_range = ranges.find("");
  const int onnx_newest = onnx_range == ranges.end() ? 0 : onnx_range->second.second;
  return std::max(NewestRegistryOpset(), onnx_newest);
}

absl::StatusOr<OperatorAudit> AuditOperator(absl::string_view op_type, const AuditRange& range,
                                            const std::vector<AuditCase>* library) {
  absl::StatusOr<std::vector<OpsetPair>> pairs = AuditPairs(op_type, range);
  if (!pairs.ok()) return pairs.status();
  OperatorAudit audit;
  audit.op_type = std::string(op_type);
  audit.pairs = *pairs;
  std::vector<Finding> behaviour, converter;
  // One case at the pair's two opsets; one that runs at neither is skipped.
  auto compare = [&](const AuditCase& c, const OpsetPair& pair) {
    std::string skipped;
    std::vector<Finding> found = CompareBehaviour(c, pair.from_opset, pair.to_opset, &skipped);
    if (!skipped.empty()) {
      audit.skipped.push_back(skipped);
      return;
    }
    ++audit.cases_compared;
    ++audit.compared_per_pair.back();
    for (Finding& f : found) behaviour.push_back(std::move(f));
  };

  for (const OpsetPair& pair : audit.pairs) {
    audit.compared_per_pair.push_back(0);
    const OpSchema& a = *FindSchemaVersion(op_type, pair.from_version);
    const OpSchema& b = *FindSchemaVersion(op_type, pair.to_version);
    for (Finding& f : DiffSchemas(a, b)) {
      f.from_opset = pair.from_opset;
      f.to_opset = pair.to_opset;
      audit.findings.push_back(std::move(f));
    }
    if (pair.from_version == pair.to_version && pair.from_opset == pair.to_opset) continue;

    // Each case is written at the first version that allows its type.
    for (ElementType type : TypesOfEither(a, b)) {
      const OpSchema& home = Allows(a, type) ? a : b;
      const int home_opset = &home == &a ? pair.from_opset : pair.to_opset;
      std::vector<AuditCase> cases =
          CasesAt(op_type, home.since_version(), home_opset, {type}, nullptr, audit.skipped);
      for (const AuditCase& c : cases) compare(c, pair);
    }
    if (library != nullptr) {
      for (const AuditCase& c : *library) {
        const bool either = c.version == pair.from_version || c.version == pair.to_version;
        if (c.op_type == op_type && either) compare(c, pair);
      }
    }
    // No case is no all-clear: the pair's behaviour was not judged.
    if (audit.compared_per_pair.back() == 0) {
      behaviour.push_back(NotCompared(op_type, pair.from_version, pair.to_version, pair.from_opset,
                                      pair.to_opset, "case", "no case compared",
                                      WhyNothingCompared(op_type, library != nullptr)));
    }
  }

  // The converter: each case valid at a version, to every later version
  // compared (one pair: its target only).
  std::vector<std::pair<int, int>> conversions;  // (source opset, target opset)
  if (!range.from_opset.has_value() && !range.to_opset.has_value()) {
    std::vector<const OpSchema*> versions = SchemaVersions(op_type);
    for (size_t i = 0; i < versions.size(); ++i) {
      for (size_t j = i + 1; j < versions.size(); ++j) {
        conversions.emplace_back(versions[i]->since_version(), versions[j]->since_version());
      }
    }
  } else if (audit.pairs.front().from_opset != audit.pairs.front().to_opset) {
    conversions.emplace_back(audit.pairs.front().from_opset, audit.pairs.front().to_opset);
  }
  for (const auto& [source, target] : conversions) {
    const OpSchema& schema = *SchemaAt(op_type, source);
    std::vector<AuditCase> cases = CasesAt(op_type, schema.since_version(), source,
                                           schema.PrimaryTypes(), library, audit.skipped);
    for (const AuditCase& c : cases) {
      if (EvaluateCase(c).validity == Validity::kInvalid) continue;
      ++audit.conversions;
      for (Finding& f : AuditConversion(c, target)) converter.push_back(std::move(f));
    }
  }
  if (!conversions.empty() && audit.conversions == 0) {
    int from = conversions.front().first, to = conversions.front().second;
    for (const auto& [source, target] : conversions) {
      from = std::min(from, source);
      to = std::max(to, target);
    }
    converter.push_back(NotCompared(op_type, SchemaAt(op_type, from)->since_version(),
                                    SchemaAt(op_type, to)->since_version(), from, to, "converter",
                                    "no conversion run",
                                    WhyNothingCompared(op_type, library != nullptr)));
  }
  for (Finding& f : behaviour) audit.findings.push_back(std::move(f));
  for (Finding& f : converter) audit.findings.push_back(std::move(f));
  ClassifyDifferences(audit.findings);
  return audit;
}

}  // namespace onnx_conform
