// Judges a backend's outputs for one data set of a case against the case's
// expected outputs, element by element, as precisely as the operator texts
// allow: a diff, nothing read or run again per backend.
//
//   OutputsJudgement j = JudgeOutputs(checked_case, 0, actual, Tolerance::Exact());
//   if (j.kind == OutputsJudgement::Kind::kDivergent) std::cout << j.backend_reading.Name();
//
// Identical bytes match at once. Otherwise the plain reference explains the
// data set, once per case (the explanation stays with the CheckedCase,
// checker/checked_case.h): each expected element's MatchClass (exact bits;
// either zero for a +0/-0 tie; any NaN), and the outputs under each
// documented alternative reading the graph's schemas name
// (checker/readings.h). Then:
// - match: the actual outputs equal the expected ones under those classes;
// - divergent: they equal the outputs of another reading than the one the
//   expected outputs follow (the reading is named);
// - mismatch: neither; the messages name each element's class ("expected
//   -0 (sign determined), got +0").
// A graph the reference cannot run is compared exactly (any NaN for an
// expected NaN). With a tolerance (graphs of other operators), elements are
// compared within it and no reading applies.
#ifndef ONNX_CONFORM_RUNNERS_VERDICT_H_
#define ONNX_CONFORM_RUNNERS_VERDICT_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "checker/checked_case.h"
#include "checker/readings.h"
#include "onnx/onnx_pb.h"
#include "runners/harness/diff.h"
#include "tensor/tensor.h"

namespace onnx_conform {

struct OutputsJudgement {
  enum class Kind { kMatch, kDivergent, kMismatch };
  Kind kind = Kind::kMatch;
  // One line per differing output ("output 'y': 1 of 4 elements differ: ...").
  std::vector<std::string> problems;
  bool only_values_differ = true;  // no count, type or shape difference
  // Divergent: the reading the backend follows, and the one the expected
  // outputs follow (empty: the suite's own).
  ReadingSet backend_reading;
  ReadingSet expected_reading;
  // What differs, the worst first: "output-count", "element-type", "shape"
  // or "values" (empty for a match). runners/harness/failure_signature.h
  // makes a cause of it.
  std::string difference;
  // Whether the outputs were compared exactly (the covered operators'
  // graphs) rather than within a tolerance.
  bool exact = true;
  // Outputs compared within a tolerance: each float output's errors, in
  // output order (also when it matches).
  std::vector<OutputErrors> errors;
};

// Same element type, shape and bytes (so -0 is not +0, NaN payloads count).
bool SameBytes(const Tensor& a, const Tensor& b);
bool AllSameBytes(const std::vector<Tensor>& a, const std::vector<Tensor>& b);

// The names of a model's first `count` outputs as messages show them: the
// graph output's name, or the stem of its file ("output_2") past the graph's
// outputs.
std::vector<std::string> OutputNames(const onnx::ModelProto& model, size_t count);
// The same for every graph output.
inline std::vector<std::string> OutputNames(const onnx::ModelProto& model) {
  return OutputNames(model, static_cast<size_t>(model.graph().output_size()));
}

// Data set `index` of a runnable case (checker/checked_case.h). Messages
// show at most `max_reported` differing elements of each output.
OutputsJudgement JudgeOutputs(const CheckedCase& c, size_t index, const std::vector<Tensor>& actual,
                              const Tolerance& tolerance, int max_reported = 5);

// Whether `outputs` equal `explained` under its match classes.
bool MatchesExplained(const std::vector<Tensor>& outputs,
                      const std::vector<ExplainedOutput>& explained);

// The alternative readings the graph's schemas name.
ReadingSet ApplicableReadings(const BoundGraph& graph);

// One line saying what a divergent backend does: "follows reading
// clip-missing-bound-skipped (a missing bound clips nothing, ...), where the
// suite reads: ...".
std::string DescribeDivergence(const OutputsJudgement& judgement);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_VERDICT_H_
