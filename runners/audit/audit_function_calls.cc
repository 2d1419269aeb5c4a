// The model-local functions' call graph (runners/audit/audit_function_calls.h):
// one walk that finds a cycle, then each function's depth and expanded size
// in an order where callees come first. Iterative: a chain of a million
// calls must not overflow the stack this check protects.
#include "runners/audit/audit_function_calls.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace onnx_conform {
namespace {

// "domain::name" of a function or of the operator a node calls.
std::string FunctionKey(const std::string& domain, const std::string& name) {
  return absl::StrCat(domain, "::", name);
}

// What a graph (a function's body, the main graph) holds, its subgraphs
// included: the key of every node, in order.
void NodeKeys(const onnx::GraphProto& graph, std::vector<std::string>& keys);
void NodeKeys(const onnx::NodeProto& node, std::vector<std::string>& keys) {
  keys.push_back(FunctionKey(node.domain(), node.op_type()));
  for (const onnx::AttributeProto& a : node.attribute()) {
    if (a.has_g()) NodeKeys(a.g(), keys);
    for (const onnx::GraphProto& g : a.graphs()) NodeKeys(g, keys);
  }
}
void NodeKeys(const onnx::GraphProto& graph, std::vector<std::string>& keys) {
  for (const onnx::NodeProto& node : graph.node()) NodeKeys(node, keys);
}

using Calls = std::map<std::string, std::vector<std::string>>;  // function -> its node keys

// The local functions in an order where each comes after every function it
// calls; or, when one calls itself, the cycle ("F", "G", "F") in `cycle`.
std::vector<std::string> CalleesFirst(const Calls& calls, std::vector<std::string>& cycle) {
  std::map<std::string, int> state;  // 0 new, 1 on the path, 2 done
  std::vector<std::string> order;
  for (const auto& [root, unused] : calls) {
    if (state[root] != 0) continue;
    // The path from `root`: each function and the index of its next node.
    std::vector<std::pair<std::string, size_t>> path = {{root, 0}};
    state[root] = 1;
    while (!path.empty()) {
      auto& [key, next] = path.back();
      const std::vector<std::string>& nodes = calls.at(key);
      if (next == nodes.size()) {
        state[key] = 2;
        order.push_back(key);
        path.pop_back();
        continue;
      }
      const std::string& callee = nodes[next++];
      if (!calls.contains(callee) || state[callee] == 2) continue;  // an operator, or done
      if (state[callee] == 1) {
        for (auto it = std::find_if(path.begin(), path.end(),
                                    [&](const auto& step) { return step.first == callee; });
             it != path.end(); ++it) {
          cycle.push_back(it->first);
        }
        cycle.push_back(callee);
        return {};
      }
      state[callee] = 1;
      path.emplace_back(callee, 0);
    }
  }
  return order;
}

}  // namespace

absl::Status CheckModelLocalFunctions(const onnx::ModelProto& model) {
  Calls calls;
  for (const onnx::FunctionProto& f : model.functions()) {
    std::vector<std::string>& keys = calls[FunctionKey(f.domain(), f.name())];
    for (const onnx::NodeProto& node : f.node()) NodeKeys(node, keys);
  }
  if (calls.empty()) return absl::OkStatus();
  std::vector<std::string> cycle;
  const std::vector<std::string> order = CalleesFirst(calls, cycle);
  if (!cycle.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "the model-local function ", cycle.front(), " calls itself (", absl::StrJoin(cycle, " -> "),
        "): a function's body is expanded at each call, so a recursive one has no end; such a "
        "model is not audited"));
  }
  // Each function's depth (1: it calls none) and the nodes its expansion
  // makes, counted up to just past the limit.
  const int64_t cap = kMaxExpandedFunctionNodes + 1;
  std::map<std::string, int> depth;
  std::map<std::string, int64_t> expanded;
  for (const std::string& key : order) {
    int deepest = 0;
    int64_t nodes = 0;
    for (const std::string& callee : calls.at(key)) {
      auto it = expanded.find(callee);
      if (it == expanded.end()) {
        nodes = std::min(cap, nodes + 1);
        continue;
      }
      deepest = std::max(deepest, depth.at(callee));
      nodes = std::min(cap, nodes + it->second);
    }
    depth[key] = deepest + 1;
    expanded[key] = nodes;
    if (depth[key] > kMaxFunctionCallDepth) {
      return absl::InvalidArgumentError(absl::StrCat(
          "the model-local function ", key, " calls others more than ", kMaxFunctionCallDepth,
          " deep: a function's body is expanded at each call, and such nesting is not audited"));
    }
  }
  // What the audit infers: the main graph, whose calls expand, and each
  // function's body on its own.
  std::vector<std::string> main_keys;
  NodeKeys(model.graph(), main_keys);
  int64_t total = 0;
  for (const std::string& key : main_keys) {
    if (auto it = expanded.find(key); it != expanded.end())
      total = std::min(cap, total + it->second);
  }
  for (const auto& [key, nodes] : expanded) total = std::min(cap, total + nodes);
  if (total > kMaxExpandedFunctionNodes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "expanding the calls of the model's local functions makes more than ",
        kMaxExpandedFunctionNodes,
        " nodes (each call's body is inlined, and a function calling another twice doubles "
        "them): such a model is not audited"));
  }
  return absl::OkStatus();
}

}  // namespace onnx_conform
