// The out-of-process backend: an adapter program, run once per case and
// data set, following docs/backend-protocol.md:
//
//   COMMAND --model CASE/model.onnx --output-dir DIR INPUT_0.pb ... INPUT_N.pb
//
// It writes DIR/output_K.pb (TensorProto) for each graph output and exits 0;
// exit 3 means "not supported" (its stderr says why); any other exit is an
// error, a signal a crash, and running past the timeout kills its process
// group. A crashing or hanging adapter never takes the runner down with it.
//
//   absl::StatusOr<std::unique_ptr<Backend>> b =
//       MakeExecBackend("node adapter.js", {.timeout_seconds = 10});
#ifndef ONNX_CONFORM_RUNNERS_EXEC_BACKEND_H_
#define ONNX_CONFORM_RUNNERS_EXEC_BACKEND_H_

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"
#include "runners/backends/backend.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// The adapter's exit status for "this backend does not support this model".
inline constexpr int kAdapterExitUnsupported = 3;

// In the error of a persistent adapter whose server exited before any
// server of this backend ever replied: it does not serve the protocol, and
// the message names the flag that runs it one process per case.
inline constexpr absl::string_view kAdapterDoesNotServe = "does not serve requests";

struct ExecBackendOptions {
  double timeout_seconds = 60;
  // Of the adapter's stderr, kept for messages (first and last halves).
  size_t max_stderr_bytes = 16 * 1024;
  // A persistent server's reply line: longer is an error for the case, and
  // the server is replaced (it is never held whole).
  size_t max_reply_bytes = 1 << 20;
  // Where the backend's private scratch folder (runners/backends/scratch_dir.h),
  // holding each run's output directory, is made; empty: the system's.
  std::filesystem::path temp_dir;
  // Report label; empty: "exec:" + command.
  std::string name;
  // Keep adapters running: `COMMAND --serve` answers one request per line
  // (docs/backend-protocol.md, "Persistent adapters"), one server per
  // concurrent case, restarted after a crash or a timeout.
  bool persistent = false;
  // Persistent when the adapter serves: `COMMAND --serve` is asked the
  // version question first (Backend::Probe, or before the first case), and
  // an adapter whose server gives no JSON reply (it exits, dies, hangs or
  // answers something else) runs one process per case instead. Ignored
  // with `persistent`.
  bool persistent_if_served = false;
};

// `command` is split into words like a shell would (runners/backends/subprocess.h),
// never run through a shell. InvalidArgument when it does not split.
absl::StatusOr<std::unique_ptr<Backend>> MakeExecBackend(absl::string_view command,
                                                         const ExecBackendOptions& options);

// Declares each graph output's shape as `outputs[k]`'s where the model
// declares none, as the suite's own cases do (some importers, OpenCV's,
// refuse an output without one): what a case made in memory is handed to an
// adapter with. Returns whether any was missing.
bool DeclareMissingOutputShapes(onnx::ModelProto& model, const std::vector<Tensor>& outputs);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_EXEC_BACKEND_H_
