// An expectation file (ExpectationList::Parse, re: lines compiled by RE2)
// and the same bytes as a profile (Profile::Parse): never a crash or a
// hang; what parses must find, for each name tried, the first line that
// matches it.
#include <string>

#include "fuzz/fuzz_targets.h"
#include "runners/harness/expectations.h"

namespace onnx_conform::fuzz {

int FuzzExpectations(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  (void)Profile::Parse(text, "fuzz.profile");
  absl::StatusOr<ExpectationList> list = ExpectationList::Parse(text, "fuzz.expect");
  if (!list.ok()) return 0;
  for (const std::string name : {"min_v13_float_nan", "test_argmin_default_axis_example",
                                 "clip_v1_double_unequal_shapes", "", "x_x_x_x_x_x_x_x_x_y"}) {
    const Expectation* first = nullptr;
    for (const Expectation& e : list->entries()) {
      (void)e.Describe();
      if (first == nullptr && e.Matches(name)) first = &e;
    }
    if (list->Find(name) != first) FuzzFinding("Find did not give the first matching line");
  }
  return 0;
}

}  // namespace onnx_conform::fuzz
