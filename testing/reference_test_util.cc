// Test-only: the reference kernel tests' helpers (testing/reference_test_util.h).
#include "testing/reference_test_util.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "checker/model_versions.h"
#include "checker/registry.h"
#include "reference/operators.h"
#include "runners/harness/evaluate_model.h"
#include "tensor/tensor_proto.h"

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
    {"Max", 1, kFloatsText},           {"Max", 6, kFloatsText},
    {"Max", 8, kFloatsText},           {"Max", 12, kAllNumericText},
    {"Max", 13, kAllNumericBfText},    {"ArgMax", 1, kAllNumericText},
    {"ArgMax", 11, kAllNumericText},   {"ArgMax", 12, kAllNumericText},
    {"ArgMax", 13, kAllNumericBfText},
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

std::vector<int64_t> VersionsOf(const std::string& op) {
  std::vector<int64_t> versions;
  for (const OpCombo& combo : CombosOf(op)) {
    if (std::find(versions.begin(), versions.end(), combo.version) == versions.end()) {
      versions.push_back(combo.version);
    }
  }
  std::sort(versions.begin(), versions.end());
  return versions;
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

void DeclareOutputTypes(onnx::ModelProto& model) {
  onnx::GraphProto& graph = *model.mutable_graph();
  const int64_t opset = DefaultDomainOpset(model).value_or(0);
  std::map<std::string, int32_t> types;
  for (const onnx::ValueInfoProto& input : graph.input()) {
    types[input.name()] = input.type().tensor_type().elem_type();
  }
  for (const onnx::TensorProto& initializer : graph.initializer()) {
    types[initializer.name()] = initializer.data_type();
  }
  for (const onnx::NodeProto& node : graph.node()) {
    absl::StatusOr<const OpSchema*> schema = LookupSchema(node.domain(), node.op_type(), opset);
    for (int o = 0; o < node.output_size(); ++o) {
      // No schema: the first input's type, as an element-wise operator gives.
      int32_t type = node.input_size() > 0 ? types[node.input(0)] : 0;
      const FormalParameter* param = schema.ok() ? (*schema)->OutputParam(o) : nullptr;
      if (param != nullptr) {
        type = 0;
        const std::vector<ElementType> allowed = (*schema)->AllowedTypes(*param);
        if (allowed.size() == 1) type = static_cast<int32_t>(allowed[0]);
        for (int i = 0; i < node.input_size() && type == 0; ++i) {
          const FormalParameter* in = (*schema)->InputParam(i);
          if (in != nullptr && in->type_param == param->type_param && !node.input(i).empty()) {
            type = types[node.input(i)];
          }
        }
      }
      types[node.output(o)] = type;
    }
  }
  for (onnx::ValueInfoProto& output : *graph.mutable_output()) {
    if (output.type().tensor_type().elem_type() != 0) continue;
    output.mutable_type()->mutable_tensor_type()->set_elem_type(types[output.name()]);
  }
}

absl::StatusOr<Tensor> RunOne(const onnx::NodeProto& node, int64_t opset,
                              std::vector<const Tensor*> inputs, const EvaluationOptions& options) {
  onnx::ModelProto model;
  model.set_ir_version(IrVersionForOpset(opset));
  model.add_opset_import()->set_version(opset);
  onnx::GraphProto& graph = *model.mutable_graph();
  graph.set_name("one_node");
  *graph.add_node() = node;
  std::vector<Tensor> fed;
  std::set<std::string> declared;  // Min(x, x) reads one graph input twice
  for (int i = 0; i < node.input_size(); ++i) {
    if (node.input(i).empty() || static_cast<size_t>(i) >= inputs.size() || inputs[i] == nullptr ||
        !declared.insert(node.input(i)).second) {
      continue;
    }
    onnx::ValueInfoProto& input = *graph.add_input();
    input.set_name(node.input(i));
    input.mutable_type()->mutable_tensor_type()->set_elem_type(
        static_cast<int32_t>(inputs[i]->type()));
    fed.push_back(*inputs[i]);
  }
  for (const std::string& output : node.output()) {
    onnx::ValueInfoProto& declared = *graph.add_output();
    declared.set_name(output);
    declared.mutable_type()->mutable_tensor_type();  // a tensor; its type inferred
  }
  if (node.output_size() == 0) return absl::InvalidArgumentError("the node has no output");
  DeclareOutputTypes(model);
  absl::StatusOr<std::vector<Tensor>> outputs = RunModel(model, fed, options);
  if (!outputs.ok()) return outputs.status();
  if (outputs->size() != 1) return absl::InternalError("expected one output");
  return std::move((*outputs)[0]);
}

absl::StatusOr<Tensor> RunKernel(const onnx::NodeProto& node, int64_t version,
                                 std::vector<const Tensor*> inputs, const PlainEvaluation* plain,
                                 Tensor* reusable) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", node.op_type(), version);
  if (!schema.ok()) return schema.status();
  const OperatorKernels* kernels = FindKernels(node.op_type());
  if (kernels == nullptr) return absl::UnimplementedError(node.op_type());
  const BoundNode bound(node, **schema, 0);
  if (plain != nullptr || kernels->fast == nullptr) {
    return kernels->plain(bound, inputs, plain != nullptr ? *plain : PlainEvaluation{});
  }
  return kernels->fast(bound, inputs, reusable);
}

}  // namespace onnx_conform::testing
