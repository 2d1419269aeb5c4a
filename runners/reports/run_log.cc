#include "runners/reports/run_log.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <map>
#include <optional>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "google/protobuf/util/json_util.h"
#include "runners/reports/output_file.h"
#include "runners/reports/report.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

// The exact bytes of a key written by EscapeNonUtf8(path, true), or nullopt
// when `key` is no such spelling (a lone backslash, a \x that is not two hex
// digits, an escape of a byte that needs none): such a key could name two
// folders, and a resumed case must never take another's verdict.
std::optional<std::string> PathFromKey(absl::string_view key) {
  std::string path;
  for (size_t i = 0; i < key.size(); ++i) {
    if (key[i] != '\\') {
      path.push_back(key[i]);
      continue;
    }
    if (i + 1 < key.size() && key[i + 1] == '\\') {
      path.push_back('\\');
      ++i;
      continue;
    }
    int byte = 0;
    if (i + 3 >= key.size() || key[i + 1] != 'x' || !absl::ascii_isxdigit(key[i + 2]) ||
        !absl::ascii_isxdigit(key[i + 3]) || !absl::SimpleHexAtoi(key.substr(i + 2, 2), &byte)) {
      return std::nullopt;
    }
    path.push_back(static_cast<char>(byte));
    i += 3;
  }
  if (EscapeNonUtf8(path, /*escape_backslash=*/true) != key) return std::nullopt;
  return path;
}

}  // namespace

std::string ResultToJsonLine(const CaseResult& result) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = false;
  options.always_print_primitive_fields = true;
  options.preserve_proto_field_names = true;
  // The path is the log's key: written so that it maps back to its bytes
  // (the reports' lossy \xNN alone would give "case_\xff" spelled out and
  // the byte 0xFF one key).
  CaseResult keyed = result;
  keyed.path = EscapeNonUtf8(result.path, /*escape_backslash=*/true);
  std::string json;
  (void)google::protobuf::util::MessageToJsonString(ToCaseReport(keyed), &json, options);
  return json;
}

absl::StatusOr<CaseResult> ResultFromJsonLine(absl::string_view line) {
  report::CaseReport report;
  const auto parsed = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(line.data(), line.size()), &report);
  if (!parsed.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("not a case result: ", parsed.message().as_string()));
  }
  if (report.name().empty() || report.path().empty()) {
    return absl::InvalidArgumentError("not a case result: no name or path");
  }
  absl::StatusOr<CaseResult> result = FromCaseReport(report);
  if (!result.ok()) return result.status();
  std::optional<std::string> path = PathFromKey(report.path());
  if (!path.has_value()) {
    return absl::InvalidArgumentError(
        "not a case result: its path is ambiguous (a backslash that is not \\\\ or \\xNN "
        "of a byte that needs it); the case runs again");
  }
  result->path = *std::move(path);
  return result;
}

absl::StatusOr<std::unique_ptr<RunLog>> RunLog::Open(const std::filesystem::path& path,
                                                     const report::RunLogHeader* header) {
  // A new log starts as its header alone, written whole or not at all.
  struct stat info;
  const bool exists = lstat(path.c_str(), &info) == 0;
  if (header != nullptr && (!exists || (S_ISREG(info.st_mode) && info.st_size == 0))) {
    google::protobuf::util::JsonPrintOptions options;
    options.always_print_primitive_fields = true;
    options.preserve_proto_field_names = true;
    std::string line;
    (void)google::protobuf::util::MessageToJsonString(*header, &line, options);
    if (absl::Status status = WriteTextFile(path, line + "\n"); !status.ok()) return status;
  }
  // A regular file only, opened without blocking (docs/security.md).
  absl::StatusOr<int> opened = OpenRegularFileForWriting(path);
  if (!opened.ok()) return opened.status();
  const int fd = *opened;
  std::unique_ptr<RunLog> log(new RunLog(fd, path));
  // Close a line a killed run left unfinished.
  const int reader = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (reader >= 0) {
    char last = '\n';
    const off_t size = lseek(reader, 0, SEEK_END);
    if (size > 0 && pread(reader, &last, 1, size - 1) == 1 && last != '\n') {
      absl::Status status = WriteAll(fd, "\n", path);
      if (!status.ok()) {
        close(reader);
        return status;
      }
    }
    close(reader);
  }
  return log;
}

RunLog::~RunLog() { close(fd_); }

absl::Status RunLog::Append(const CaseResult& result) {
  const std::string line = ResultToJsonLine(result) + "\n";
  std::lock_guard<std::mutex> lock(mutex_);
  return WriteAll(fd_, line, path_);
}

absl::Status CheckRunLogHeader(const std::filesystem::path& path,
                               const report::RunLogHeader& logged,
                               const report::RunLogHeader& expected) {
  std::vector<std::string> differences;
  auto compare = [&](absl::string_view what, const std::string& was, const std::string& now) {
    if (was != now)
      differences.push_back(absl::StrCat(what, " '", was, "' (this run: '", now, "')"));
  };
  compare("backend", logged.backend(), expected.backend());
  compare("adapter", logged.adapter(), expected.adapter());
  compare("runtime", logged.runtime(), expected.runtime());
  compare("suite version", logged.suite_version(), expected.suite_version());
  compare("case set", absl::StrCat(logged.case_set(), ", ", logged.case_count(), " cases"),
          absl::StrCat(expected.case_set(), ", ", expected.case_count(), " cases"));
  // The contents judged the verdicts; the path is named, not compared.
  auto judged_by = [](const std::string& path, const std::string& content) {
    return path.empty() ? std::string("none") : absl::StrCat(path, " (", content, ")");
  };
  if (logged.expectations_content() != expected.expectations_content()) {
    differences.push_back(absl::StrCat(
        "expectations ", judged_by(logged.expectations(), logged.expectations_content()),
        " (this run: ", judged_by(expected.expectations(), expected.expectations_content()), ")"));
  }
  if (logged.profile_content() != expected.profile_content()) {
    differences.push_back(absl::StrCat(
        "profile ", judged_by(logged.profile(), logged.profile_content()),
        " (this run: ", judged_by(expected.profile(), expected.profile_content()), ")"));
  }
  if (differences.empty()) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrCat(
      path.string(), ": the log was made by another run: ", absl::StrJoin(differences, "; "),
      ". Resuming would mix their results: give another --log/--resume file, or run the same "
      "backend, adapter, selection of cases, expectation file and profile"));
}

absl::StatusOr<LoggedResults> ReadRunLog(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    return absl::NotFoundError(absl::StrCat(path.string(), ": no such file"));
  }
  absl::StatusOr<std::string> text = ReadFileBytes(path);
  if (!text.ok()) return text.status();
  LoggedResults logged;
  std::map<std::string, size_t> index_by_path;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(*text, '\n')) {
    ++number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) continue;
    if (absl::StrContains(line, "\"onnx_conform_run_log\"")) {
      report::RunLogHeader header;
      if (google::protobuf::util::JsonStringToMessage(
              google::protobuf::StringPiece(line.data(), line.size()), &header)
              .ok()) {
        if (!logged.header.has_value()) logged.header = header;
        continue;
      }
    }
    absl::StatusOr<CaseResult> result = ResultFromJsonLine(line);
    if (!result.ok()) {
      logged.skipped.push_back(
          absl::StrCat(path.string(), ":", number, ": ", result.status().message()));
      continue;
    }
    auto [it, inserted] = index_by_path.try_emplace(result->path, logged.results.size());
    if (inserted) {
      logged.results.push_back(*std::move(result));
    } else {
      logged.results[it->second] = *std::move(result);
    }
  }
  return logged;
}

}  // namespace onnx_conform
