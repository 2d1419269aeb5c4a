// NormalisedCause (runners/reports/combined_scoreboard.h): six passes over
// the message's first detail, each a left-to-right scan that replaces what
// one regular expression of the former implementation matched (given as its
// comment; runners/reports/normalised_cause_test.cc holds them as the
// oracle). Linear time and constant stack whatever the message's length:
// std::regex recursed once per character, and a report run wrote (a 40 KB
// output name) crashed `merge`.
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "runners/reports/combined_scoreboard.h"
#include "runners/reports/report.h"
#include "runners/reports/scoreboard.h"

namespace onnx_conform {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsWordChar(char c) { return IsAsciiLetter(c) || IsDigit(c) || c == '_'; }
size_t SkipDigits(absl::string_view text, size_t at) {
  while (at < text.size() && IsDigit(text[at])) ++at;
  return at;
}

// test_data_set_\d+ -> test_data_set_#
std::string DataSetNumbers(absl::string_view text) {
  constexpr absl::string_view kPrefix = "test_data_set_";
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (absl::StartsWith(text.substr(i), kPrefix) && i + kPrefix.size() < text.size() &&
        IsDigit(text[i + kPrefix.size()])) {
      out.append(kPrefix.data(), kPrefix.size());
      out.push_back('#');
      i = SkipDigits(text, i + kPrefix.size());
    } else {
      out.push_back(text[i++]);
    }
  }
  return out;
}

// A quoted run: `open` at `at`, through the next `close`; its end (one past
// the closing quote), or npos when it is not closed.
size_t QuotedEnd(absl::string_view text, size_t at, char quote) {
  const size_t close = text.find(quote, at + 1);
  return close == absl::string_view::npos ? close : close + 1;
}

// (^|[^A-Za-z])'[^']*' -> $1'…'   (a quote after a letter is an apostrophe)
std::string SingleQuoted(absl::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    size_t end = absl::string_view::npos;
    if (i == 0 && text[0] == '\'') end = QuotedEnd(text, 0, '\'');
    if (end != absl::string_view::npos) {
      out.append("'…'");
      i = end;
      continue;
    }
    if (!IsAsciiLetter(text[i]) && i + 1 < text.size() && text[i + 1] == '\'') {
      end = QuotedEnd(text, i + 1, '\'');
      if (end != absl::string_view::npos) {
        out.push_back(text[i]);
        out.append("'…'");
        i = end;
        continue;
      }
    }
    out.push_back(text[i++]);
  }
  return out;
}

// "[^"]*" -> "…"
std::string DoubleQuoted(absl::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const size_t end = text[i] == '"' ? QuotedEnd(text, i, '"') : absl::string_view::npos;
    if (end != absl::string_view::npos) {
      out.append("\"…\"");
      i = end;
    } else {
      out.push_back(text[i++]);
    }
  }
  return out;
}

// [^\s:,()'"]*/[^\s:,()'"]* -> <path>: a run of such characters holding a '/'.
std::string Paths(absl::string_view text) {
  auto in_path = [](char c) {
    return !absl::ascii_isspace(static_cast<unsigned char>(c)) &&
           absl::string_view(":,()'\"").find(c) == absl::string_view::npos;
  };
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (!in_path(text[i])) {
      out.push_back(text[i++]);
      continue;
    }
    size_t end = i;
    while (end < text.size() && in_path(text[end])) ++end;
    const absl::string_view run = text.substr(i, end - i);
    if (absl::StrContains(run, '/')) {
      out.append("<path>");
    } else {
      out.append(run.data(), run.size());
    }
    i = end;
  }
  return out;
}

// The length of nan|inf|infinity (any case) at `at` followed by a word
// boundary, tried in that order; 0 when none.
size_t NonFiniteAt(absl::string_view text, size_t at) {
  for (absl::string_view word : {"nan", "inf", "infinity"}) {
    if (at + word.size() <= text.size() &&
        absl::EqualsIgnoreCase(text.substr(at, word.size()), word) &&
        (at + word.size() == text.size() || !IsWordChar(text[at + word.size()]))) {
      return word.size();
    }
  }
  return 0;
}

// A decimal number at `at`: \d+\.?\d*|\.\d+, then ([eE][-+]?\d+)?; its
// length, 0 when none.
size_t NumberAt(absl::string_view text, size_t at) {
  size_t end = SkipDigits(text, at);
  if (end > at) {
    if (end < text.size() && text[end] == '.') end = SkipDigits(text, end + 1);
  } else if (at + 1 < text.size() && text[at] == '.' && IsDigit(text[at + 1])) {
    end = SkipDigits(text, at + 1);
  } else {
    return 0;
  }
  if (end < text.size() && (text[end] == 'e' || text[end] == 'E')) {
    size_t digits = end + 1;
    if (digits < text.size() && (text[digits] == '-' || text[digits] == '+')) ++digits;
    const size_t exponent_end = SkipDigits(text, digits);
    if (exponent_end > digits) end = exponent_end;
  }
  return end - at;
}

// (^|[^EXCLUDED])[-+]?VALUE -> $1#, VALUE as `value_at` finds it: at the
// start, or after a character that is not `excluded`.
template <typename Excluded, typename ValueAt>
std::string SignedValues(absl::string_view text, Excluded excluded, ValueAt value_at) {
  // The value after an optional sign at `at` (the sign first, as [-+]? is
  // greedy); the end of the match, or 0.
  auto signed_value_end = [&](size_t at) -> size_t {
    if (at < text.size() && (text[at] == '-' || text[at] == '+')) {
      if (const size_t n = value_at(text, at + 1); n > 0) return at + 1 + n;
    }
    const size_t n = value_at(text, at);
    return n > 0 ? at + n : 0;
  };
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (i == 0) {
      if (const size_t end = signed_value_end(0); end > 0) {
        out.push_back('#');
        i = end;
        continue;
      }
    }
    if (!excluded(text[i])) {
      if (const size_t end = signed_value_end(i + 1); end > 0) {
        out.push_back(text[i]);
        out.push_back('#');
        i = end;
        continue;
      }
    }
    out.push_back(text[i++]);
  }
  return out;
}

}  // namespace

std::string NormalisedCause(const CaseResult& result) {
  std::string text = DataSetNumbers(ForTerminal(FirstDetail(result), /*keep_newlines=*/false));
  text = Paths(DoubleQuoted(SingleQuoted(text)));
  // (^|[^A-Za-z_])[-+]?(nan|inf|infinity)\b, any case -> $1#
  text = SignedValues(
      text, [](char c) { return IsAsciiLetter(c) || c == '_'; }, NonFiniteAt);
  // (^|[^A-Za-z_\d.])[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)? -> $1#
  return SignedValues(
      text, [](char c) { return IsWordChar(c) || c == '.'; }, NumberAt);
}

}  // namespace onnx_conform
