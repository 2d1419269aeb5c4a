// A case of the suite's library and the fluent builder the case definitions
// use: one node, its opset, its data sets (inputs and expected outputs) and
// its metadata. The graph's inputs and outputs are declared with the element
// type and shape of the first data set's tensors.
//
//   Case c = CaseBuilder("Min", 13, ElementType::kFloat, "nan")   // min_v13_float_nan
//                .Inputs({"data_0", "data_1"}).Outputs({"min"})
//                .DataSet({a, b}, {expected})
//                .Features({"nan"}).ReferenceDefined()
//                .Quote("Min with NaN: NaN propagates ...")
//                .Build();
//
// Negative cases call Invalid(rule_id) and may then edit Case::model and
// Case::files directly (a missing opset import, a garbage tensor file, ...).
#ifndef ONNX_CONFORM_CASES_CASE_BUILDER_H_
#define ONNX_CONFORM_CASES_CASE_BUILDER_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/string_view.h"
#include "caseio/case_metadata.h"
#include "onnx/onnx_pb.h"
#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform {

struct CaseDataSet {
  std::vector<Tensor> inputs;   // one per non-empty node input, in order
  std::vector<Tensor> outputs;  // one per node output
};

struct Case {
  std::string name;
  onnx::ModelProto model;
  std::vector<CaseDataSet> data_sets;
  CaseMetadata metadata;
  // Files as written, relative to the case folder, filled by Build() from
  // the fields above (model.onnx, case.json, test_data_set_N/...). Negative
  // cases may replace, add or erase entries after Build().
  std::map<std::string, std::string> files;

  // "node" for valid cases, "invalid" for the others.
  std::string_view folder() const;
};

class CaseBuilder {
 public:
  // Names the case "<op lowercase>_v<version>_<type>_<what>".
  CaseBuilder(std::string_view op_type, int version, ElementType type, std::string_view what);

  CaseBuilder& Opset(int opset);  // default: the operator version
  // Node input names; "" skips an optional input (no graph input, no file).
  CaseBuilder& Inputs(std::vector<std::string> names);
  CaseBuilder& Outputs(std::vector<std::string> names);
  CaseBuilder& Attr(const std::string& name, int64_t value);
  CaseBuilder& Attr(const std::string& name, float value);
  CaseBuilder& Attr(const std::string& name, std::vector<int64_t> values);
  // Adds test_data_set_N with N = the number of data sets so far.
  CaseBuilder& DataSet(std::vector<Tensor> inputs, std::vector<Tensor> outputs);
  // Declares graph inputs and outputs from these tensors' types and shapes
  // without writing data (negative cases with no meaningful data).
  CaseBuilder& Declare(std::vector<Tensor> inputs, std::vector<Tensor> outputs);

  CaseBuilder& Features(std::initializer_list<std::string_view> features);
  CaseBuilder& Feature(std::string_view feature);
  CaseBuilder& ExtraType(ElementType type);  // further types in metadata
  CaseBuilder& ReferenceDefined();
  CaseBuilder& Quote(std::string_view quote);
  CaseBuilder& Describe(std::string_view description);
  // Rule ids as checker/rules.h spells them.
  CaseBuilder& Invalid(absl::string_view rule_id);
  CaseBuilder& Unsupported(absl::string_view rule_id);
  CaseBuilder& Warning(absl::string_view rule_id);

  // Aborts on an inconsistent definition (data set tensor counts that do
  // not match the node), which is a bug in the case file, not in input data.
  Case Build() const;

 private:
  std::string op_type_;
  int opset_;
  std::string name_;
  std::vector<std::string> inputs_;
  std::vector<std::string> outputs_;
  std::vector<onnx::AttributeProto> attributes_;
  std::vector<CaseDataSet> data_sets_;
  std::optional<CaseDataSet> declared_;
  CaseMetadata metadata_;
};

// Fills Case::files from model, data sets and metadata (Build() calls it;
// negative cases that edit the model call it again before editing files).
void RenderCaseFiles(Case& c);

// The quote of every case that names an opset beyond its version's first.
inline constexpr std::string_view kOpsetRangeQuote =
    "Version N of an operator serves every opset from N up to the next version.";

// What an operator's case set (ops/extremum/extremum_cases.cc, ...) builds with: one
// version's cases, the one being built, the list they join.
class OpCaseSet {
 protected:
  OpCaseSet(int version, std::vector<Case>& cases) : version_(version), cases_(cases) {}

  // Adds the case being built to the list.
  void Commit() {
    cases_.push_back(builder_->Build());
    builder_.reset();
  }

  int version_;
  std::vector<Case>& cases_;
  std::optional<CaseBuilder> builder_;
};

// `literal` when it equals `computed` in shape and bytes; aborts otherwise:
// a literal expectation that disagrees with the loop is a definition bug.
Tensor CheckedLiteral(const Tensor& computed, Tensor literal);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASES_CASE_BUILDER_H_
