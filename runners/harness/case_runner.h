// One case on one backend: the checked case (checker/checked_case.h), the
// backend's run of each data set, the verdict (runners/harness/verdict.h)
// and the status (runners/harness/policy.h).
//
//   std::unique_ptr<Backend> backend = MakeReferenceBackend();
//   CaseResult r = OpenAndRunCase({.dir = "cases/node/min_v13_float_nan"}, *backend);
//   if (r.status != CaseStatus::kPass) std::cerr << r.message;
#ifndef ONNX_CONFORM_RUNNERS_CASE_RUNNER_H_
#define ONNX_CONFORM_RUNNERS_CASE_RUNNER_H_

#include <optional>

#include "checker/checked_case.h"
#include "runners/backends/backend.h"
#include "runners/harness/case_result.h"
#include "runners/harness/diff.h"
#include "tensor/resource_limits.h"

namespace onnx_conform {

// How a run judges outputs, beyond what each case says.
struct VerdictOptions {
  // --rtol/--atol: replace the tolerance of every output compared within
  // one (never an exact comparison's).
  std::optional<double> rtol;
  std::optional<double> atol;
};

// Exact for graphs that only select or copy values (the covered operators,
// Constant, Identity): their outputs are the reference's, bit for bit.
// Within a tolerance when the graph holds a node that computes values: ONNX's
// convention (rtol 1e-3, atol 1e-7), or the folder's data.json rtol/atol,
// or the run's --rtol/--atol. case.json's `tolerance` has the last word for
// the suite's own cases (0: exact).
Tolerance CaseTolerance(const CheckedCase& c, const VerdictOptions& options = {});

// Never throws and never aborts on bad input. When the backend was
// cancelled mid-case the result has `cancelled` set and is not a verdict.
// What the backend's run allocates on this thread is held to the thread's
// budget, if any.
CaseResult RunCase(const CheckedCase& c, Backend& backend, const VerdictOptions& options = {});

// The result of a case that could not get its memory (std::bad_alloc
// caught around OpenCase and RunCase): an error naming what the process may
// use (tensor/resource_limits.h, OutOfMemoryMessage).
CaseResult OutOfMemoryResult(const std::filesystem::path& dir, Backend& backend);

// OpenCase then RunCase, everything the case reads and allocates on this
// thread (files, tensors, the reference's and an adapter's outputs) held to
// `limits`: over them the case is an error naming the limit
// (tensor/resource_limits.h); past them, out of memory is an error too
// (OutOfMemoryResult). `seconds` covers both.
CaseResult OpenAndRunCase(const CaseRef& ref, Backend& backend, const ResourceLimits& limits = {},
                          const TwinOpener& twins = {});

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CASE_RUNNER_H_
