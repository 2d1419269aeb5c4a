#include "runners/adequacy/mutant_edits.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "checker/checker.h"
#include "checker/model_versions.h"
#include "reference/element_bits.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

// Where the sign, exponent and mantissa of a floating-point type sit.
template <typename T>
struct FloatLayout;
template <>
struct FloatLayout<Float16> {
  using Bits = uint16_t;
  static constexpr Bits kSign = 0x8000, kExponent = 0x7C00, kMantissa = 0x03FF;
};
template <>
struct FloatLayout<BFloat16> {
  using Bits = uint16_t;
  static constexpr Bits kSign = 0x8000, kExponent = 0x7F80, kMantissa = 0x007F;
};
template <>
struct FloatLayout<float> {
  using Bits = uint32_t;
  static constexpr Bits kSign = 0x80000000u, kExponent = 0x7F800000u, kMantissa = 0x007FFFFFu;
};
template <>
struct FloatLayout<double> {
  using Bits = uint64_t;
  static constexpr Bits kSign = uint64_t{1} << 63, kExponent = uint64_t{0x7FF} << 52,
                        kMantissa = (uint64_t{1} << 52) - 1;
};

template <typename T>
typename FloatLayout<T>::Bits EditFloatBits(typename FloatLayout<T>::Bits bits, ElementEdit edit) {
  using L = FloatLayout<T>;
  using Bits = typename L::Bits;
  const bool exponent_zero = (bits & L::kExponent) == 0;
  const bool exponent_full = (bits & L::kExponent) == L::kExponent;
  const bool mantissa = (bits & L::kMantissa) != 0;
  switch (edit) {
    case ElementEdit::kReverseOrder: return static_cast<Bits>(bits ^ L::kSign);
    case ElementEdit::kFlushDenormals:
      return exponent_zero && mantissa ? static_cast<Bits>(bits & L::kSign) : bits;
    case ElementEdit::kNegativeZeroToPositive: return bits == L::kSign ? Bits{0} : bits;
    case ElementEdit::kNaNToPositiveInf: return exponent_full && mantissa ? L::kExponent : bits;
    case ElementEdit::kNaNToNegativeInf:
      return exponent_full && mantissa ? static_cast<Bits>(L::kExponent | L::kSign) : bits;
    default: return bits;
  }
}

// `x` converted to F and back, saturating at T's limits.
template <typename T, typename F>
T RoundThrough(T x) {
  const F f = static_cast<F>(x);
  if (f >= static_cast<F>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  if (f <= static_cast<F>(std::numeric_limits<T>::lowest()))
    return std::numeric_limits<T>::lowest();
  return static_cast<T>(f);
}

template <typename T>
T EditInteger(T x, ElementEdit edit) {
  switch (edit) {
    case ElementEdit::kReverseOrder: return static_cast<T>(~x);
    case ElementEdit::kFlipSignBit:
      if constexpr (std::is_unsigned_v<T>) return static_cast<T>(x ^ (T{1} << (sizeof(T) * 8 - 1)));
      return x;
    case ElementEdit::kThroughDouble: return sizeof(T) == 8 ? RoundThrough<T, double>(x) : x;
    case ElementEdit::kThroughFloat32: return sizeof(T) >= 4 ? RoundThrough<T, float>(x) : x;
    default: return x;
  }
}

template <typename T>
void EditTyped(Tensor& tensor, ElementEdit edit) {
  Stored<T>* data = StoredData<T>(tensor);
  const int64_t n = tensor.element_count();
  if constexpr (std::is_floating_point_v<T> || kIsHalfType<T>) {
    using Bits = typename FloatLayout<T>::Bits;
    for (int64_t i = 0; i < n; ++i) {
      Bits bits;
      std::memcpy(&bits, &data[i], sizeof(Bits));
      bits = EditFloatBits<T>(bits, edit);
      std::memcpy(&data[i], &bits, sizeof(Bits));
    }
  } else {
    for (int64_t i = 0; i < n; ++i) data[i] = EditInteger<T>(data[i], edit);
  }
}

onnx::AttributeProto* MutableAttribute(onnx::NodeProto& node, absl::string_view name,
                                       onnx::AttributeProto::AttributeType type) {
  for (onnx::AttributeProto& a : *node.mutable_attribute()) {
    if (a.name() == name) return &a;
  }
  onnx::AttributeProto* a = node.add_attribute();
  a->set_name(std::string(name));
  a->set_type(type);
  return a;
}

}  // namespace

const Tensor* MutantRun::FedInput(int position) const {
  return const_cast<MutantRun*>(this)->FedInput(position);
}

Tensor* MutantRun::FedInput(int position) {
  if (model.graph().node_size() == 0 || position >= node().input_size()) return nullptr;
  const std::string& name = node().input(position);
  if (name.empty()) return nullptr;
  const std::vector<const onnx::ValueInfoProto*> fed = FedGraphInputs(model.graph());
  for (size_t i = 0; i < fed.size() && i < inputs.size(); ++i) {
    if (fed[i]->name() == name) return &inputs[i];
  }
  return nullptr;
}

void EditElements(Tensor& tensor, ElementEdit edit) {
  if (!IsNumeric(tensor.type())) return;
  VisitNumericType(tensor.type(), [&]<typename T>(TypeTag<T>) { EditTyped<T>(tensor, edit); });
}

void EditFedInputs(MutantRun& run, const std::vector<int>& positions, ElementEdit edit) {
  if (positions.empty()) {
    EditTensors(run.inputs, edit);
    return;
  }
  for (int position : positions) {
    if (Tensor* t = run.FedInput(position)) EditElements(*t, edit);
  }
}

void EditTensors(std::vector<Tensor>& tensors, ElementEdit edit) {
  for (Tensor& t : tensors) EditElements(t, edit);
}

const onnx::AttributeProto* FindAttribute(const onnx::NodeProto& node, absl::string_view name) {
  for (const onnx::AttributeProto& a : node.attribute()) {
    if (a.name() == name) return &a;
  }
  return nullptr;
}

void SetIntAttribute(onnx::NodeProto& node, absl::string_view name, int64_t value) {
  MutableAttribute(node, name, onnx::AttributeProto::INT)->set_i(value);
}

void SetFloatAttribute(onnx::NodeProto& node, absl::string_view name, float value) {
  MutableAttribute(node, name, onnx::AttributeProto::FLOAT)->set_f(value);
}

void RemoveAttribute(onnx::NodeProto& node, absl::string_view name) {
  auto* attributes = node.mutable_attribute();
  for (int i = 0; i < attributes->size(); ++i) {
    if (attributes->Get(i).name() == name) {
      attributes->DeleteSubrange(i, 1);
      return;
    }
  }
}

void RenameAttribute(onnx::NodeProto& node, absl::string_view from, absl::string_view to) {
  for (onnx::AttributeProto& a : *node.mutable_attribute()) {
    if (a.name() == from) a.set_name(std::string(to));
  }
}

void RaiseOpset(MutantRun& run, int64_t opset) {
  for (onnx::OperatorSetIdProto& id : *run.model.mutable_opset_import()) {
    if ((id.domain().empty() || id.domain() == "ai.onnx") && id.version() < opset) {
      id.set_version(opset);
    }
  }
  const int64_t ir = IrVersionForOpset(opset);
  if (run.model.ir_version() < ir) run.model.set_ir_version(ir);
}

void KeepNodeInputs(MutantRun& run, int count) {
  auto* node_inputs = run.node().mutable_input();
  if (node_inputs->size() > count) node_inputs->DeleteSubrange(count, node_inputs->size() - count);
}

bool HasNodeInput(const MutantRun& run, int position) {
  return position < run.node().input_size() && !run.node().input(position).empty();
}

void SwapNodeInputs(MutantRun& run, int a, int b) {
  onnx::NodeProto& node = run.node();
  while (node.input_size() <= std::max(a, b)) node.add_input("");
  std::swap(*node.mutable_input(a), *node.mutable_input(b));
  while (node.input_size() > 0 && node.input(node.input_size() - 1).empty()) {
    node.mutable_input()->RemoveLast();
  }
}

void SetConstantInput(MutantRun& run, int position, double value) {
  if (run.inputs.empty()) return;
  absl::StatusOr<Tensor> scalar = Tensor::Create(run.inputs[0].type(), {});
  if (!scalar.ok()) return;
  FillWith(*scalar, value);
  const std::string name = "adequacy_bound_" + std::to_string(position);
  *run.model.mutable_graph()->add_initializer() = TensorToProto(*scalar, name);
  onnx::NodeProto& node = run.node();
  while (node.input_size() <= position) node.add_input("");
  node.set_input(position, name);
}

void ForgetShapes(MutantRun& run) {
  onnx::GraphProto& graph = *run.model.mutable_graph();
  for (auto* values : {graph.mutable_input(), graph.mutable_output(), graph.mutable_value_info()}) {
    for (onnx::ValueInfoProto& v : *values) {
      if (v.type().has_tensor_type()) v.mutable_type()->mutable_tensor_type()->clear_shape();
    }
  }
}

Tensor Reshaped(const Tensor& tensor, const Shape& shape) {
  Tensor out = *Tensor::Create(tensor.type(), shape);
  std::memcpy(out.bytes().data(), tensor.bytes().data(), out.byte_size());
  return out;
}

Tensor RepeatedInto(const Tensor& tensor, const Shape& shape) {
  Tensor out = *Tensor::Create(tensor.type(), shape);
  const size_t size = ElementSize(tensor.type());
  for (int64_t i = 0; i < out.element_count(); ++i) {
    std::byte* to = out.bytes().data() + i * size;
    if (tensor.element_count() == 0) {
      std::memset(to, 0, size);
    } else {
      std::memcpy(to, tensor.bytes().data() + (i % tensor.element_count()) * size, size);
    }
  }
  return out;
}

Tensor NarrowedIndices(const Tensor& tensor) {
  if (tensor.type() != ElementType::kInt64) return tensor;
  Tensor out = *Tensor::Create(ElementType::kInt32, tensor.shape());
  std::span<const int64_t> from = tensor.data<int64_t>();
  std::span<int32_t> to = out.data<int32_t>();
  for (size_t i = 0; i < from.size(); ++i) to[i] = static_cast<int32_t>(from[i]);
  return out;
}

Tensor WidenedHalf(const Tensor& tensor) {
  if (tensor.type() != ElementType::kFloat16 && tensor.type() != ElementType::kBFloat16) {
    return tensor;
  }
  Tensor out = *Tensor::Create(ElementType::kFloat, tensor.shape());
  std::span<float> to = out.data<float>();
  VisitNumericType(tensor.type(), [&]<typename T>(TypeTag<T>) {
    if constexpr (kIsHalfType<T>) {
      std::span<const T> from = tensor.data<T>();
      for (size_t i = 0; i < from.size(); ++i) to[i] = from[i].ToFloat();
    }
  });
  return out;
}

std::optional<double> FirstAsDouble(const Tensor& tensor) {
  if (tensor.element_count() == 0 || !IsNumeric(tensor.type())) return std::nullopt;
  return VisitNumericType(tensor.type(), [&]<typename T>(TypeTag<T>) {
    if constexpr (kIsHalfType<T>) {
      return static_cast<double>(tensor.data<T>()[0].ToFloat());
    } else {
      return static_cast<double>(tensor.data<T>()[0]);
    }
  });
}

void FillWith(Tensor& tensor, double value) {
  if (!IsNumeric(tensor.type())) return;
  VisitNumericType(tensor.type(), [&]<typename T>(TypeTag<T>) {
    T v;
    if constexpr (kIsHalfType<T>) {
      v = T::FromFloat(static_cast<float>(value));
    } else if constexpr (std::is_integral_v<T>) {
      v = std::isnan(value) ? T{0}
          : value >= static_cast<double>(std::numeric_limits<T>::max())
              ? std::numeric_limits<T>::max()
          : value <= static_cast<double>(std::numeric_limits<T>::lowest())
              ? std::numeric_limits<T>::lowest()
              : static_cast<T>(value);
    } else {
      v = static_cast<T>(value);
    }
    for (T& x : tensor.data<T>()) x = v;
  });
}

}  // namespace onnx_conform
