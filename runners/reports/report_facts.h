// What every report says of the run (or the runs) it covers beyond the
// results: the suite's version, when, and the command line that made it.
// The runtime (the backend's name and version) is the results' own
// (CaseResult::runtime). JSON (RunReport), JUnit (properties), the
// scoreboards and the combined page all carry them.
//
//   PageFacts facts{.suite_version = "0.1.0",
//                   .run_date = ReportDate(std::chrono::system_clock::now()),
//                   .command_line = CommandLineText({"onnx-conform", "run", "cases/node"})};
//   FactsText(facts, results);  // "onnx-conform 0.1.0 · runtime ort 1.2 · 2026-12-05 06:50 UTC"
#ifndef ONNX_CONFORM_RUNNERS_REPORTS_REPORT_FACTS_H_
#define ONNX_CONFORM_RUNNERS_REPORTS_REPORT_FACTS_H_

#include <chrono>
#include <string>
#include <vector>

#include "runners/harness/case_result.h"

namespace onnx_conform {

// An empty field is left out of every report.
struct PageFacts {
  std::string suite_version = {};  // onnx-conform's version ("0.9.0")
  std::string run_date = {};       // when the runs were made ("2026-12-04 18:53 UTC")
  std::string command_line = {};   // "onnx-conform run --backend=exec:./a cases/node"
};

// "2026-12-04 18:53 UTC": UTC, to the minute.
std::string ReportDate(std::chrono::system_clock::time_point when);

// `words` as one line a POSIX shell reads back as them: a word with
// anything but letters, digits and -_./=:,+@% is single-quoted.
std::string CommandLineText(const std::vector<std::string>& words);

// The runtimes the results ran on, as their adapters name them, sorted and
// joined by ", " ("onnxruntime 1.32.0"); "" when none says.
std::string RuntimesOf(const std::vector<CaseResult>& results);

// A command line of at most about 200 characters, for a person: a longer
// one (a run over hundreds of case folders) is cut at a space and says
// where the whole command is.
std::string CommandLineGist(const std::string& command_line);

// One line for a person: "onnx-conform 0.1.0 · runtime ort 1.2 · 2026-12-05
// 06:50 UTC · onnx-conform run cases/node" (the command's CommandLineGist);
// empty fields left out.
std::string FactsText(const PageFacts& facts, const std::vector<CaseResult>& results);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_REPORTS_REPORT_FACTS_H_
