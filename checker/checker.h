// Validation of a model and of its test data against the schema registry.
// Every violation is collected (nothing stops at the first), each under a
// stable rule id of checker/rules.h.
//
//   std::vector<Diagnostic> d = CheckModel(model, "case/model.onnx");
//   DataSetView ds{dir, inputs, outputs};  // each file's path, tensor and name
//   std::vector<Diagnostic> more = CheckDataSet(model, ds, "case/model.onnx");
//   if (HasErrors(d)) ...            // invalid case
//   else if (IsUnsupported(d)) ...   // not supported by the suite
//
// Stricter than ONNX's checker: type constraints are always checked,
// attribute values (axis range, 0-or-1 flags) and Clip's scalar bounds too,
// and a declared output must agree with what the schema infers.
// Symbolic dimensions (dim_param) are unknown, never errors.
#ifndef ONNX_CONFORM_CHECKER_CHECKER_H_
#define ONNX_CONFORM_CHECKER_CHECKER_H_

#include <filesystem>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "checker/diagnostic.h"
#include "checker/tensor_info.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// Model, graph and node rules. `model_file` names the file in diagnostics.
std::vector<Diagnostic> CheckModel(const onnx::ModelProto& model, const std::string& model_file);

// One data file of a data set: its value (a tensor of any element type, or
// a sequence, optional or map, read as the graph declares the value), or
// nullptr when it did not decode (the caller reports that, e.g. as
// DATA-DECODE).
struct TensorFileView {
  TensorFileView() = default;
  TensorFileView(std::filesystem::path path, const Tensor* tensor, std::string name = "")
      : path(std::move(path)), tensor(tensor), name(std::move(name)) {}

  std::filesystem::path path;
  const Tensor* tensor = nullptr;
  std::string name;  // the message's name, may be empty

  // A tensor's type and shape; nothing for another kind or no value.
  TensorInfo info() const {
    return tensor != nullptr && tensor->is_tensor() ? TensorInfo::Of(*tensor) : TensorInfo{};
  }
};

struct DataSetView {
  std::filesystem::path dir = {};
  std::vector<TensorFileView> inputs = {};   // input_K.pb in K order
  std::vector<TensorFileView> outputs = {};  // output_K.pb in K order
  // Inputs alone, as a backend is given them: no output is expected.
  bool inputs_only = false;
};

// Test data against the model: file counts, each tensor's element type and
// shape against the graph's declarations and against what the schemas infer
// from the actual input shapes, each sequence, optional or map against its
// declared type (kind, element types, shapes), and the rules that depend
// on values (Clip bounds). Reports only what CheckModel does not already
// report.
std::vector<Diagnostic> CheckDataSet(const onnx::ModelProto& model, const DataSetView& data,
                                     const std::string& model_file);

// The graph inputs a data set feeds, in order: graph inputs that are not
// initializers (input_K.pb feeds the K-th of these).
std::vector<const onnx::ValueInfoProto*> FedGraphInputs(const onnx::GraphProto& graph);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_CHECKER_H_
