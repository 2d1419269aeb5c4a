// A model and its inputs, checked and then evaluated on the reference, for
// commands that hold a model rather than a checked case (bodies, audit,
// adequacy's mutants, the fake adapter): the suite's checker judges the
// model and the inputs (checker/checker.h), the graph is bound to its
// schemas (checker/bound_graph.h) and run by the evaluator, which trusts
// it (reference/interpreter.h), and everything it reads and allocates is
// held to the resource budget (tensor/resource_limits.h): the calling
// thread's when it holds one (a case of `run`), else `limits`. The check
// is here, above the checker and the evaluator, so that the evaluator
// never checks again; `run` evaluates the graph its checked case holds.
//
//   absl::StatusOr<std::vector<Tensor>> y = RunModel(model, {x});
//   absl::StatusOr<std::vector<ExplainedOutput>> e = EvaluateModel(model, {x}, {.explain = true});
//
// Errors: InvalidArgument listing the checker's errors; Unimplemented for
// what the suite does not cover or the reference does not run;
// ResourceExhausted past the budget.
#ifndef ONNX_CONFORM_RUNNERS_HARNESS_EVALUATE_MODEL_H_
#define ONNX_CONFORM_RUNNERS_HARNESS_EVALUATE_MODEL_H_

#include <vector>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "reference/interpreter.h"
#include "tensor/resource_limits.h"

namespace onnx_conform {

// `inputs` feed, in order, the graph inputs that are not initializers.
absl::StatusOr<std::vector<ExplainedOutput>> EvaluateModel(const onnx::ModelProto& model,
                                                           const std::vector<Tensor>& inputs,
                                                           const EvaluationOptions& options = {},
                                                           const ResourceLimits& limits = {});

// EvaluateModel's output values alone.
absl::StatusOr<std::vector<Tensor>> RunModel(const onnx::ModelProto& model,
                                             const std::vector<Tensor>& inputs,
                                             const EvaluationOptions& options = {},
                                             const ResourceLimits& limits = {});

// The plain loops under `readings` (empty: the suite's own), with each
// output element's MatchClass.
absl::StatusOr<std::vector<ExplainedOutput>> ExplainModel(const onnx::ModelProto& model,
                                                          const std::vector<Tensor>& inputs,
                                                          const ReadingSet& readings = {});

// What the checker found wrong with a model and the inputs a backend is
// given, as one status: OK, InvalidArgument (the errors, one per line) or
// Unimplemented (what the suite does not cover).
absl::Status CheckModelAndInputs(const onnx::ModelProto& model, const std::vector<Tensor>& inputs);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_HARNESS_EVALUATE_MODEL_H_
