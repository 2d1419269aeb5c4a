#include "runners/reports/report_facts.h"

#include <time.h>

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"

namespace onnx_conform {

std::string ReportDate(std::chrono::system_clock::time_point when) {
  const time_t seconds = std::chrono::system_clock::to_time_t(when);
  struct tm utc {};
  gmtime_r(&seconds, &utc);
  char text[32];
  return strftime(text, sizeof(text), "%Y-%m-%d %H:%M UTC", &utc) == 0 ? "" : text;
}

std::string CommandLineText(const std::vector<std::string>& words) {
  std::vector<std::string> quoted;
  for (const std::string& word : words) {
    const bool plain = !word.empty() && word.find_first_not_of(
                                            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789-_./=:,+@%") == std::string::npos;
    quoted.push_back(plain ? word
                           : absl::StrCat("'", absl::StrReplaceAll(word, {{"'", "'\\''"}}), "'"));
  }
  return absl::StrJoin(quoted, " ");
}

std::string RuntimesOf(const std::vector<CaseResult>& results) {
  std::set<std::string> runtimes;
  for (const CaseResult& r : results) {
    if (!r.runtime.empty()) runtimes.insert(r.runtime);
  }
  return absl::StrJoin(runtimes, ", ");
}

std::string CommandLineGist(const std::string& command_line) {
  constexpr size_t kGistChars = 200;
  if (command_line.size() <= kGistChars) return command_line;
  size_t cut = command_line.rfind(' ', kGistChars);
  if (cut == std::string::npos || cut == 0) cut = kGistChars;
  return absl::StrCat(command_line.substr(0, cut), " … (the whole command is in the JSON report)");
}

std::string FactsText(const PageFacts& facts, const std::vector<CaseResult>& results) {
  std::vector<std::string> parts;
  if (!facts.suite_version.empty())
    parts.push_back(absl::StrCat("onnx-conform ", facts.suite_version));
  if (const std::string runtimes = RuntimesOf(results); !runtimes.empty()) {
    parts.push_back(absl::StrCat("runtime ", runtimes));
  }
  if (!facts.run_date.empty()) parts.push_back(facts.run_date);
  if (!facts.command_line.empty()) parts.push_back(CommandLineGist(facts.command_line));
  return absl::StrJoin(parts, " · ");
}

}  // namespace onnx_conform
