// Relu-14's function body (ONNX 1.14 on, written at opset 18):
//   zero = Constant(value = float 0)
//   zero_cast = CastLike(zero, X)
//   Y = Max(X, zero_cast)
#include <string>
#include <vector>

#include "ops/relu/relu_kernel.h"
#include "reference/function_bodies.h"

namespace onnx_conform {

std::vector<onnx::NodeProto> ReluBody(const onnx::NodeProto& relu, const std::string& prefix) {
  const std::string& x = relu.input(0);
  const std::string zero = prefix + "zero", zero_cast = prefix + "zero_cast";
  onnx::NodeProto constant = BodyNode("Constant", {}, zero);
  onnx::AttributeProto* value = constant.add_attribute();
  value->set_name("value");
  value->set_type(onnx::AttributeProto::TENSOR);
  value->mutable_t()->set_data_type(onnx::TensorProto::FLOAT);
  value->mutable_t()->add_float_data(0.0f);
  return {std::move(constant), BodyNode("CastLike", {zero, x}, zero_cast),
          BodyNode("Max", {x, zero_cast}, relu.output(0))};
}

}  // namespace onnx_conform
