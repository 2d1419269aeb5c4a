// Internal to checker/: one pass over a model's graph, shared by CheckModel
// (declarations only) and CheckDataSet (graph inputs fed with test data).
#ifndef ONNX_CONFORM_CHECKER_MODEL_ANALYSIS_H_
#define ONNX_CONFORM_CHECKER_MODEL_ANALYSIS_H_

#include <map>
#include <string>
#include <vector>

#include "checker/diagnostic.h"
#include "checker/tensor_info.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform::internal {

// A graph input's test data: its info, and its value when it decoded to a
// numeric tensor (the only values the schemas' rules read).
struct Feed {
  TensorInfo info;
  const Tensor* value = nullptr;
};

struct ModelAnalysis {
  std::vector<Diagnostic> diagnostics;
  std::map<std::string, TensorInfo> declared;  // graph inputs, initializers, value_info, outputs
  std::map<std::string, TensorInfo> known;     // declarations completed by inference
  std::map<std::string, TensorInfo> inferred;  // node outputs as the schemas infer them
};

// `feeds` (may be null) gives values for graph inputs: their info completes
// the declaration (a declared type or dimension wins over the value's).
ModelAnalysis AnalyzeModel(const onnx::ModelProto& model, const std::string& file,
                           const std::map<std::string, Feed>* feeds);

}  // namespace onnx_conform::internal

#endif  // ONNX_CONFORM_CHECKER_MODEL_ANALYSIS_H_
