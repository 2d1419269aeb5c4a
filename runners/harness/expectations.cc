#include "runners/harness/expectations.h"

#include <fnmatch.h>

#include <algorithm>
#include <map>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "checker/registry.h"
#include "runners/harness/policy.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

absl::Status LineError(absl::string_view file, int line, absl::string_view message) {
  return absl::InvalidArgumentError(absl::StrCat(file, ":", line, ": ", message));
}

// The next blank-separated field of `rest`, removed from it.
absl::string_view NextField(absl::string_view& rest) {
  rest = absl::StripLeadingAsciiWhitespace(rest);
  size_t end = 0;
  while (end < rest.size() && !absl::ascii_isspace(static_cast<unsigned char>(rest[end]))) ++end;
  absl::string_view field = rest.substr(0, end);
  rest.remove_prefix(end);
  return field;
}

// Calls `parse_line(number, content)` for each line that is not blank or a
// comment; stops at the first error.
template <typename ParseLine>
absl::Status ForEachLine(absl::string_view text, ParseLine parse_line) {
  int number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    absl::Status status = parse_line(number, line);
    if (!status.ok()) return status;
  }
  return absl::OkStatus();
}

// The bytes a name: pattern spells: each byte as itself, \xHH for any
// byte; a backslash starts an escape. Empty or a broken escape: why not.
absl::StatusOr<std::string> ExactName(absl::string_view spelled) {
  std::string name;
  for (size_t i = 0; i < spelled.size(); ++i) {
    if (spelled[i] != '\\') {
      name.push_back(spelled[i]);
      continue;
    }
    int byte = 0;
    if (i + 3 >= spelled.size() || spelled[i + 1] != 'x' ||
        !absl::SimpleHexAtoi(spelled.substr(i + 2, 2), &byte) ||
        !absl::ascii_isxdigit(static_cast<unsigned char>(spelled[i + 2])) ||
        !absl::ascii_isxdigit(static_cast<unsigned char>(spelled[i + 3]))) {
      return absl::InvalidArgumentError(
          "a backslash in a name: pattern starts \\xHH, two hexadecimal digits (\\x5c is a "
          "backslash)");
    }
    name.push_back(static_cast<char>(byte));
    i += 3;
  }
  if (name.empty()) return absl::InvalidArgumentError("name: names no case");
  return name;
}

// The last `count` parts of `path` made absolute (the case's name last);
// empty when it has fewer.
std::vector<std::string> LastParts(const std::string& path, int count) {
  if (path.empty()) return {};
  std::error_code ec;
  std::filesystem::path normal = std::filesystem::absolute(path, ec).lexically_normal();
  if (ec) return {};
  if (!normal.has_filename()) normal = normal.parent_path();  // "x/" is x
  std::vector<std::string> parts;
  for (; static_cast<int>(parts.size()) < count && normal.has_filename();
       normal = normal.parent_path()) {
    parts.push_back(normal.filename().string());
  }
  if (static_cast<int>(parts.size()) < count) return {};
  std::reverse(parts.begin(), parts.end());
  return parts;
}

absl::StatusOr<std::string> ReadText(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    return absl::NotFoundError(absl::StrCat(path.string(), ": no such file"));
  }
  return ReadFileBytes(path, int64_t{64} << 20);
}

}  // namespace

bool Expectation::Matches(const std::string& case_name, const std::string& case_path) const {
  if (regex.has_value()) return regex->FullMatch(case_name);
  std::string subject = case_name;
  if (folders > 0) {
    const std::vector<std::string> parts = LastParts(case_path, folders + 1);
    if (parts.empty()) return false;
    subject = absl::StrJoin(parts, "/");
  }
  if (exact.has_value()) return subject == *exact;
  return fnmatch(pattern.c_str(), subject.c_str(), 0) == 0;
}

std::string Expectation::Describe() const {
  std::vector<std::string> names;
  if (flaky) names.emplace_back("flaky");
  for (CaseStatus status : statuses) names.emplace_back(StatusName(status));
  return absl::StrCat(file, ":", line, ": ", absl::StrJoin(names, ","), ": ", reason);
}

absl::StatusOr<ExpectationList> ExpectationList::Parse(absl::string_view text,
                                                       absl::string_view file) {
  ExpectationList list;
  absl::Status status = ForEachLine(text, [&](int number, absl::string_view rest) {
    Expectation e;
    e.file = std::string(file);
    e.line = number;
    e.pattern = std::string(NextField(rest));
    const absl::string_view statuses = NextField(rest);
    e.reason = std::string(absl::StripAsciiWhitespace(rest));
    if (statuses.empty() || e.reason.empty()) {
      return LineError(file, number,
                       "expected 'PATTERN STATUS[,STATUS...] REASON' (the reason is required)");
    }
    absl::string_view regex_text(e.pattern), exact_text(e.pattern);
    if (absl::ConsumePrefix(&regex_text, "re:")) {
      absl::StatusOr<UserRegex> regex = UserRegex::Compile(regex_text);
      if (!regex.ok()) return LineError(file, number, regex.status().message());
      e.regex = *std::move(regex);
    } else if (absl::ConsumePrefix(&exact_text, "name:")) {
      absl::StatusOr<std::string> exact = ExactName(exact_text);
      if (!exact.ok()) return LineError(file, number, exact.status().message());
      e.exact = *std::move(exact);
    }
    if (!e.regex.has_value()) {
      const absl::string_view named = e.exact.has_value() ? *e.exact : e.pattern;
      for (absl::string_view part : absl::StrSplit(named, '/')) {
        if (part.empty()) {
          return LineError(file, number,
                           "a pattern with folders names each, then the case: 'folder/name', "
                           "with no empty part");
        }
      }
      e.folders = static_cast<int>(std::count(named.begin(), named.end(), '/'));
    }
    for (absl::string_view name : absl::StrSplit(statuses, ',')) {
      if (name == "flaky") {
        e.flaky = true;
        continue;
      }
      std::optional<CaseStatus> s = StatusFromName(name);
      if (!s.has_value() || *s == CaseStatus::kPass || *s == CaseStatus::kXfail ||
          *s == CaseStatus::kXpass) {
        return LineError(file, number,
                         absl::StrCat("'", name,
                                      "' is not an expected status (one of fail, "
                                      "invalid, unsupported, divergent, error, crash, timeout, "
                                      "flaky)"));
      }
      e.statuses.push_back(*s);
    }
    if (e.flaky && e.statuses.empty()) {
      e.statuses = {CaseStatus::kFail, CaseStatus::kError, CaseStatus::kCrash,
                    CaseStatus::kTimeout};
    }
    list.entries_.push_back(std::move(e));
    return absl::OkStatus();
  });
  if (!status.ok()) return status;
  return list;
}

const Expectation* ExpectationList::Find(const std::string& case_name,
                                         const std::string& case_path) const {
  for (const Expectation& e : entries_) {
    if (e.Matches(case_name, case_path)) return &e;
  }
  return nullptr;
}

absl::StatusOr<ExpectationList> ReadExpectationFile(const std::filesystem::path& path,
                                                    std::string* content) {
  absl::StatusOr<std::string> text = ReadText(path);
  if (!text.ok()) return text.status();
  if (content != nullptr) *content = *text;
  return ExpectationList::Parse(*text, path.string());
}

std::string ExactPattern(absl::string_view case_name, const std::vector<std::string>& folders) {
  const auto plain = [](absl::string_view part) {
    return !part.empty() && std::all_of(part.begin(), part.end(), [](char c) {
      return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ||
             c == '.' || c == '+' || c == '=' || c == ',';
    });
  };
  std::vector<absl::string_view> parts(folders.begin(), folders.end());
  parts.push_back(case_name);
  if (std::all_of(parts.begin(), parts.end(), plain) && parts.front()[0] != '#') {
    return absl::StrJoin(parts, "/");
  }
  // Not a glob (its metacharacters, and a blank, which would end the field)
  // nor an re: (RE2 matches only UTF-8, and a case name may be any bytes).
  std::string pattern = "name:";
  for (absl::string_view part : parts) {
    if (pattern.size() > 5) pattern.push_back('/');
    for (char c : part) {
      const unsigned char byte = static_cast<unsigned char>(c);
      if (byte > 0x20 && byte < 0x7F && c != '\\' && c != '/') {
        pattern.push_back(c);
      } else {
        absl::StrAppend(&pattern, "\\x", absl::Hex(byte, absl::kZeroPad2));
      }
    }
  }
  return pattern;
}

namespace {

// For each result, the folders above its case that tell it from every
// other result of the same name (none when its name is its own): the
// fewest last folders of its path that no other such path ends in.
std::vector<std::vector<std::string>> TellingFolders(const std::vector<CaseResult>& results) {
  std::map<std::string, std::vector<size_t>> by_name;
  for (size_t i = 0; i < results.size(); ++i) by_name[results[i].name].push_back(i);
  std::vector<std::vector<std::string>> folders(results.size());
  for (const auto& [name, same] : by_name) {
    if (same.size() < 2) continue;
    for (size_t i : same) {
      for (int count = 2;; ++count) {
        const std::vector<std::string> own = LastParts(results[i].path, count);
        const bool told = !own.empty() && std::none_of(same.begin(), same.end(), [&](size_t j) {
          return j != i && LastParts(results[j].path, count) == own;
        });
        // A path with no more folders (or the same path twice) keeps them all.
        if (told || LastParts(results[i].path, count + 1).empty()) {
          if (!own.empty()) folders[i].assign(own.begin(), own.end() - 1);
          break;
        }
      }
    }
  }
  return folders;
}

}  // namespace

std::string ExpectationFileFor(const std::vector<CaseResult>& results, absl::string_view header) {
  std::string text;
  for (absl::string_view line : absl::StrSplit(header, '\n'))
    absl::StrAppend(&text, "# ", line, "\n");
  const std::vector<std::vector<std::string>> folders = TellingFolders(results);
  if (std::any_of(folders.begin(), folders.end(), [](const auto& f) { return !f.empty(); })) {
    absl::StrAppend(&text,
                    "# Cases of one name lie under several folders here: a pattern with '/' "
                    "names its case by its\n# last folders (b/x is the case x in a folder b), a "
                    "name alone every case of that name.\n");
  }
  for (size_t i = 0; i < results.size(); ++i) {
    const CaseResult& r = results[i];
    const CaseStatus status = StatusBeforeExpectations(r);
    if (status == CaseStatus::kPass) continue;
    std::string reason = r.signature.Cause();
    if (r.signature.empty()) {
      std::vector<absl::string_view> lines = absl::StrSplit(r.message, '\n', absl::SkipEmpty());
      reason = lines.empty() ? std::string(StatusName(status)) : std::string(lines.front());
    }
    for (char& c : reason) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
    }
    absl::StrAppend(&text, ExactPattern(r.name, folders[i]), "  ", StatusName(status), "  ",
                    absl::StripAsciiWhitespace(reason), "\n");
  }
  return text;
}

absl::StatusOr<Profile> Profile::Parse(absl::string_view text, absl::string_view file) {
  Profile profile;
  absl::Status status = ForEachLine(text, [&](int number, absl::string_view rest) {
    Line line;
    line.where = absl::StrCat(file, ":", number);
    line.op = std::string(NextField(rest));
    const absl::string_view versions = NextField(rest);
    const absl::string_view types = NextField(rest);
    if (types.empty() || !absl::StripAsciiWhitespace(rest).empty()) {
      return LineError(file, number,
                       "expected 'OPERATOR VERSIONS TYPES' (lists comma-separated, "
                       "or *)");
    }
    const std::vector<const OpSchema*> known = SchemaVersions(line.op);
    if (known.empty()) {
      return LineError(file, number,
                       absl::StrCat("operator '", line.op, "' is not one the suite covers (",
                                    absl::StrJoin(RegisteredOperators(), ", "), ")"));
    }
    if (versions != "*") {
      for (absl::string_view v : absl::StrSplit(versions, ',')) {
        int version = 0;
        if (!absl::SimpleAtoi(v, &version) || FindSchemaVersion(line.op, version) == nullptr) {
          std::vector<int> valid;
          for (const OpSchema* schema : known) valid.push_back(schema->since_version());
          return LineError(file, number,
                           absl::StrCat("'", v, "' is not a version of ", line.op,
                                        " (versions: ", absl::StrJoin(valid, ", "), ")"));
        }
        line.versions.push_back(version);
      }
    }
    if (types != "*") {
      for (absl::string_view t : absl::StrSplit(types, ',')) {
        std::optional<ElementType> type = ElementTypeFromName(t);
        if (!type.has_value()) {
          return LineError(file, number, absl::StrCat("'", t, "' is not an ONNX type name"));
        }
        line.types.push_back(*type);
      }
    }
    profile.lines_.push_back(std::move(line));
    return absl::OkStatus();
  });
  if (!status.ok()) return status;
  return profile;
}

const Profile::Line* Profile::FindLine(const std::string& op, int64_t version,
                                       const std::string& type) const {
  std::optional<ElementType> element_type = ElementTypeFromName(type);
  if (!element_type.has_value() || version <= 0) return nullptr;
  for (const Line& line : lines_) {
    if (line.op != op) continue;
    if (!line.versions.empty() &&
        std::find(line.versions.begin(), line.versions.end(), version) == line.versions.end()) {
      continue;
    }
    if (!line.types.empty() &&
        std::find(line.types.begin(), line.types.end(), *element_type) == line.types.end()) {
      continue;
    }
    return &line;
  }
  return nullptr;
}

bool Profile::Claims(const std::string& op, int64_t version, const std::string& types) const {
  if (types.empty()) return false;
  for (absl::string_view type : absl::StrSplit(types, ',')) {
    if (FindLine(op, version, std::string(type)) == nullptr) return false;
  }
  return true;
}

std::string Profile::WhereClaimed(const std::string& op, int64_t version,
                                  const std::string& type) const {
  const Line* line = FindLine(op, version, type);
  return line == nullptr ? "" : line->where;
}

absl::StatusOr<Profile> ReadProfileFile(const std::filesystem::path& path, std::string* content) {
  absl::StatusOr<std::string> text = ReadText(path);
  if (!text.ok()) return text.status();
  if (content != nullptr) *content = *text;
  return Profile::Parse(*text, path.string());
}

}  // namespace onnx_conform
