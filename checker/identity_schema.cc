// Identity: its input, unchanged. Versions 1, 13, 14, 16.
// A supporting operator (registry.h): exporters and converters put Identity
// nodes between the operators the suite covers. The output has the input's
// type, shape and, when the checker knows it, value.
//
// Identity-14 also takes sequences and Identity-16 optionals: the checker
// passes such a value's kind through (it tracks no element type inside a
// sequence or optional), and the covered operator that reads it reports
// GRAPH-VALUE-TYPE. Before 14 a sequence input is GRAPH-VALUE-TYPE here.
// Written from ONNX's operator documentation (Operators.md, ONNX 1.12);
// schema_oracle_test compares every version with libonnx's.
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "checker/op_schemas.h"
#include "checker/schema.h"

namespace onnx_conform::internal {
namespace {

constexpr ValueKind kSequences[] = {onnx::TypeProto::kSequenceType};
constexpr ValueKind kSequencesAndOptionals[] = {onnx::TypeProto::kSequenceType,
                                                onnx::TypeProto::kOptionalType};

void CheckIdentity(NodeContext& context) {
  context.SetOutput(0, context.input(0));
  context.ForwardInputValue(0, 0);
}

OpSchema Identity(int version, absl::string_view type_param, std::span<const ElementType> types,
                  const char* type_doc, std::span<const ValueKind> other_kinds = {}) {
  return std::move(OpSchema("Identity", version)
                       .Summary("Identity operator")
                       .Input("input", type_param, "Input tensor")
                       .Output("output", type_param, "Tensor to copy input into.")
                       .TypeConstraint(std::string(type_param), types, type_doc, other_kinds)
                       .Rule("The output is the input: same type, shape and value.")
                       .Check(CheckIdentity));
}

}  // namespace

std::vector<OpSchema> IdentitySchemas() {
  std::vector<OpSchema> schemas;
  schemas.push_back(
      Identity(1, "T", kAllTensorTypes, "Constrain input and output types to all tensor types."));
  schemas.push_back(Identity(13, "T", kAllTensorBfTypes,
                             "Constrain input and output types to all tensor types."));
  schemas.push_back(Identity(14, "V", kAllTensorBfTypes,
                             "Constrain input and output types to all tensor and sequence types.",
                             kSequences));
  schemas.back().Rule("A sequence passes through; the checker does not look inside it.");
  schemas.push_back(
      Identity(16, "V", kAllTensorBfTypes,
               "Constrain input and output types to all tensor, sequence, and optional types.",
               kSequencesAndOptionals));
  schemas.back().Rule(
      "A sequence or an optional passes through; the checker does not look inside it.");
  return schemas;
}

}  // namespace onnx_conform::internal
