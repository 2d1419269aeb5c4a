// Explore's cases as models (runners/explore/explore_case.h): BuildCase,
// and the cells they are drawn from. Each node is built by its operator's
// scenario (explore_scenario.h). Descriptions and classes are in
// explore_case_describe.cc.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <set>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cases/operator_versions.h"
#include "checker/model_versions.h"
#include "checker/registry.h"
#include "runners/explore/explore_case.h"
#include "runners/explore/explore_scenario.h"
#include "tensor/float16.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

using E = ElementType;

bool In(const std::vector<int>& list, int v) {
  return list.empty() || std::find(list.begin(), list.end(), v) != list.end();
}

onnx::ValueInfoProto ValueInfo(const std::string& name, E type, const Shape* shape) {
  onnx::ValueInfoProto info;
  info.set_name(name);
  onnx::TypeProto::Tensor* tensor = info.mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(static_cast<int32_t>(type));
  if (shape != nullptr) {
    onnx::TensorShapeProto* dims = tensor->mutable_shape();
    for (int64_t d : *shape) dims->add_dim()->set_dim_value(d);
  }
  return info;
}

absl::StatusOr<Tensor> ToTensor(const TensorSpec& spec, E type) {
  absl::StatusOr<Tensor> tensor = Tensor::Create(type, spec.shape);
  if (!tensor.ok()) return tensor.status();
  if (tensor->element_count() != static_cast<int64_t>(spec.bits.size())) {
    return absl::InvalidArgumentError("explore: element count differs from the shape");
  }
  const size_t size = ElementSize(type);
  std::byte* out = tensor->bytes().data();
  for (size_t i = 0; i < spec.bits.size(); ++i) {
    std::memcpy(out + i * size, &spec.bits[i],
                size);  // little-endian hosts only
  }
  return tensor;
}

// Adds the tensors a case's graph is made of, node by node.
class GraphBuilder {
 public:
  GraphBuilder(BuiltCase& built, const ExploreCase& c)
      : built_(built), graph_(*built.model.mutable_graph()), type_(c.cell.type) {}

  absl::Status Input(onnx::NodeProto& node, const std::string& name, const TensorSpec& spec,
                     ValueSource source = ValueSource::kGraphInput) {
    node.add_input(name);
    absl::StatusOr<Tensor> tensor = ToTensor(spec, type_);
    if (!tensor.ok()) return tensor.status();
    switch (source) {
      case ValueSource::kGraphInput:
        *graph_.add_input() = ValueInfo(name, type_, &spec.shape);
        built_.inputs.push_back(*std::move(tensor));
        break;
      case ValueSource::kInitializer:
        *graph_.add_initializer() = TensorToProto(*tensor, name);
        break;
      case ValueSource::kConstant: {
        // The Constant must come before its consumer: move it in front.
        onnx::NodeProto constant;
        constant.set_op_type("Constant");
        constant.add_output(name);
        onnx::AttributeProto* value = constant.add_attribute();
        value->set_name("value");
        value->set_type(onnx::AttributeProto::TENSOR);
        *value->mutable_t() = TensorToProto(*tensor, "");
        constants_.push_back(std::move(constant));
        break;
      }
    }
    return absl::OkStatus();
  }

  // A node's optional inputs and attributes, named after `prefix`: a given
  // input from its source, a skipped one as "", an absent one as "" only
  // where an input after it is written; each attribute set.
  absl::Status Drawn(onnx::NodeProto& node, const NodeDraw& drawn, const std::string& prefix) {
    const std::vector<OptionalInput>& inputs = drawn.optional_inputs;
    for (size_t i = 0; i < inputs.size(); ++i) {
      const OptionalInput& input = inputs[i];
      if (input.form == InputForm::kPresent) {
        if (absl::Status s = Input(node, prefix + input.name, input.value, drawn.source); !s.ok()) {
          return s;
        }
      } else if (input.form == InputForm::kSkipped ||
                 std::any_of(
                     inputs.begin() + static_cast<std::ptrdiff_t>(i) + 1, inputs.end(),
                     [](const OptionalInput& later) { return later.form != InputForm::kAbsent; })) {
        node.add_input("");
      }
    }
    for (const IntAttribute& a : drawn.ints) {
      if (!a.value) continue;
      onnx::AttributeProto* attribute = node.add_attribute();
      attribute->set_name(a.name);
      attribute->set_type(onnx::AttributeProto::INT);
      attribute->set_i(*a.value);
    }
    for (const FloatAttribute& a : drawn.floats) {
      if (!a.bits) continue;
      onnx::AttributeProto* attribute = node.add_attribute();
      attribute->set_name(a.name);
      attribute->set_type(onnx::AttributeProto::FLOAT);
      attribute->set_f(std::bit_cast<float>(*a.bits));
    }
    return absl::OkStatus();
  }

  // A Less+Where step fed `v`, giving `y`: c = Less(v, b), y = Where(c, b,
  // v) in the step's order, its Constant (if any) first.
  absl::Status LessWhere(const ChainNode& n, const std::string& v, const std::string& prefix,
                         const std::string& y, std::vector<onnx::NodeProto>& nodes) {
    if (n.operands.size() != 1) return absl::InvalidArgumentError("explore: Less+Where operand");
    const std::string b = prefix + "b", c = prefix + "less";
    onnx::NodeProto less, where;
    less.set_op_type("Less");
    if (!n.less_b_first) less.add_input(v);
    if (absl::Status s = Input(less, b, n.operands[0], n.node.source); !s.ok()) return s;
    if (n.less_b_first) less.add_input(v);
    less.add_output(c);
    where.set_op_type("Where");
    for (const std::string& input : {c, n.where_v_first ? v : b, n.where_v_first ? b : v}) {
      where.add_input(input);
    }
    where.add_output(y);
    for (onnx::NodeProto& constant : TakeConstants()) nodes.push_back(std::move(constant));
    nodes.push_back(std::move(less));
    nodes.push_back(std::move(where));
    return absl::OkStatus();
  }

  // The Constant nodes made so far, taken to put before their consumer.
  std::vector<onnx::NodeProto> TakeConstants() { return std::exchange(constants_, {}); }

 private:
  BuiltCase& built_;
  onnx::GraphProto& graph_;
  E type_;
  std::vector<onnx::NodeProto> constants_;
};

const OpSchema* SchemaOf(const ExploreCell& cell) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", cell.op, cell.version);
  return schema.ok() ? *schema : nullptr;
}

}  // namespace

bool Broadcasts(const ExploreCell& cell) {
  const OpSchema* schema = SchemaOf(cell);
  return schema != nullptr && schema->broadcasting();
}

int MaxInputs(const ExploreCell& cell, int cap) {
  const OpSchema* schema = SchemaOf(cell);
  return schema == nullptr ? cap : std::min(cap, schema->max_inputs());
}

int MinInputs(const ExploreCell& cell) {
  const OpSchema* schema = SchemaOf(cell);
  return schema == nullptr ? 1 : schema->min_inputs();
}

std::vector<ExploreCell> CellsFor(const std::vector<std::string>& ops,
                                  const std::vector<int>& versions,
                                  const std::vector<ElementType>& types) {
  // The registry's versions and types, operators in the order they were
  // registered, types in ONNX's order (kNumericTypes). A seed draws the
  // same cases only while the cells keep their order.
  std::vector<ExploreCell> cells;
  for (const OperatorVersion& entry : SuiteOperatorVersions()) {
    const std::string op(entry.op_type);
    if (ScenarioOf(op) == nullptr) continue;  // no scenario to draw
    if (!ops.empty() && std::find(ops.begin(), ops.end(), op) == ops.end()) continue;
    if (!In(versions, entry.version)) continue;
    for (E type : kNumericTypes) {
      if (std::find(entry.types.begin(), entry.types.end(), type) == entry.types.end()) continue;
      if (!types.empty() && std::find(types.begin(), types.end(), type) == types.end()) {
        continue;
      }
      cells.push_back({op, entry.version, type});
    }
  }
  return cells;
}

absl::StatusOr<BuiltCase> BuildCase(const ExploreCase& c) {
  BuiltCase built;
  onnx::ModelProto& model = built.model;
  model.set_ir_version(IrVersionForOpset(c.cell.version));
  model.set_producer_name("onnx-conform explore");
  onnx::OperatorSetIdProto* opset = model.add_opset_import();
  opset->set_domain("");
  opset->set_version(c.cell.version);
  onnx::GraphProto* graph = model.mutable_graph();
  graph->set_name("explore");
  GraphBuilder builder(built, c);
  std::vector<onnx::NodeProto> nodes(1);
  onnx::NodeProto& node = nodes[0];
  node.set_op_type(c.cell.op);
  const ExploreScenario* scenario = ScenarioOf(c.cell.op);
  if (scenario == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat("explore: ", c.cell.op, " has no scenario"));
  }
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    if (absl::Status s = builder.Input(node, scenario->DataInputName(i), c.inputs[i]); !s.ok()) {
      return s;
    }
  }
  if (absl::Status s = builder.Drawn(node, c.node, ""); !s.ok()) return s;
  E output_type = scenario->OutputType(c.cell.type);
  std::vector<onnx::NodeProto> ordered = builder.TakeConstants();
  std::vector<std::pair<std::string, E>> outputs;  // graph outputs, in order
  std::string value = c.chain.empty() ? "output" : "y0";
  node.add_output(value);
  ordered.push_back(node);
  for (size_t k = 0; k < c.chain.size(); ++k) {
    const ChainNode& n = c.chain[k];
    if (n.output_too) outputs.emplace_back(value, output_type);
    const std::string prefix = absl::StrCat("n", k + 1, "_");
    const std::string fed = value;
    value = k + 1 == c.chain.size() ? "output" : absl::StrCat("y", k + 1);
    if (n.IsLessWhere()) {
      if (absl::Status s = builder.LessWhere(n, fed, prefix, value, ordered); !s.ok()) return s;
      continue;
    }
    onnx::NodeProto next;
    next.set_op_type(n.op);
    next.add_input(fed);
    for (size_t i = 0; i < n.operands.size(); ++i) {
      if (absl::Status s = builder.Input(next, absl::StrCat(prefix, "x", i), n.operands[i]);
          !s.ok()) {
        return s;
      }
    }
    if (absl::Status s = builder.Drawn(next, n.node, prefix); !s.ok()) return s;
    if (const ExploreScenario* step = ScenarioOf(n.op); step != nullptr) {
      output_type = step->OutputType(output_type);
    }
    next.add_output(value);
    for (onnx::NodeProto& constant : builder.TakeConstants())
      ordered.push_back(std::move(constant));
    ordered.push_back(std::move(next));
  }
  outputs.emplace_back("output", output_type);
  for (onnx::NodeProto& n : ordered) *graph->add_node() = std::move(n);
  for (const auto& [name, out_type] : outputs) {
    *graph->add_output() = ValueInfo(name, out_type, nullptr);
  }
  return built;
}

}  // namespace onnx_conform
