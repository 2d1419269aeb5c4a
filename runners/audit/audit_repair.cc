#include "runners/audit/audit_repair.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/model_versions.h"
#include "checker/registry.h"
#include "ops/clip/clip_audit.h"
#include "runners/audit/audit_model_checks.h"
#include "runners/audit/audit_retarget.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

// Calls `visit` on the graph and on each of its subgraphs, at any depth.
void ForEachGraph(const onnx::GraphProto& graph,
                  const std::function<void(const onnx::GraphProto&)>& visit) {
  visit(graph);
  for (const auto& n : graph.node()) {
    for (const auto& a : n.attribute()) {
      if (a.has_g()) ForEachGraph(a.g(), visit);
      for (const auto& g : a.graphs()) ForEachGraph(g, visit);
    }
  }
}

}  // namespace

void CollectNames(const onnx::GraphProto& graph, std::set<std::string>& names) {
  ForEachGraph(graph, [&](const onnx::GraphProto& g) {
    for (const auto& v : g.input()) names.insert(v.name());
    for (const auto& v : g.initializer()) names.insert(v.name());
    for (const auto& n : g.node()) names.insert(n.output().begin(), n.output().end());
  });
}

namespace {

// Every value name read in a graph and its subgraphs: node inputs and graph outputs.
void CollectReads(const onnx::GraphProto& graph, std::set<std::string>& reads) {
  ForEachGraph(graph, [&](const onnx::GraphProto& g) {
    for (const auto& v : g.output()) reads.insert(v.name());
    for (const auto& n : g.node()) reads.insert(n.input().begin(), n.input().end());
  });
}

// Removes the Constant nodes nothing reads that the original model did not
// have (the converter's Clip bounds, once the repair gave the Clip its own).
void RemoveUnreadConstants(onnx::GraphProto& graph, const std::set<std::string>& reads,
                           const std::set<std::string>& original_names) {
  auto unread = [&](const onnx::NodeProto& n) {
    if (n.op_type() != "Constant" || !IsDefaultDomain(n.domain())) return false;
    for (const std::string& out : n.output()) {
      if (reads.contains(out) || original_names.contains(out)) return false;
    }
    return true;
  };
  auto* nodes = graph.mutable_node();
  nodes->erase(std::remove_if(nodes->begin(), nodes->end(), unread), nodes->end());
  for (onnx::NodeProto& n : *nodes) {
    for (onnx::AttributeProto& a : *n.mutable_attribute()) {
      if (a.has_g()) RemoveUnreadConstants(*a.mutable_g(), reads, original_names);
      for (onnx::GraphProto& g : *a.mutable_graphs()) {
        RemoveUnreadConstants(g, reads, original_names);
      }
    }
  }
}

}  // namespace

absl::StatusOr<onnx::ModelProto> RepairConversion(const onnx::ModelProto& original,
                                                  const onnx::ModelProto& converted,
                                                  int64_t from_opset, int64_t to_opset) {
  onnx::ModelProto repaired = converted;
  // The converter keeps the IR version: an opset-11 model declaring IR 3
  // then holds initializers that IR 3 requires to be graph inputs.
  repaired.set_ir_version(std::max(repaired.ir_version(), IrVersionForOpset(to_opset)));
  // The Clip scenario's converted nodes (ops/clip/clip_audit.h).
  if (absl::Status s = RepairClipConversion(original, repaired, from_opset, to_opset); !s.ok()) {
    return s;
  }
  std::set<std::string> reads, original_names;
  CollectReads(repaired.graph(), reads);
  CollectNames(original.graph(), original_names);
  RemoveUnreadConstants(*repaired.mutable_graph(), reads, original_names);
  return repaired;
}

}  // namespace onnx_conform
