// The end of `onnx-conform run`: the summary lines, the warnings on the
// expectation file, the exit status and the report files, from the results
// of the cases that ran (runners/cli/run_command.cc runs them).
//
//   RunEnd end{.results = results, .selected = case_dirs.size(), .whole_run = true,
//              .backend_label = backend->name()};
//   return FinishRun(options, expectations, end, out, err);
#ifndef ONNX_CONFORM_RUNNERS_CLI_RUN_SUMMARY_H_
#define ONNX_CONFORM_RUNNERS_CLI_RUN_SUMMARY_H_

#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "runners/cli/run_command.h"
#include "runners/harness/case_result.h"
#include "runners/harness/expectations.h"

namespace onnx_conform {

// What ran, and how the run ended.
struct RunEnd {
  std::vector<CaseResult> results;  // of the cases that finished, in SortForReports order
  size_t selected = 0;              // the cases selected to run
  bool completed = true;            // false when interrupted
  bool stopped_at_failure = false;  // --fail-fast stopped it before every case ran
  // Every case of the paths ran: no --filter, --features or shard, not
  // interrupted nor stopped by --fail-fast (then an expectation line that matches nothing is
  // pointed out).
  bool whole_run = true;
  std::string log_error;      // the first failure to append to the log, if any
  std::string backend_label;  // the backend's name in reports
  // When the command started, and its wall time to the end of the cases.
  std::chrono::system_clock::time_point started;
  double wall_seconds = 0;
};

// Prints the summary on `out`, the warnings and failing reasons on `err`,
// writes the reports the options name; returns the exit status.
int FinishRun(const RunOptions& options, const ExpectationList* expectations, const RunEnd& end,
              std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_RUN_SUMMARY_H_
