// Explore's cases as models, descriptions and classes
// (runners/explore/explore_case.h): BuildCase, Describe, Features, Classes,
// and element values read back (ValueOf).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <set>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cases/case_library.h"
#include "checker/operator_form.h"
#include "checker/registry.h"
#include "reference/float16.h"
#include "reference/model_versions.h"
#include "reference/tensor_proto.h"
#include "runners/explore/explore_case.h"

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

std::string ShapeText(const Shape& shape) {
  return absl::StrCat("[", absl::StrJoin(shape, ","), "]");
}

const char* FormName(BoundForm form) {
  const char* names[] = {"absent", "skipped", "given"};
  return names[static_cast<int>(form)];
}

const char* SourceName(BoundSource source) {
  const char* names[] = {"input", "initializer", "Constant"};
  return names[static_cast<int>(source)];
}

// Adds the tensors a case's graph is made of, node by node.
class GraphBuilder {
 public:
  GraphBuilder(BuiltCase& built, const ExploreCase& c)
      : built_(built), graph_(*built.model.mutable_graph()), type_(c.cell.type) {}

  absl::Status Input(onnx::NodeProto& node, const std::string& name, const TensorSpec& spec,
                     BoundSource source = BoundSource::kGraphInput) {
    node.add_input(name);
    absl::StatusOr<Tensor> tensor = ToTensor(spec, type_);
    if (!tensor.ok()) return tensor.status();
    switch (source) {
      case BoundSource::kGraphInput:
        *graph_.add_input() = ValueInfo(name, type_, &spec.shape);
        built_.inputs.push_back(*std::move(tensor));
        break;
      case BoundSource::kInitializer:
        *graph_.add_initializer() = TensorToProto(*tensor, name);
        break;
      case BoundSource::kConstant: {
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

  // Clip's bounds: attributes before version 11, else inputs 1 and 2.
  absl::Status Bounds(onnx::NodeProto& node, int version, BoundForm min_form, BoundForm max_form,
                      const TensorSpec& min, const TensorSpec& max, float min_attr, float max_attr,
                      BoundSource source, const std::string& prefix) {
    if (version < 11) {
      FloatAttr(node, "min", min_form, min_attr);
      FloatAttr(node, "max", max_form, max_attr);
      return absl::OkStatus();
    }
    if (min_form == BoundForm::kPresent) {
      if (absl::Status s = Input(node, prefix + "min", min, source); !s.ok()) return s;
    } else if (min_form == BoundForm::kSkipped || max_form != BoundForm::kAbsent) {
      node.add_input("");
    }
    if (max_form == BoundForm::kPresent) {
      if (absl::Status s = Input(node, prefix + "max", max, source); !s.ok()) return s;
    } else if (max_form == BoundForm::kSkipped) {
      node.add_input("");
    }
    return absl::OkStatus();
  }

  static void IntAttr(onnx::NodeProto& node, const char* name, std::optional<int64_t> value) {
    if (!value) return;
    onnx::AttributeProto* a = node.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(*value);
  }

  // The Constant nodes made so far, taken to put before their consumer.
  std::vector<onnx::NodeProto> TakeConstants() { return std::exchange(constants_, {}); }

 private:
  static void FloatAttr(onnx::NodeProto& node, const char* name, BoundForm form, float value) {
    if (form != BoundForm::kPresent) return;
    onnx::AttributeProto* a = node.add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(value);
  }

  BuiltCase& built_;
  onnx::GraphProto& graph_;
  E type_;
  std::vector<onnx::NodeProto> constants_;
};

}  // namespace

double ValueOf(E type, uint64_t bits) {
  switch (type) {
    case E::kFloat: return std::bit_cast<float>(static_cast<uint32_t>(bits));
    case E::kDouble: return std::bit_cast<double>(bits);
    case E::kFloat16: return Float16::FromBits(static_cast<uint16_t>(bits)).ToFloat();
    case E::kBFloat16: return BFloat16::FromBits(static_cast<uint16_t>(bits)).ToFloat();
    case E::kInt8: return static_cast<int8_t>(bits);
    case E::kInt16: return static_cast<int16_t>(bits);
    case E::kInt32: return static_cast<int32_t>(bits);
    case E::kInt64: return static_cast<double>(static_cast<int64_t>(bits));
    default: return static_cast<double>(bits);
  }
}

OpFamily FamilyOf(const std::string& op) {
  switch (OperatorFormOf(op)) {
    case OperatorForm::kVariadic: return OpFamily::kElementwise;
    case OperatorForm::kArgReduce: return OpFamily::kArgReduce;
    case OperatorForm::kOther: break;
  }
  return OpFamily::kClip;
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

int64_t ExploreCase::ElementCount() const {
  int64_t count = 0;
  for (const TensorSpec& t : inputs) count += static_cast<int64_t>(t.bits.size());
  if (min_form == BoundForm::kPresent && cell.version >= 11) ++count;
  if (max_form == BoundForm::kPresent && cell.version >= 11) ++count;
  for (const ChainNode& n : chain) {
    if (FamilyOf(n.op) == OpFamily::kClip && n.op != "Identity") {
      count += (n.min_form == BoundForm::kPresent) + (n.max_form == BoundForm::kPresent);
    } else {
      for (const TensorSpec& t : n.operands) count += static_cast<int64_t>(t.bits.size());
    }
  }
  return count;
}

std::string ExploreCase::Describe() const {
  std::vector<std::string> parts = {
      absl::StrCat(cell.op, "-", cell.version, " ", ElementTypeName(cell.type))};
  for (const TensorSpec& t : inputs) parts.push_back(ShapeText(t.shape));
  if (axis) parts.push_back(absl::StrCat("axis=", *axis));
  if (keepdims) parts.push_back(absl::StrCat("keepdims=", *keepdims));
  if (select_last_index) parts.push_back(absl::StrCat("select_last_index=", *select_last_index));
  if (FamilyOf(cell.op) == OpFamily::kClip) {
    parts.push_back(absl::StrCat("min ", FormName(min_form)));
    parts.push_back(absl::StrCat("max ", FormName(max_form)));
    if (cell.version < 11 && min_form == BoundForm::kPresent) {
      parts.push_back(absl::StrCat("min=", min_attr));
    }
    if (cell.version < 11 && max_form == BoundForm::kPresent) {
      parts.push_back(absl::StrCat("max=", max_attr));
    }
    if (cell.version >= 11 &&
        (min_form == BoundForm::kPresent || max_form == BoundForm::kPresent)) {
      parts.push_back(absl::StrCat("bounds from ", SourceName(bound_source)));
    }
  }
  for (const ChainNode& n : chain) {
    std::string node = absl::StrCat("-> ", n.output_too ? "(also an output) " : "", n.op);
    if (n.op != "Identity") {
      switch (FamilyOf(n.op)) {
        case OpFamily::kElementwise:
          for (const TensorSpec& t : n.operands) absl::StrAppend(&node, " ", ShapeText(t.shape));
          break;
        case OpFamily::kArgReduce:
          absl::StrAppend(&node, " axis=", n.axis.value_or(0));
          if (n.keepdims) absl::StrAppend(&node, " keepdims=", *n.keepdims);
          break;
        case OpFamily::kClip:
          absl::StrAppend(&node, " min ", FormName(n.min_form), " max ", FormName(n.max_form),
                          " from ", SourceName(n.bound_source));
          break;
      }
    }
    parts.push_back(node);
  }
  return absl::StrJoin(parts, " ");
}

std::vector<std::string> ExploreCase::Features() const {
  std::vector<std::string> features = {"explore"};
  bool broadcast = false, empty = false;
  for (const TensorSpec& t : inputs) {
    if (t.shape != inputs[0].shape) broadcast = true;
    if (t.bits.empty()) empty = true;
  }
  if (broadcast) features.push_back("broadcast");
  if (empty) features.push_back("empty_tensor");
  if (FamilyOf(cell.op) == OpFamily::kElementwise && inputs.size() > 2) {
    features.push_back("variadic");
  }
  if (axis && *axis < 0) features.push_back("negative_axis");
  if (keepdims) features.push_back(*keepdims != 0 ? "keepdims" : "no_keepdims");
  if (select_last_index.value_or(0) != 0) features.push_back("select_last_index");
  if (FamilyOf(cell.op) == OpFamily::kClip) {
    if (min_form == BoundForm::kSkipped || max_form == BoundForm::kSkipped) {
      features.push_back("skipped_bound");
    }
    if (min_form == BoundForm::kAbsent || max_form == BoundForm::kAbsent) {
      features.push_back("missing_bound");
    }
  }
  if (!chain.empty()) features.push_back("graph");
  return features;
}

std::vector<std::string> ExploreCase::Classes() const {
  std::vector<std::string> classes;
  size_t rank = 0;
  for (const TensorSpec& t : inputs) rank = std::max(rank, t.shape.size());
  classes.push_back(absl::StrCat("rank ", rank));
  bool broadcast = false, empty = false, one = false;
  for (const TensorSpec& t : inputs) {
    if (t.shape.size() != rank) broadcast = true;
    for (int64_t d : t.shape) {
      empty = empty || d == 0;
      one = one || d == 1;
    }
    if (t.shape != inputs[0].shape) broadcast = true;
  }
  if (empty) classes.push_back("empty dim");
  if (one) classes.push_back("size-1 dim");
  switch (FamilyOf(cell.op)) {
    case OpFamily::kElementwise:
      classes.push_back(absl::StrCat("inputs ", inputs.size()));
      if (broadcast) classes.push_back(absl::StrCat("broadcast to rank ", rank));
      break;
    case OpFamily::kArgReduce:
      classes.push_back(axis ? (*axis < 0 ? "axis negative" : "axis given") : "axis unset");
      classes.push_back(absl::StrCat(
          "keepdims ", keepdims ? absl::StrCat(*keepdims) : "unset", ", select_last_index ",
          select_last_index ? absl::StrCat(*select_last_index) : "unset"));
      break;
    case OpFamily::kClip: {
      classes.push_back(absl::StrCat("min ", FormName(min_form), ", max ", FormName(max_form)));
      if (cell.version >= 11 && min_form == BoundForm::kPresent) {
        classes.push_back(absl::StrCat("bounds from ", SourceName(bound_source)));
      }
      if (min_form == BoundForm::kPresent && max_form == BoundForm::kPresent) {
        const double lo = cell.version >= 11 ? ValueOf(cell.type, min_input.bits.at(0)) : min_attr;
        const double hi = cell.version >= 11 ? ValueOf(cell.type, max_input.bits.at(0)) : max_attr;
        if (lo > hi) classes.push_back("min > max");
      }
      break;
    }
  }
  classes.push_back(absl::StrCat("nodes ", NodeCount()));
  std::set<std::string> values;
  const int bits_width = static_cast<int>(ElementSize(cell.type) * 8);
  const uint64_t mask = bits_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits_width) - 1;
  const bool is_signed = cell.type == E::kInt8 || cell.type == E::kInt16 ||
                         cell.type == E::kInt32 || cell.type == E::kInt64;
  const uint64_t max = is_signed ? mask >> 1 : mask, lowest = is_signed ? max + 1 : 0;
  for (const TensorSpec& t : inputs) {
    for (uint64_t bits : t.bits) {
      const std::string kind(ValueKindOf(cell.type, bits));
      if (kind != "finite") {
        const bool negative_zero = kind == "zero" && std::signbit(ValueOf(cell.type, bits));
        if (kind != "zero" || negative_zero)
          values.insert(negative_zero ? "value -0" : "value " + kind);
      } else if (!IsFloatingPoint(cell.type) && (bits == max || (bits == lowest && is_signed))) {
        values.insert("value at a limit");
      } else if (!IsFloatingPoint(cell.type) && std::fabs(ValueOf(cell.type, bits)) > 0x1p53) {
        values.insert("value beyond 2^53");
      }
    }
  }
  classes.insert(classes.end(), values.begin(), values.end());
  return classes;
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
  const E type = c.cell.type;
  std::vector<onnx::NodeProto> nodes(1);
  onnx::NodeProto& node = nodes[0];
  node.set_op_type(c.cell.op);

  E output_type = type;
  switch (FamilyOf(c.cell.op)) {
    case OpFamily::kElementwise:
      for (size_t i = 0; i < c.inputs.size(); ++i) {
        if (absl::Status s = builder.Input(node, absl::StrCat("x", i), c.inputs[i]); !s.ok()) {
          return s;
        }
      }
      break;
    case OpFamily::kArgReduce:
      if (absl::Status s = builder.Input(node, "data", c.inputs.at(0)); !s.ok()) return s;
      GraphBuilder::IntAttr(node, "axis", c.axis);
      GraphBuilder::IntAttr(node, "keepdims", c.keepdims);
      GraphBuilder::IntAttr(node, "select_last_index", c.select_last_index);
      output_type = E::kInt64;
      break;
    case OpFamily::kClip:
      if (absl::Status s = builder.Input(node, "input", c.inputs.at(0)); !s.ok()) return s;
      if (absl::Status s = builder.Bounds(node, c.cell.version, c.min_form, c.max_form, c.min_input,
                                          c.max_input, c.min_attr, c.max_attr, c.bound_source, "");
          !s.ok()) {
        return s;
      }
      break;
  }
  std::vector<onnx::NodeProto> ordered = builder.TakeConstants();
  std::vector<std::pair<std::string, E>> outputs;  // graph outputs, in order
  std::string value = c.chain.empty() ? "output" : "y0";
  node.add_output(value);
  ordered.push_back(node);
  for (size_t k = 0; k < c.chain.size(); ++k) {
    const ChainNode& n = c.chain[k];
    if (n.output_too) outputs.emplace_back(value, output_type);
    onnx::NodeProto next;
    next.set_op_type(n.op);
    next.add_input(value);
    const std::string prefix = absl::StrCat("n", k + 1, "_");
    if (n.op != "Identity") {
      switch (FamilyOf(n.op)) {
        case OpFamily::kElementwise:
          for (size_t i = 0; i < n.operands.size(); ++i) {
            if (absl::Status s = builder.Input(next, absl::StrCat(prefix, "x", i), n.operands[i]);
                !s.ok()) {
              return s;
            }
          }
          break;
        case OpFamily::kArgReduce:
          GraphBuilder::IntAttr(next, "axis", n.axis);
          GraphBuilder::IntAttr(next, "keepdims", n.keepdims);
          output_type = E::kInt64;
          break;
        case OpFamily::kClip:
          if (n.operands.size() != 2) return absl::InvalidArgumentError("explore: Clip bounds");
          if (absl::Status s = builder.Bounds(
                  next, c.cell.version, n.min_form, n.max_form, n.operands[0], n.operands[1],
                  static_cast<float>(ValueOf(type, n.operands[0].bits.at(0))),
                  static_cast<float>(ValueOf(type, n.operands[1].bits.at(0))), n.bound_source,
                  prefix);
              !s.ok()) {
            return s;
          }
          break;
      }
    }
    value = k + 1 == c.chain.size() ? "output" : absl::StrCat("y", k + 1);
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
