// Repairs ONNX's version converter on Clip-1/6 nodes moved to Clip-11 on
// (clip_audit.h).
#include <map>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/model_versions.h"
#include "checker/registry.h"
#include "ops/clip/clip_audit.h"
#include "ops/clip/clip_bounds.h"
#include "runners/audit/audit_model_checks.h"
#include "runners/audit/audit_repair.h"
#include "runners/audit/audit_retarget.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

bool IsClip(const onnx::NodeProto& node) {
  return node.op_type() == "Clip" && IsDefaultDomain(node.domain());
}

// A FLOAT attribute's value, or `fallback` when the node does not set it.
float FloatAttribute(const onnx::NodeProto& node, const std::string& name, float fallback) {
  for (const onnx::AttributeProto& a : node.attribute()) {
    if (a.name() == name && a.type() == onnx::AttributeProto::FLOAT) return a.f();
  }
  return fallback;
}

class ClipRepair {
 public:
  ClipRepair(const onnx::ModelProto& original, onnx::ModelProto& converted)
      : converted_(converted), types_(converted) {
    const ModelNodes original_nodes(original);
    for (const GraphNode& n : original_nodes.nodes()) {
      if (IsClip(*n.node) && n.node->output_size() > 0) {
        originals_[n.node->output(0)] = *n.node;
      }
    }
    CollectNames(converted.graph(), names_);
    for (const GraphNode& n : types_.nodes()) {
      if (IsClip(*n.node) && n.node->output_size() > 0) input_types_[n.node->output(0)] = n.types;
    }
  }

  absl::Status Run() { return RepairGraph(*converted_.mutable_graph()); }

 private:
  absl::Status RepairGraph(onnx::GraphProto& graph) {
    for (int i = 0; i < graph.node_size(); ++i) {
      onnx::NodeProto& node = *graph.mutable_node(i);
      for (onnx::AttributeProto& a : *node.mutable_attribute()) {
        if (a.has_g()) {
          if (absl::Status s = RepairGraph(*a.mutable_g()); !s.ok()) return s;
        }
        for (onnx::GraphProto& g : *a.mutable_graphs()) {
          if (absl::Status s = RepairGraph(g); !s.ok()) return s;
        }
      }
      if (!IsClip(node) || node.output_size() == 0) continue;
      auto original = originals_.find(node.output(0));
      if (original == originals_.end()) continue;
      const std::map<std::string, ElementType>& types = input_types_[node.output(0)];
      auto type = node.input_size() > 0 ? types.find(node.input(0)) : types.end();
      if (type == types.end()) {
        return absl::FailedPreconditionError(absl::StrCat(
            "the element type of Clip input '", node.input_size() > 0 ? node.input(0) : "",
            "' is unknown: its bounds cannot be given that type"));
      }
      onnx::NodeProto clip = node;
      std::vector<onnx::NodeProto> constants;
      // A bound the original does not set: Clip-6's printed default (Clip-1
      // is read as Clip-6: ops/clip/clip_bounds.h).
      const OpSchema& printed = *FindSchemaVersion("Clip", 6);
      const auto default_of = [&](const char* name) {
        return std::get<float>(printed.FindAttribute(name)->default_value);
      };
      const float bounds[2] = {FloatAttribute(original->second, "min", default_of("min")),
                               FloatAttribute(original->second, "max", default_of("max"))};
      while (clip.input_size() > 1) clip.mutable_input()->RemoveLast();
      for (int k = 0; k < 2; ++k) {
        absl::StatusOr<Tensor> value = ScalarFromFloat(type->second, bounds[k]);
        if (!value.ok()) return value.status();
        const std::string name = UniqueName(absl::StrCat(node.output(0), k == 0 ? "_min" : "_max"));
        onnx::NodeProto constant;
        constant.set_op_type("Constant");
        constant.set_name(name);
        constant.add_output(name);
        onnx::AttributeProto* attribute = constant.add_attribute();
        attribute->set_name("value");
        attribute->set_type(onnx::AttributeProto::TENSOR);
        *attribute->mutable_t() = TensorToProto(*value, name);
        constants.push_back(std::move(constant));
        clip.add_input(name);
      }
      // The Constants go right before the Clip node, keeping the graph sorted.
      *graph.mutable_node(i) = constants[0];
      std::vector<onnx::NodeProto> rest = {constants[1], clip};
      for (int j = i + 1; j < graph.node_size(); ++j) rest.push_back(graph.node(j));
      graph.mutable_node()->DeleteSubrange(i + 1, graph.node_size() - i - 1);
      for (onnx::NodeProto& n : rest) *graph.add_node() = std::move(n);
      i += 2;
    }
    return absl::OkStatus();
  }

  std::string UniqueName(const std::string& base) {
    std::string name = base;
    for (int k = 1; names_.contains(name); ++k) name = absl::StrCat(base, "_", k);
    names_.insert(name);
    return name;
  }

  onnx::ModelProto& converted_;
  ModelNodes types_;  // element types seen by each converted node (before the repair)
  std::map<std::string, onnx::NodeProto> originals_;  // first output -> the original Clip node
  std::map<std::string, std::map<std::string, ElementType>> input_types_;
  std::set<std::string> names_;
};

}  // namespace

absl::Status RepairClipConversion(const onnx::ModelProto& original, onnx::ModelProto& converted,
                                  int64_t from_opset, int64_t to_opset) {
  if (ClipBoundsAreInputsAt(from_opset) || !ClipBoundsAreInputsAt(to_opset)) {
    return absl::OkStatus();
  }
  return ClipRepair(original, converted).Run();
}

}  // namespace onnx_conform
