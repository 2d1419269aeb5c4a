#include "runners/cli/rerun_failed.h"

#include "reference/tensor_file.h"
#include "runners/harness/policy.h"
#include "runners/reports/report.h"

namespace onnx_conform {

// A report of 100,000 cases takes about 40 MB; merge reads them as large.
constexpr int64_t kMaxReportBytes = int64_t{1} << 30;

absl::StatusOr<FailedCases> FailedCases::Read(const std::string& report) {
  absl::StatusOr<std::string> text = ReadFileBytes(report, kMaxReportBytes);
  if (!text.ok()) return text.status();
  absl::StatusOr<std::vector<CaseResult>> results = ParseJsonReport(*text, report);
  if (!results.ok()) return results.status();
  FailedCases failed;
  for (const CaseResult& r : *results) {
    if (FailsRun(r.status)) failed.names_.insert(r.name);
  }
  return failed;
}

}  // namespace onnx_conform
