// Failure signatures of explore's mismatches (runners/explore/signature.h).
#include "runners/explore/signature.h"

#include <algorithm>
#include <cstring>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "runners/explore/explore_case.h"
#include "runners/harness/diff.h"

namespace onnx_conform {
namespace {

uint64_t BitsAt(const Tensor& t, int64_t i) {
  uint64_t bits = 0;
  const size_t size = ElementSize(t.type());
  std::memcpy(&bits, t.bytes().data() + i * size, size);  // little-endian hosts only
  return bits;
}

bool IsNaNBits(const Tensor& t, int64_t i) { return ValueKindAt(t, i) == "nan"; }

// Element i of `actual` equals `expected`'s under its match class.
bool ElementMatches(const Tensor& expected, const MatchClasses& classes, const Tensor& actual,
                    int64_t i) {
  if (BitsAt(expected, i) == BitsAt(actual, i)) return true;
  const MatchClass match = classes.empty() ? MatchClass::kExactBits : classes[i];
  if (IsNaNBits(expected, i) || match == MatchClass::kAnyNaN) {
    return IsNaNBits(expected, i) && IsNaNBits(actual, i);
  }
  return match == MatchClass::kEitherZero && ValueKindAt(expected, i) == "zero" &&
         ValueKindAt(actual, i) == "zero";
}

// The readings (other than the expected outputs') element i of output k
// follows: the first such set's name, or empty.
std::string ReadingFollowed(const Explanation& e, size_t k, const Tensor& actual, int64_t i) {
  for (const ReadingOutputs& other : e.others) {
    if (other.outputs.size() <= k) continue;
    const ExplainedOutput& out = other.outputs[k];
    if (out.value.type() != actual.type() || out.value.shape() != actual.shape()) continue;
    if (ElementMatches(out.value, out.classes, actual, i)) return other.readings.Name();
  }
  return "";
}

std::string IndexText(const Tensor& t, int64_t i) {
  return absl::StrCat("[", absl::StrJoin(UnflattenIndex(t.shape(), i), ","), "]");
}

}  // namespace

std::string ValueKindAt(const Tensor& tensor, int64_t flat_index) {
  return ValueKindOf(tensor.type(), BitsAt(tensor, flat_index));
}

std::string SignatureOf(const Tensor& expected, const Tensor& actual, int64_t flat_index) {
  const std::string from = ValueKindAt(expected, flat_index);
  const uint64_t sign = uint64_t{1} << (ElementSize(expected.type()) * 8 - 1);
  if ((from == "zero" || from == "inf") &&
      (BitsAt(expected, flat_index) ^ BitsAt(actual, flat_index)) == sign) {
    return from + "-sign";
  }
  return from == "finite" ? "value" : "expected-" + from;
}

MismatchAnalysis AnalyseMismatch(const CheckedCase& c, const std::vector<Tensor>& actual,
                                 const OutputsJudgement& judgement) {
  MismatchAnalysis analysis;
  const std::vector<Tensor>& expected = c.data_sets.at(0).outputs;
  if (actual.size() != expected.size()) {
    analysis.signatures = {"output-count"};
  } else {
    for (size_t k = 0; k < actual.size(); ++k) {
      if (actual[k].type() != expected[k].type()) analysis.signatures.push_back("type");
      if (actual[k].shape() != expected[k].shape()) analysis.signatures.push_back("shape");
    }
  }
  if (!analysis.signatures.empty() || !judgement.only_values_differ) {
    if (analysis.signatures.empty()) analysis.signatures = {"shape"};
    analysis.detail = absl::StrJoin(judgement.problems, "; ");
    return analysis;
  }

  std::lock_guard<std::mutex> lock(c.mutex());
  const Explanation& e = c.explanation(0);
  const std::vector<std::string> names = OutputNames(*c.model, expected.size());
  std::set<std::string> signatures;
  std::vector<std::string> parts;
  for (size_t k = 0; k < actual.size(); ++k) {
    const MatchClasses* classes = nullptr;
    if (e.own.has_value() && e.own->outputs.size() > k) classes = &e.own->outputs[k].classes;
    std::vector<std::string> verdict, followers;
    int64_t differing = 0;
    for (int64_t i = 0; i < actual[k].element_count(); ++i) {
      if (ElementMatches(expected[k], classes ? *classes : MatchClasses{}, actual[k], i)) continue;
      ++differing;
      const std::string reading = ReadingFollowed(e, k, actual[k], i);
      if (!reading.empty()) {
        if (followers.size() < 2) {
          followers.push_back(absl::StrCat(IndexText(actual[k], i), " follows ", reading));
        }
        continue;
      }
      signatures.insert(SignatureOf(expected[k], actual[k], i));
      if (verdict.size() < 5) {
        verdict.push_back(absl::StrCat(IndexText(actual[k], i), " expected ",
                                       FormatElement(expected[k], i), ", got ",
                                       FormatElement(actual[k], i), " (follows no reading)"));
      }
    }
    if (differing == 0) continue;
    verdict.insert(verdict.end(), followers.begin(), followers.end());
    parts.push_back(absl::StrCat("output '", names[k], "': ", differing, " of ",
                                 actual[k].element_count(),
                                 " elements differ: ", absl::StrJoin(verdict, "; ")));
  }
  // Every differing element follows a reading, but no one reading explains
  // them all: the mix is the verdict.
  if (signatures.empty()) signatures.insert("reading-mix");
  analysis.signatures.assign(signatures.begin(), signatures.end());
  analysis.detail =
      parts.empty() ? absl::StrJoin(judgement.problems, "; ") : absl::StrJoin(parts, "; ");
  return analysis;
}

std::vector<std::string> BackendDifferences(const CheckedCase& c, const std::vector<Tensor>& a,
                                            const std::vector<Tensor>& b) {
  if (a.size() != b.size()) {
    return {absl::StrCat(a.size(), " outputs against ", b.size())};
  }
  std::vector<std::string> lines;
  const std::vector<std::string> names = OutputNames(*c.model, a.size());
  std::lock_guard<std::mutex> lock(c.mutex());
  const Explanation* e = c.data_sets.empty() ? nullptr : &c.explanation(0);
  for (size_t k = 0; k < a.size(); ++k) {
    if (a[k].type() != b[k].type() || a[k].shape() != b[k].shape()) {
      lines.push_back(absl::StrCat("output '", names[k], "': types or shapes differ"));
      continue;
    }
    MatchClasses classes;  // where the reference leaves a zero's sign open
    if (e != nullptr && e->own.has_value() && e->own->outputs.size() > k) {
      classes = e->own->outputs[k].classes;
    }
    if (classes.size() != static_cast<size_t>(a[k].element_count())) classes.clear();
    std::vector<std::string> shown;
    int64_t differing = 0;
    for (int64_t i = 0; i < a[k].element_count(); ++i) {
      const std::string kind = ValueKindAt(a[k], i);
      if (BitsAt(a[k], i) == BitsAt(b[k], i) || (kind == "nan" && ValueKindAt(b[k], i) == "nan") ||
          (kind == "zero" && ValueKindAt(b[k], i) == "zero" && !classes.empty() &&
           classes[i] == MatchClass::kEitherZero)) {
        continue;
      }
      if (++differing <= 3) {
        shown.push_back(absl::StrCat(IndexText(a[k], i), " ", FormatElement(a[k], i), " vs ",
                                     FormatElement(b[k], i)));
      }
    }
    if (differing > 0) {
      lines.push_back(absl::StrCat("output '", names[k], "': ", differing, " of ",
                                   a[k].element_count(),
                                   " elements differ: ", absl::StrJoin(shown, "; ")));
    }
  }
  return lines;
}

}  // namespace onnx_conform
