// Min: element-wise minimum of the inputs. Versions 1, 6, 8, 12, 13.
// Transcribed from the operator texts (docs/operator-texts.md).
#include <utility>
#include <vector>

#include "checker/op_schemas.h"
#include "checker/schema.h"

namespace onnx_conform::internal {
namespace {

constexpr char kSameShapeSummary[] =
    "Element-wise min of each of the input tensors. All inputs and outputs must have the same "
    "shape and data type.";
constexpr char kBroadcastSummary[] =
    "Element-wise min of each of the input tensors (with Numpy-style broadcasting support). All "
    "inputs and outputs must have the same data type. This operator supports multidirectional "
    "(i.e., Numpy-style) broadcasting.";
constexpr char kFloatDoc[] = "Constrain input and output types to float tensors.";
constexpr char kNumericDoc[] = "Constrain input and output types to numeric tensors.";

// Versions 1 and 6: no broadcasting; the output has the inputs' shape.
OpSchema SameShapeMin(int version) {
  return std::move(OpSchema("Min", version)
                       .Summary(kSameShapeSummary)
                       .Input("data_0", "T", "List of tensors for Min", kVariadic)
                       .Output("min", "T", "Output tensor. Same dimension as input.")
                       .TypeConstraint("T", kFloatTypes, kFloatDoc)
                       .Rule("All inputs must have the same shape (no broadcasting).")
                       .Rule("All inputs and the output have the same element type.")
                       .Readings({Reading::kMinNaNIgnored})
                       .Check(CheckSameShapeElementwise));
}

// Versions 8, 12 and 13: multidirectional broadcasting.
OpSchema BroadcastingMin(int version, std::span<const ElementType> types, const char* type_doc) {
  return std::move(OpSchema("Min", version)
                       .Summary(kBroadcastSummary)
                       .Input("data_0", "T", "List of tensors for min.", kVariadic)
                       .Output("min", "T", "Output tensor.")
                       .TypeConstraint("T", types, type_doc)
                       .Rule("Inputs are broadcast multidirectionally (numpy-style).")
                       .Rule("All inputs and the output have the same element type.")
                       .Readings({Reading::kMinNaNIgnored})
                       .Check(CheckBroadcastingElementwise));
}

}  // namespace

std::vector<OpSchema> MinSchemas() {
  std::vector<OpSchema> schemas;
  schemas.push_back(std::move(
      SameShapeMin(1)
          .OptionalAttr("consumed_inputs", onnx::AttributeProto::INTS,
                        "legacy optimization attribute.")
          .ShapeInference(false)
          .Rule("ONNX defines no shape inference for Min-1; the checker still requires the "
                "output to have the inputs' shape, as the text states.")));
  schemas.push_back(SameShapeMin(6));
  schemas.push_back(BroadcastingMin(8, kFloatTypes, kFloatDoc));
  schemas.push_back(BroadcastingMin(12, kAllNumericTypes, kNumericDoc));
  schemas.push_back(BroadcastingMin(13, kAllNumericBfTypes, kNumericDoc));
  return schemas;
}

}  // namespace onnx_conform::internal
