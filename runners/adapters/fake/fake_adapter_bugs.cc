// oc-fake-adapter's planted bugs (runners/adapters/fake/fake_adapter_bugs.h).
#include "runners/adapters/fake/fake_adapter_bugs.h"

#include <cmath>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "reference/evaluate.h"
#include "reference/float16.h"

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
std::optional<double> ClipBound(const onnx::NodeProto& node, int64_t version, int position,
                                const std::vector<Tensor>& inputs) {
  if (version < 11) {
    for (const onnx::AttributeProto& a : node.attribute()) {
      if (a.name() == (position == 1 ? "min" : "max")) return a.f();
    }
    return std::nullopt;
  }
  if (node.input_size() <= position || node.input(position).empty()) return std::nullopt;
  int graph_input = 0;  // inputs hold the non-empty node inputs, in order
  for (int k = 0; k < position; ++k) graph_input += node.input(k).empty() ? 0 : 1;
  return ToDouble(inputs[graph_input], 0);
}

}  // namespace

absl::StatusOr<std::vector<Tensor>> RunWithPlantedBug(absl::string_view bug, onnx::ModelProto model,
                                                      std::vector<Tensor> inputs) {
  if (model.graph().node_size() != 1 || model.opset_import_size() == 0) {
    return absl::InvalidArgumentError("fake: a planted bug needs a one-node model");
  }
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

  absl::StatusOr<std::vector<Tensor>> outputs = RunModel(model, inputs);
  if (!outputs.ok()) return outputs;
  Tensor& output = outputs->at(0);
  if (bug == "nan-rule") {
    for (int64_t i = 0; i < output.element_count(); ++i) {
      if (IsNaNAt(output, i)) {
        std::memset(output.bytes().data() + i * ElementSize(output.type()), 0,
                    ElementSize(output.type()));
      }
    }
  } else if (bug == "broadcast" && op == "Min") {
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
    const std::optional<double> min = ClipBound(node, version, 1, inputs);
    const std::optional<double> max = ClipBound(node, version, 2, inputs);
    if (min && max && *min > *max) {
      std::memcpy(output.bytes().data(), inputs[0].bytes().data(), output.byte_size());
    }
  } else if (bug != "nan-rule" && bug != "broadcast" && bug != "clip-inverted" &&
             bug != "argmin-tie-order" && bug != "keepdims" && bug != "clip6-float16-bound" &&
             bug != "int64-through-double" && bug != "min6-broadcast" &&
             bug != "select-last-index-ignored") {
    return absl::InvalidArgumentError(absl::StrCat("fake: no planted bug '", bug, "'"));
  }
  return outputs;
}

}  // namespace onnx_conform
