// `run --rerun-failed=REPORT`: the cases a JSON report of an earlier run
// says failed or errored (every status that fails a run: fail, error,
// crash, timeout, xpass), by case name, as expectation files name cases.
//
//   absl::StatusOr<FailedCases> failed = FailedCases::Read("report.json");
//   if (failed->Holds("min_v13_float_nan")) ...
#ifndef ONNX_CONFORM_RUNNERS_CLI_RERUN_FAILED_H_
#define ONNX_CONFORM_RUNNERS_CLI_RERUN_FAILED_H_

#include <set>
#include <string>

#include "absl/status/statusor.h"

namespace onnx_conform {

class FailedCases {
 public:
  // InvalidArgument naming the file when it is not a JSON report; NotFound
  // or DataLoss when it cannot be read.
  static absl::StatusOr<FailedCases> Read(const std::string& report);
  bool Holds(const std::string& case_name) const { return names_.count(case_name) > 0; }
  bool empty() const { return names_.empty(); }
  size_t size() const { return names_.size(); }

 private:
  std::set<std::string> names_;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_RERUN_FAILED_H_
