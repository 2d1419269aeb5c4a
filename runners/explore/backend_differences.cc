// Two backends' outputs compared (runners/explore/backend_differences.h).
#include "runners/explore/backend_differences.h"

#include <mutex>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "runners/harness/diff.h"
#include "runners/harness/verdict.h"

namespace onnx_conform {

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
      const absl::string_view kind = ValueKindAt(a[k], i);
      if (ElementBitsAt(a[k], i) == ElementBitsAt(b[k], i) ||
          (kind == "nan" && ValueKindAt(b[k], i) == "nan") ||
          (kind == "zero" && ValueKindAt(b[k], i) == "zero" && !classes.empty() &&
           classes[i] == MatchClass::kEitherZero)) {
        continue;
      }
      if (++differing <= 3) {
        shown.push_back(absl::StrCat(IndexText(a[k].shape(), i), " ", FormatElement(a[k], i),
                                     " vs ", FormatElement(b[k], i)));
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
