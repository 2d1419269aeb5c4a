// Negative cases of an operator version's schema: a type it does not allow,
// attributes and their values, input shapes, and the declared outputs. The
// model, graph, node and data-file rules are in invalid_cases.cc.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cases/case_library.h"
#include "cases/invalid_case_builders.h"
#include "checker/rules.h"
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
      Min("bool_inputs", rules::kTypeNotAllowed)
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
  {
    CaseBuilder b("Min", 13, ElementType::kFloat, "float_and_double_inputs");
    b.ExtraType(ElementType::kDouble)
        .Inputs({"data_0", "data_1"})
        .Outputs({"min"})
        .DataSet({MakeTensor<float>({3}, {1, 5, 3}), MakeTensor<double>({3}, {4, 2, 3})},
                 {MakeTensor<float>({3}, {1, 2, 3})})
        .Invalid(rules::kTypeParamMismatch)
        .Quote(kMinSameType);
    Emit(b);
  }
  {
    CaseBuilder b("Clip", 12, ElementType::kFloat, "double_bounds");
    b.ExtraType(ElementType::kDouble)
        .Inputs({"input", "min", "max"})
        .Outputs({"output"})
        .DataSet({MakeTensor<float>({4}, {0, 3, 7, 9}), MakeTensor<double>({}, {2}),
                  MakeTensor<double>({}, {6})},
                 {MakeTensor<float>({4}, {2, 3, 6, 6})})
        .Invalid(rules::kTypeParamMismatch)
        .Quote(kClipInputs);
    Emit(b);
  }
}

void InvalidCases::AddAttributeRules() {
  for (std::string_view op : kElementwiseMirrors) {
    Emit(Min("consumed_inputs", rules::kAttrUnknown, 6, op)
             .Attr("consumed_inputs", std::vector<int64_t>{0, 0})
             .Quote("| 6 | FLOATS | all inputs the same shape | none |")
             .Describe(absl::StrCat("consumed_inputs exists only in ", std::string(op), "-1")));
    Emit(Min("axis_attribute", rules::kAttrUnknown, 13, op)
             .Attr("axis", int64_t{0})
             .Quote(kMinInputs));
  }
  for (std::string_view op : kArgMirrors) {
    Emit(ArgMin(11, "select_last_index", rules::kAttrUnknown, op)
             .Attr("select_last_index", int64_t{1})
             .DataSet({ArgMinInput()}, {ArgMinInputAxis0(op)})
             .Quote(op == "ArgMax" ? kArgMaxSelectLast : kArgMinSelectLast)
             .Describe(absl::StrCat("select_last_index arrives in ", std::string(op), "-12")));
  }
  Emit(Clip("min_attribute", rules::kAttrUnknown, 11)
           .Attr("min", 2.0f)
           .Quote(kClipInputs)
           .Describe("Clip-11 takes its bounds as inputs; the min attribute is gone"));
  {
    CaseBuilder b = Clip("constant_two_values", rules::kAttrConstantValue, 12);
    b.Quote(kConstantOneValue)
        .Describe("min comes from a Constant node that sets both value and value_float (2)");
    Emit(b, [](Case& c) {
      onnx::NodeProto& constant = FeedFromConstant(c, 1);
      onnx::AttributeProto* value = constant.add_attribute();
      value->set_name(std::string("value"));
      value->set_type(onnx::AttributeProto::TENSOR);
      *value->mutable_t() = TensorToProto(MakeTensor<float>({}, {2}), "");
      onnx::AttributeProto* value_float = constant.add_attribute();
      value_float->set_name(std::string("value_float"));
      value_float->set_type(onnx::AttributeProto::FLOAT);
      value_float->set_f(2.0f);
    });
  }
  Emit(MinShapes(8, "constant_without_value", rules::kAttrRequiredMissing, {3}, {3}, {3})
           .Quote(kConstantValueRequired)
           .Describe("data_1 comes from a Constant node (Constant-1 at opset 8) without value"),
       [](Case& c) { FeedFromConstant(c, 1); });
  for (std::string_view op : kArgMirrors) {
    Emit(ArgMin(13, "axis_twice", rules::kAttrDuplicate, op)
             .Attr("axis", int64_t{0})
             .Attr("axis", int64_t{1})
             .Declare({ArgMinInput()}, {ArgMinInputAxis0(op)})
             .Quote(kArgMinAttrs));
    Emit(ArgMin(13, "axis_float", rules::kAttrType, op)
             .Attr("axis", 1.0f)
             .Declare({ArgMinInput()}, {MakeTensor<int64_t>({2, 1}, {1, 0})})
             .Quote(kArgMinAttrs));
    Emit(ArgMin(12, "keepdims_ints", rules::kAttrType, op)
             .Attr("keepdims", std::vector<int64_t>{1})
             .Declare({ArgMinInput()}, {ArgMinInputAxis0(op)})
             .Quote(kArgMinAttrs));
  }
  {
    CaseBuilder b("Clip", 6, ElementType::kFloat, "min_int_attribute");
    b.Inputs({"input"})
        .Outputs({"output"})
        .Attr("min", int64_t{2})
        .Declare({MakeTensor<float>({4}, {0, 3, 7, 9})}, {MakeTensor<float>({4}, {2, 3, 7, 9})})
        .Invalid(rules::kAttrType)
        .Quote(kClipAttrs);
    Emit(b);
  }
  for (std::string_view op : kArgMirrors) {
    for (int version : {1, 13}) {
      Emit(ArgMin(version, "keepdims_2", rules::kAttrBoolValue, op)
               .Attr("keepdims", int64_t{2})
               .Declare({ArgMinInput()}, {ArgMinInputAxis0(op)})
               .Quote(kArgMinKeepdims));
    }
    Emit(ArgMin(12, "select_last_index_minus1", rules::kAttrBoolValue, op)
             .Attr("select_last_index", int64_t{-1})
             .Declare({ArgMinInput()}, {ArgMinInputAxis0(op)})
             .Quote(op == "ArgMax" ? kArgMaxSelectLast : kArgMinSelectLast));
    Emit(ArgMin(13, "axis_2_rank_2", rules::kAttrAxisRange, op)
             .Attr("axis", int64_t{2})
             .Declare({ArgMinInput()}, {MakeTensor<int64_t>({2, 3}, {0, 0, 0, 0, 0, 0})})
             .Quote(kArgMinAxisRange));
    Emit(ArgMin(11, "axis_minus3_rank_2", rules::kAttrAxisRange, op)
             .Attr("axis", int64_t{-3})
             .Declare({ArgMinInput()}, {MakeTensor<int64_t>({2, 3}, {0, 0, 0, 0, 0, 0})})
             .Quote(kArgMinAxisRange));
    Emit(ArgMin(1, "axis_2_rank_2", rules::kAttrAxisRange, op)
             .Attr("axis", int64_t{2})
             .Declare({ArgMinInput()}, {MakeTensor<int64_t>({2, 3}, {0, 0, 0, 0, 0, 0})})
             .Quote(kArgMinAttrs)
             .Describe(absl::StrCat(std::string(op), "-1 reduces axis 0..r-1; r = 2")));
    Emit(ArgMin(13, "scalar_input", rules::kAttrAxisRange, op)
             .Declare({MakeTensor<float>({}, {1})}, {MakeTensor<int64_t>({}, {0})})
             .Quote(kArgMinAxisRange)
             .Describe("a rank-0 input has no axis: [-0, -1] is empty"));
  }
}

void InvalidCases::AddShapeRules() {
  Emit(MinShapes(13, "negative_dim", rules::kShapeDimInvalid, {3}, {3}, {3})
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
  for (std::string_view op : kElementwiseMirrors) {
    Emit(MinShapes(6, "unequal_shapes", rules::kShapeEqualRequired, {2, 3}, {3}, {2, 3}, op)
             .Quote(kMinSameShape)
             .Describe(absl::StrCat(std::string(op), "-6 does not broadcast [2,3] with [3]")));
    Emit(MinShapes(1, "unequal_shapes", rules::kShapeEqualRequired, {2}, {3}, {3}, op)
             .Quote("all inputs the same shape; output the same dimensions"));
    Emit(MinShapes(8, "not_broadcastable", rules::kShapeBroadcast, {2, 3}, {4}, {2, 3}, op)
             .Quote(kMinBroadcast));
    Emit(MinShapes(13, "not_broadcastable", rules::kShapeBroadcast, {2, 3}, {3, 2}, {2, 3}, op)
             .Quote(kMinBroadcast));
  }
  {
    CaseBuilder b = Clip("min_not_scalar", rules::kShapeClipBoundScalar, 11);
    b.Quote(kClipInputs);
    Emit(b, [](Case& c) {
      c.data_sets[0].inputs[1] = MakeTensor<float>({1}, {2});
      Graph(c)
          .mutable_input(1)
          ->mutable_type()
          ->mutable_tensor_type()
          ->mutable_shape()
          ->add_dim()
          ->set_dim_value(1);
    });
  }
  {
    CaseBuilder b = Clip("max_two_values", rules::kShapeClipBoundScalar, 13);
    b.Quote(kClipInputs);
    Emit(b, [](Case& c) {
      c.data_sets.clear();
      Graph(c)
          .mutable_input(2)
          ->mutable_type()
          ->mutable_tensor_type()
          ->mutable_shape()
          ->add_dim()
          ->set_dim_value(2);
    });
  }
  for (std::string_view op : kArgMirrors) {
    for (int version : {1, 13}) {
      Emit(ArgMin(version, "reduce_empty_axis", rules::kShapeReducedAxisEmpty, op)
               .Attr("axis", int64_t{1})
               .Declare({MakeTensor<float>({2, 0}, {})}, {MakeTensor<int64_t>({2, 1}, {0, 0})})
               .Quote(absl::StrCat(std::string(op),
                                   " over an axis of size 0: an error (no index exists).")));
    }
  }
}

void InvalidCases::AddOutputRules() {
  for (std::string_view op : kArgMirrors) {
    const bool max = op == "ArgMax";
    Emit(ArgMin(13, "output_float", rules::kOutputTypeInferred, op)
             .DataSet({ArgMinInput()}, {MakeTensor<float>({1, 3}, {max ? 0.0 : 1.0, max ? 1.0 : 0.0,
                                                                   max ? 1.0 : 0.0})})
             .Quote(kArgMinOneInput));
    Emit(ArgMin(13, "output_rank_dropped", rules::kOutputShapeInferred, op)
             .Attr("axis", int64_t{1})
             .DataSet({ArgMinInput()},
                      {MakeTensor<int64_t>({2}, {max ? 2.0 : 1.0, max ? 2.0 : 0.0})})
             .Quote(kArgMinKeepdims)
             .Describe("keepdims defaults to 1: the output is [2,1], declared [2]"));
  }
  for (std::string_view op : kElementwiseMirrors) {
    Emit(MinShapes(13, "output_not_broadcast_shape", rules::kOutputShapeInferred, {2, 3}, {3}, {3},
                   op)
             .Quote(kMinBroadcast));
  }
}

}  // namespace onnx_conform::invalid_cases
