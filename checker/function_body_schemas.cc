// Less and Where: the operators of Clip-13's function body (ONNX 1.13 on:
// Where(Less(input, min), min, input), then the same against max).
// Supporting operators (registry.h): validated, not covered, so that the
// expanded form of a Clip-13 case (ONNX's `*_expanded` node tests) checks
// and runs. Versions as ONNX defines them from the opsets where Clip-13
// can appear: Less 7, 9, 13; Where 9, 16. schema_oracle_test compares each
// with libonnx's.
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

}  // namespace

std::vector<OpSchema> FunctionBodySchemas() {
  std::vector<OpSchema> schemas;
  schemas.push_back(Less(7, kFloatTypes, "Constrain input types to float tensors."));
  schemas.push_back(Less(9, kAllNumericTypes, "Constrain input types to all numeric tensors."));
  schemas.push_back(Less(13, kAllNumericBfTypes, "Constrain input types to all numeric tensors."));
  schemas.push_back(Where(9, kAllTensorTypes));
  schemas.push_back(Where(16, kAllTensorBfTypes));
  return schemas;
}

}  // namespace onnx_conform::internal
