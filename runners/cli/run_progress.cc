#include "runners/cli/run_progress.h"

#include <unistd.h>

#include <cmath>
#include <iostream>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "runners/reports/report.h"

namespace onnx_conform {
namespace {

// The progress line is redrawn at most this often (and after the last case).
constexpr double kRedrawSeconds = 0.1;

// "0:03", "17:20", "2:03:07".
std::string Clock(double seconds) {
  const int64_t s = static_cast<int64_t>(std::llround(std::max(0.0, seconds)));
  if (s >= 3600) return absl::StrFormat("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  return absl::StrFormat("%d:%02d", s / 60, s % 60);
}

absl::string_view ColourCode(CaseStatus status) {
  switch (status) {
    case CaseStatus::kPass: return "32";  // green
    case CaseStatus::kFail:
    case CaseStatus::kError:
    case CaseStatus::kCrash:
    case CaseStatus::kTimeout:
    case CaseStatus::kXpass: return "1;31";  // bold red
    case CaseStatus::kDivergent:
    case CaseStatus::kXfail: return "36";  // cyan
    case CaseStatus::kUnsupported:
    case CaseStatus::kInvalid: return "33";  // yellow
  }
  return "0";
}

}  // namespace

ConsoleStyle ChooseConsoleStyle(absl::string_view mode, bool stdout_terminal, bool stderr_terminal,
                                const char* no_color) {
  ConsoleStyle style;
  style.progress = mode == "always" || (mode == "auto" && stdout_terminal && stderr_terminal);
  style.colour = style.progress && (no_color == nullptr || no_color[0] == '\0');
  return style;
}

bool IsTerminal(const std::ostream& stream) {
  if (stream.rdbuf() == std::cout.rdbuf()) return isatty(STDOUT_FILENO) == 1;
  if (stream.rdbuf() == std::cerr.rdbuf()) return isatty(STDERR_FILENO) == 1;
  return false;
}

std::string ProgressText(size_t done, size_t total, double elapsed_seconds, int failed) {
  std::string text = absl::StrCat("[", done, "/", total, "] ", Clock(elapsed_seconds), " elapsed");
  if (done > 0 && done < total) {
    const double left = elapsed_seconds / static_cast<double>(done) * (total - done);
    absl::StrAppend(&text, ", ETA ", Clock(left));
  }
  if (failed > 0) absl::StrAppend(&text, ", ", failed, " failed");
  return text;
}

std::string ColouredLine(const std::string& line, CaseStatus status) {
  const size_t word = StatusName(status).size();
  if (!absl::StartsWith(line, StatusName(status))) return line;
  return absl::StrCat("\x1b[", ColourCode(status), "m", line.substr(0, word), "\x1b[0m",
                      line.substr(word));
}

RunProgress::RunProgress(size_t total, ConsoleStyle style, bool quiet, std::ostream& out,
                         std::ostream& err)
    : total_(total),
      style_(style),
      quiet_(quiet),
      out_(out),
      err_(err),
      start_(std::chrono::steady_clock::now()),
      drawn_at_(start_) {}

void RunProgress::CaseEnded(const CaseResult& result, bool fails_run) {
  ++done_;
  failed_ += fails_run;
  const bool shown = style_.progress ? fails_run
                                     : !quiet_ || (result.status != CaseStatus::kPass &&
                                                   result.status != CaseStatus::kUnsupported);
  if (shown) {
    Clear();
    const std::string line = ConsoleLine(result);
    out_ << (style_.colour ? ColouredLine(line, result.status) : line) << std::endl;
  }
  Draw(/*force=*/shown || done_ == total_);
}

void RunProgress::Finish() { Clear(); }

void RunProgress::Draw(bool force) {
  if (!style_.progress) return;
  const auto now = std::chrono::steady_clock::now();
  if (!force && drawn_ && std::chrono::duration<double>(now - drawn_at_).count() < kRedrawSeconds) {
    return;
  }
  // \r and erase to the end of the line: the line is rewritten in place.
  err_ << "\r"
       << ProgressText(done_, total_, std::chrono::duration<double>(now - start_).count(), failed_)
       << "\x1b[K" << std::flush;
  drawn_ = true;
  drawn_at_ = now;
}

void RunProgress::Clear() {
  if (!drawn_) return;
  err_ << "\r\x1b[K" << std::flush;
  drawn_ = false;
}

}  // namespace onnx_conform
