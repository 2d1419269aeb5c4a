#include "runners/harness/failure_signature.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "reference/evaluate.h"

namespace onnx_conform {
namespace {

// The operator, version and first type of a case.
FailureSignature Base(const CheckedCase& c, std::string kind) {
  FailureSignature s;
  s.op = c.labels.op;
  s.version = c.labels.op_version;
  s.type = c.labels.types.substr(0, c.labels.types.find(','));
  s.kind = std::move(kind);
  return s;
}

// The case's features among `wanted`, in the case's order.
std::vector<std::string> FeaturesAmong(const CheckedCase& c,
                                       const std::vector<std::string>& wanted) {
  std::vector<std::string> found;
  if (!c.metadata.has_value()) return found;
  for (const std::string& feature : c.metadata->features()) {
    if (std::find(wanted.begin(), wanted.end(), feature) != wanted.end()) found.push_back(feature);
  }
  return found;
}

// The first checker rule among the case's diagnostics of `severity`.
std::string FirstRule(const CheckedCase& c) {
  if (c.negative()) return c.broken_rule;
  for (const Diagnostic& d : c.diagnostics) {
    if (d.severity != Severity::kWarning) return d.rule;
  }
  return "";
}

}  // namespace

std::optional<std::string> IgnoredAttribute(const CheckedCase& c, size_t index,
                                            const std::vector<Tensor>& actual) {
  if (!c.model.has_value() || !c.graph.has_value() || c.graph->nodes.size() != 1 ||
      index >= c.data_sets.size()) {
    return std::nullopt;
  }
  const BoundNode& node = c.graph->nodes.front();
  for (const AttributeSpec& spec : node.schema().attributes()) {
    if (!node.HasAttribute(spec.name)) continue;
    onnx::ModelProto without = *c.model;
    auto* attributes = without.mutable_graph()->mutable_node(node.index())->mutable_attribute();
    attributes->erase(
        std::remove_if(attributes->begin(), attributes->end(),
                       [&](const onnx::AttributeProto& a) { return a.name() == spec.name; }),
        attributes->end());
    absl::StatusOr<std::vector<ExplainedOutput>> outputs =
        ExplainModel(without, c.data_sets[index].inputs);
    if (outputs.ok() && MatchesExplained(actual, *outputs)) return spec.name;
  }
  return std::nullopt;
}

FailureSignature SignatureOf(const CheckedCase& c, size_t index, const std::vector<Tensor>& actual,
                             const OutputsJudgement& judgement) {
  if (judgement.kind == OutputsJudgement::Kind::kMatch) return {};
  if (judgement.kind == OutputsJudgement::Kind::kDivergent) {
    FailureSignature s = Base(c, "divergent");
    s.rule = absl::StrCat("follows ", judgement.backend_reading.Name());
    return s;
  }
  FailureSignature s = Base(c, judgement.difference.empty() ? "values" : judgement.difference);
  if (s.kind == "values" || s.kind == "shape") {
    if (std::optional<std::string> ignored = IgnoredAttribute(c, index, actual)) {
      s.rule = absl::StrCat("ignores ", *ignored);
      s.features = FeaturesAmong(c, {*ignored});
      return s;
    }
  }
  if (s.kind != "values") return s;
  std::vector<std::string> rules, features;
  if (judgement.nan_expected) {
    rules.emplace_back("nan-result");
    features.emplace_back("nan");
  }
  if (judgement.zero_sign) {
    rules.emplace_back("sign-of-zero");
    features.emplace_back("neg_zero");
  }
  if (judgement.other_value) rules.emplace_back("value");
  s.rule = absl::StrJoin(rules, "+");
  s.features = FeaturesAmong(c, features);
  return s;
}

FailureSignature OutcomeSignature(const CheckedCase& c, const BackendOutcome& outcome) {
  switch (outcome.kind) {
    case BackendOutcome::Kind::kOk:
    case BackendOutcome::Kind::kCancelled: return {};
    case BackendOutcome::Kind::kUnsupported: return Base(c, "unsupported");
    case BackendOutcome::Kind::kInvalid: return Base(c, "refused-as-invalid");
    case BackendOutcome::Kind::kCrash: return Base(c, "crash");
    case BackendOutcome::Kind::kTimeout: return Base(c, "timeout");
    case BackendOutcome::Kind::kError: break;
  }
  // Exit 0 and outputs that are missing or unreadable, or a failure to answer.
  if (outcome.exit_code == 0) return Base(c, "bad-output");
  FailureSignature s = Base(c, "adapter-error");
  if (outcome.exit_code.has_value()) s.rule = absl::StrCat("exit ", *outcome.exit_code);
  return s;
}

FailureSignature StatusSignature(const CheckedCase& c, CaseStatus status) {
  switch (status) {
    case CaseStatus::kPass:
    case CaseStatus::kXpass: return {};
    case CaseStatus::kFail: {
      FailureSignature s = Base(c, c.negative() ? "accepted-negative" : "values");
      s.rule = FirstRule(c);
      return s;
    }
    case CaseStatus::kError: {
      FailureSignature s = Base(c, "case-error");
      s.rule = FirstRule(c);
      return s;
    }
    default: {
      FailureSignature s = Base(c, std::string(StatusName(status)));
      s.rule = FirstRule(c);
      return s;
    }
  }
}

}  // namespace onnx_conform
