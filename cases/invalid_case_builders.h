// Shared by the negative-case files (invalid_cases.cc: the model, graph,
// node and data rules; invalid_operator_cases.cc: the rules every operator
// version shares; each operator folder's *_negative_cases.cc: its own): the
// quotes of ONNX's format and of Constant, and Emit, which renders a case
// and applies the breakage.
//
//   InvalidCases invalid(cases);
//   invalid.Emit(ExtremumToBreak("model_not_protobuf", rules::kModelRead), nullptr,
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

  void AddModelRules();
  void AddGraphRules();
  void AddNodeRules();
  void AddTypeRules();
  void AddAttributeRules();
  void AddShapeRules();
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
