// A backend runs a case's model on one data set's inputs and returns its
// outputs, or says in which way it could not: the runner turns this into a
// CaseStatus. Backends are named on the command line:
//   --backend=reference        the suite's own reference, in process
//   --backend=exec:COMMAND     an adapter program run once per case and data
//                              set (docs/backend-protocol.md)
//
//   absl::StatusOr<std::unique_ptr<Backend>> b = MakeBackend("exec:./my-adapter --fast");
//   BackendOutcome out = (*b)->Run(*checked_case, 0);  // checker/checked_case.h
//
// The reference is a backend like any other: what it refuses (the model or
// the inputs break a rule) it reports as invalid, as an adapter would.
#ifndef ONNX_CONFORM_RUNNERS_BACKEND_H_
#define ONNX_CONFORM_RUNNERS_BACKEND_H_

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "checker/checked_case.h"
#include "tensor/tensor.h"

namespace onnx_conform {

struct BackendOutcome {
  enum class Kind {
    kOk,           // outputs holds the model's outputs, in graph order
    kUnsupported,  // the backend does not support this model
    kInvalid,      // the backend rejected the model as invalid
    kError,        // any other failure
    kCrash,        // the backend process died by a signal
    kTimeout,      // the backend ran past its time limit
    kCancelled,    // Cancel() was called: the case did not finish
  };
  Kind kind = Kind::kError;
  std::vector<Tensor> outputs;
  std::string message;
  // An exec adapter's exit status when it exited normally (0 even when its
  // outputs then turned out unreadable); nullopt otherwise.
  std::optional<int> exit_code;
  // Seconds of this run spent starting a persistent adapter's server, until
  // it read its first request: not the case's time (reports leave it out).
  double startup_seconds = 0;
};

// The identity of an adapter that does not answer a version request.
inline constexpr char kUnknownIdentity[] = "unknown";

class Backend {
 public:
  virtual ~Backend() = default;
  // The label reports carry ("reference", or the exec command).
  virtual std::string name() const = 0;
  // Runs the case's model on data set `data_set`'s inputs (its files, for
  // an adapter; for a case made in memory, files written for it). Must be
  // safe to call from several threads at once.
  virtual BackendOutcome Run(const CheckedCase& c, size_t data_set) = 0;
  // Makes running and later Run calls end soon with kCancelled (Ctrl-C).
  // Safe to call from any thread.
  virtual void Cancel() {}
  // The runtime behind the backend, name and version ("onnxruntime-node
  // 1.17.0"): an adapter's answer to `--version` (or a version request of
  // the persistent protocol), asked once; kUnknownIdentity when it gives
  // none. Safe to call from several threads at once.
  virtual std::string Identity() { return kUnknownIdentity; }
  // Starts the backend once, as Identity() does (the same start, asked
  // once): FailedPrecondition, naming the command and why, when it cannot
  // start at all, so that a run stops before its first case
  // (kExitBackendUnavailable): an adapter that is missing or not
  // executable, that dies by a signal or exits 126/127 (a shell's "cannot
  // execute", "not found") when asked its version, or whose server exits
  // or dies before it answers anything. An adapter that answers without
  // knowing the question is no error, unless its first cases then end
  // exactly as the question did (the same exit status and stderr, before
  // any answered): Probe says so from then on, and a run stops at once.
  // Safe to call from several threads.
  virtual absl::Status Probe() { return absl::OkStatus(); }
};

struct BackendOptions {
  // Per run of an exec adapter (one case, one data set).
  double timeout_seconds = 60;
  // The name in reports; empty: the spec itself ("exec:COMMAND").
  std::string name;
  // Where exec adapters get their output directories; empty: the system's
  // temporary directory ($TMPDIR or /tmp).
  std::filesystem::path temp_dir;
  // Exec adapters stay running between cases (`COMMAND --serve`).
  bool persistent = false;
  // ... when `COMMAND --serve` answers a first request; else one process
  // per case (ExecBackendOptions::persistent_if_served).
  bool persistent_if_served = false;
  // The reference runs its plain normative loops, not the fast kernels.
  bool plain_reference = false;
};

// The suite's own reference implementation, in process: the fast kernels,
// or with `plain` the plain normative loops (the same bits, slower).
std::unique_ptr<Backend> MakeReferenceBackend(bool plain = false);

// "reference" (the default) or "exec:COMMAND". InvalidArgument for another
// spec or a COMMAND that does not split into words.
absl::StatusOr<std::unique_ptr<Backend>> MakeBackend(const std::string& spec,
                                                     const BackendOptions& options = {});

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_BACKEND_H_
