#include "checker/readings.h"

#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace onnx_conform {
namespace {

// Each reading, named once in its operator's folder (ops/<family>/*_readings.h);
// the schemas say which operator versions it applies to. docs/semantics.md
// quotes these lines.
#define ONNX_CONFORM_READING_INFO(id, name, summary, reference) \
  {Reading::id, name, summary, reference},
#define SUITE_OPERATOR(Name, scenario, prefix) \
  ONNX_CONFORM_##Name##_READINGS(ONNX_CONFORM_READING_INFO)
const ReadingInfo kReadings[] = {
#include "ops/operators.def"
};
#undef ONNX_CONFORM_READING_INFO

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
