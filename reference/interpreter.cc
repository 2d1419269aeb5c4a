#include "reference/interpreter.h"

#include <algorithm>
#include <span>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "reference/evaluation.h"
#include "reference/op_support.h"
#include "reference/operators.h"
#include "reference/support_ops.h"
#include "tensor/broadcast.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

// A value of the graph: a tensor the graph made (an initializer, a node's
// output), or one of the caller's inputs, read in place: a 64 MiB input is
// not copied (docs/performance.md).
struct GraphValue {
  Tensor owned;
  const Tensor* input = nullptr;
  MatchClasses classes = {};  // explained evaluation only; empty: all exact
  const Tensor& tensor() const { return input != nullptr ? *input : owned; }
};

std::string NodeDescription(const BoundNode& node) {
  std::string where = absl::StrCat("node #", node.index());
  if (!node.proto().name().empty()) absl::StrAppend(&where, " '", node.proto().name(), "'");
  absl::StrAppend(&where, " (", node.proto().op_type(), ")");
  return where;
}

absl::Status Prefixed(absl::string_view prefix, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(prefix, ": ", status.message()));
}

int64_t Saturated(int64_t a, int64_t b) {
  int64_t product = 0;
  return __builtin_mul_overflow(a, b, &product) ? int64_t{1} << 62 : product;
}

// An upper bound on the element operations a node costs, charged to the
// budget before it runs: each input element once, and the broadcast output
// once per input (a variadic Min over many copies of a large input).
absl::Status ChargeNodeWork(NodeInputs inputs) {
  int64_t operations = 0;
  int64_t present = 0;
  for (const Tensor* input : inputs) {
    if (input == nullptr) continue;
    ++present;
    operations = std::min(operations + input->element_count(), int64_t{1} << 62);
  }
  if (present > 1) {
    absl::StatusOr<int64_t> count = ElementCount(BroadcastShapeOf(inputs));
    operations = std::max(operations, count.ok() ? Saturated(*count, present) : int64_t{1} << 62);
  }
  return ChargeOperations(operations, "the node");
}

// One node on its operator's form: the plain loops when asked (following
// the readings its schema names), else the fast form where there is one.
absl::StatusOr<Tensor> RunNode(const BoundNode& node, NodeInputs inputs, Tensor* reusable,
                               PlainEvaluation& plain, bool plain_loops) {
  const OperatorKernels* kernels = FindKernels(node.proto().op_type());
  if (kernels == nullptr) {
    return absl::UnimplementedError(
        absl::StrCat(node.schema().Name(), " is not implemented by the reference"));
  }
  if (!plain_loops && kernels->fast != nullptr) return kernels->fast(node, inputs, reusable);
  plain.readings = plain.readings.Intersect(node.schema().readings());
  return kernels->plain(node, inputs, plain);
}

}  // namespace

absl::StatusOr<std::vector<ExplainedOutput>> RunGraph(const BoundGraph& bound,
                                                      const std::vector<Tensor>& inputs,
                                                      const EvaluationOptions& options) {
  const bool plain_loops =
      options.kernels == Kernels::kPlain || options.explain || !options.readings.empty();
  const onnx::GraphProto& graph = *bound.graph;
  if (graph.sparse_initializer_size() > 0) {
    return absl::UnimplementedError("graph sparse_initializer is not implemented by the reference");
  }
  absl::flat_hash_map<std::string, GraphValue> values;
  for (const onnx::TensorProto& initializer : graph.initializer()) {
    absl::StatusOr<Tensor> tensor = TensorFromProto(initializer);
    if (!tensor.ok()) {
      return Prefixed(absl::StrCat("graph initializer '", initializer.name(), "'"),
                      tensor.status());
    }
    values.emplace(initializer.name(), GraphValue{.owned = *std::move(tensor)});
  }
  // The graph inputs that are no initializer take the caller's tensors, in
  // order (ONNX IR < 4 also lists initializers as inputs).
  size_t fed = 0;
  for (const onnx::ValueInfoProto& input : graph.input()) {
    if (values.contains(input.name()) || fed >= inputs.size()) continue;
    values.emplace(input.name(), GraphValue{.owned = Tensor(), .input = &inputs[fed++]});
  }

  // How many node inputs and graph outputs read each value: a value read
  // once, by a node's input 0, may take that node's output (in place).
  absl::flat_hash_map<std::string, int> reads;
  for (const onnx::NodeProto& node : graph.node()) {
    for (const std::string& name : node.input()) {
      if (!name.empty()) ++reads[name];
    }
  }
  for (const onnx::ValueInfoProto& output : graph.output()) ++reads[output.name()];
  for (const std::string& name : options.also_values) ++reads[name];

  for (const BoundNode& node : bound.nodes) {
    std::vector<const Tensor*> node_inputs;
    node_inputs.reserve(node.proto().input_size());
    Tensor* reusable = nullptr;
    MatchClasses output_classes;
    PlainEvaluation plain{.readings = options.readings,
                          .output_classes = options.explain ? &output_classes : nullptr};
    for (int i = 0; i < node.proto().input_size(); ++i) {
      const std::string& name = node.proto().input(i);
      auto it = name.empty() ? values.end() : values.find(name);
      if (!name.empty() && it == values.end()) {
        return absl::InternalError(absl::StrCat(NodeDescription(node), ": input '", name,
                                                "' is undefined (the checker requires it)"));
      }
      node_inputs.push_back(it == values.end() ? nullptr : &it->second.tensor());
      plain.input_classes.push_back(it == values.end() ? nullptr : &it->second.classes);
      if (i == 0 && it != values.end() && it->second.input == nullptr && reads[name] == 1) {
        reusable = &it->second.owned;
      }
    }
    const std::string where = NodeDescription(node);
    if (absl::Status work = ChargeNodeWork(node_inputs); !work.ok()) return Prefixed(where, work);
    absl::StatusOr<Tensor> output = RunNode(node, node_inputs, reusable, plain, plain_loops);
    if (!output.ok()) return Prefixed(where, output.status());
    // Every operator the reference runs has one output.
    const std::string& name = node.proto().output(0);
    if (name.empty()) continue;  // an optional output nobody reads
    values.insert_or_assign(
        name, GraphValue{.owned = *std::move(output), .classes = std::move(output_classes)});
  }

  // A graph output takes the graph's own tensor at the last output naming it;
  // a graph input (the caller's) and earlier outputs of the same name are
  // charged copies.
  std::vector<std::string> wanted;
  for (const onnx::ValueInfoProto& output : graph.output()) wanted.push_back(output.name());
  wanted.insert(wanted.end(), options.also_values.begin(), options.also_values.end());
  absl::flat_hash_map<std::string, size_t> last_use;
  for (size_t k = 0; k < wanted.size(); ++k) last_use[wanted[k]] = k;
  std::vector<ExplainedOutput> results;
  results.reserve(wanted.size());
  for (size_t k = 0; k < wanted.size(); ++k) {
    const std::string& name = wanted[k];
    auto found = values.find(name);
    if (found == values.end()) {
      return absl::InvalidArgumentError(absl::StrCat("value '", name, "' is not computed"));
    }
    GraphValue& value = found->second;
    if (value.input == nullptr && last_use[name] == k) {
      results.push_back({std::move(value.owned), std::move(value.classes)});
      continue;
    }
    absl::StatusOr<Tensor> result = ChargedCopy(value.tensor());
    if (!result.ok()) return Prefixed(absl::StrCat("graph output '", name, "'"), result.status());
    results.push_back({*std::move(result), value.classes});
  }
  return results;
}

}  // namespace onnx_conform
