// CheckDataSet: test data against the model's declarations and against what
// the schemas infer from the actual input shapes and values.
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "checker/checker.h"
#include "checker/model_analysis.h"
#include "checker/rules.h"
#include "checker/value_type_check.h"

namespace onnx_conform {
namespace {

using Key = std::tuple<std::string, std::string, std::string>;  // rule, node, field

Key KeyOf(const Diagnostic& d) { return {d.rule, d.node, d.field}; }

class DataChecker {
 public:
  DataChecker(const onnx::ModelProto& model, const DataSetView& data, const std::string& file)
      : model_(model), data_(data), model_file_(file) {}

  std::vector<Diagnostic> Run() {
    const onnx::GraphProto& graph = model_.graph();
    internal::ModelAnalysis declared = internal::AnalyzeModel(model_, model_file_, nullptr);

    std::vector<const onnx::ValueInfoProto*> fed = FedGraphInputs(graph);
    if (data_.inputs.size() != fed.size()) {
      Report(rules::kDataInputCount, data_.dir.string(), "",
             absl::StrCat(data_.inputs.size(), " input files, but the graph has ", fed.size(),
                          " inputs to feed (graph inputs that are not initializers)"));
    }
    if (!data_.inputs_only && data_.outputs.size() != static_cast<size_t>(graph.output_size())) {
      Report(rules::kDataOutputCount, data_.dir.string(), "",
             absl::StrCat(data_.outputs.size(), " output files, but the graph has ",
                          graph.output_size(), " outputs"));
    }

    std::map<std::string, internal::Feed> feeds;
    for (size_t k = 0; k < data_.inputs.size() && k < fed.size(); ++k) {
      const TensorFileView& file = data_.inputs[k];
      if (file.tensor == nullptr) continue;  // did not decode: reported by the caller
      if (CheckOtherKind(file, *fed[k], "graph input")) continue;
      const TensorInfo info = file.info();
      const std::string& name = fed[k]->name();
      CheckAgainst(file, info, name, "graph input", declared.declared[name]);
      // The schemas' value rules (Clip's bounds) read numeric values only.
      feeds[name] = {info, IsNumeric(file.tensor->type()) ? file.tensor : nullptr};
    }

    // Rerun the schemas with the actual shapes and values; keep only what
    // the declarations alone did not already show.
    internal::ModelAnalysis actual = internal::AnalyzeModel(model_, model_file_, &feeds);
    std::set<Key> known;
    for (const Diagnostic& d : declared.diagnostics) known.insert(KeyOf(d));
    for (Diagnostic& d : actual.diagnostics) {
      if (known.contains(KeyOf(d))) continue;
      d.file = data_.dir.string();
      d.message += " (with this data set's inputs)";
      out_.push_back(std::move(d));
    }

    for (size_t k = 0; k < data_.outputs.size() && k < static_cast<size_t>(graph.output_size());
         ++k) {
      const TensorFileView& file = data_.outputs[k];
      if (file.tensor == nullptr) continue;
      if (CheckOtherKind(file, graph.output(static_cast<int>(k)), "graph output")) continue;
      const TensorInfo info = file.info();
      const std::string& name = graph.output(static_cast<int>(k)).name();
      if (!CheckAgainst(file, info, name, "graph output", declared.declared[name])) continue;
      // Where the declaration already disagrees with inference, CheckModel
      // reported it (OUTPUT-*-INFERRED); the data agreeing with the
      // declaration adds nothing.
      const TensorInfo& model_declared = declared.declared[name];
      const TensorInfo& model_inferred = declared.inferred[name];
      TensorInfo expected = actual.inferred[name];
      if (model_declared.type && model_inferred.type &&
          *model_declared.type != *model_inferred.type) {
        expected.type.reset();
      }
      if (model_declared.shape && model_inferred.shape &&
          !ShapesCompatible(*model_declared.shape, *model_inferred.shape)) {
        expected.shape.reset();
      }
      CheckInferred(file, info, name, expected);
    }
    return std::move(out_);
  }

 private:
  void Report(absl::string_view rule, std::string file, std::string field, std::string message) {
    out_.push_back(MakeDiagnostic(rule, std::move(file), "", std::move(field), std::move(message)));
  }

  void CheckName(const TensorFileView& file, const std::string& name, absl::string_view what) {
    if (!file.name.empty() && file.name != name) {
      Report(rules::kDataNameMismatch, file.path.string(), absl::StrCat(what, " '", name, "'"),
             absl::StrCat("the ", file.tensor->is_tensor() ? "tensor" : "value", " is named '",
                          file.name, "' but feeds ", what, " '", name, "'"));
    }
  }

  // A sequence, optional or map value, or a graph value declared one:
  // checked against the declared type alone (no operator infers them
  // here). False for a tensor declared a tensor (or undeclared).
  bool CheckOtherKind(const TensorFileView& file, const onnx::ValueInfoProto& value,
                      absl::string_view what) {
    const onnx::TypeProto::ValueCase declared =
        value.has_type() ? value.type().value_case() : onnx::TypeProto::VALUE_NOT_SET;
    if (file.tensor->is_tensor() &&
        (declared == onnx::TypeProto::kTensorType || declared == onnx::TypeProto::VALUE_NOT_SET)) {
      return false;
    }
    CheckName(file, value.name(), what);
    const std::string field = absl::StrCat(what, " '", value.name(), "'");
    for (ValueTypeProblem& problem : CompareValueToType(*file.tensor, value.type())) {
      Report(problem.shape ? rules::kDataShape : rules::kDataType, file.path.string(), field,
             std::move(problem.message));
    }
    return true;
  }

  // Type, shape and name against a declaration; true when they agree.
  bool CheckAgainst(const TensorFileView& file, const TensorInfo& actual, const std::string& name,
                    absl::string_view what, const TensorInfo& declared) {
    const std::string field = absl::StrCat(what, " '", name, "'");
    bool agrees = true;
    CheckName(file, name, what);
    if (declared.type && *declared.type != *actual.type) {
      agrees = false;
      Report(rules::kDataType, file.path.string(), field,
             absl::StrCat("the tensor is ", ElementTypeName(*actual.type), " but ", what, " '",
                          name, "' is declared ", ElementTypeName(*declared.type)));
    }
    if (declared.shape && actual.shape && !ShapesCompatible(*declared.shape, *actual.shape)) {
      agrees = false;
      Report(
          rules::kDataShape, file.path.string(), field,
          absl::StrCat("the tensor has shape ", SymbolicShapeToString(actual.shape), " but ", what,
                       " '", name, "' is declared ", SymbolicShapeToString(declared.shape)));
    }
    return agrees;
  }

  // An expected output against what the schema infers from the inputs.
  void CheckInferred(const TensorFileView& file, const TensorInfo& actual, const std::string& name,
                     const TensorInfo& inferred) {
    const std::string field = absl::StrCat("graph output '", name, "'");
    if (inferred.type && *inferred.type != *actual.type) {
      Report(
          rules::kDataType, file.path.string(), field,
          absl::StrCat("the tensor is ", ElementTypeName(*actual.type), " but the operator gives ",
                       ElementTypeName(*inferred.type), " for this data set's inputs"));
    }
    if (inferred.shape && actual.shape && !ShapesCompatible(*inferred.shape, *actual.shape)) {
      Report(rules::kDataShape, file.path.string(), field,
             absl::StrCat("the tensor has shape ", SymbolicShapeToString(actual.shape),
                          " but the operator gives ", SymbolicShapeToString(inferred.shape),
                          " for this data set's inputs"));
    }
  }

  const onnx::ModelProto& model_;
  const DataSetView& data_;
  const std::string& model_file_;
  std::vector<Diagnostic> out_;
};

}  // namespace

std::vector<Diagnostic> CheckDataSet(const onnx::ModelProto& model, const DataSetView& data,
                                     const std::string& model_file) {
  return DataChecker(model, data, model_file).Run();
}

}  // namespace onnx_conform
