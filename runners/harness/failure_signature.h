// The failure signature of a case on a backend (CaseResult::signature,
// runners/harness/case_result.h): what the verdict found, as a cause that
// groups results in `run`'s scoreboards, `merge` and `explore`, whatever
// the values, counts and messages of each case.
//
//   OutputsJudgement j = JudgeOutputs(c, 0, actual, CaseTolerance(c));
//   FailureSignature s = SignatureOf(c, 0, actual, j);
//   s.Cause();  // "ArgMin: values: ignores select_last_index [select_last_index]"
//   s.Cause();  // "Min: values: expected-denormal+zero-sign [subnormal, neg_zero]"
//
// For outputs that differ, the rule is the first that explains them:
// 1. the backend follows other named readings (checker/readings.h):
//    "follows min-nan-ignored" (divergent);
// 2. the reference, run with one attribute the node sets removed (its
//    default, or none), gives the backend's outputs: "ignores keepdims";
// 3. the elements that make the verdict (they follow neither the expected
//    outputs' reading nor another documented one), by the kind of value
//    expected there (VerdictElements): "zero-sign", "expected-denormal",
//    "zero-sign+value", ...
// The features involved are those of the case's case.json that name the
// rule's subject (the attribute; nan, neg_zero, inf, subnormal).
#ifndef ONNX_CONFORM_RUNNERS_HARNESS_FAILURE_SIGNATURE_H_
#define ONNX_CONFORM_RUNNERS_HARNESS_FAILURE_SIGNATURE_H_

#include <optional>
#include <string>
#include <vector>

#include "checker/checked_case.h"
#include "runners/backends/backend.h"
#include "runners/harness/case_result.h"
#include "runners/harness/verdict.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// Data set `index`'s outputs `actual`, judged (not a match).
// `detail`, when given, gets what makes the verdict (VerdictElements'
// detail for a values mismatch, else the judgement's problems); `inputs`
// VerdictElements' inputs ("" when there are none).
FailureSignature SignatureOf(const CheckedCase& c, size_t index, const std::vector<Tensor>& actual,
                             const OutputsJudgement& judgement, std::string* detail = nullptr,
                             std::string* inputs = nullptr);

// The output elements of data set `index` that make a mismatch's verdict:
// each follows neither the expected outputs' reading nor any documented
// other one. Their kinds, by the value expected there: "zero-sign" and
// "inf-sign" (only the sign differs), "expected-nan", "expected-inf",
// "expected-zero", "expected-denormal", "value" (a finite value, or any
// integer, is something else); the actual value is left out, as one bug
// gives many. One bug, one kind: a float16 Min that flips a determined
// zero's sign and flushes denormals shows two.
struct VerdictElements {
  // Sorted, without repeats; "reading-mix" when every differing element
  // follows some reading but no one reading explains them all.
  std::vector<std::string> kinds;
  // The verdict's elements first ("[2] expected nan, got 1 (follows no
  // reading)"), then at most two that follow another reading, named.
  std::string detail;
  // When the graph is one elementwise node (each input broadcasts to the
  // output: Min, Max, Clip), the input elements each of the verdict's
  // elements is computed from, named as `show` names them: "[2] x=nan,
  // y=1; [4] x=0, y=-0"; "" otherwise.
  std::string inputs;
};
VerdictElements VerdictElementsOf(const CheckedCase& c, size_t index,
                                  const std::vector<Tensor>& actual,
                                  const OutputsJudgement& judgement);

// The case's operator, version and first type with `kind` and `rule`: for
// what a command finds beyond these functions (explore --against's
// "backends-differ").
FailureSignature CaseSignature(const CheckedCase& c, std::string kind, std::string rule = "");

// A case the checker refuses that the backend ran anyway:
// "accepted-negative", naming the first rule the case breaks.
FailureSignature AcceptedNegativeSignature(const CheckedCase& c);

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
