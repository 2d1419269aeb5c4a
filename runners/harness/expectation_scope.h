// Static checks that an expectation line is no broader than meant, made
// against the case set of a run before any verdict: a glob meant for one
// operator's cases that also catches another's (`*min*` catches ArgMin),
// a line that mixes valid cases with negative ones, a line that never
// applies because an earlier line takes every case it matches.
//
//   std::vector<std::string> w = CheckPatternScope(expectations, cases);
//   for (const std::string& line : w) std::cerr << "warning: " << line << "\n";
#ifndef ONNX_CONFORM_RUNNERS_EXPECTATION_SCOPE_H_
#define ONNX_CONFORM_RUNNERS_EXPECTATION_SCOPE_H_

#include <string>
#include <vector>

#include "runners/harness/expectations.h"

namespace onnx_conform {

// What the checks need to know of a case.
struct CaseIdentity {
  std::string name;
  std::string op;         // "Min"; "" when unknown (then no operator check)
  bool negative = false;  // a negative case (expects the model refused)
  std::string path;       // its folder, for a pattern that names folders ("b/x")
};

// One message per finding, "FILE:LINE: 'PATTERN' ...", in line order:
// - the pattern names an operator of the suite (a token "min", "argmin",
//   "clip" between non-letters) yet matches cases of an operator it does not
//   name;
// - the line matches valid and negative cases both (they fail for unrelated
//   reasons: a backend that computes wrongly, one that accepts a bad model);
// - every case the line matches is taken by an earlier line (first match
//   wins), so it never applies. Only when `whole_set`: in a part of the
//   cases (a shard, a filter) a line may apply elsewhere.
// Lines that match no case of the set are not reported: a file may cover
// cases run elsewhere (ONNX's official folder, another shard).
std::vector<std::string> CheckPatternScope(const ExpectationList& expectations,
                                           const std::vector<CaseIdentity>& cases,
                                           bool whole_set = true);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_EXPECTATION_SCOPE_H_
