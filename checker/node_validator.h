// The generic rules every node obeys, checked once from its schema's
// declarations: input and output arity, empty names only where optional,
// attribute names, types and presence, and type-parameter binding. It then
// runs the schema's op-specific check and returns the inferred outputs.
// The model checker (checker.h) calls it per node; tests call it directly
// with a hand-made schema.
//
//   NodeView view{&node, inputs, values, input_defined, declared_outputs};
//   NodeOutputValues values;
//   std::vector<TensorInfo> outputs = ValidateNode(schema, view, sink, &values);
#ifndef ONNX_CONFORM_CHECKER_NODE_VALIDATOR_H_
#define ONNX_CONFORM_CHECKER_NODE_VALIDATOR_H_

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "checker/diagnostic.h"
#include "checker/schema.h"
#include "checker/tensor_info.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// Collects diagnostics about one node of one file.
class DiagnosticSink {
 public:
  DiagnosticSink(std::string file, std::string node, std::vector<Diagnostic>* out)
      : file_(std::move(file)), node_(std::move(node)), out_(out) {}
  void Report(absl::string_view rule_id, std::string field, std::string message) {
    out_->push_back(MakeDiagnostic(rule_id, file_, node_, std::move(field), std::move(message)));
  }

 private:
  std::string file_;
  std::string node_;
  std::vector<Diagnostic>* out_;
};

// What the checker knows around one node. Spans are indexed like the node's
// inputs and outputs; missing entries count as unknown.
struct NodeView {
  const onnx::NodeProto* node = nullptr;
  std::span<const TensorInfo> inputs;     // known info per node input
  std::span<const Tensor* const> values;  // known value per node input, or nullptr
  // false: undefined or badly declared name (already reported), so an
  // unknown type is not worth a TYPE-UNDECLARED warning.
  std::span<const bool> input_defined;
  std::span<const TensorInfo> declared_outputs;  // graph output / value_info declarations
};

// The output values a node's check knows (Constant's, Identity's).
struct NodeOutputValues {
  // One per node output, nullptr when unknown. Points into `owned` or to a
  // value of NodeView::values (which must outlive it).
  std::vector<const Tensor*> values;
  std::vector<std::unique_ptr<Tensor>> owned;  // the tensors the check built
};

// Returns one inferred TensorInfo per node output (unknown where not
// inferred), and fills `values` (when given) with the known output values.
std::vector<TensorInfo> ValidateNode(const OpSchema& schema, const NodeView& view,
                                     DiagnosticSink& sink, NodeOutputValues* values = nullptr);

// "'name'" for a named node, else "#index op_type".
std::string NodeLabel(const onnx::NodeProto& node, int index);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_NODE_VALIDATOR_H_
