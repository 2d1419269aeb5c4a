// Runs one case directory on a backend and classifies the outcome:
// load -> case.json -> check (checker/) -> run every data set -> diff.
//
//   std::unique_ptr<Backend> backend = MakeReferenceBackend();
//   CaseResult r = RunCase("cases/node/min_v13_float_nan", *backend);
//   if (r.status != CaseStatus::kPass) std::cerr << r.message;
//
// How each status arises (docs/backend-protocol.md has the table):
// - unsupported: a graph value that is not a tensor, only Constant/Identity
//   nodes, a checker finding of severity unsupported, or the backend says so.
// - invalid: the checker reports an error on the model or a data set (the
//   diagnostics are the message). A negative case (case.json expectation
//   "invalid") is judged by the checker on the reference ("rejected as
//   expected: RULE" is a pass); on another backend it passes when the
//   adapter refuses it and fails when it exits 0 (docs/backend-protocol.md).
// - fail / divergent: outputs differ (tolerance from case.json, else exact
//   for selection ops); divergent when the case is reference-defined, the
//   backend is not the reference, and only values differ (not types/shapes).
// - error, crash, timeout: unreadable case, or the backend's own outcome.
#ifndef ONNX_CONFORM_RUNNERS_CASE_RUNNER_H_
#define ONNX_CONFORM_RUNNERS_CASE_RUNNER_H_

#include <filesystem>

#include "onnx/onnx_pb.h"
#include "reference/resource_limits.h"
#include "runners/backends/backend.h"
#include "runners/harness/case_result.h"
#include "runners/harness/diff.h"

namespace onnx_conform {

// Operators whose outputs are selected input values (or indices), so their
// results are compared exactly; any other operator gets a tolerance.
bool IsSelectionOp(absl::string_view op_type);
// Exact when every node of the graph is a selection op (or Constant,
// Identity); the default tolerance otherwise.
Tolerance DefaultTolerance(const onnx::ModelProto& model);

// Never throws and never aborts on bad input. When the backend was
// cancelled mid-case the result has `cancelled` set and is not a verdict.
// Everything the case reads and allocates on this thread (files, tensors,
// the reference's and an adapter's outputs) is held to `limits`: over them
// the case is an error naming the limit (reference/resource_limits.h).
CaseResult RunCase(const std::filesystem::path& case_dir, Backend& backend,
                   const ResourceLimits& limits = {});

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CASE_RUNNER_H_
