// The run log: every result appended as one JSON line (the JSON report's
// CaseReport) the moment its case ends, so that a run killed halfway keeps
// every finished case, and `--resume` can pick up where it stopped.
//
//   absl::StatusOr<std::unique_ptr<RunLog>> log = RunLog::Open("run.jsonl");
//   (*log)->Append(result);                        // one write(2) per line
//   absl::StatusOr<LoggedResults> done = ReadRunLog("run.jsonl");
//
// A log opened with a header starts with it (one JSON line naming the
// backend, adapter, suite version and case set); --resume compares it with
// the run at hand (CheckRunLogHeader).
#ifndef ONNX_CONFORM_RUNNERS_RUN_LOG_H_
#define ONNX_CONFORM_RUNNERS_RUN_LOG_H_

#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runners/harness/case_result.h"
#include "runners/reports/report.pb.h"

namespace onnx_conform {

// One result as a single line of JSON, without the newline.
std::string ResultToJsonLine(const CaseResult& result);
// InvalidArgument when the line is not a CaseReport with a known status.
absl::StatusOr<CaseResult> ResultFromJsonLine(absl::string_view line);

class RunLog {
 public:
  // Opens for appending, creating the file. A last line left unfinished by
  // a killed run is closed first, so that it stays one bad line.
  // With `header`, a log that is empty gets it as its first line.
  static absl::StatusOr<std::unique_ptr<RunLog>> Open(const std::filesystem::path& path,
                                                      const report::RunLogHeader* header = nullptr);
  ~RunLog();
  RunLog(const RunLog&) = delete;
  RunLog& operator=(const RunLog&) = delete;

  // Thread-safe; the line reaches the file (the kernel) before it returns.
  absl::Status Append(const CaseResult& result);

 private:
  RunLog(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {}
  std::mutex mutex_;
  int fd_;
  std::filesystem::path path_;
};

struct LoggedResults {
  // The first header line, if any (logs of older versions have none).
  std::optional<report::RunLogHeader> header;
  std::vector<CaseResult> results;  // in file order; a case logged twice keeps its last line
  // "FILE:LINE: why" for each line that was skipped (a line cut short by a
  // kill, or garbage): never fatal.
  std::vector<std::string> skipped;
};

// FailedPrecondition naming `path` and every field that differs, when the
// log's header says it was made by another run than `expected` describes.
absl::Status CheckRunLogHeader(const std::filesystem::path& path,
                               const report::RunLogHeader& logged,
                               const report::RunLogHeader& expected);

// NotFound when the file does not exist.
absl::StatusOr<LoggedResults> ReadRunLog(const std::filesystem::path& path);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_RUN_LOG_H_
