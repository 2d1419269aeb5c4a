// Negative cases of the rules every operator version shares (each
// operator's own are in its folder, ops/<name>/*_negative_cases.cc): each
// numeric type a version does not allow (on the operator's type probe),
// bool, Constant's required value, and a negative dimension.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cases/case_library.h"
#include "cases/invalid_case_builders.h"
#include "checker/rules.h"
#include "ops/extremum/extremum_negative_cases.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform::invalid_cases {

using namespace case_values;  // NOLINT: the library's own value helpers

namespace {

using TypeProbe = void (*)(CaseBuilder& builder, int version, ElementType type);

struct OperatorTypeProbe {
  std::string_view op_type;
  TypeProbe build;
};

constexpr OperatorTypeProbe kTypeProbes[] = {
#define SUITE_OPERATOR(Name, ...) {#Name, &Build##Name##TypeProbe},
#include "ops/operators.def"
};

}  // namespace

void InvalidCases::AddTypeNotAllowed(std::string_view op, int version, ElementType type) {
  const std::string description = absl::StrCat(std::string(op), "-", version, " does not allow ",
                                               std::string(ElementTypeName(type)));
  for (const OperatorTypeProbe& probe : kTypeProbes) {
    if (probe.op_type != op) continue;
    CaseBuilder b(op, version, type, "type_not_allowed");
    probe.build(b, version, type);
    Emit(b.Invalid(rules::kTypeNotAllowed).Quote(kTypeLists).Describe(description));
    return;
  }
  std::fprintf(stderr, "no type probe for %s (ops/operators.def)\n", std::string(op).c_str());
  std::abort();
}

void InvalidCases::AddTypeRules() {
  // Every numeric type each operator version does not allow.
  for (const OperatorVersion& v : SuiteOperatorVersions()) {
    for (ElementType type : kNumericTypes) {
      bool allowed = false;
      for (ElementType t : v.types) allowed = allowed || t == type;
      if (allowed) continue;
      AddTypeNotAllowed(v.op_type, v.version, type);
    }
  }
  // bool: not numeric at all (hand-written tensor files: Tensor holds numbers only).
  Emit(
      ExtremumToBreak("bool_inputs", rules::kTypeNotAllowed)
          .Quote(kTypeLists)
          .Describe("Min-13 over bool tensors: bool is in no type list"),
      [](Case& c) {
        for (onnx::ValueInfoProto& v : *Graph(c).mutable_input()) {
          v.mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::BOOL);
        }
        Graph(c).mutable_output(0)->mutable_type()->mutable_tensor_type()->set_elem_type(
            onnx::TensorProto::BOOL);
      },
      [](Case& c) {
        auto bools = [](const std::string& name, std::vector<int> values) {
          onnx::TensorProto t;
          t.set_name(name);
          t.set_data_type(onnx::TensorProto::BOOL);
          t.add_dims(static_cast<int64_t>(values.size()));
          for (int v : values) t.add_int32_data(v);
          return t.SerializeAsString();
        };
        c.files[InputFileKey(0)] = bools("data_0", {1, 0, 1});
        c.files[InputFileKey(1)] = bools("data_1", {0, 0, 1});
        c.files[OutputFileKey(0)] = bools("min", {0, 0, 1});
      });
}

void InvalidCases::AddAttributeRules() {
  // Constant, a supporting operator: its required value.
  Emit(
      ExtremumShapesToBreak(8, "constant_without_value", rules::kAttrRequiredMissing, {3}, {3}, {3})
          .Quote(kConstantValueRequired)
          .Describe("data_1 comes from a Constant node (Constant-1 at opset 8) without value"),
      [](Case& c) { FeedFromConstant(c, 1); });
}

void InvalidCases::AddShapeRules() {
  Emit(ExtremumShapesToBreak(13, "negative_dim", rules::kShapeDimInvalid, {3}, {3}, {3})
           .Quote(RuleQuote(rules::kShapeDimInvalid)),
       [](Case& c) {
         Graph(c)
             .mutable_input(0)
             ->mutable_type()
             ->mutable_tensor_type()
             ->mutable_shape()
             ->mutable_dim(0)
             ->set_dim_value(-3);
       });
}

}  // namespace onnx_conform::invalid_cases
