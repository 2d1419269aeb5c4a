#include "reference/interpreter.h"

#include <algorithm>
#include <cstring>
#include <span>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "reference/argmin.h"
#include "reference/broadcast.h"
#include "reference/clip.h"
#include "reference/min.h"
#include "reference/model_versions.h"
#include "reference/op_support.h"
#include "reference/resource_limits.h"
#include "reference/support_ops.h"
#include "reference/tensor_proto.h"

namespace onnx_conform {
namespace {

// A node's kernel. `reusable` is null or inputs[0] when nothing reads that
// value after this node: element-wise kernels may write their output into
// it (CanWriteOutputInto in reference/op_support.h). `plain`: null for the
// fast kernels, else the plain loops' options (reference/evaluation.h).
using NodeRunner = absl::StatusOr<Tensor> (*)(const onnx::NodeProto&, int64_t,
                                              std::span<const Tensor* const>, Tensor* reusable,
                                              const PlainEvaluation* plain);

// A kernel that always makes a new output (its output differs from its
// input in type or shape, or it is a copy).
template <absl::StatusOr<Tensor> (*Run)(const onnx::NodeProto&, int64_t,
                                        std::span<const Tensor* const>, const PlainEvaluation*)>
absl::StatusOr<Tensor> NewOutput(const onnx::NodeProto& node, int64_t version,
                                 std::span<const Tensor* const> inputs, Tensor*,
                                 const PlainEvaluation* plain) {
  return Run(node, version, inputs, plain);
}

// A value of the graph: a tensor the graph made (an initializer, a node's
// output), or one of the caller's inputs, read in place: a 64 MiB input is
// not copied (docs/performance.md).
struct GraphValue {
  Tensor owned;
  const Tensor* input = nullptr;
  MatchClasses classes = {};  // explained evaluation only; empty: all exact
  const Tensor& tensor() const { return input != nullptr ? *input : owned; }
};

struct OperatorEntry {
  absl::string_view op_type;
  std::span<const int64_t> versions;  // ascending
  NodeRunner run;
};

constexpr OperatorEntry kOperators[] = {
    {"Min", kMinVersions, &RunMinNode},
    {"ArgMin", kArgMinVersions, &NewOutput<&RunArgMinNode>},
    {"Clip", kClipVersions, &RunClipNode},
    {"Constant", kConstantVersions, &NewOutput<&RunConstantNode>},
    {"Identity", kIdentityVersions, &NewOutput<&RunIdentityNode>},
    {"Less", kLessVersions, &NewOutput<&RunLessNode>},
    {"Where", kWhereVersions, &NewOutput<&RunWhereNode>},
};

const OperatorEntry* FindOperator(absl::string_view op_type) {
  for (const OperatorEntry& entry : kOperators) {
    if (entry.op_type == op_type) return &entry;
  }
  return nullptr;
}

std::string NodeDescription(const onnx::NodeProto& node, std::optional<int> index) {
  std::string where = index.has_value() ? absl::StrCat("node #", *index) : "node";
  if (!node.name().empty()) absl::StrAppend(&where, " '", node.name(), "'");
  absl::StrAppend(&where, " (", node.op_type(), ")");
  return where;
}

absl::Status Prefixed(absl::string_view prefix, const absl::Status& status) {
  return absl::Status(status.code(), absl::StrCat(prefix, ": ", status.message()));
}

// RunNode's work, errors not yet prefixed with the node.
absl::StatusOr<Tensor> RunNodeUnprefixed(const onnx::NodeProto& node, int64_t opset,
                                         std::span<const Tensor* const> inputs, Tensor* reusable,
                                         const PlainEvaluation* plain) {
  const OperatorEntry* entry =
      IsDefaultDomain(node.domain()) ? FindOperator(node.op_type()) : nullptr;
  if (entry == nullptr) {
    return absl::UnimplementedError(absl::StrCat("operator ", node.op_type(), " (domain '",
                                                 node.domain(),
                                                 "') is not implemented by the reference"));
  }
  const std::optional<int64_t> version = ResolveOperatorVersion(node.op_type(), opset);
  if (!version.has_value()) {
    return absl::UnimplementedError(absl::StrCat(
        "operator ", node.op_type(), " does not exist at opset ", opset,
        " (the reference implements versions ", absl::StrJoin(entry->versions, ", "), ")"));
  }
  if (static_cast<int>(inputs.size()) != node.input_size()) {
    return absl::InvalidArgumentError(absl::StrCat("the node names ", node.input_size(),
                                                   " inputs but ", inputs.size(), " were given"));
  }
  for (int i = 0; i < node.input_size(); ++i) {
    if (node.input(i).empty() != (inputs[i] == nullptr)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "input ", i,
          node.input(i).empty() ? " has an empty name but a value" : " has a name but no value"));
    }
  }
  return entry->run(node, *version, inputs, reusable, plain);
}

// An upper bound on the element operations a node costs, charged to the
// case's budget before it runs: a variadic Min visits its broadcast output
// once per input, any other node each input element once.
absl::Status ChargeNodeWork(const onnx::NodeProto& node, std::span<const Tensor* const> inputs) {
  int64_t operations = 0;
  std::vector<Shape> shapes;
  for (const Tensor* input : inputs) {
    if (input == nullptr) continue;
    shapes.push_back(input->shape());
    operations = std::min(operations + input->element_count(), int64_t{1} << 62);
  }
  if (node.op_type() == "Min" && shapes.size() > 1) {
    absl::StatusOr<Shape> out = BroadcastShapes(shapes);
    absl::StatusOr<int64_t> count = out.ok() ? ElementCount(*out) : absl::StatusOr<int64_t>(0);
    int64_t total = 0;
    if (count.ok() &&
        !__builtin_mul_overflow(*count, static_cast<int64_t>(shapes.size()), &total)) {
      operations = std::max(operations, total);
    } else if (count.ok()) {
      operations = int64_t{1} << 62;
    }
  }
  return ChargeOperations(operations, "the node");
}

}  // namespace

std::optional<int64_t> ResolveOperatorVersion(absl::string_view op_type, int64_t opset) {
  const OperatorEntry* entry = FindOperator(op_type);
  if (entry == nullptr) return std::nullopt;
  std::optional<int64_t> version;
  for (int64_t v : entry->versions) {
    if (v <= opset) version = v;
  }
  return version;
}

absl::StatusOr<std::vector<Tensor>> RunNode(const onnx::NodeProto& node, int64_t opset,
                                            std::vector<const Tensor*> inputs) {
  absl::StatusOr<Tensor> output = RunNodeUnprefixed(node, opset, inputs, nullptr, nullptr);
  if (!output.ok()) return Prefixed(NodeDescription(node, std::nullopt), output.status());
  std::vector<Tensor> outputs;
  outputs.push_back(*std::move(output));
  return outputs;
}

namespace {

// RunModel's work. The graph inputs are `inputs`, read in place, or with
// `consumable` the tensors it holds, taken over (then `inputs` is *consumable).
absl::StatusOr<std::vector<ExplainedOutput>> RunGraph(const onnx::ModelProto& model,
                                                      const std::vector<Tensor>& inputs,
                                                      std::vector<Tensor>* consumable,
                                                      const EvaluationOptions& options) {
  const bool plain_loops =
      options.kernels == Kernels::kPlain || options.explain || !options.readings.empty();
  if (!model.has_graph()) return absl::InvalidArgumentError("model has no graph");
  const onnx::GraphProto& graph = model.graph();
  if (graph.sparse_initializer_size() > 0) {
    return absl::UnimplementedError("graph sparse_initializer is not implemented by the reference");
  }
  absl::flat_hash_map<std::string, GraphValue> values;

  absl::flat_hash_set<std::string> initializer_names;
  for (const onnx::TensorProto& initializer : graph.initializer()) {
    if (!initializer_names.insert(initializer.name()).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("graph initializer '", initializer.name(), "' is defined twice"));
    }
    absl::StatusOr<Tensor> tensor = TensorFromProto(initializer);
    if (!tensor.ok()) {
      return Prefixed(absl::StrCat("graph initializer '", initializer.name(), "'"),
                      tensor.status());
    }
    values.emplace(initializer.name(), GraphValue{.owned = *std::move(tensor)});
  }

  std::vector<const onnx::ValueInfoProto*> fed_inputs;
  for (const onnx::ValueInfoProto& input : graph.input()) {
    if (!initializer_names.contains(input.name())) fed_inputs.push_back(&input);
  }
  if (fed_inputs.size() != inputs.size()) {
    return absl::InvalidArgumentError(absl::StrCat("the graph has ", fed_inputs.size(),
                                                   " inputs (not counting initializers) but ",
                                                   inputs.size(), " tensors were given"));
  }
  for (size_t k = 0; k < inputs.size(); ++k) {
    const onnx::ValueInfoProto& info = *fed_inputs[k];
    const int32_t declared = info.type().tensor_type().elem_type();
    if (declared != 0 && declared != static_cast<int32_t>(inputs[k].type())) {
      const std::optional<ElementType> declared_type = ElementTypeFromProto(declared);
      return absl::InvalidArgumentError(absl::StrCat(
          "graph input ", k, " '", info.name(), "' is declared ",
          declared_type ? ElementTypeName(*declared_type) : absl::StrCat("type ", declared),
          " but the tensor given is ", ElementTypeName(inputs[k].type())));
    }
    GraphValue value = consumable != nullptr ? GraphValue{.owned = std::move((*consumable)[k])}
                                             : GraphValue{.owned = Tensor(), .input = &inputs[k]};
    if (!values.emplace(info.name(), std::move(value)).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("graph input '", info.name(), "' is defined twice"));
    }
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

  std::optional<absl::StatusOr<int64_t>> opset;  // looked up at the first default-domain node
  for (int n = 0; n < graph.node_size(); ++n) {
    const onnx::NodeProto& node = graph.node(n);
    const std::string where = NodeDescription(node, n);
    int64_t node_opset = 0;
    if (IsDefaultDomain(node.domain())) {
      if (!opset.has_value()) opset = UnambiguousDefaultDomainOpset(model);
      if (!opset->ok()) return Prefixed(where, opset->status());
      node_opset = **opset;
    }
    std::vector<const Tensor*> node_inputs;
    node_inputs.reserve(node.input_size());
    Tensor* reusable = nullptr;
    MatchClasses output_classes;
    PlainEvaluation plain{.readings = options.readings,
                          .output_classes = options.explain ? &output_classes : nullptr};
    for (int i = 0; i < node.input_size(); ++i) {
      const std::string& name = node.input(i);
      if (name.empty()) {
        node_inputs.push_back(nullptr);
        continue;
      }
      auto it = values.find(name);
      if (it == values.end()) {
        return absl::InvalidArgumentError(
            absl::StrCat(where, ": input ", i, " '", name,
                         "' is not defined (by a graph input, an initializer or an earlier node)"));
      }
      node_inputs.push_back(&it->second.tensor());
      plain.input_classes.resize(static_cast<size_t>(i) + 1, nullptr);
      plain.input_classes[static_cast<size_t>(i)] = &it->second.classes;
      if (i == 0 && it->second.input == nullptr && reads[name] == 1) reusable = &it->second.owned;
    }
    if (absl::Status work = ChargeNodeWork(node, node_inputs); !work.ok()) {
      return Prefixed(where, work);
    }
    absl::StatusOr<Tensor> output =
        RunNodeUnprefixed(node, node_opset, node_inputs, reusable, plain_loops ? &plain : nullptr);
    if (!output.ok()) return Prefixed(where, output.status());
    // Every operator the reference runs has one output (CheckArity).
    const std::string& name = node.output(0);
    if (name.empty()) continue;  // an optional output nobody reads
    if (!values
             .emplace(name,
                      GraphValue{.owned = *std::move(output), .classes = std::move(output_classes)})
             .second) {
      return absl::InvalidArgumentError(
          absl::StrCat(where, ": output 0 '", name, "' is already defined"));
    }
  }

  // A graph output takes the graph's own tensor at the last output naming it;
  // a graph input (the caller's) and earlier outputs of the same name are
  // charged copies.
  absl::flat_hash_map<std::string, int> last_use;
  for (int k = 0; k < graph.output_size(); ++k) last_use[graph.output(k).name()] = k;
  std::vector<ExplainedOutput> results;
  results.reserve(graph.output_size());
  for (int k = 0; k < graph.output_size(); ++k) {
    const std::string& name = graph.output(k).name();
    auto it = values.find(name);
    if (it == values.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("graph output ", k, " '", name, "' is not computed by any node"));
    }
    if (it->second.input == nullptr && last_use[name] == k) {
      results.push_back({std::move(it->second.owned), std::move(it->second.classes)});
      continue;
    }
    absl::StatusOr<Tensor> result = ChargedCopy(it->second.tensor());
    if (!result.ok()) return Prefixed(absl::StrCat("graph output '", name, "'"), result.status());
    results.push_back({*std::move(result), it->second.classes});
  }
  return results;
}

}  // namespace

namespace {

absl::StatusOr<std::vector<Tensor>> ValuesOf(absl::StatusOr<std::vector<ExplainedOutput>> run) {
  if (!run.ok()) return run.status();
  std::vector<Tensor> values;
  values.reserve(run->size());
  for (ExplainedOutput& output : *run) values.push_back(std::move(output.value));
  return values;
}

}  // namespace

absl::StatusOr<std::vector<Tensor>> RunModel(const onnx::ModelProto& model,
                                             const std::vector<Tensor>& inputs,
                                             const EvaluationOptions& options) {
  return ValuesOf(RunGraph(model, inputs, nullptr, options));
}

absl::StatusOr<std::vector<Tensor>> RunModelConsumingInputs(const onnx::ModelProto& model,
                                                            std::vector<Tensor> inputs,
                                                            const EvaluationOptions& options) {
  return ValuesOf(RunGraph(model, inputs, &inputs, options));
}

absl::StatusOr<std::vector<ExplainedOutput>> ExplainModel(const onnx::ModelProto& model,
                                                          const std::vector<Tensor>& inputs,
                                                          const ReadingSet& readings) {
  return RunGraph(model, inputs, nullptr,
                  {.kernels = Kernels::kPlain, .readings = readings, .explain = true});
}

}  // namespace onnx_conform
