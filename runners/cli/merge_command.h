// `onnx-conform merge [flags] REPORT.json...`: its options, their parser,
// and the command, which merges the JSON reports of several runs into one
// scoreboard and one report.
//
//   absl::StatusOr<MergeOptions> options =
//       ParseMergeOptions({"a.json", "b.json", "--scoreboard-md=board.md"});
//   int code = MergeCommand({"a.json", "--report-json=all.json"}, std::cout, std::cerr);
#ifndef ONNX_CONFORM_RUNNERS_CLI_MERGE_COMMAND_H_
#define ONNX_CONFORM_RUNNERS_CLI_MERGE_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace onnx_conform {

struct MergeOptions {
  bool help = false;                 // --help, -h
  std::vector<std::string> reports;  // JSON reports of `onnx-conform run --report-json`
  std::string scoreboard_md;         // --scoreboard-md
  std::string scoreboard_html;       // --scoreboard-html
  std::string report_json;           // --report-json
  std::string junit;                 // --junit: one file, a testsuite per backend
  std::string command_line;          // "onnx-conform merge ARGS...", for the reports
  std::string title = "ONNX Conform: backends side by side";  // --title
};

// InvalidArgument for an unknown flag, no REPORT, or nothing to write.
absl::StatusOr<MergeOptions> ParseMergeOptions(const std::vector<std::string>& args);

// Exit kExitOk when merged, kExitFailed when a report cannot be read or
// written (or holds a case twice), kExitUsage for a usage error.
int MergeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_MERGE_COMMAND_H_
