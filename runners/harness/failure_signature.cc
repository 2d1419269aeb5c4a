#include "runners/harness/failure_signature.h"

#include <algorithm>
#include <mutex>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/checker.h"
#include "runners/harness/diff.h"
#include "runners/harness/evaluate_model.h"

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

// Element i of `actual` equals `expected`'s under its match class.
bool ElementMatches(const Tensor& expected, const MatchClasses& classes, const Tensor& actual,
                    int64_t i) {
  if (ElementBitsAt(expected, i) == ElementBitsAt(actual, i)) return true;
  const bool expected_nan = ValueKindAt(expected, i) == "nan";
  if (expected_nan || (!classes.empty() && classes[i] == MatchClass::kAnyNaN)) {
    return expected_nan && ValueKindAt(actual, i) == "nan";
  }
  return !classes.empty() && classes[i] == MatchClass::kEitherZero &&
         ValueKindAt(expected, i) == "zero" && ValueKindAt(actual, i) == "zero";
}

// The first other reading whose outputs element i of output k follows, by
// name; empty when none does.
std::string ReadingFollowed(const Explanation& e, size_t k, const Tensor& actual, int64_t i) {
  for (const ReadingOutputs& other : e.others) {
    if (other.outputs.size() <= k) continue;
    const ExplainedOutput& out = other.outputs[k];
    if (out.value.type() != actual.type() || out.value.shape() != actual.shape()) continue;
    if (ElementMatches(out.value, out.classes, actual, i)) return other.readings.Name();
  }
  return "";
}

// How element i differs, by the kind of value expected (VerdictElements).
std::string ElementKind(const Tensor& expected, const Tensor& actual, int64_t i) {
  const absl::string_view from = ValueKindAt(expected, i);
  const uint64_t sign = uint64_t{1} << (ElementSize(expected.type()) * 8 - 1);
  if ((from == "zero" || from == "inf") &&
      (ElementBitsAt(expected, i) ^ ElementBitsAt(actual, i)) == sign) {
    return absl::StrCat(from, "-sign");
  }
  return from == "finite" ? "value" : absl::StrCat("expected-", from);
}

// The case.json feature that names what an element kind is about.
absl::string_view FeatureOfKind(absl::string_view kind) {
  if (kind == "expected-nan") return "nan";
  if (kind == "zero-sign" || kind == "expected-zero") return "neg_zero";
  if (kind == "inf-sign" || kind == "expected-inf") return "inf";
  if (kind == "expected-denormal") return "subnormal";
  return "";
}

// The input elements output element `i` of `shape` is computed from, as
// `show` prints the inputs, named: "x=5, min=1, max=0". Only for a
// one-node graph whose every input broadcasts to the output (an elementwise
// node: Min, Max, Clip); "" otherwise (ArgMin reduces, a graph mixes).
std::string InputsAt(const CheckedCase& c, size_t index, const Shape& shape, int64_t i) {
  if (!c.model.has_value() || !c.graph.has_value() || c.graph->nodes.size() != 1) return "";
  const CheckedDataSet& data_set = c.data_sets.at(index);
  const std::vector<const onnx::ValueInfoProto*> fed = FedGraphInputs(c.model->graph());
  // The output element's coordinates, last dimension first.
  std::vector<int64_t> at(shape.size());
  for (size_t d = shape.size(), rest = static_cast<size_t>(i); d-- > 0;) {
    if (shape[d] <= 0) return "";
    at[d] = static_cast<int64_t>(rest % static_cast<size_t>(shape[d]));
    rest /= static_cast<size_t>(shape[d]);
  }
  std::vector<std::string> parts;
  for (size_t k = 0; k < data_set.inputs.size(); ++k) {
    const Tensor& input = data_set.inputs[k];
    if (!input.is_tensor() || input.shape().size() > shape.size()) return "";
    // Numpy's broadcasting, right-aligned: a dimension of 1 repeats.
    int64_t flat = 0;
    const size_t offset = shape.size() - input.shape().size();
    for (size_t d = 0; d < input.shape().size(); ++d) {
      const int64_t dim = input.shape()[d];
      if (dim != 1 && dim != shape[offset + d]) return "";
      flat = flat * dim + (dim == 1 ? 0 : at[offset + d]);
    }
    std::string name = k < data_set.input_names.size() ? data_set.input_names[k] : "";
    if (name.empty() && k < fed.size()) name = fed[k]->name();
    if (name.empty()) name = absl::StrCat("input ", k);
    parts.push_back(absl::StrCat(name, "=", FormatElement(input, flat)));
  }
  return absl::StrJoin(parts, ", ");
}

}  // namespace

VerdictElements VerdictElementsOf(const CheckedCase& c, size_t index,
                                  const std::vector<Tensor>& actual,
                                  const OutputsJudgement& judgement) {
  VerdictElements v;
  const std::vector<Tensor>& expected = c.data_sets.at(index).outputs;
  if (judgement.kind != OutputsJudgement::Kind::kMismatch || !judgement.only_values_differ ||
      actual.size() != expected.size()) {
    v.detail = absl::StrJoin(judgement.problems, "; ");
    return v;
  }
  std::lock_guard<std::mutex> lock(c.mutex());
  const Explanation& e = c.explanation(index);
  const std::vector<std::string> names = OutputNames(*c.model, expected.size());
  std::set<std::string> kinds;
  std::vector<std::string> parts, inputs;
  for (size_t k = 0; k < actual.size(); ++k) {
    MatchClasses classes;
    if (e.own.has_value() && e.own->outputs.size() > k) classes = e.own->outputs[k].classes;
    if (classes.size() != static_cast<size_t>(actual[k].element_count())) classes.clear();
    std::vector<std::string> verdict, followers;
    int64_t differing = 0;
    for (int64_t i = 0; i < actual[k].element_count(); ++i) {
      if (ElementMatches(expected[k], classes, actual[k], i)) continue;
      ++differing;
      if (const std::string reading = ReadingFollowed(e, k, actual[k], i); !reading.empty()) {
        if (followers.size() < 2) {
          followers.push_back(absl::StrCat(IndexText(actual[k].shape(), i), " follows ", reading));
        }
        continue;
      }
      kinds.insert(ElementKind(expected[k], actual[k], i));
      if (verdict.size() < 5) {
        verdict.push_back(absl::StrCat(IndexText(actual[k].shape(), i), " expected ",
                                       FormatElement(expected[k], i), ", got ",
                                       FormatElement(actual[k], i), " (follows no reading)"));
        if (std::string from = InputsAt(c, index, actual[k].shape(), i); !from.empty()) {
          inputs.push_back(absl::StrCat(IndexText(actual[k].shape(), i), " ", from));
        }
      }
    }
    if (differing == 0) continue;
    verdict.insert(verdict.end(), followers.begin(), followers.end());
    parts.push_back(absl::StrCat("output '", names[k], "': ", differing, " of ",
                                 actual[k].element_count(),
                                 " elements differ: ", absl::StrJoin(verdict, "; ")));
  }
  if (kinds.empty()) kinds.insert("reading-mix");
  v.kinds.assign(kinds.begin(), kinds.end());
  v.detail = parts.empty() ? absl::StrJoin(judgement.problems, "; ") : absl::StrJoin(parts, "; ");
  v.inputs = absl::StrJoin(inputs, "; ");
  return v;
}

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
                             const OutputsJudgement& judgement, std::string* detail,
                             std::string* inputs) {
  if (judgement.kind == OutputsJudgement::Kind::kMatch) return {};
  // One element analysis gives both the rule and the detail.
  std::optional<VerdictElements> elements;
  // Element kinds and readings explain exact comparisons; within a
  // tolerance, the cause is being beyond it.
  // Element kinds read numeric tensors' bits: strings, bools and
  // sequences have none to read.
  const std::vector<Tensor>& expected = c.data_sets.at(index).outputs;
  const bool numeric = std::all_of(expected.begin(), expected.end(), [](const Tensor& t) {
    return t.is_tensor() && IsNumeric(t.type());
  });
  if (judgement.kind == OutputsJudgement::Kind::kMismatch && judgement.only_values_differ &&
      judgement.exact && numeric) {
    elements = VerdictElementsOf(c, index, actual, judgement);
  }
  if (detail != nullptr) {
    *detail = elements ? elements->detail : absl::StrJoin(judgement.problems, "; ");
  }
  if (inputs != nullptr) *inputs = elements ? elements->inputs : "";
  if (judgement.kind == OutputsJudgement::Kind::kDivergent) {
    FailureSignature s = Base(c, "divergent");
    s.rule = absl::StrCat("follows ", judgement.backend_reading.Name());
    return s;
  }
  FailureSignature s = Base(c, judgement.difference.empty() ? "values" : judgement.difference);
  if ((s.kind == "values" || s.kind == "shape") && judgement.exact) {
    if (std::optional<std::string> ignored = IgnoredAttribute(c, index, actual)) {
      s.rule = absl::StrCat("ignores ", *ignored);
      s.features = FeaturesAmong(c, {*ignored});
      return s;
    }
  }
  if (s.kind == "values" && !judgement.exact) {
    s.rule = "beyond-tolerance";
    return s;
  }
  if (s.kind != "values" || !elements) return s;
  s.rule = absl::StrJoin(elements->kinds, "+");
  std::vector<std::string> features;
  for (const std::string& kind : elements->kinds) {
    if (absl::string_view feature = FeatureOfKind(kind); !feature.empty()) {
      features.emplace_back(feature);
    }
  }
  s.features = FeaturesAmong(c, features);
  return s;
}

FailureSignature CaseSignature(const CheckedCase& c, std::string kind, std::string rule) {
  FailureSignature s = Base(c, std::move(kind));
  s.rule = std::move(rule);
  return s;
}

FailureSignature AcceptedNegativeSignature(const CheckedCase& c) {
  return CaseSignature(c, "accepted-negative", FirstRule(c));
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
    case CaseStatus::kFail:
      return c.negative() ? AcceptedNegativeSignature(c) : CaseSignature(c, "values", FirstRule(c));
    default: {  // the status's name; an error is "case-error"
      FailureSignature s =
          Base(c, status == CaseStatus::kError ? "case-error" : std::string(StatusName(status)));
      s.rule = FirstRule(c);
      return s;
    }
  }
}

}  // namespace onnx_conform
