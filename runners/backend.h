// A backend runs a case's model on one data set's inputs and returns its
// outputs, or says in which way it could not: the runner turns this into a
// CaseStatus. Backends are named on the command line (`--backend=reference`).
//
//   absl::StatusOr<std::unique_ptr<Backend>> b = MakeBackend("reference");
//   BackendOutcome out = (*b)->Run(loaded_case, loaded_case.data_sets[0]);
#ifndef ONNX_CONFORM_RUNNERS_BACKEND_H_
#define ONNX_CONFORM_RUNNERS_BACKEND_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "reference/tensor.h"
#include "runners/case_loader.h"

namespace onnx_conform {

struct BackendOutcome {
  enum class Kind {
    kOk,           // outputs holds the model's outputs, in graph order
    kUnsupported,  // the backend does not support this model
    kInvalid,      // the backend rejected the model as invalid
    kError,        // any other failure
    kCrash,        // the backend process died by a signal
    kTimeout,      // the backend ran past its time limit
  };
  Kind kind = Kind::kError;
  std::vector<Tensor> outputs;
  std::string message;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string name() const = 0;
  // Must be safe to call from several threads at once.
  virtual BackendOutcome Run(const LoadedCase& loaded_case, const DataSet& data_set) = 0;
};

// The suite's own reference implementation, in process.
std::unique_ptr<Backend> MakeReferenceBackend();

// "reference" (the default).
absl::StatusOr<std::unique_ptr<Backend>> MakeBackend(const std::string& spec);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_BACKEND_H_
