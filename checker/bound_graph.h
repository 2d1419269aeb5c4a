// A graph the checker accepted, each node bound to its registry schema: what
// the reference interpreter runs (reference/interpreter.h). The checker has
// decided everything a kernel may assume (arity, element types, shapes,
// attribute values); a bound node gives each attribute as the node sets it
// or else as its schema's default, so that no kernel names an attribute or
// knows a default (each operator's typed view of its attributes sits beside
// its schema, e.g. ops/arg_extremum/arg_reduce_attributes.h).
//
//   if (!HasErrors(CheckModel(model, "model.onnx"))) {
//     absl::StatusOr<BoundGraph> graph = BindGraph(model);
//     for (const BoundNode& node : graph->nodes) node.schema().Name();  // "Clip-11"
//   }
#ifndef ONNX_CONFORM_CHECKER_BOUND_GRAPH_H_
#define ONNX_CONFORM_CHECKER_BOUND_GRAPH_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "checker/model_functions.h"
#include "checker/schema.h"
#include "onnx/onnx_pb.h"

namespace onnx_conform {

class BoundNode {
 public:
  BoundNode(const onnx::NodeProto& proto, const OpSchema& schema, int index)
      : proto_(&proto), schema_(&schema), index_(index) {}

  const onnx::NodeProto& proto() const { return *proto_; }
  const OpSchema& schema() const { return *schema_; }
  int version() const { return schema_->since_version(); }
  int index() const { return index_; }  // its position in the graph

  // The node's value of an attribute its schema declares, else the schema's
  // default; nullopt when the node sets none and the schema has no default.
  std::optional<int64_t> GetInt(absl::string_view name) const;
  std::optional<float> GetFloat(absl::string_view name) const;
  // Whether the node itself sets the attribute.
  bool HasAttribute(absl::string_view name) const { return GetAttribute(name) != nullptr; }
  const onnx::AttributeProto* GetAttribute(absl::string_view name) const;

 private:
  const onnx::NodeProto* proto_;
  const OpSchema* schema_;
  int index_;
};

// Holds pointers into the graph it was bound from, which must outlive it.
struct BoundGraph {
  const onnx::GraphProto* graph = nullptr;
  int64_t opset = 0;  // of the default domain
  std::vector<BoundNode> nodes;
  // The schemas of the model-local functions nodes call (BoundNode points
  // into them).
  std::shared_ptr<const ModelFunctions> functions;
};

// Binds every node of the model's graph to the schema that serves the
// model's opset for the node's domain, or to the model-local function it
// calls. Unimplemented for a node of an operator, domain or opset the
// registry does not hold; InvalidArgument for a model that imports the
// default domain at two versions or not at all, or a node's domain not at
// all. Meant for a model CheckModel accepted: binding checks nothing else.
absl::StatusOr<BoundGraph> BindGraph(const onnx::ModelProto& model);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_BOUND_GRAPH_H_
