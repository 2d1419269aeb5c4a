// What `audit --model` needs to see every node of a model, and the checks
// of a converted model that need no data: ONNX's checker with strict shape
// inference, the suite's own checks of each node of its operators in every
// graph, and the schema change of an operator outside the suite (from
// ONNX's registry, which libonnx ships).
//
//   ModelNodes nodes(model);                  // every graph, subgraph and function
//   for (const GraphNode& n : nodes.nodes()) { n.label; n.types; }
//   std::vector<NodeProblem> p = ConvertedModelProblems(converted, 13);
//   // Clip inside an If branch given a float Constant for a double input:
//   // {node "'cond'.then_branch: 'clip'", op Clip, "input 1 (min)", "[TYPE-PARAM-MISMATCH] ..."}
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_CHECKS_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_CHECKS_H_

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "onnx/onnx_pb.h"
#include "runners/audit/audit_finding.h"
#include "tensor/element_type.h"

namespace onnx_conform {

// The model with the element types and shapes ONNX's shape inference finds
// added to every graph's value_info (lenient mode: a node it cannot infer is
// left unknown; the strict check is ModelTypeProblems'). A model whose
// functions CheckModelLocalFunctions refuses is returned as it is.
onnx::ModelProto WithInferredTypes(const onnx::ModelProto& model);

// One node of a model, wherever it is.
struct GraphNode {
  const onnx::NodeProto* node = nullptr;
  int index = 0;           // in its own graph
  std::string graph_path;  // "" for the main graph, else "'cond'.then_branch", ...
  std::string label;       // "'name'" or "#index Op", after "graph_path: " in a subgraph
  // Element types of the values the node sees (its graph's and the outer
  // graphs'): declared, inferred by ONNX's shape inference, or implied.
  std::map<std::string, ElementType> types;
};

// Every node of every graph of a model (If branches, Loop and Scan bodies,
// at any depth), in graph order, each graph's nodes before its subgraphs',
// then the nodes of each model-local function (FunctionProto), under the
// path "function 'domain::name'", typed from the function's first call
// (attributes a body node takes from the call resolved), and once more for
// each call with other input types, under "function 'domain::name' as
// called by LABEL". Keeps its own copy
// of the model with ONNX's inferred types added.
class ModelNodes {
 public:
  explicit ModelNodes(const onnx::ModelProto& model);
  ModelNodes(const ModelNodes&) = delete;  // nodes() points into its own model
  ModelNodes& operator=(const ModelNodes&) = delete;
  const std::vector<GraphNode>& nodes() const { return nodes_; }
  // "domain::name" of the model-local function the node calls, or "".
  std::string CalledFunction(const onnx::NodeProto& node) const;
  // The label of the node whose first output is `output`, or "".
  std::string LabelOfOutput(const std::string& output) const;
  // The label of the node named `name`, or "".
  std::string LabelOfName(const std::string& name) const;
  // Declared or inferred dimensions of a value (-1: symbolic or unknown);
  // absent when not even the rank is known.
  const std::map<std::string, std::vector<int64_t>>& dims() const { return dims_; }
  // Values known without data: initializers and Constant nodes' tensors.
  const std::map<std::string, const onnx::TensorProto*>& constants() const { return constants_; }

 private:
  // A function's first call with given input types: the calling node and
  // what is known of its inputs.
  struct Call {
    const onnx::NodeProto* node = nullptr;
    std::string label;
    std::vector<std::optional<ElementType>> types;
    std::vector<std::optional<std::vector<int64_t>>> dims;
  };
  void Walk(const onnx::GraphProto& graph, const std::string& path,
            const std::map<std::string, ElementType>& outer);
  void WalkFunctions();
  void WalkFunction(const std::string& key, const onnx::FunctionProto& function, const Call* call,
                    const std::string& path);
  onnx::ModelProto model_;
  std::deque<onnx::ModelProto> bodies_;  // each function body as a typed model's graph
  std::map<std::string, const onnx::FunctionProto*> functions_;  // by "domain::name"
  std::map<std::string, std::vector<Call>> calls_;               // by function, one per signature
  bool in_function_ = false;  // walking a body: keep the graphs' dims and constants
  std::vector<GraphNode> nodes_;
  std::map<std::string, std::vector<int64_t>> dims_;
  std::map<std::string, const onnx::TensorProto*> constants_;
};

// A problem of one node of a (converted) model.
struct NodeProblem {
  std::string node;      // ModelNodes' label, in the model checked
  std::string op_type;   // "" when ONNX's message names no node
  std::string output;    // the node's first output (to find it in another model)
  std::string concerns;  // "input 1 (min)", "attribute axis", or ""
  std::string message;   // "[TYPE-PARAM-MISMATCH] input 1: float, but T is bound to double ..."
  std::string checker;   // "the suite's checker" or "ONNX's checker with strict shape inference"
};

// The model's problems at its opset, without data: the suite's checker on
// each node of its operators in every graph (errors only), then ONNX's
// checker and its shape inference in strict mode with type checks, for the
// other operators (an ONNX error on a node of the suite's operators is left to the
// suite's own checks). Empty when every check passes.
std::vector<NodeProblem> ModelTypeProblems(const onnx::ModelProto& model, int64_t opset);

// For a node outside the suite's registry: its versions at the two opsets
// in ONNX's registry and what differs (types, attributes, inputs, outputs),
// as schema-change findings. nullopt when ONNX's registry lacks the operator
// at `from_opset`.
struct ForeignSchemaChange {
  int from_version = 0;
  int to_version = 0;  // 0: none at the target opset
  std::vector<Finding> findings;
};
std::optional<ForeignSchemaChange> OnnxSchemaChange(const std::string& op_type,
                                                    const std::string& domain, int from_opset,
                                                    int to_opset);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_MODEL_CHECKS_H_
