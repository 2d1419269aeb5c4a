#include "checker/readings.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace onnx_conform {
namespace {

// Each reading, named once; the schemas say which operator versions it
// applies to (checker/*_schema.cc). docs/semantics.md quotes these lines.
const ReadingInfo kReadings[] = {
    {Reading::kMinNaNIgnored, "min-nan-ignored",
     "a quiet NaN operand is ignored unless every operand is NaN, a signalling NaN gives NaN "
     "(IEEE minNum, C fmin)",
     "a NaN operand gives NaN (NaN propagates, numpy.minimum)"},
    {Reading::kArgMinNaNUnordered, "argmin-nan-unordered",
     "every comparison with NaN is false: scanning from the first index, a NaN is never taken "
     "and a NaN at the first index is never left",
     "NaN counts as the smallest value: the first NaN's index (the last with "
     "select_last_index = 1), as numpy.argmin"},
    {Reading::kClipMissingBoundSkipped, "clip-missing-bound-skipped",
     "a missing bound clips nothing, so -inf and +inf pass through",
     "a missing bound is lowest()/max(), so -inf and +inf are clipped to them (the texts' "
     "summary)"},
    {Reading::kClip1LimitsOfT, "clip1-limits-of-t",
     "Clip-1's missing bounds are T's lowest()/max() (float16: -65504/65504; double: "
     "-1.8e308/1.8e308)",
     "Clip-1's missing bounds are float's lowest()/max() converted to T, as Clip-6 prints them"},
    {Reading::kClipNaNBoundIgnored, "clip-nan-bound-ignored",
     "a NaN bound clips nothing on its side (every comparison with NaN is false)",
     "a NaN bound makes every number NaN (numpy.clip)"},
    {Reading::kClipInvertedBoundsGiveMin, "clip-inverted-bounds-give-min",
     "min > max gives min everywhere (Max(min, Min(input, max)))",
     "min > max gives max everywhere (Min(max, Max(input, min)), the rule Clip-13 states)"},
    {Reading::kClipInvertedBoundsMinFirst, "clip-inverted-bounds-min-first",
     "min > max: an element below min becomes min, any other max (x < min ? min : x > max ? "
     "max : x)",
     "min > max gives max everywhere (Min(max, Max(input, min)), the rule Clip-13 states)"},
    {Reading::kMaxNaNIgnored, "max-nan-ignored",
     "a quiet NaN operand is ignored unless every operand is NaN, a signalling NaN gives NaN "
     "(IEEE maxNum, C fmax)",
     "a NaN operand gives NaN (NaN propagates, numpy.maximum)"},
    {Reading::kArgMaxNaNUnordered, "argmax-nan-unordered",
     "every comparison with NaN is false: scanning from the first index, a NaN is never taken "
     "and a NaN at the first index is never left",
     "NaN counts as the largest value: the first NaN's index (the last with "
     "select_last_index = 1), as numpy.argmax"},
    {Reading::kReluNaNGivesZero, "relu-nan-gives-zero",
     "Relu of NaN is 0 (x > 0 ? x : 0; fmax(x, 0); Relu-14's body Max(X, 0) under "
     "max-nan-ignored)",
     "Relu of NaN is NaN (max(0, x) with NaN propagating, as Max; numpy.maximum, "
     "onnx.reference)"},
};

}  // namespace

const ReadingInfo& InfoOf(Reading reading) {
  for (const ReadingInfo& info : kReadings) {
    if (info.reading == reading) return info;
  }
  std::abort();  // every enumerator has a row above
}

absl::string_view ReadingName(Reading reading) { return InfoOf(reading).name; }

std::vector<Reading> ReadingSet::readings() const {
  std::vector<Reading> found;
  for (Reading r : kAllReadings) {
    if (Has(r)) found.push_back(r);
  }
  return found;
}

std::string ReadingSet::Name() const {
  if (empty()) return "reference";
  return absl::StrJoin(readings(), "+",
                       [](std::string* out, Reading r) { absl::StrAppend(out, ReadingName(r)); });
}

}  // namespace onnx_conform
