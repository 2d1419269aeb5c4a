// Relu: the rectified linear function, element-wise. Versions 1, 6, 13, 14.
// Transcribed from the operator texts (docs/operator-texts.md, ONNX's
// onnx/defs/math/defs.cc and old.cc).
#include <span>
#include <utility>
#include <vector>

#include "checker/op_schemas.h"
#include "checker/schema.h"

namespace onnx_conform::internal {
namespace {

constexpr char kSummary[] =
    "Relu takes one input data (Tensor<T>) and produces one output data (Tensor<T>) where the "
    "rectified linear function, y = max(0, x), is applied to the tensor elementwise.";
constexpr char kFloatDoc[] = "Constrain input and output types to float tensors.";
constexpr char kSignedDoc[] = "Constrain input and output types to signed numeric tensors.";

// Relu-13: the float types and bfloat16, in the order the text prints them.
constexpr ElementType kFloatBfTypes[] = {ElementType::kFloat16, ElementType::kFloat,
                                         ElementType::kDouble, ElementType::kBFloat16};
// Relu-14: the signed numeric types, in the order the text prints them.
constexpr ElementType kSignedNumericTypes[] = {
    ElementType::kFloat, ElementType::kInt32,   ElementType::kInt8,   ElementType::kInt16,
    ElementType::kInt64, ElementType::kFloat16, ElementType::kDouble, ElementType::kBFloat16};

OpSchema Relu(int version, std::span<const ElementType> types, const char* type_doc) {
  return std::move(
      OpSchema("Relu", version)
          .Summary(kSummary)
          .Input("X", "T", "Input tensor")
          .Output("Y", "T", "Output tensor")
          .TypeConstraint("T", types, type_doc)
          .Rule("One input; the output has its shape and element type.")
          .Rule("y = max(0, x): a NaN gives NaN, as Max propagates it; Relu(-0) is a zero of "
                "either sign (max(0, -0) is a tie).")
          .Readings({Reading::kReluNaNGivesZero})
          .Check(CheckSameShapeElementwise));
}

}  // namespace

std::vector<OpSchema> ReluSchemas() {
  std::vector<OpSchema> schemas;
  schemas.push_back(std::move(
      Relu(1, kFloatTypes, kFloatDoc)
          .OptionalAttr("consumed_inputs", onnx::AttributeProto::INTS,
                        "legacy optimization attribute.")
          .ShapeInference(false)
          .Rule("ONNX defines no shape inference for Relu-1; the checker still requires the "
                "output to have the input's shape (the operator is element-wise).")));
  schemas.push_back(Relu(6, kFloatTypes, kFloatDoc));
  schemas.push_back(Relu(13, kFloatBfTypes, kFloatDoc));
  schemas.push_back(std::move(
      Relu(14, kSignedNumericTypes, kSignedDoc)
          .Rule("Also defined as a function: Y = Max(X, CastLike(Constant(value = 0.0), X)); "
                "under Max's resolution it gives what the summary gives (NaN stays NaN, -0 a "
                "zero of either sign).")
          .FunctionBodyUses({"Constant", "CastLike", "Max"})));
  return schemas;
}

}  // namespace onnx_conform::internal
