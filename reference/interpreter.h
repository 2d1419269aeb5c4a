// The reference interpreter: runs a graph the checker accepted, each node
// on its operator's plain or fast form (reference/operators.h). It trusts
// the checker (checker/bound_graph.h): every node's arity, types, shapes
// and attributes are as its schema requires. It never checks: `run` gives
// it the graph of its checked case (checker/checked_case.h), and
// runners/harness/evaluate_model.h checks a bare model, holds the run to
// the resource budget and then calls it.
//
//   absl::StatusOr<BoundGraph> bound = BindGraph(model);    // after CheckModel
//   absl::StatusOr<std::vector<ExplainedOutput>> out = RunGraph(*bound, {x, min});
//
// The fast forms run by default; EvaluationOptions selects the plain
// normative loops, another reading of the texts, or an explained run that
// gives every output element's MatchClass (checker/readings.h). Each node
// follows only the readings its schema names.
//
// Errors: Unimplemented for what the reference does not run (a sparse
// initializer, a string constant); ResourceExhausted past the thread's
// budget (tensor/resource_limits.h), naming the node.
#ifndef ONNX_CONFORM_REFERENCE_INTERPRETER_H_
#define ONNX_CONFORM_REFERENCE_INTERPRETER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "checker/bound_graph.h"
#include "checker/readings.h"
#include "checker/registry.h"
#include "tensor/tensor.h"

namespace onnx_conform {

enum class Kernels { kFast, kPlain };

struct EvaluationOptions {
  Kernels kernels = Kernels::kFast;
  ReadingSet readings = {};  // not empty: the plain loops under these readings
  bool explain = false;      // the plain loops, keeping every element's class
  // Values of the graph returned after its outputs, in this order: node
  // outputs the graph does not list (where a difference starts, say).
  std::vector<std::string> also_values = {};
};

// `inputs` match, in order, the graph inputs that are not initializers.
// Returns the graph outputs in order, then options.also_values (classes
// only with `explain`); InvalidArgument for a value the graph never has.
absl::StatusOr<std::vector<ExplainedOutput>> RunGraph(const BoundGraph& graph,
                                                      const std::vector<Tensor>& inputs,
                                                      const EvaluationOptions& options = {});

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_INTERPRETER_H_
