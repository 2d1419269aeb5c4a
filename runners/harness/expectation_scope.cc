#include "runners/harness/expectation_scope.h"

#include <map>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/registry.h"

namespace onnx_conform {
namespace {

// The suite's operators a pattern names: lower-case letter runs of the
// pattern equal to an operator's name ("re:^(min|clip)_v1" names Min, Clip).
std::set<std::string> NamedOperators(const std::string& pattern) {
  std::map<std::string, std::string> by_token;
  for (absl::string_view op : RegisteredOperators()) {
    by_token[absl::AsciiStrToLower(op)] = std::string(op);
  }
  std::set<std::string> named;
  std::string run;
  for (size_t i = 0; i <= pattern.size(); ++i) {
    if (i < pattern.size() && absl::ascii_isalpha(static_cast<unsigned char>(pattern[i]))) {
      run += absl::ascii_tolower(static_cast<unsigned char>(pattern[i]));
      continue;
    }
    auto it = by_token.find(run);
    if (it != by_token.end()) named.insert(it->second);
    run.clear();
  }
  return named;
}

std::string Where(const Expectation& e) {
  return absl::StrCat(e.file, ":", e.line, ": '", e.pattern, "'");
}

// Up to three names, then "and N more".
std::string Examples(const std::vector<std::string>& names) {
  constexpr size_t kShown = 3;
  std::vector<std::string> shown(names.begin(), names.begin() + std::min(kShown, names.size()));
  std::string text = absl::StrJoin(shown, ", ");
  if (names.size() > kShown) absl::StrAppend(&text, " and ", names.size() - kShown, " more");
  return text;
}

}  // namespace

std::vector<std::string> CheckPatternScope(const ExpectationList& expectations,
                                           const std::vector<CaseIdentity>& cases, bool whole_set) {
  const std::vector<Expectation>& lines = expectations.entries();
  // For each case, the index of the first line matching it.
  std::vector<size_t> first_match(cases.size(), lines.size());
  std::vector<std::vector<size_t>> matched(lines.size());
  for (size_t c = 0; c < cases.size(); ++c) {
    for (size_t l = 0; l < lines.size(); ++l) {
      if (!lines[l].Matches(cases[c].name, cases[c].path)) continue;
      matched[l].push_back(c);
      if (first_match[c] == lines.size()) first_match[c] = l;
    }
  }
  std::vector<std::string> warnings;
  for (size_t l = 0; l < lines.size(); ++l) {
    const Expectation& e = lines[l];
    if (matched[l].empty()) continue;
    // A line that is one case's whole name names that case, whatever
    // operator words its name holds (test_shape_clip_end is a Shape test).
    const bool exact_name = matched[l].size() == 1 && cases[matched[l][0]].name == e.pattern;
    const std::set<std::string> named =
        exact_name ? std::set<std::string>() : NamedOperators(e.pattern);
    std::map<std::string, std::vector<std::string>> unnamed_by_op;
    std::vector<std::string> valid, negative;
    std::set<size_t> earlier;
    for (size_t c : matched[l]) {
      const CaseIdentity& identity = cases[c];
      if (!named.empty() && !identity.op.empty() && !named.count(identity.op)) {
        unnamed_by_op[identity.op].push_back(identity.name);
      }
      (identity.negative ? negative : valid).push_back(identity.name);
      if (first_match[c] != l) earlier.insert(first_match[c]);
    }
    for (const auto& [op, names] : unnamed_by_op) {
      warnings.push_back(absl::StrCat(Where(e), " names ", absl::StrJoin(named, ", "),
                                      " but matches ", names.size(), " ", op,
                                      " case(s): ", Examples(names)));
    }
    if (!valid.empty() && !negative.empty()) {
      warnings.push_back(absl::StrCat(Where(e), " matches ", valid.size(), " valid case(s) (",
                                      Examples(valid), ") and ", negative.size(),
                                      " negative case(s) (", Examples(negative), ")"));
    }
    bool applies = false;
    for (size_t c : matched[l]) applies = applies || first_match[c] == l;
    if (whole_set && !applies) {
      std::vector<std::string> at;
      for (size_t before : earlier) at.push_back(absl::StrCat(lines[before].line));
      warnings.push_back(absl::StrCat(Where(e), " never applies: every case it matches (",
                                      matched[l].size(), ") is taken by line(s) ",
                                      absl::StrJoin(at, ", "), " first"));
    }
  }
  return warnings;
}

}  // namespace onnx_conform
