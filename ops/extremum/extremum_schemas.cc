// Min: element-wise minimum of the inputs. Versions 1, 6, 8, 12, 13; and
// the builder Max shares (ops/extremum/extremum_schemas.h).
// Transcribed from the operator texts (docs/operator-texts.md).
#include "ops/extremum/extremum_schemas.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "checker/op_schemas.h"
#include "checker/schema.h"

namespace onnx_conform::internal {
namespace {

// Each followed by the texts' sentences, the same for Min and Max.
constexpr char kSameShapeSummary[] =
    " of each of the input tensors. All inputs and outputs must have the same shape and data "
    "type.";
constexpr char kBroadcastSummary[] =
    " of each of the input tensors (with Numpy-style broadcasting support). All inputs and "
    "outputs must have the same data type. This operator supports multidirectional (i.e., "
    "Numpy-style) broadcasting.";
constexpr char kFloatDoc[] = "Constrain input and output types to float tensors.";
constexpr char kNumericDoc[] = "Constrain input and output types to numeric tensors.";

// Versions 1 and 6: no broadcasting; the output has the inputs' shape.
OpSchema SameShape(const Extremum& e, int version) {
  return std::move(OpSchema(e.op_type, version)
                       .Summary(absl::StrCat("Element-wise ", e.word, kSameShapeSummary))
                       .Input("data_0", "T", e.same_shape_input_doc, kVariadic)
                       .Output(e.word, "T", "Output tensor. Same dimension as input.")
                       .TypeConstraint("T", kFloatTypes, kFloatDoc)
                       .Rule("All inputs must have the same shape (no broadcasting).")
                       .Rule("All inputs and the output have the same element type.")
                       .Readings({e.nan_reading})
                       .Check(CheckSameShapeElementwise));
}

// Versions 8, 12 and 13: multidirectional broadcasting.
OpSchema Broadcasting(const Extremum& e, int version, std::span<const ElementType> types,
                      const char* type_doc) {
  return std::move(
      OpSchema(e.op_type, version)
          .Summary(absl::StrCat("Element-wise ", e.word, kBroadcastSummary))
          .Input("data_0", "T", absl::StrCat("List of tensors for ", e.word, "."), kVariadic)
          .Output(e.word, "T", "Output tensor.")
          .TypeConstraint("T", types, type_doc)
          .Rule("Inputs are broadcast multidirectionally (numpy-style).")
          .Broadcasting()
          .Rule("All inputs and the output have the same element type.")
          .Readings({e.nan_reading})
          .Check(CheckBroadcastingElementwise));
}

}  // namespace

std::vector<OpSchema> ElementwiseExtremumSchemas(const Extremum& e) {
  std::vector<OpSchema> schemas;
  schemas.push_back(std::move(
      SameShape(e, 1)
          .OptionalAttr("consumed_inputs", onnx::AttributeProto::INTS,
                        "legacy optimization attribute.")
          .ShapeInference(false)
          .Rule(absl::StrCat("ONNX defines no shape inference for ", e.op_type,
                             "-1; the checker still requires the output to have the inputs' "
                             "shape, as the text states."))));
  schemas.push_back(SameShape(e, 6));
  schemas.push_back(Broadcasting(e, 8, kFloatTypes, kFloatDoc));
  schemas.push_back(Broadcasting(e, 12, kAllNumericTypes, kNumericDoc));
  schemas.push_back(Broadcasting(e, 13, kAllNumericBfTypes, kNumericDoc));
  return schemas;
}

std::vector<OpSchema> MinSchemas() {
  return ElementwiseExtremumSchemas(
      {"Min", "min", "List of tensors for Min", Reading::kMinNaNIgnored});
}

// Max: element-wise maximum of the inputs, the mirror of Min's.
std::vector<OpSchema> MaxSchemas() {
  return ElementwiseExtremumSchemas(
      {"Max", "max", "List of tensors for Max.", Reading::kMaxNaNIgnored});
}

}  // namespace onnx_conform::internal
