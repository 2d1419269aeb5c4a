#include "runners/verdict.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "reference/interpreter.h"

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

// The explained outputs under the suite's own reading, then under every
// combination of the applicable readings that changes them.
std::vector<ReadingOutputs> ExplainAllReadings(const onnx::ModelProto& model,
                                               const std::vector<Tensor>& inputs) {
  std::vector<ReadingOutputs> all;
  absl::StatusOr<std::vector<ExplainedOutput>> own = ExplainModel(model, inputs);
  if (!own.ok()) return all;
  all.push_back({ReadingSet{}, *std::move(own)});
  std::vector<Reading> applicable = ApplicableReadings(model);
  if (applicable.size() > kMaxCombinedReadings) applicable.resize(kMaxCombinedReadings);
  // Fewest readings first, so the simplest explanation wins.
  std::vector<ReadingSet> subsets;
  for (uint32_t mask = 1; mask < (uint32_t{1} << applicable.size()); ++mask) {
    ReadingSet set;
    for (size_t r = 0; r < applicable.size(); ++r) {
      if (mask & (uint32_t{1} << r)) set.Add(applicable[r]);
    }
    subsets.push_back(set);
  }
  std::stable_sort(subsets.begin(), subsets.end(), [](const ReadingSet& a, const ReadingSet& b) {
    return a.readings().size() < b.readings().size();
  });
  for (const ReadingSet& set : subsets) {
    absl::StatusOr<std::vector<ExplainedOutput>> other = ExplainModel(model, inputs, set);
    if (!other.ok()) continue;
    bool changes = false;
    for (size_t i = 0; i < other->size() && !changes; ++i) {
      changes = !SameBytes((*other)[i].value, all.front().outputs[i].value);
    }
    if (changes) all.push_back({set, *std::move(other)});
  }
  return all;
}

// The first reading whose outputs `outputs` equal (own reading first).
const ReadingOutputs* ReadingOf(const std::vector<Tensor>& outputs,
                                const std::vector<ReadingOutputs>& all) {
  for (const ReadingOutputs& reading : all) {
    if (MatchesExplained(outputs, reading.outputs)) return &reading;
  }
  return nullptr;
}

}  // namespace

std::vector<Reading> ApplicableReadings(const onnx::ModelProto& model) {
  int64_t opset = 0;
  for (const onnx::OperatorSetIdProto& import : model.opset_import()) {
    if (import.domain().empty() || import.domain() == "ai.onnx") opset = import.version();
  }
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

OutputsJudgement JudgeOutputs(const onnx::ModelProto& model, const InputsSource& inputs,
                              const std::vector<Tensor>& expected,
                              const std::vector<Tensor>& actual, const Tolerance& tolerance,
                              const std::vector<std::string>& output_names) {
  OutputsJudgement judgement;
  const auto name = [&](size_t i) {
    return i < output_names.size() ? output_names[i] : absl::StrCat("output_", i);
  };
  if (actual.size() != expected.size()) {
    judgement.kind = OutputsJudgement::Kind::kMismatch;
    judgement.only_values_differ = false;
    judgement.problems.push_back(
        absl::StrCat("backend produced ", actual.size(), " outputs, expected ", expected.size()));
    return judgement;
  }
  if (AllSameBytes(expected, actual)) return judgement;

  // The classes of the expected outputs' reading; none when the reference
  // cannot run the graph or the tolerance is not exact.
  std::vector<ReadingOutputs> all;
  if (tolerance.exact) {
    absl::StatusOr<std::vector<Tensor>> fed = inputs();
    if (fed.ok()) all = ExplainAllReadings(model, *fed);
  }
  const ReadingOutputs* expected_reading = ReadingOf(expected, all);
  for (size_t i = 0; i < actual.size(); ++i) {
    const MatchClasses& classes = expected_reading != nullptr ? expected_reading->outputs[i].classes
                                  : !all.empty()              ? all.front().outputs[i].classes
                                                              : MatchClasses{};
    const TensorDiff diff = DiffTensors(expected[i], actual[i], tolerance, classes);
    if (diff.matches()) continue;
    if (!diff.type_or_shape_error.empty()) judgement.only_values_differ = false;
    judgement.problems.push_back(diff.Describe(name(i)));
  }
  if (judgement.problems.empty()) return judgement;

  const ReadingOutputs* actual_reading =
      judgement.only_values_differ ? ReadingOf(actual, all) : nullptr;
  // Divergent only against a known reading: expected outputs that follow
  // none are simply what the case claims.
  if (actual_reading != nullptr && expected_reading != nullptr &&
      actual_reading->readings != expected_reading->readings) {
    judgement.kind = OutputsJudgement::Kind::kDivergent;
    judgement.backend_reading = actual_reading->readings;
    if (expected_reading != nullptr) judgement.expected_reading = expected_reading->readings;
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
