// Helpers for the reference kernel tests: building nodes, writing tensors
// from literal values of any element type, comparing tensors bit for bit,
// and the operator texts' (version, type) table written out independently
// of the kernels.
//
//   onnx::NodeProto node = NodeBuilder("Clip").Inputs({"x", "", "max"}).Build();
//   Tensor x = Values<Float16>({3}, {1.0, -0.0, kNaN});
//   ExpectBitsEqual(*result, x);
#ifndef ONNX_CONFORM_TESTING_REFERENCE_TEST_UTIL_H_
#define ONNX_CONFORM_TESTING_REFERENCE_TEST_UTIL_H_

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "onnx/onnx_pb.h"
#include "reference/evaluation.h"
#include "reference/interpreter.h"
#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform::testing {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

// A literal converted to T: float16/bfloat16 through float (tests only use
// values those types hold exactly, plus NaN and infinities); integers through
// int64_t, so that a negative literal wraps modulo 2^N for an unsigned T
// (V<uint8_t>(-3) == 253) instead of being undefined behaviour.
template <typename T>
T V(double value) {
  if constexpr (kIsHalfType<T>) {
    return T::FromFloat(static_cast<float>(value));
  } else if constexpr (std::is_integral_v<T>) {
    if (value >= 0x1p63) return static_cast<T>(static_cast<uint64_t>(value));
    return static_cast<T>(static_cast<int64_t>(value));
  } else {
    return static_cast<T>(value);
  }
}

template <typename T>
Tensor Values(Shape shape, std::initializer_list<double> values) {
  std::vector<T> converted;
  for (double v : values) converted.push_back(V<T>(v));
  EXPECT_EQ(static_cast<int64_t>(converted.size()), *ElementCount(shape)) << "test data size";
  return Tensor::FromValues<T>(std::move(shape), std::span<const T>(converted));
}

inline Tensor Int64s(Shape shape, std::initializer_list<int64_t> values) {
  EXPECT_EQ(static_cast<int64_t>(values.size()), *ElementCount(shape)) << "test data size";
  return Tensor::FromValues<int64_t>(std::move(shape), values);
}

// Type, shape and every byte equal (so -0 differs from +0, NaN payloads count).
::testing::AssertionResult BitsEqual(const Tensor& actual, const Tensor& expected);
#define EXPECT_BITS_EQ(actual, expected) EXPECT_TRUE(BitsEqual((actual), (expected)))

// A node of the default domain.
class NodeBuilder {
 public:
  explicit NodeBuilder(std::string op_type);
  NodeBuilder& Inputs(std::vector<std::string> names);
  NodeBuilder& Outputs(std::vector<std::string> names);
  NodeBuilder& Name(std::string name);
  NodeBuilder& Int(std::string name, int64_t value);
  NodeBuilder& Float(std::string name, float value);
  NodeBuilder& Ints(std::string name, std::vector<int64_t> values);
  NodeBuilder& TensorAttribute(std::string name, const Tensor& value);
  onnx::NodeProto Build() const { return node_; }

 private:
  onnx::NodeProto node_;
};

// Declares each graph output's element type as the registry's schemas give
// it: an output of a fixed type (ArgMin: int64) or of a one-type constraint
// (Less: bool) has that type, any other the type of the node's first input
// bound to the same type parameter. Graph inputs and initializers must
// declare theirs.
void DeclareOutputTypes(onnx::ModelProto& model);

// The node alone as a model at `opset` (a graph input per named node input,
// declared with its tensor's type), checked and run through
// runners/harness/evaluate_model.h: the path every command takes. inputs[i] is
// node.input(i), nullptr for a skipped one.
absl::StatusOr<Tensor> RunOne(const onnx::NodeProto& node, int64_t opset,
                              std::vector<const Tensor*> inputs,
                              const EvaluationOptions& options = {});

// The operator's own form on the node bound to its schema at `version`, the
// plain loops with `plain`, else the fast kernel (writing into `reusable`
// where it may): no checker, so the test gives a valid node and inputs.
absl::StatusOr<Tensor> RunKernel(const onnx::NodeProto& node, int64_t version,
                                 std::vector<const Tensor*> inputs,
                                 const PlainEvaluation* plain = nullptr,
                                 Tensor* reusable = nullptr);

// One (operator, version, element type) of the operator texts.
struct OpCombo {
  std::string op;
  int64_t version;
  ElementType type;
};
// Every combination of the operator texts, from a table in the test (not
// from the kernels): 32 for Min, 45 for ArgMin, 32 for Clip.
std::vector<OpCombo> CombosOf(const std::string& op);
std::string ComboName(const ::testing::TestParamInfo<OpCombo>& info);
// Readable parameters in gtest and ctest output ("Clip-13 bfloat16").
void PrintTo(const OpCombo& combo, std::ostream* os);
// The versions of `op` in that table, oldest first.
std::vector<int64_t> VersionsOf(const std::string& op);
// CombosOf(op) restricted to versions >= first_version.
std::vector<OpCombo> CombosFrom(const std::string& op, int64_t first_version);
// The numeric types a version does NOT allow (for rejection tests).
std::vector<ElementType> TypesNotIn(const std::string& op, int64_t version);
// CombosOf(op) restricted to float or to integer element types.
std::vector<OpCombo> FloatCombosOf(const std::string& op);
std::vector<OpCombo> IntegerCombosOf(const std::string& op);

}  // namespace onnx_conform::testing

#endif  // ONNX_CONFORM_TESTING_REFERENCE_TEST_UTIL_H_
