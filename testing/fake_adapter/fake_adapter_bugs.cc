// oc-fake-adapter's planted bugs (testing/fake_adapter/fake_adapter_bugs.h).
#include "testing/fake_adapter/fake_adapter_bugs.h"

#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/readings.h"
#include "runners/harness/evaluate_model.h"
#include "tensor/float16.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

using E = ElementType;

template <typename T>
T At(const Tensor& t, int64_t i) {
  T value;
  std::memcpy(&value, t.bytes().data() + i * sizeof(T), sizeof(T));
  return value;
}

double ToDouble(const Tensor& t, int64_t i) {
  switch (t.type()) {
    case E::kFloat: return At<float>(t, i);
    case E::kDouble: return At<double>(t, i);
    case E::kFloat16: return Float16::FromBits(At<uint16_t>(t, i)).ToFloat();
    case E::kBFloat16: return BFloat16::FromBits(At<uint16_t>(t, i)).ToFloat();
    case E::kInt8: return At<int8_t>(t, i);
    case E::kInt16: return At<int16_t>(t, i);
    case E::kInt32: return At<int32_t>(t, i);
    case E::kInt64: return static_cast<double>(At<int64_t>(t, i));
    case E::kUint8: return At<uint8_t>(t, i);
    case E::kUint16: return At<uint16_t>(t, i);
    case E::kUint32: return At<uint32_t>(t, i);
    case E::kUint64: return static_cast<double>(At<uint64_t>(t, i));
    default: return 0;
  }
}

bool IsNaNAt(const Tensor& t, int64_t i) {
  return IsFloatingPoint(t.type()) && std::isnan(ToDouble(t, i));
}

onnx::AttributeProto* FindAttr(onnx::NodeProto& node, absl::string_view name) {
  for (onnx::AttributeProto& a : *node.mutable_attribute()) {
    if (a.name() == name) return &a;
  }
  return nullptr;
}

void SetIntAttr(onnx::NodeProto& node, absl::string_view name, int64_t value) {
  onnx::AttributeProto* a = FindAttr(node, name);
  if (a == nullptr) {
    a = node.add_attribute();
    a->set_name(std::string(name));
    a->set_type(onnx::AttributeProto::INT);
  }
  a->set_i(value);
}

// The float16 value nearest `v` towards zero.
float TruncateToFloat16(float v) {
  if (std::isnan(v)) return v;
  Float16 h = Float16::FromFloat(v);
  if (std::fabs(h.ToFloat()) > std::fabs(v)) h = Float16::FromBits(h.bits() - 1);
  return h.ToFloat();
}

// A bound of a Clip node: its attribute (versions 1, 6) or its input.
std::optional<double> ClipBound(const onnx::GraphProto& graph, const onnx::NodeProto& node,
                                int64_t version, int position, const std::vector<Tensor>& inputs) {
  if (version < 11) {
    for (const onnx::AttributeProto& a : node.attribute()) {
      if (a.name() == (position == 1 ? "min" : "max")) return a.f();
    }
    return std::nullopt;
  }
  if (node.input_size() <= position || node.input(position).empty()) return std::nullopt;
  const std::string& name = node.input(position);
  // A graph input, an initializer or a Constant's output.
  for (int k = 0; k < graph.input_size() && k < static_cast<int>(inputs.size()); ++k) {
    if (graph.input(k).name() == name) return ToDouble(inputs[k], 0);
  }
  const onnx::TensorProto* proto = nullptr;
  for (const onnx::TensorProto& t : graph.initializer()) {
    if (t.name() == name) proto = &t;
  }
  for (const onnx::NodeProto& n : graph.node()) {
    if (n.op_type() == "Constant" && n.output_size() == 1 && n.output(0) == name &&
        n.attribute_size() == 1) {
      proto = &n.attribute(0).t();
    }
  }
  if (proto == nullptr) return std::nullopt;
  absl::StatusOr<Tensor> tensor = TensorFromProto(*proto);
  if (!tensor.ok() || tensor->element_count() == 0) return std::nullopt;
  return ToDouble(*tensor, 0);
}

// Each float output's zeros get the other sign (after denormals are
// flushed to zero, keeping their sign, when `flush`).
void FlipZerosAndFlush(Tensor& t, bool flip, bool flush) {
  if (!IsFloatingPoint(t.type())) return;
  const size_t size = ElementSize(t.type());
  const int mantissa_and_exponent = static_cast<int>(size * 8) - 1;
  const uint64_t magnitude = (uint64_t{1} << mantissa_and_exponent) - 1;
  const uint64_t sign = uint64_t{1} << mantissa_and_exponent;
  int mantissa = 0;
  switch (t.type()) {
    case E::kFloat16: mantissa = 10; break;
    case E::kBFloat16: mantissa = 7; break;
    case E::kFloat: mantissa = 23; break;
    default: mantissa = 52; break;
  }
  for (int64_t i = 0; i < t.element_count(); ++i) {
    uint64_t bits = 0;
    std::memcpy(&bits, t.bytes().data() + i * size, size);
    if (flush && (bits & magnitude) != 0 && (bits & magnitude) < (uint64_t{1} << mantissa)) {
      bits &= sign;
    } else if (flip && (bits & magnitude) == 0) {
      bits ^= sign;
    }
    std::memcpy(t.bytes().data() + i * size, &bits, size);
  }
}

// Min of int64/uint64 inputs of the output's size compared through double:
// of two values a double cannot tell apart, the first is kept.
template <typename T>
void MinComparedAsDouble(const std::vector<Tensor>& inputs, Tensor& output) {
  for (const Tensor& t : inputs) {
    if (t.element_count() != output.element_count()) return;
  }
  for (int64_t i = 0; i < output.element_count(); ++i) {
    T kept = At<T>(inputs[0], i);
    for (size_t k = 1; k < inputs.size(); ++k) {
      const T next = At<T>(inputs[k], i);
      if (static_cast<double>(next) < static_cast<double>(kept)) kept = next;
    }
    output.data<T>()[i] = kept;
  }
}

// A graph bug: a Clip fed by a Min node ignores its max bound (a fused
// kernel that forgets it); nullopt when the graph has no such pair.
std::optional<absl::StatusOr<std::vector<Tensor>>> FusedMinClip(onnx::ModelProto model,
                                                                const std::vector<Tensor>& inputs) {
  std::set<std::string> min_outputs;
  bool fused = false;
  for (onnx::NodeProto& node : *model.mutable_graph()->mutable_node()) {
    if (node.op_type() == "Min") min_outputs.insert(node.output(0));
    if (node.op_type() == "Clip" && node.input_size() > 2 && min_outputs.count(node.input(0))) {
      node.set_input(2, "");
      fused = true;
    }
  }
  if (!fused) return std::nullopt;
  return RunModel(model, inputs);
}

// A graph bug: Where(Less(p, q), q, p) run as Max(p, q) and Where(Less(p,
// q), p, q) as Min(p, q), a fusion that forgets that Less with NaN is false
// (Max and Min give NaN) and that -0 < +0 is false; nullopt when the graph
// has no such pair or Max and Min do not take its type.
std::optional<absl::StatusOr<std::vector<Tensor>>> FusedLessWhere(
    onnx::ModelProto model, const std::vector<Tensor>& inputs) {
  std::map<std::string, std::pair<std::string, std::string>> less;  // output: (p, q)
  bool fused = false;
  for (onnx::NodeProto& node : *model.mutable_graph()->mutable_node()) {
    if (node.op_type() == "Less" && node.input_size() == 2) {
      less[node.output(0)] = {node.input(0), node.input(1)};
    }
    if (node.op_type() != "Where" || node.input_size() != 3 || !less.count(node.input(0))) {
      continue;
    }
    const auto [p, q] = less[node.input(0)];
    const bool max = node.input(1) == q && node.input(2) == p;
    if (!max && !(node.input(1) == p && node.input(2) == q)) continue;
    node.set_op_type(max ? "Max" : "Min");
    node.clear_input();
    node.add_input(p);
    node.add_input(q);
    fused = true;
  }
  if (!fused) return std::nullopt;
  absl::StatusOr<std::vector<Tensor>> outputs = RunModel(model, inputs);
  if (!outputs.ok()) return std::nullopt;
  return outputs;
}

// The bugs that change a model's outputs after the reference computed them.
absl::Status SpoilOutputs(absl::string_view bug, const std::string& op,
                          const std::vector<Tensor>& inputs, std::vector<Tensor>& outputs) {
  Tensor& output = outputs.at(0);
  if (bug == "sign-and-flush" && op == "Min") {
    FlipZerosAndFlush(output, /*flip=*/true, /*flush=*/true);
  } else if ((bug == "clip-flush" && op == "Clip") || (bug == "relu-flush" && op == "Relu")) {
    FlipZerosAndFlush(output, /*flip=*/false, /*flush=*/true);
  } else if (bug == "int64-compare-double" && op == "Min") {
    if (output.type() == E::kInt64) MinComparedAsDouble<int64_t>(inputs, output);
    if (output.type() == E::kUint64) MinComparedAsDouble<uint64_t>(inputs, output);
  } else if (bug == "fmin-nan" && op == "Min") {
    // numpy's fmin: NaN ignored (reading min-nan-ignored), and an all-NaN
    // result as +0 (follows no reading).
    for (int64_t i = 0; i < output.element_count(); ++i) {
      if (IsNaNAt(output, i)) {
        std::memset(output.bytes().data() + i * ElementSize(output.type()), 0,
                    ElementSize(output.type()));
      }
    }
  }
  return absl::OkStatus();
}

absl::Status CheckKnown(absl::string_view bug) {
  for (absl::string_view known :
       {"nan-rule", "broadcast", "clip-inverted", "argmin-tie-order", "keepdims",
        "clip6-float16-bound", "int64-through-double", "min6-broadcast", "broadcast-rank5",
        "fused-min-clip", "fused-less-where", "sign-and-flush", "clip-flush", "relu-flush",
        "int64-compare-double", "fmin-nan", "select-last-index-ignored", "none"}) {
    if (bug == known) return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat("fake: no planted bug '", bug, "'"));
}

}  // namespace

absl::StatusOr<std::vector<Tensor>> RunWithPlantedBug(absl::string_view bug, onnx::ModelProto model,
                                                      std::vector<Tensor> inputs) {
  if (absl::Status known = CheckKnown(bug); !known.ok()) return known;
  if (model.opset_import_size() == 0) return absl::InvalidArgumentError("fake: no opset");
  if (bug == "fused-min-clip") {
    if (auto fused = FusedMinClip(model, inputs)) return *std::move(fused);
  }
  if (bug == "fused-less-where") {
    if (auto fused = FusedLessWhere(model, inputs)) return *std::move(fused);
  }
  // The other bugs are of one node: a graph of more gets the reference's outputs.
  if (model.graph().node_size() != 1) return RunModel(model, inputs);
  onnx::NodeProto& node = *model.mutable_graph()->mutable_node(0);
  const std::string op = node.op_type();
  const int64_t version = model.opset_import(0).version();

  if (bug == "argmin-tie-order" && op == "ArgMin") {
    // Ties resolved at the wrong end: computed as ArgMin-12 with the flag
    // flipped.
    const onnx::AttributeProto* last = FindAttr(node, "select_last_index");
    SetIntAttr(node, "select_last_index", last != nullptr && last->i() != 0 ? 0 : 1);
    model.mutable_opset_import(0)->set_version(std::max<int64_t>(version, 12));
    return RunModel(model, inputs);
  }
  if (bug == "select-last-index-ignored" && op == "ArgMin") {
    // select_last_index read as its default 0: ties go to the first index.
    if (FindAttr(node, "select_last_index") != nullptr) SetIntAttr(node, "select_last_index", 0);
    return RunModel(model, inputs);
  }
  if (bug == "min6-broadcast" && op == "Min" && version < 8) {
    // Broadcasts where Min-1 and 6 want equal shapes: accepts invalid models.
    model.mutable_opset_import(0)->set_version(8);
    return RunModel(model, inputs);
  }
  if (bug == "keepdims" && op == "ArgMin") {
    if (const onnx::AttributeProto* k = FindAttr(node, "keepdims"); k != nullptr && k->i() == 0) {
      SetIntAttr(node, "keepdims", 1);
    }
    return RunModel(model, inputs);
  }
  if (bug == "clip6-float16-bound" && op == "Clip" && version < 11 &&
      inputs.at(0).type() == E::kFloat16) {
    for (onnx::AttributeProto& a : *node.mutable_attribute()) {
      if (a.name() == "min" || a.name() == "max") a.set_f(TruncateToFloat16(a.f()));
    }
    return RunModel(model, inputs);
  }
  if (bug == "int64-through-double" && op == "Min") {
    for (Tensor& t : inputs) {
      for (int64_t i = 0; i < t.element_count(); ++i) {
        if (t.type() == E::kInt64) {
          const double d = static_cast<double>(At<int64_t>(t, i));
          t.data<int64_t>()[i] = d >= 0x1p63 ? INT64_MAX : static_cast<int64_t>(d);
        } else if (t.type() == E::kUint64) {
          const double d = static_cast<double>(At<uint64_t>(t, i));
          t.data<uint64_t>()[i] = d >= 0x1p64 ? UINT64_MAX : static_cast<uint64_t>(d);
        }
      }
    }
    return RunModel(model, inputs);
  }

  if (bug == "fmin-nan" && op == "Min") {
    absl::StatusOr<std::vector<ExplainedOutput>> ignored =
        ExplainModel(model, inputs, ReadingSet{Reading::kMinNaNIgnored});
    if (!ignored.ok()) return ignored.status();
    std::vector<Tensor> outputs;
    for (ExplainedOutput& o : *ignored) outputs.push_back(std::move(o.value));
    if (absl::Status s = SpoilOutputs(bug, op, inputs, outputs); !s.ok()) return s;
    return outputs;
  }
  absl::StatusOr<std::vector<Tensor>> outputs = RunModel(model, inputs);
  if (!outputs.ok()) return outputs;
  Tensor& output = outputs->at(0);
  if (absl::Status s = SpoilOutputs(bug, op, inputs, *outputs); !s.ok()) return s;
  if (bug == "nan-rule") {
    for (int64_t i = 0; i < output.element_count(); ++i) {
      if (IsNaNAt(output, i)) {
        std::memset(output.bytes().data() + i * ElementSize(output.type()), 0,
                    ElementSize(output.type()));
      }
    }
  } else if ((bug == "broadcast" || (bug == "broadcast-rank5" && output.shape().size() >= 5)) &&
             op == "Min") {
    bool replaced = false;
    for (Tensor& t : inputs) {
      if (t.shape() == output.shape() || t.element_count() < 2) continue;
      const size_t size = ElementSize(t.type());
      for (int64_t i = 1; i < t.element_count(); ++i) {
        std::memcpy(t.bytes().data() + i * size, t.bytes().data(), size);
      }
      replaced = true;
    }
    if (replaced) return RunModel(model, inputs);
  } else if (bug == "clip-inverted" && op == "Clip") {
    const std::optional<double> min = ClipBound(model.graph(), node, version, 1, inputs);
    const std::optional<double> max = ClipBound(model.graph(), node, version, 2, inputs);
    if (min && max && *min > *max) {
      std::memcpy(output.bytes().data(), inputs[0].bytes().data(), output.byte_size());
    }
  }
  return outputs;
}

}  // namespace onnx_conform
