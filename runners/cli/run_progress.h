// What `onnx-conform run` shows as its cases end. Without a terminal (or
// with --progress=never): one line per case on stdout, as scripts read it
// (--quiet: only cases neither passed nor unsupported). On a terminal (or
// with --progress=always): on stdout only the cases that fail the run, their
// status word in colour unless NO_COLOR is set, and on stderr one line
// rewritten in place with the cases done of all, the elapsed time, an
// estimate of the time left and the failures so far; the summary follows
// either way (runners/cli/run_summary.h).
//
//   RunProgress progress(cases, ChooseConsoleStyle(options.progress, Terminals(), NoColor()),
//                        options.quiet, std::cout, std::cerr);
//   progress.CaseEnded(result, CaseFailsRun(result, policy));  // one thread at a time
//   progress.Finish();                                         // before the summary
#ifndef ONNX_CONFORM_RUNNERS_CLI_RUN_PROGRESS_H_
#define ONNX_CONFORM_RUNNERS_CLI_RUN_PROGRESS_H_

#include <chrono>
#include <cstddef>
#include <ostream>
#include <string>

#include "absl/strings/string_view.h"
#include "runners/harness/case_result.h"

namespace onnx_conform {

struct ConsoleStyle {
  bool progress = false;  // the progress line, and only failing cases on stdout
  bool colour = false;    // status words in colour (ANSI)
};

// --progress=`mode` (auto, always, never) for a run whose stdout and stderr
// are terminals or not, with the environment's NO_COLOR (null: unset; set
// and not empty: no colour, https://no-color.org).
ConsoleStyle ChooseConsoleStyle(absl::string_view mode, bool stdout_terminal, bool stderr_terminal,
                                const char* no_color);

// Whether `stream` writes to the process's stdout (fd 1) or stderr (fd 2)
// and that is a terminal.
bool IsTerminal(const std::ostream& stream);

// "[12/4145] 0:03 elapsed, ETA 17:20, 2 failed" (no ETA before a case
// ended; no failures part when there is none).
std::string ProgressText(size_t done, size_t total, double elapsed_seconds, int failed);

// A ConsoleLine (runners/reports/report.h) with its leading status word in
// the status's colour.
std::string ColouredLine(const std::string& line, CaseStatus status);

class RunProgress {
 public:
  RunProgress(size_t total, ConsoleStyle style, bool quiet, std::ostream& out, std::ostream& err);
  // Prints what the style shows of a case that ended; `fails_run`: it fails
  // the run (CaseFailsRun). Not thread-safe: call under the caller's lock.
  void CaseEnded(const CaseResult& result, bool fails_run);
  // Clears the progress line, so that the summary starts a clean line.
  void Finish();

 private:
  void Draw(bool force);
  void Clear();

  const size_t total_;
  const ConsoleStyle style_;
  const bool quiet_;
  std::ostream& out_;
  std::ostream& err_;
  const std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point drawn_at_;
  size_t done_ = 0;
  int failed_ = 0;
  bool drawn_ = false;  // a progress line is on the screen
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_RUN_PROGRESS_H_
