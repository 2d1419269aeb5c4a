#include "runners/harness/verdict.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "caseio/case_layout.h"
#include "reference/interpreter.h"
#include "reference/model_versions.h"

namespace onnx_conform {
namespace {

// At most this many readings are combined (2^5 - 1 subsets): more never
// apply to one graph of the suite's operators.
constexpr size_t kMaxCombinedReadings = 5;

bool SameBytes(const Tensor& a, const Tensor& b) {
  return a.type() == b.type() && a.shape() == b.shape() &&
         (a.byte_size() == 0 ||
          std::memcmp(a.bytes().data(), b.bytes().data(), a.byte_size()) == 0);
}

bool AllSameBytes(const std::vector<Tensor>& a, const std::vector<Tensor>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!SameBytes(a[i], b[i])) return false;
  }
  return true;
}

// `outputs` equal `explained` under its classes.
bool MatchesExplained(const std::vector<Tensor>& outputs,
                      const std::vector<ExplainedOutput>& explained) {
  if (outputs.size() != explained.size()) return false;
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (!DiffTensors(explained[i].value, outputs[i], Tolerance::Exact(), explained[i].classes, 0)
             .matches()) {
      return false;
    }
  }
  return true;
}

struct ReadingOutputs {
  ReadingSet readings;
  std::vector<ExplainedOutput> outputs;
};

int64_t ElementCount(const std::vector<Tensor>& tensors) {
  int64_t count = 0;
  for (const Tensor& t : tensors) count += t.element_count();
  return count;
}

// The combinations of the applicable readings to try, fewest readings first
// (the simplest explanation wins). Past kLargeElements, single readings
// only: each try is a plain evaluation of the whole graph.
constexpr int64_t kLargeElements = int64_t{1} << 20;
std::vector<ReadingSet> ReadingCombinations(std::vector<Reading> applicable, bool large) {
  if (applicable.size() > kMaxCombinedReadings) applicable.resize(kMaxCombinedReadings);
  std::vector<ReadingSet> subsets;
  for (uint32_t mask = 1; mask < (uint32_t{1} << applicable.size()); ++mask) {
    ReadingSet set;
    for (size_t r = 0; r < applicable.size(); ++r) {
      if (mask & (uint32_t{1} << r)) set.Add(applicable[r]);
    }
    if (!large || set.readings().size() == 1) subsets.push_back(set);
  }
  std::stable_sort(subsets.begin(), subsets.end(), [](const ReadingSet& a, const ReadingSet& b) {
    return a.readings().size() < b.readings().size();
  });
  return subsets;
}

// Which reading the expected and the actual outputs follow: the suite's
// own first, then each combination in turn, evaluated one at a time (a
// large case holds two sets of outputs at most) until both are placed.
struct Placement {
  std::optional<ReadingOutputs> own;       // the suite's reading (empty: the graph did not run)
  std::optional<ReadingOutputs> expected;  // the reading the expected outputs follow
  std::optional<ReadingSet> actual;        // the reading the actual outputs follow
};

Placement PlaceOutputs(const onnx::ModelProto& model, const std::vector<Tensor>& inputs,
                       const std::vector<Tensor>& expected, const std::vector<Tensor>& actual,
                       bool values_only) {
  Placement placement;
  absl::StatusOr<std::vector<ExplainedOutput>> own = ExplainModel(model, inputs);
  if (!own.ok()) return placement;
  placement.own = ReadingOutputs{ReadingSet{}, *std::move(own)};
  if (MatchesExplained(expected, placement.own->outputs)) placement.expected = placement.own;
  if (values_only && MatchesExplained(actual, placement.own->outputs))
    placement.actual = ReadingSet{};
  const bool large = ElementCount(expected) > kLargeElements;
  for (const ReadingSet& set : ReadingCombinations(ApplicableReadings(model), large)) {
    if (placement.expected.has_value() && (placement.actual.has_value() || !values_only)) break;
    absl::StatusOr<std::vector<ExplainedOutput>> other = ExplainModel(model, inputs, set);
    if (!other.ok()) continue;
    bool changes = false;
    for (size_t i = 0; i < other->size() && !changes; ++i) {
      changes = !SameBytes((*other)[i].value, placement.own->outputs[i].value);
    }
    if (!changes) continue;  // this reading decides nothing here
    if (values_only && !placement.actual.has_value() && MatchesExplained(actual, *other)) {
      placement.actual = set;
    }
    if (!placement.expected.has_value() && MatchesExplained(expected, *other)) {
      placement.expected = ReadingOutputs{set, *std::move(other)};
    }
  }
  return placement;
}

}  // namespace

std::vector<Reading> ApplicableReadings(const onnx::ModelProto& model) {
  // The first import: a model the reference runs (PlaceOutputs asks only
  // then) imports the default domain at one version.
  const int64_t opset = DefaultDomainOpset(model).value_or(0);
  std::vector<Reading> found;
  for (const onnx::NodeProto& node : model.graph().node()) {
    const std::optional<int64_t> version = ResolveOperatorVersion(node.op_type(), opset);
    if (!version.has_value()) continue;
    for (Reading r : ReadingsFor(node.op_type(), *version)) {
      if (std::find(found.begin(), found.end(), r) == found.end()) found.push_back(r);
    }
  }
  return found;
}

std::vector<std::string> OutputNames(const onnx::ModelProto& model, size_t count) {
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i) {
    names.push_back(static_cast<int>(i) < model.graph().output_size()
                        ? model.graph().output(static_cast<int>(i)).name()
                        : DataFileStem(DataFileKind::kOutput, static_cast<int64_t>(i)));
  }
  return names;
}

OutputsJudgement JudgeOutputs(const onnx::ModelProto& model, const InputsSource& inputs,
                              const std::vector<Tensor>& expected,
                              const std::vector<Tensor>& actual, const Tolerance& tolerance,
                              const std::vector<std::string>& output_names, int max_reported) {
  OutputsJudgement judgement;
  const auto name = [&](size_t i) {
    return i < output_names.size() ? output_names[i]
                                   : DataFileStem(DataFileKind::kOutput, static_cast<int64_t>(i));
  };
  if (actual.size() != expected.size()) {
    judgement.kind = OutputsJudgement::Kind::kMismatch;
    judgement.only_values_differ = false;
    judgement.problems.push_back(
        absl::StrCat("backend produced ", actual.size(), " outputs, expected ", expected.size()));
    return judgement;
  }
  if (AllSameBytes(expected, actual)) return judgement;

  bool values_only = true;
  for (size_t i = 0; i < actual.size(); ++i) {
    values_only = values_only && actual[i].type() == expected[i].type() &&
                  actual[i].shape() == expected[i].shape();
  }
  // The classes of the expected outputs' reading; none when the reference
  // cannot run the graph or the tolerance is not exact.
  Placement placement;
  if (tolerance.exact) {
    absl::StatusOr<std::vector<Tensor>> fed = inputs();
    if (fed.ok()) placement = PlaceOutputs(model, *fed, expected, actual, values_only);
  }
  const ReadingOutputs* classes_from = placement.expected.has_value() ? &*placement.expected
                                       : placement.own.has_value()    ? &*placement.own
                                                                      : nullptr;
  for (size_t i = 0; i < actual.size(); ++i) {
    const MatchClasses& classes =
        classes_from != nullptr ? classes_from->outputs[i].classes : MatchClasses{};
    const TensorDiff diff = DiffTensors(expected[i], actual[i], tolerance, classes, max_reported);
    if (diff.matches()) continue;
    if (!diff.type_or_shape_error.empty()) judgement.only_values_differ = false;
    judgement.problems.push_back(diff.Describe(name(i)));
  }
  if (judgement.problems.empty()) return judgement;

  // Divergent only against a known reading: expected outputs that follow
  // none are simply what the case claims.
  if (judgement.only_values_differ && placement.actual.has_value() &&
      placement.expected.has_value() && *placement.actual != placement.expected->readings) {
    judgement.kind = OutputsJudgement::Kind::kDivergent;
    judgement.backend_reading = *placement.actual;
    judgement.expected_reading = placement.expected->readings;
    return judgement;
  }
  judgement.kind = OutputsJudgement::Kind::kMismatch;
  return judgement;
}

std::string DescribeDivergence(const OutputsJudgement& judgement) {
  // "name (what a backend following it does)", for each reading of a set.
  const auto follows = [](const ReadingSet& set) {
    if (set.empty()) return std::string("reference (the suite's own reading)");
    std::vector<std::string> parts;
    for (Reading r : set.readings()) {
      parts.push_back(absl::StrCat(ReadingName(r), " (", InfoOf(r).summary, ")"));
    }
    return absl::StrJoin(parts, " and ");
  };
  std::string expects;
  if (judgement.expected_reading.empty()) {
    std::vector<std::string> own;
    for (Reading r : judgement.backend_reading.readings()) own.emplace_back(InfoOf(r).reference);
    expects = absl::StrCat("the suite's reading: ", absl::StrJoin(own, "; "));
  } else {
    expects = absl::StrCat("reading ", follows(judgement.expected_reading));
  }
  return absl::StrCat("follows reading ", follows(judgement.backend_reading), "; the case expects ",
                      expects);
}

}  // namespace onnx_conform
