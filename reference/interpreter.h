// The reference interpreter: runs a whole ONNX graph (or one node) on the
// reference kernels.
//
//   absl::StatusOr<onnx::ModelProto> model = ReadModelFile("case/model.onnx");
//   absl::StatusOr<std::vector<Tensor>> outputs = RunModel(*model, {x, min});
//
// It implements Min (1, 6, 8, 12, 13), ArgMin (1, 11, 12, 13), Clip (1, 6,
// 11, 12, 13), Constant and Identity (any version), so that models from
// ONNX's version converter (which turns Clip-6 attributes into Constant
// nodes) run too, and Less and Where, so that Clip-13's function body
// (ONNX's `*_expanded` node tests) runs (reference/support_ops.h).
//
// The fast kernels run by default; EvaluationOptions selects the plain
// normative loops, another reading of the texts, or an explained run that
// gives every output element's MatchClass (reference/readings.h). A node runs the newest version
// not above the model's opset for its domain ("" or "ai.onnx").
//
// Errors: Unimplemented for an operator, domain or opset the reference does
// not implement; InvalidArgument for a malformed model or inputs (naming the
// node and field).
#ifndef ONNX_CONFORM_REFERENCE_INTERPRETER_H_
#define ONNX_CONFORM_REFERENCE_INTERPRETER_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"
#include "reference/readings.h"
#include "reference/tensor.h"

namespace onnx_conform {

// The version of `op_type` (default domain) that serves `opset`: the newest
// implemented version not above it. nullopt when the operator is unknown or
// opset is below its first version.
std::optional<int64_t> ResolveOperatorVersion(absl::string_view op_type, int64_t opset);

enum class Kernels { kFast, kPlain };

struct EvaluationOptions {
  Kernels kernels = Kernels::kFast;
  ReadingSet readings = {};  // not empty: the plain loops under these readings
  bool explain = false;      // the plain loops, keeping every element's class
};

// A graph output and how closely each of its elements is determined.
struct ExplainedOutput {
  Tensor value;
  MatchClasses classes;  // empty: every element exact
};

// Runs `model`'s graph. `inputs` match, in order, the graph inputs that are
// not initializers (ONNX IR < 4 also lists initializers as inputs). Returns
// the graph outputs in order.
absl::StatusOr<std::vector<Tensor>> RunModel(const onnx::ModelProto& model,
                                             const std::vector<Tensor>& inputs,
                                             const EvaluationOptions& options = {});
// RunModel, taking the inputs over: a node may then write its output into
// an input that nothing reads after it (Min into its first input, Clip into
// its input), so a large case needs one new buffer fewer. Same results.
absl::StatusOr<std::vector<Tensor>> RunModelConsumingInputs(const onnx::ModelProto& model,
                                                            std::vector<Tensor> inputs,
                                                            const EvaluationOptions& options = {});

// The plain loops under `readings` (empty: the suite's own), with each
// output element's MatchClass.
absl::StatusOr<std::vector<ExplainedOutput>> ExplainModel(const onnx::ModelProto& model,
                                                          const std::vector<Tensor>& inputs,
                                                          const ReadingSet& readings = {});

// Runs one node of the default domain at `opset`. inputs[i] is node.input(i);
// nullptr marks a skipped optional input (empty name). Returns its outputs.
absl::StatusOr<std::vector<Tensor>> RunNode(const onnx::NodeProto& node, int64_t opset,
                                            std::vector<const Tensor*> inputs);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_INTERPRETER_H_
