// Runs one case directory on a backend and classifies the outcome:
// load -> check -> run every data set -> diff every output.
//
//   std::unique_ptr<Backend> backend = MakeReferenceBackend();
//   CaseResult r = RunCase("cases/node/min_v13_float_nan", *backend);
//   if (r.status != CaseStatus::kPass) std::cerr << r.message;
#ifndef ONNX_CONFORM_RUNNERS_CASE_RUNNER_H_
#define ONNX_CONFORM_RUNNERS_CASE_RUNNER_H_

#include <filesystem>

#include "onnx/onnx_pb.h"
#include "runners/backend.h"
#include "runners/case_result.h"
#include "runners/diff.h"

namespace onnx_conform {

// Operators whose outputs are selected input values (or indices), so their
// results are compared exactly; any other operator gets a tolerance.
bool IsSelectionOp(absl::string_view op_type);
// Exact when every node of the graph is a selection op (or Constant,
// Identity); the default tolerance otherwise.
Tolerance DefaultTolerance(const onnx::ModelProto& model);

CaseResult RunCase(const std::filesystem::path& case_dir, Backend& backend);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CASE_RUNNER_H_
