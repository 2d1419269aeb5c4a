// The failure signature of a case on a backend (CaseResult::signature,
// runners/harness/case_result.h): what the verdict found, as a cause that
// groups results in `run`'s scoreboards, `merge` and `explore`, whatever
// the values, counts and messages of each case.
//
//   OutputsJudgement j = JudgeOutputs(c, 0, actual, CaseTolerance(c));
//   FailureSignature s = SignatureOf(c, 0, actual, j);
//   s.Cause();  // "ArgMin: values: ignores select_last_index [select_last_index]"
//
// For outputs that differ, the rule is the first that explains them:
// 1. the backend follows other named readings (reference/readings.h):
//    "follows min-nan-ignored" (divergent);
// 2. the reference, run with one attribute the node sets removed (its
//    default, or none), gives the backend's outputs: "ignores keepdims";
// 3. how the values differ, by the expected element's match class: a number
//    where any NaN was expected ("nan-result"), the other zero where a sign
//    was determined ("sign-of-zero"), anything else ("value").
// The features involved are those of the case's case.json that name the
// rule's subject (the attribute; nan; neg_zero).
#ifndef ONNX_CONFORM_RUNNERS_HARNESS_FAILURE_SIGNATURE_H_
#define ONNX_CONFORM_RUNNERS_HARNESS_FAILURE_SIGNATURE_H_

#include <optional>
#include <string>
#include <vector>

#include "checker/checked_case.h"
#include "reference/tensor.h"
#include "runners/backends/backend.h"
#include "runners/harness/case_result.h"
#include "runners/harness/verdict.h"

namespace onnx_conform {

// Data set `index`'s outputs `actual`, judged (not a match).
FailureSignature SignatureOf(const CheckedCase& c, size_t index, const std::vector<Tensor>& actual,
                             const OutputsJudgement& judgement);

// A run that gave no outputs (crash, timeout, unsupported, an adapter's
// error or unreadable outputs); empty for kOk.
FailureSignature OutcomeSignature(const CheckedCase& c, const BackendOutcome& outcome);

// A status the suite decides (unreadable, out of scope, invalid), or a
// negative case that the backend ran ("accepted-negative"); empty for pass.
FailureSignature StatusSignature(const CheckedCase& c, CaseStatus status);

// The attribute of a one-node graph whose removal makes the reference give
// `actual` on data set `index`; nullopt when none does.
std::optional<std::string> IgnoredAttribute(const CheckedCase& c, size_t index,
                                            const std::vector<Tensor>& actual);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_HARNESS_FAILURE_SIGNATURE_H_
