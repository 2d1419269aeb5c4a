// `onnx-conform run [flags] PATH...`: runs every case found under the paths
// on a backend, prints one line per case and a summary, writes reports.
#include <iostream>
#include <regex>
#include <set>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "runners/backend.h"
#include "runners/case_loader.h"
#include "runners/case_runner.h"
#include "runners/cli.h"
#include "runners/commands.h"
#include "runners/report.h"

ABSL_FLAG(std::string, filter, "", "Run only cases whose name matches this regular expression");
ABSL_FLAG(std::string, report_json, "", "Write a JSON report of the run to this file");
ABSL_FLAG(std::string, junit, "", "Write a JUnit XML report of the run to this file");
ABSL_FLAG(std::string, backend, "reference", "The backend to run the cases on: reference");
ABSL_FLAG(bool, quiet, false, "Print only cases that neither passed nor were unsupported, and the summary");

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

constexpr absl::string_view kRunUsage =
    "usage: onnx-conform run [--filter=REGEX] [--report-json=FILE] [--junit=FILE]\n"
    "                        [--backend=reference] [--quiet] PATH...\n"
    "PATH is a case directory (model.onnx + test_data_set_N/) or a folder searched for them.\n";

int UsageError(absl::string_view message) {
  std::cerr << "onnx-conform run: " << message << "\n" << kRunUsage;
  return kExitUsage;
}

}  // namespace

int RunCommand(const std::vector<std::string>& args) {
  absl::StatusOr<std::vector<std::string>> paths =
      ParseSubcommandFlags(args, {"filter", "report_json", "junit", "backend", "quiet"});
  if (!paths.ok()) return UsageError(paths.status().message());
  if (paths->empty()) return UsageError("no PATH given");

  std::optional<std::regex> filter;
  if (!absl::GetFlag(FLAGS_filter).empty()) {
    try {
      filter.emplace(absl::GetFlag(FLAGS_filter), std::regex::ECMAScript);
    } catch (const std::regex_error& e) {
      return UsageError(absl::StrCat("bad --filter regular expression: ", e.what()));
    }
  }
  absl::StatusOr<std::unique_ptr<Backend>> backend = MakeBackend(absl::GetFlag(FLAGS_backend));
  if (!backend.ok()) return UsageError(backend.status().message());

  std::vector<fs::path> case_dirs;
  std::set<fs::path> seen;
  for (const std::string& path : *paths) {
    absl::StatusOr<std::vector<fs::path>> found = FindCaseDirs(path);
    if (!found.ok()) return UsageError(found.status().message());
    if (found->empty()) return UsageError(absl::StrCat(path, ": holds no case (no model.onnx)"));
    for (const fs::path& dir : *found) {
      const fs::path key = fs::weakly_canonical(dir);
      if (!seen.insert(key).second) continue;
      if (filter.has_value() &&
          !std::regex_search(dir.lexically_normal().filename().string(), *filter)) {
        continue;
      }
      case_dirs.push_back(dir);
    }
  }

  const bool quiet = absl::GetFlag(FLAGS_quiet);
  std::vector<CaseResult> results;
  results.reserve(case_dirs.size());
  for (const fs::path& dir : case_dirs) {
    results.push_back(RunCase(dir, **backend));
    const CaseStatus status = results.back().status;
    if (!quiet || (status != CaseStatus::kPass && status != CaseStatus::kUnsupported)) {
      std::cout << ConsoleLine(results.back()) << "\n";
    }
  }
  std::cout << SummaryLine(results) << std::endl;

  int exit_code = kExitOk;
  for (const CaseResult& result : results) {
    if (FailsRun(result.status)) exit_code = kExitFailed;
  }
  const std::string json_path = absl::GetFlag(FLAGS_report_json);
  if (!json_path.empty()) {
    absl::Status written = WriteTextFile(json_path, JsonReport(results));
    if (!written.ok()) {
      std::cerr << "onnx-conform run: " << written.message() << "\n";
      exit_code = kExitFailed;
    }
  }
  const std::string junit_path = absl::GetFlag(FLAGS_junit);
  if (!junit_path.empty()) {
    absl::Status written = WriteTextFile(junit_path, JunitReport(results, "onnx-conform"));
    if (!written.ok()) {
      std::cerr << "onnx-conform run: " << written.message() << "\n";
      exit_code = kExitFailed;
    }
  }
  return exit_code;
}

}  // namespace onnx_conform
