// What a run is told to expect of a backend: an expectation file (known
// gaps, `--expectations=FILE`) and a profile (what the backend claims to
// support, `--profile=FILE`). Both turn a raw status into the reported one.
//
// Expectation file, one case-name pattern per line (docs/backend-protocol.md):
//   # comments and blank lines are ignored
//   test_min_int16              unsupported  no int16 Min kernel
//   re:^test_argmin_.*nan       fail         ArgMin never selects NaN
//   clip_v13_*_nan_bound        fail,divergent  NaN bound ignored
// PATTERN is a glob over the case name (* ? [...], as fnmatch); after
// "re:", an RE2 regular expression (runners/harness/user_regex.h) that must
// match the whole name; or, after "name:", the exact name, each byte as
// itself or as \xHH (a blank, a control byte, a backslash, a byte that is
// not ASCII: what `run --write-expectations` writes for a name a glob cannot
// spell, since RE2 matches only UTF-8). A glob or name: pattern holding
// '/' names a case by its last folders ("b/x": the case x in a folder b),
// for cases of one name under several roots; re: matches the name alone.
// STATUS is one or more of fail invalid unsupported divergent error crash
// timeout, comma-separated; `flaky` among them makes the line a may-fail
// one: a pass stays a pass instead of xpass (`flaky` alone: fail, error,
// crash or timeout may happen). REASON (the rest of the line) is required.
// The first line that matches a case applies.
//
// Profile, one line per operator:
//   # OPERATOR  VERSIONS     TYPES
//   Min         8,12,13      float,double,int32,int64
//   ArgMin      *            *
// VERSIONS are operator versions (Min-8, not opset 10) or *; TYPES are ONNX
// type names or *. A case is inside the profile when its operator version
// and every one of its types are claimed by some line.
//
//   absl::StatusOr<ExpectationList> e = ReadExpectationFile("ort.expect");
//   absl::StatusOr<Profile> p = ReadProfileFile("ort.profile");
//   ApplyExpectations(result, &*p, &*e);  // runners/harness/policy.h
#ifndef ONNX_CONFORM_RUNNERS_EXPECTATIONS_H_
#define ONNX_CONFORM_RUNNERS_EXPECTATIONS_H_

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "runners/harness/case_result.h"
#include "runners/harness/user_regex.h"
#include "tensor/element_type.h"

namespace onnx_conform {

struct Expectation {
  std::string pattern;  // as written, "re:" included
  std::vector<CaseStatus> statuses;
  bool flaky = false;  // may fail: a pass is not an xpass
  std::string reason;
  std::string file;
  int line = 0;

  // `case_path` (the case folder, as given) is read only by a pattern that
  // names folders: without it such a pattern matches nothing.
  bool Matches(const std::string& case_name, const std::string& case_path = "") const;
  // "FILE:LINE: fail: REASON".
  std::string Describe() const;

  // Internal: the compiled pattern of a re: line; the bytes of a name: one.
  std::optional<UserRegex> regex;
  std::optional<std::string> exact;
  int folders = 0;  // the folders above the case a glob or name: line names
};

class ExpectationList {
 public:
  // InvalidArgument naming `file` and the line for a malformed line.
  static absl::StatusOr<ExpectationList> Parse(absl::string_view text, absl::string_view file);

  // The first line matching the case, or nullptr.
  const Expectation* Find(const std::string& case_name, const std::string& case_path = "") const;
  const std::vector<Expectation>& entries() const { return entries_; }

 private:
  std::vector<Expectation> entries_;
};

// The expectation file `run --write-expectations` writes: every result that
// did not pass, one line each, its exact name as the pattern (a glob of its
// plain characters, else a name: of escaped bytes), the status it had before
// any expectation file applied, and its cause (the failure signature; else
// the message's first line) as the reason. A run judged by it turns each
// into xfail. A name that several results share (cases of one name under
// several roots) is written with as many of its last folders as tell its
// case from the others ("b/x"), and a comment says so. `header` becomes
// the opening comment lines.
std::string ExpectationFileFor(const std::vector<CaseResult>& results, absl::string_view header);

// The pattern that matches exactly `case_name` and nothing else, whatever
// its bytes: the name itself when it is plain ([A-Za-z0-9_.+=,-], no
// leading '#'), else "name:" and its bytes, escaped as \xHH but for
// printable ASCII. `folders`, when given, are the folders above the case
// (outermost first), written before the name, each followed by '/'.
std::string ExactPattern(absl::string_view case_name, const std::vector<std::string>& folders = {});

// NotFound / DataLoss for a missing or unreadable file; Parse's errors.
// `content`, when given, gets the bytes parsed (the run log records their hash).
absl::StatusOr<ExpectationList> ReadExpectationFile(const std::filesystem::path& path,
                                                    std::string* content = nullptr);

class Profile {
 public:
  // InvalidArgument naming `file` and the line for a malformed line, an
  // operator or version the suite does not know, or an unknown type name.
  static absl::StatusOr<Profile> Parse(absl::string_view text, absl::string_view file);

  // Whether the profile claims (op, version) for every one of `types`
  // (comma-separated ONNX names, as in CaseResult::types). Nothing is claimed
  // for an unknown version (0) or an empty type list.
  bool Claims(const std::string& op, int64_t version, const std::string& types) const;
  // "FILE:LINE" of the line claiming (op, version, type), or "".
  std::string WhereClaimed(const std::string& op, int64_t version, const std::string& type) const;

 private:
  struct Line {
    std::string op;
    std::vector<int64_t> versions;   // empty: every version
    std::vector<ElementType> types;  // empty: every type
    std::string where;
  };
  const Line* FindLine(const std::string& op, int64_t version, const std::string& type) const;
  std::vector<Line> lines_;
};

absl::StatusOr<Profile> ReadProfileFile(const std::filesystem::path& path,
                                        std::string* content = nullptr);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_EXPECTATIONS_H_
