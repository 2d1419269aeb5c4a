// The operators of the function bodies of the suite's operators: Less and
// Where (Clip-13's, ONNX 1.13 on: Where(Less(input, min), min, input), then
// the same against max) and CastLike (Relu-14's: Max(X, CastLike(0, X))).
// Supporting operators (registry.h): validated, not covered, so that the
// expanded form of a Clip-13 or Relu-14 case (ONNX's `*_expanded` node
// tests) checks and runs. Versions as ONNX defines them from the opsets
// where those versions can appear: Less 7, 9, 13; Where 9, 16; CastLike 15
// (later ones come from ONNX's definitions). schema_oracle_test compares
// each with libonnx's.
#include <span>
#include <utility>
#include <vector>

#include "checker/op_schemas.h"
#include "checker/schema.h"

namespace onnx_conform::internal {
namespace {

constexpr ElementType kBoolType[] = {ElementType::kBool};

constexpr char kLessSummary[] =
    "Returns the tensor resulted from performing the `less` logical operation elementwise on the "
    "input tensors `A` and `B` (with Numpy-style broadcasting support).";
constexpr char kWhereSummary[] =
    "Return elements, either from X or Y, depending on condition. Where behaves like "
    "numpy.where with three parameters.";

OpSchema Less(int version, std::span<const ElementType> types, const char* type_doc) {
  return std::move(OpSchema("Less", version)
                       .Summary(kLessSummary)
                       .Input("A", "T", "First input operand for the logical operator.")
                       .Input("B", "T", "Second input operand for the logical operator.")
                       .Output("C", "T1", "Result tensor.")
                       .TypeConstraint("T", types, type_doc)
                       .TypeConstraint("T1", kBoolType, "Constrain output to boolean tensor.")
                       .Rule("Inputs are broadcast multidirectionally (numpy-style).")
                       .Rule("A comparison with NaN is false; -0 is not less than +0 (IEEE).")
                       .Check(CheckBroadcastingElementwise));
}

OpSchema Where(int version, std::span<const ElementType> types) {
  return std::move(
      OpSchema("Where", version)
          .Summary(kWhereSummary)
          .Input("condition", "B", "When True (nonzero), yield X, otherwise yield Y")
          .Input("X", "T", "values selected at indices where condition is True")
          .Input("Y", "T", "values selected at indices where condition is False")
          .Output("output", "T",
                  "Tensor of shape equal to the broadcasted shape of condition, X, and Y.")
          .TypeConstraint("B", kBoolType, "Constrain to boolean tensors.")
          .TypeConstraint("T", types, "Constrain input and output types to all tensor types.")
          .Rule("condition, X and Y are broadcast multidirectionally (numpy-style).")
          .Rule("Each output element is X's where condition holds, else Y's, bit for bit.")
          .Check(CheckBroadcastingElementwise));
}

// CastLike-15's types: every tensor type but the complex ones.
constexpr ElementType kCastLikeTypes[] = {
    ElementType::kFloat16, ElementType::kFloat,   ElementType::kDouble, ElementType::kInt8,
    ElementType::kInt16,   ElementType::kInt32,   ElementType::kInt64,  ElementType::kUint8,
    ElementType::kUint16,  ElementType::kUint32,  ElementType::kUint64, ElementType::kBool,
    ElementType::kString,  ElementType::kBFloat16};

// The output: target_type's element type, input's shape.
void CheckCastLike(NodeContext& context) {
  context.SetOutput(0, {context.input(1).type, context.input(0).shape});
}

OpSchema CastLike(int version) {
  return std::move(
      OpSchema("CastLike", version)
          .Summary("The operator casts the elements of a given input tensor (the first input) to "
                   "the same data type as the elements of the second input tensor. See "
                   "documentation of the Cast operator for further details.")
          .Input("input", "T1", "Input tensor to be cast.")
          .Input("target_type", "T2",
                 "The (first) input tensor will be cast to produce a tensor of the same type as "
                 "this (second input) tensor.")
          .Output("output", "T2",
                  "Output tensor produced by casting the first input tensor to have the same "
                  "type as the second input tensor.")
          .TypeConstraint("T1", kCastLikeTypes,
                          "Constrain input types. Casting from complex is "
                          "not supported.")
          .TypeConstraint("T2", kCastLikeTypes,
                          "Constrain output types. Casting to complex is "
                          "not supported.")
          .Rule("The output has target_type's element type and input's shape; only "
                "target_type's type is read.")
          .Check(CheckCastLike));
}

}  // namespace

std::vector<OpSchema> FunctionBodySchemas() {
  std::vector<OpSchema> schemas;
  schemas.push_back(Less(7, kFloatTypes, "Constrain input types to float tensors."));
  schemas.push_back(Less(9, kAllNumericTypes, "Constrain input types to all numeric tensors."));
  schemas.push_back(Less(13, kAllNumericBfTypes, "Constrain input types to all numeric tensors."));
  schemas.push_back(Where(9, kAllTensorTypes));
  schemas.push_back(Where(16, kAllTensorBfTypes));
  schemas.push_back(CastLike(15));
  return schemas;
}

}  // namespace onnx_conform::internal
