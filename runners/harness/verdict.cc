#include "runners/harness/verdict.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "caseio/case_layout.h"
#include "checker/model_versions.h"
#include "reference/interpreter.h"

namespace onnx_conform {
namespace {

// At most this many readings are combined (2^5 - 1 subsets): more never
// apply to one graph of the suite's operators.
constexpr size_t kMaxCombinedReadings = 5;

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

// The explanation of one data set, extended on demand (under the case's
// mutex): the suite's own reading first, then each combination of other
// readings in turn, kept once computed.
class Explainer {
 public:
  Explainer(const CheckedCase& c, size_t index)
      : c_(c), data_set_(c.data_sets[index]), e_(c.explanation(index)) {
    if (!e_.started) {
      e_.started = true;
      if (c_.graph.has_value()) {
        absl::StatusOr<std::vector<ExplainedOutput>> own =
            RunGraph(*c_.graph, data_set_.inputs, {.explain = true});
        if (own.ok()) e_.own = ReadingOutputs{ReadingSet{}, *std::move(own)};
      }
    }
    if (e_.own.has_value()) {
      combinations_ = ReadingCombinations(ApplicableReadings(*c_.graph).readings(),
                                          ElementCount(data_set_.outputs) > kLargeElements);
    }
  }

  const std::optional<ReadingOutputs>& own() const { return e_.own; }
  size_t size() const { return combinations_.size(); }

  // The outputs under combination k; empty outputs when it did not run or
  // changes nothing here (it decides nothing then).
  const ReadingOutputs& Other(size_t k) {
    while (e_.others.size() <= k) {
      const ReadingSet& set = combinations_[e_.others.size()];
      ReadingOutputs other{set, {}};
      absl::StatusOr<std::vector<ExplainedOutput>> run =
          RunGraph(*c_.graph, data_set_.inputs, {.readings = set, .explain = true});
      if (run.ok()) {
        bool changes = false;
        for (size_t i = 0; i < run->size() && !changes; ++i) {
          changes = !SameBytes((*run)[i].value, e_.own->outputs[i].value);
        }
        if (changes) other.outputs = *std::move(run);
      }
      e_.others.push_back(std::move(other));
    }
    return e_.others[k];
  }

  // The reading the expected outputs follow, looked for once.
  const ReadingOutputs* Expected() {
    if (!e_.expected_placed && e_.own.has_value()) {
      e_.expected_placed = true;
      e_.expected = Follows(data_set_.outputs);
    }
    if (!e_.expected.has_value()) return nullptr;
    return *e_.expected < 0 ? &*e_.own : &e_.others[static_cast<size_t>(*e_.expected)];
  }

  // The reading `actual` follows, if any.
  std::optional<ReadingSet> ActualReading(const std::vector<Tensor>& actual) {
    const std::optional<int> k = Follows(actual);
    if (!k.has_value()) return std::nullopt;
    return *k < 0 ? ReadingSet{} : e_.others[static_cast<size_t>(*k)].readings;
  }

 private:
  // The reading `outputs` follow: -1 the suite's own, k combination k
  // (the first that matches); nullopt none.
  std::optional<int> Follows(const std::vector<Tensor>& outputs) {
    if (!e_.own.has_value()) return std::nullopt;
    if (MatchesExplained(outputs, e_.own->outputs)) return -1;
    for (size_t k = 0; k < size(); ++k) {
      const ReadingOutputs& other = Other(k);
      if (!other.outputs.empty() && MatchesExplained(outputs, other.outputs)) {
        return static_cast<int>(k);
      }
    }
    return std::nullopt;
  }

  const CheckedCase& c_;
  const CheckedDataSet& data_set_;
  Explanation& e_;
  std::vector<ReadingSet> combinations_;
};

// Keeps the worst difference of the outputs: element type, shape, values.
void NoteDifference(const TensorDiff& diff, OutputsJudgement& judgement) {
  const std::string kind = diff.type_differs                   ? "element-type"
                           : !diff.type_or_shape_error.empty() ? "shape"
                                                               : "values";
  constexpr const char* kOrder[] = {"values", "shape", "element-type"};
  const auto rank = [&](const std::string& k) {
    for (int i = 0; i < 3; ++i) {
      if (k == kOrder[i]) return i;
    }
    return -1;
  };
  if (rank(kind) > rank(judgement.difference)) judgement.difference = kind;
}

}  // namespace

bool SameBytes(const Tensor& a, const Tensor& b) {
  // Strings and the parts of sequences, optionals and maps hold no storage
  // bytes of their own: they are compared value by value.
  if (!a.is_tensor() || !b.is_tensor() || a.type() == ElementType::kString) {
    return IdenticalValues(a, b);
  }
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

ReadingSet ApplicableReadings(const BoundGraph& graph) {
  ReadingSet found;
  for (const BoundNode& node : graph.nodes) {
    for (Reading r : node.schema().readings().readings()) found.Add(r);
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

OutputsJudgement JudgeOutputs(const CheckedCase& c, size_t index, const std::vector<Tensor>& actual,
                              const Tolerance& tolerance, int max_reported) {
  const std::vector<Tensor>& expected = c.data_sets[index].outputs;
  OutputsJudgement judgement;
  judgement.exact = tolerance.exact;
  const std::vector<std::string> names = OutputNames(*c.model, expected.size());
  if (actual.size() != expected.size()) {
    judgement.kind = OutputsJudgement::Kind::kMismatch;
    judgement.only_values_differ = false;
    judgement.difference = "output-count";
    judgement.problems.push_back(
        absl::StrCat("backend produced ", actual.size(), " outputs, expected ", expected.size()));
    return judgement;
  }
  // Within a tolerance every output is measured, a matching one too.
  if (tolerance.exact && AllSameBytes(expected, actual)) return judgement;

  bool values_only = true;
  for (size_t i = 0; i < actual.size(); ++i) {
    values_only = values_only && actual[i].type() == expected[i].type() &&
                  actual[i].shape() == expected[i].shape();
  }
  // The classes of the expected outputs' reading; none when the reference
  // cannot run the graph or the tolerance is not exact.
  std::lock_guard<std::mutex> lock(c.mutex());
  std::optional<Explainer> explainer;
  const ReadingOutputs* classes_from = nullptr;
  if (tolerance.exact && c.graph.has_value()) {
    explainer.emplace(c, index);
    classes_from = explainer->Expected();
    if (classes_from == nullptr && explainer->own().has_value()) classes_from = &*explainer->own();
  }
  for (size_t i = 0; i < actual.size(); ++i) {
    const MatchClasses& classes =
        classes_from != nullptr ? classes_from->outputs[i].classes : MatchClasses{};
    const TensorDiff diff = DiffTensors(expected[i], actual[i], tolerance, classes, max_reported);
    if (diff.errors.has_value()) {
      judgement.errors.push_back(
          {.data_set = "", .output = names[i], .stats = *diff.errors, .tolerance = diff.tolerance});
    }
    if (diff.matches()) continue;
    if (!diff.type_or_shape_error.empty()) judgement.only_values_differ = false;
    NoteDifference(diff, judgement);
    judgement.problems.push_back(diff.Describe(names[i]));
  }
  if (judgement.problems.empty()) return judgement;

  // Divergent only against a known reading: expected outputs that follow
  // none are simply what the case claims.
  const ReadingOutputs* expected_reading = explainer ? explainer->Expected() : nullptr;
  if (judgement.only_values_differ && values_only && expected_reading != nullptr) {
    const std::optional<ReadingSet> followed = explainer->ActualReading(actual);
    if (followed.has_value() && *followed != expected_reading->readings) {
      judgement.kind = OutputsJudgement::Kind::kDivergent;
      judgement.backend_reading = *followed;
      judgement.expected_reading = expected_reading->readings;
      return judgement;
    }
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
