// Test-only: builds small ONNX models in C++ for the checker's tests, and
// lists the rule ids of diagnostics (RuleIds).
//
//   TestModel m(13);  // opset 13 of the default domain, ir_version 7
//   m.Input("x", ElementType::kFloat, {2, "N"}).Output("y", ElementType::kInt64, {2});
//   onnx::NodeProto& n = m.Node("ArgMin", {"x"}, {"y"});
//   SetInt(n, "axis", 1);
//   CheckModel(m.model, "m.onnx");
#ifndef ONNX_CONFORM_TESTING_TEST_MODEL_H_
#define ONNX_CONFORM_TESTING_TEST_MODEL_H_

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/strings/str_join.h"
#include "checker/diagnostic.h"
#include "onnx/onnx_pb.h"
#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// The distinct rule ids, in order of first appearance.
inline std::vector<std::string> RuleIds(std::span<const Diagnostic> diagnostics) {
  std::vector<std::string> ids;
  for (const Diagnostic& d : diagnostics) {
    if (std::find(ids.begin(), ids.end(), d.rule) == ids.end()) ids.push_back(d.rule);
  }
  return ids;
}

}  // namespace onnx_conform

namespace onnx_conform::testing_util {

// A dimension: a number, or a dim_param name (symbolic).
struct TestDim {
  TestDim(int64_t value) : value(value) {}                   // NOLINT: implicit for brevity
  TestDim(int value) : value(int64_t{value}) {}              // NOLINT
  TestDim(const char* param) : value(std::string(param)) {}  // NOLINT
  std::variant<int64_t, std::string> value;
};

inline void SetTensorType(onnx::ValueInfoProto& value, ElementType type,
                          std::initializer_list<TestDim> dims, bool has_shape = true) {
  onnx::TypeProto::Tensor* tensor = value.mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(static_cast<int32_t>(type));
  tensor->clear_shape();
  if (!has_shape) return;
  onnx::TensorShapeProto* shape = tensor->mutable_shape();
  for (const TestDim& dim : dims) {
    if (const auto* v = std::get_if<int64_t>(&dim.value)) {
      shape->add_dim()->set_dim_value(*v);
    } else {
      shape->add_dim()->set_dim_param(std::get<std::string>(dim.value));
    }
  }
}

class TestModel {
 public:
  explicit TestModel(int64_t opset) {
    model.set_ir_version(7);
    onnx::OperatorSetIdProto* import = model.add_opset_import();
    import->set_domain("");
    import->set_version(opset);
    model.mutable_graph()->set_name("test");
  }

  TestModel& Input(const std::string& name, ElementType type, std::initializer_list<TestDim> dims) {
    onnx::ValueInfoProto* value = model.mutable_graph()->add_input();
    value->set_name(name);
    SetTensorType(*value, type, dims);
    return *this;
  }
  // A graph input of unknown rank (no shape field).
  TestModel& InputUnranked(const std::string& name, ElementType type) {
    onnx::ValueInfoProto* value = model.mutable_graph()->add_input();
    value->set_name(name);
    SetTensorType(*value, type, {}, /*has_shape=*/false);
    return *this;
  }
  TestModel& Output(const std::string& name, ElementType type,
                    std::initializer_list<TestDim> dims) {
    onnx::ValueInfoProto* value = model.mutable_graph()->add_output();
    value->set_name(name);
    SetTensorType(*value, type, dims);
    return *this;
  }
  onnx::NodeProto& Node(const std::string& op_type, std::vector<std::string> inputs,
                        std::vector<std::string> outputs) {
    onnx::NodeProto* node = model.mutable_graph()->add_node();
    node->set_op_type(op_type);
    for (std::string& input : inputs) node->add_input(std::move(input));
    for (std::string& output : outputs) node->add_output(std::move(output));
    return *node;
  }

  onnx::ModelProto model;
};

inline onnx::AttributeProto& AddAttribute(onnx::NodeProto& node, const std::string& name,
                                          onnx::AttributeProto::AttributeType type) {
  onnx::AttributeProto* attr = node.add_attribute();
  attr->set_name(name);
  attr->set_type(type);
  return *attr;
}
inline void SetInt(onnx::NodeProto& node, const std::string& name, int64_t value) {
  AddAttribute(node, name, onnx::AttributeProto::INT).set_i(value);
}
inline void SetFloat(onnx::NodeProto& node, const std::string& name, float value) {
  AddAttribute(node, name, onnx::AttributeProto::FLOAT).set_f(value);
}

// The diagnostics one a line, as the command line prints them: the message
// of a failed expectation.
inline std::string DescribeDiagnostics(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> lines;
  for (const Diagnostic& d : diagnostics) lines.push_back(FormatDiagnostic(d));
  return absl::StrJoin(lines, "\n");
}

inline Tensor Floats(Shape shape, std::initializer_list<float> values) {
  return Tensor::FromValues<float>(std::move(shape), values);
}

}  // namespace onnx_conform::testing_util

#endif  // ONNX_CONFORM_TESTING_TEST_MODEL_H_
