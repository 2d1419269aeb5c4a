#include "reference/reference_test_util.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "reference/interpreter.h"
#include "reference/tensor_proto.h"

namespace onnx_conform::testing {
namespace {

// The operator texts' type columns (docs/operator-texts.md).
constexpr const char* kFloatsText = "float16 float double";
constexpr const char* kAllNumericText =
    "float16 float double int8 int16 int32 int64 uint8 uint16 uint32 uint64";
constexpr const char* kAllNumericBfText =
    "float16 float double int8 int16 int32 int64 uint8 uint16 uint32 uint64 bfloat16";

struct VersionTypes {
  const char* op;
  int64_t version;
  const char* types;
};
constexpr VersionTypes kTable[] = {
    {"Min", 1, kFloatsText},           {"Min", 6, kFloatsText},
    {"Min", 8, kFloatsText},           {"Min", 12, kAllNumericText},
    {"Min", 13, kAllNumericBfText},    {"ArgMin", 1, kAllNumericText},
    {"ArgMin", 11, kAllNumericText},   {"ArgMin", 12, kAllNumericText},
    {"ArgMin", 13, kAllNumericBfText}, {"Clip", 1, kFloatsText},
    {"Clip", 6, kFloatsText},          {"Clip", 11, kFloatsText},
    {"Clip", 12, kAllNumericText},     {"Clip", 13, kAllNumericBfText},
};

std::string ValueText(const Tensor& t, int64_t i) {
  return VisitNumericType(t.type(), [&]<typename T>(TypeTag<T>) {
    const T v = t.data<T>()[i];
    std::ostringstream out;
    if constexpr (kIsHalfType<T>) {
      out << v.ToFloat() << " (bits 0x" << std::hex << v.bits() << ")";
    } else if constexpr (sizeof(T) == 1) {
      out << static_cast<int>(v);
    } else if constexpr (std::is_floating_point_v<T>) {
      out.precision(17);
      out << v << (std::signbit(v) ? " (sign set)" : "");
    } else {
      out << v;
    }
    return out.str();
  });
}

}  // namespace

::testing::AssertionResult BitsEqual(const Tensor& actual, const Tensor& expected) {
  if (actual.type() != expected.type()) {
    return ::testing::AssertionFailure() << "type " << ElementTypeName(actual.type())
                                         << ", expected " << ElementTypeName(expected.type());
  }
  if (actual.shape() != expected.shape()) {
    return ::testing::AssertionFailure() << "shape " << ShapeToString(actual.shape())
                                         << ", expected " << ShapeToString(expected.shape());
  }
  const size_t size = ElementSize(actual.type());
  for (int64_t i = 0; i < actual.element_count(); ++i) {
    if (std::memcmp(actual.bytes().data() + i * size, expected.bytes().data() + i * size, size) !=
        0) {
      return ::testing::AssertionFailure() << "element " << i << " is " << ValueText(actual, i)
                                           << ", expected " << ValueText(expected, i);
    }
  }
  return ::testing::AssertionSuccess();
}

NodeBuilder::NodeBuilder(std::string op_type) {
  node_.set_op_type(std::move(op_type));
  node_.add_output("out");
}

NodeBuilder& NodeBuilder::Inputs(std::vector<std::string> names) {
  node_.clear_input();
  for (std::string& name : names) node_.add_input(std::move(name));
  return *this;
}

NodeBuilder& NodeBuilder::Outputs(std::vector<std::string> names) {
  node_.clear_output();
  for (std::string& name : names) node_.add_output(std::move(name));
  return *this;
}

NodeBuilder& NodeBuilder::Name(std::string name) {
  node_.set_name(std::move(name));
  return *this;
}

NodeBuilder& NodeBuilder::Int(std::string name, int64_t value) {
  onnx::AttributeProto* a = node_.add_attribute();
  a->set_name(std::move(name));
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(value);
  return *this;
}

NodeBuilder& NodeBuilder::Float(std::string name, float value) {
  onnx::AttributeProto* a = node_.add_attribute();
  a->set_name(std::move(name));
  a->set_type(onnx::AttributeProto::FLOAT);
  a->set_f(value);
  return *this;
}

NodeBuilder& NodeBuilder::Ints(std::string name, std::vector<int64_t> values) {
  onnx::AttributeProto* a = node_.add_attribute();
  a->set_name(std::move(name));
  a->set_type(onnx::AttributeProto::INTS);
  for (int64_t v : values) a->add_ints(v);
  return *this;
}

NodeBuilder& NodeBuilder::TensorAttribute(std::string name, const Tensor& value) {
  onnx::AttributeProto* a = node_.add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::TENSOR);
  *a->mutable_t() = TensorToProto(value, name);
  return *this;
}

std::vector<OpCombo> CombosOf(const std::string& op) {
  std::vector<OpCombo> combos;
  for (const VersionTypes& row : kTable) {
    if (row.op != op) continue;
    for (absl::string_view name : absl::StrSplit(row.types, ' ')) {
      combos.push_back({op, row.version, *ElementTypeFromName(name)});
    }
  }
  return combos;
}

std::string ComboName(const ::testing::TestParamInfo<OpCombo>& info) {
  return absl::StrCat(info.param.op, "_", info.param.version, "_",
                      ElementTypeName(info.param.type));
}

void PrintTo(const OpCombo& combo, std::ostream* os) {
  *os << combo.op << "-" << combo.version << " " << ElementTypeName(combo.type);
}

std::vector<OpCombo> CombosFrom(const std::string& op, int64_t first_version) {
  std::vector<OpCombo> combos = CombosOf(op);
  std::erase_if(combos, [&](const OpCombo& c) { return c.version < first_version; });
  return combos;
}

std::vector<ElementType> TypesNotIn(const std::string& op, int64_t version) {
  std::vector<ElementType> others;
  for (ElementType type : kNumericTypes) {
    bool allowed = false;
    for (const OpCombo& combo : CombosOf(op)) {
      allowed |= combo.version == version && combo.type == type;
    }
    if (!allowed) others.push_back(type);
  }
  return others;
}

std::vector<OpCombo> FloatCombosOf(const std::string& op) {
  std::vector<OpCombo> combos = CombosOf(op);
  std::erase_if(combos, [](const OpCombo& c) { return !IsFloatingPoint(c.type); });
  return combos;
}

std::vector<OpCombo> IntegerCombosOf(const std::string& op) {
  std::vector<OpCombo> combos = CombosOf(op);
  std::erase_if(combos, [](const OpCombo& c) { return IsFloatingPoint(c.type); });
  return combos;
}

absl::StatusOr<Tensor> RunOne(const onnx::NodeProto& node, int64_t opset,
                              std::vector<const Tensor*> inputs) {
  absl::StatusOr<std::vector<Tensor>> outputs = RunNode(node, opset, std::move(inputs));
  if (!outputs.ok()) return outputs.status();
  if (outputs->size() != 1) return absl::InternalError("expected one output");
  return std::move((*outputs)[0]);
}

}  // namespace onnx_conform::testing
