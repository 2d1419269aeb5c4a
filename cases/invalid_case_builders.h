// Shared by the negative-case files (invalid_cases.cc: the model, graph,
// node and data rules; invalid_operator_cases.cc: types, attributes, shapes
// and outputs): the operator-text quotes, a valid case per operator to break,
// and Emit, which renders the case and applies the breakage.
//
//   InvalidCases invalid(cases);
//   invalid.Emit(InvalidCases::Min("model_not_protobuf", rules::kModelRead), nullptr,
//                [](Case& c) { c.files[std::string(kModelFileName)] = "\xff"; });
#ifndef ONNX_CONFORM_CASES_INVALID_CASE_BUILDERS_H_
#define ONNX_CONFORM_CASES_INVALID_CASE_BUILDERS_H_

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/string_view.h"
#include "caseio/case_layout.h"
#include "cases/case_builder.h"
#include "cases/case_values.h"

namespace onnx_conform::invalid_cases {

inline constexpr std::string_view kTypeLists =
    "FLOATS = {float16, float, double}. ALL_NUMERIC = FLOATS + all eight integer types. "
    "ALL_NUMERIC_BF = ALL_NUMERIC + bfloat16.";
inline constexpr std::string_view kMinSameType =
    "All inputs and the output have the same element type.";
inline constexpr std::string_view kMinInputs =
    "Inputs: 1 to 2147483647, variadic `data_0` of type T.";
inline constexpr std::string_view kMinSameShape = "all inputs the same shape";
inline constexpr std::string_view kMinBroadcast = "multidirectional (numpy-style) broadcasting";
inline constexpr std::string_view kArgMinOneInput =
    "One input `data` of type T; one output `reduced` of type int64.";
inline constexpr std::string_view kArgMinAttrs = "`axis` INT default 0; `keepdims` INT default 1";
inline constexpr std::string_view kArgMinAxisRange =
    "axis accepted range is [-r, r-1], r = rank(data)";
inline constexpr std::string_view kArgMinSelectLast =
    "as 11, plus `select_last_index` INT default 0: when the minimum occurs more than once, 1 "
    "selects the last occurrence, 0 the first";
inline constexpr std::string_view kArgMaxSelectLast =
    "as 11, plus `select_last_index` INT default 0: when the maximum occurs more than once, 1 "
    "selects the last occurrence, 0 the first";
// The mirror operators whose negative cases are the same: each op-specific
// rule is broken once for each (Min's and Max's schemas come from one
// builder, as do ArgMin's and ArgMax's: ops/extremum/extremum_schemas.h).
inline constexpr std::string_view kElementwiseMirrors[] = {"Min", "Max"};
inline constexpr std::string_view kArgMirrors[] = {"ArgMin", "ArgMax"};
inline constexpr std::string_view kArgMinKeepdims =
    "If keepdims is 1 the output has the input's rank with the reduced dimension set to 1; if 0 "
    "that dimension is removed.";
inline constexpr std::string_view kClipAttrs = "`min` FLOAT, `max` FLOAT";
inline constexpr std::string_view kClipInputs =
    "inputs: 1 to 3 inputs `input`, optional `min`, optional `max`, each of type T and a scalar "
    "(empty shape)";
// ONNX's Operators.md (Constant, a supporting operator: no text of its own in the spec).
inline constexpr std::string_view kConstantOneValue =
    "Constant-12: This operator produces a constant tensor. Exactly one of the provided "
    "attributes, either value, sparse_value, or value_* must be specified.";
inline constexpr std::string_view kConstantValueRequired =
    "Constant-1: attribute `value` (TENSOR, required): the value for the elements of the output "
    "tensor.";

using CaseEdit = std::function<void(Case&)>;

// Keys of Case::files: the first data set's K-th input and output file.
inline std::string InputFileKey(int k) { return DataFilePath(0, DataFileKind::kInput, k); }
inline std::string OutputFileKey(int k) { return DataFilePath(0, DataFileKind::kOutput, k); }

// The rule's own summary: the quote for rules of ONNX's format rather than
// of an operator text.
std::string RuleQuote(absl::string_view rule_id);

class InvalidCases {
 public:
  explicit InvalidCases(std::vector<Case>& cases) : cases_(cases) {}

  // Builds b, lets edit change the model or data sets (files re-rendered),
  // then lets edit_files change the files.
  void Emit(const CaseBuilder& b, const CaseEdit& edit = nullptr,
            const CaseEdit& edit_files = nullptr) {
    Case c = b.Build();
    if (edit) {
      edit(c);
      RenderCaseFiles(c);
    }
    if (edit_files) edit_files(c);
    cases_.push_back(std::move(c));
  }

  // Min-13 (or Max-13) over two float [3] inputs, valid until broken.
  static CaseBuilder Min(std::string_view what, absl::string_view rule, int version = 13,
                         std::string_view op = "Min") {
    const bool max = op == "Max";
    CaseBuilder b(op, version, ElementType::kFloat, what);
    b.Inputs({"data_0", "data_1"})
        .Outputs({max ? "max" : "min"})
        .DataSet({case_values::MakeTensor<float>({3}, {1, 5, 3}),
                  case_values::MakeTensor<float>({3}, {4, 2, 3})},
                 {max ? case_values::MakeTensor<float>({3}, {4, 5, 3})
                      : case_values::MakeTensor<float>({3}, {1, 2, 3})})
        .Invalid(rule);
    return b;
  }
  // Min (or Max) with two inputs of these shapes and no data (nothing
  // computable).
  static CaseBuilder MinShapes(int version, std::string_view what, absl::string_view rule, Shape a,
                               Shape b, Shape out, std::string_view op = "Min") {
    auto zeros = [](const Shape& s) {
      int64_t n = 1;
      for (int64_t d : s) n *= d;
      return case_values::TensorOf<float>(s, std::vector<float>(static_cast<size_t>(n), 0.0f));
    };
    CaseBuilder builder(op, version, ElementType::kFloat, what);
    builder.Inputs({"data_0", "data_1"})
        .Outputs({op == "Max" ? "max" : "min"})
        .Declare({zeros(a), zeros(b)}, {zeros(out)})
        .Invalid(rule);
    return builder;
  }
  // ArgMin (or ArgMax) over a float [2, 3] input.
  static CaseBuilder ArgMin(int version, std::string_view what, absl::string_view rule,
                            std::string_view op = "ArgMin") {
    CaseBuilder b(op, version, ElementType::kFloat, what);
    b.Inputs({"data"}).Outputs({"reduced"}).Invalid(rule);
    return b;
  }
  static Tensor ArgMinInput() { return case_values::MakeTensor<float>({2, 3}, {2, 1, 3, 0, 4, 5}); }
  // The indices of ArgMinInput's extremes along axis 0 with keepdims.
  static Tensor ArgMinInputAxis0(std::string_view op) {
    return op == "ArgMax" ? case_values::MakeTensor<int64_t>({1, 3}, {0, 1, 1})
                          : case_values::MakeTensor<int64_t>({1, 3}, {1, 0, 0});
  }
  // Clip-13 over a float [4] input with scalar bounds 2 and 6.
  static CaseBuilder Clip(std::string_view what, absl::string_view rule, int version = 13) {
    CaseBuilder b("Clip", version, ElementType::kFloat, what);
    b.Inputs({"input", "min", "max"})
        .Outputs({"output"})
        .DataSet({case_values::MakeTensor<float>({4}, {0, 3, 7, 9}),
                  case_values::MakeTensor<float>({}, {2}), case_values::MakeTensor<float>({}, {6})},
                 {case_values::MakeTensor<float>({4}, {2, 3, 6, 6})})
        .Invalid(rule);
    return b;
  }

  void AddModelRules();
  void AddGraphRules();
  void AddNodeRules();
  void AddTypeRules();
  void AddAttributeRules();
  void AddShapeRules();
  void AddOutputRules();
  void AddDataRules();

 private:
  // The operator's type probe (case_library.h), made invalid by `type`.
  void AddTypeNotAllowed(std::string_view op, int version, ElementType type);

  std::vector<Case>& cases_;
};

inline onnx::GraphProto& Graph(Case& c) { return *c.model.mutable_graph(); }
inline onnx::NodeProto& Node(Case& c, int i = 0) {
  return *c.model.mutable_graph()->mutable_node(i);
}

// Graph input `index` becomes the output of a Constant node placed first
// (as ONNX's version converter writes Clip-6's bounds at opset 11): the
// graph input and its data go. Returns the node, to set its attributes.
onnx::NodeProto& FeedFromConstant(Case& c, int index);

}  // namespace onnx_conform::invalid_cases

#endif  // ONNX_CONFORM_CASES_INVALID_CASE_BUILDERS_H_
