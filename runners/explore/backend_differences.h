// What a mismatch of `onnx-conform explore` is made of: the output elements
// that make the verdict (they follow neither the suite's reading nor any
// documented other one), each with the kind of its expected and its actual
// value, so that findings are grouped by failure signature, not by cell.
//
//   MismatchAnalysis a = AnalyseMismatch(checked, actual, judgement);
//   // a.signatures: {"expected-denormal", "zero-sign"}: two bugs, two findings
//   // a.detail: "output 'output': 2 of 3 elements differ: [2] expected NaN, got 1
//   //            (follows no reading); [0] follows min-nan-ignored"
//
// The grouping key is computed here alone (SignatureOf) so that it can be
// switched to the harness's shared failure signature.
#ifndef ONNX_CONFORM_RUNNERS_EXPLORE_SIGNATURE_H_
#define ONNX_CONFORM_RUNNERS_EXPLORE_SIGNATURE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "checker/checked_case.h"
#include "reference/tensor.h"
#include "runners/harness/verdict.h"

namespace onnx_conform {

// The kind of one element's value: "nan", "inf", "zero", "denormal",
// "finite" (integers are always "finite").
std::string ValueKindAt(const Tensor& tensor, int64_t flat_index);

// The signature of one element that makes a mismatch, by the kind of its
// expected value: "zero-sign" and "inf-sign" (only the sign differs),
// "expected-nan", "expected-inf", "expected-zero", "expected-denormal",
// "value" (a finite value, or any integer, is something else). The actual
// value is left out: one bug gives many (a Clip that ignores min > max
// returns whatever the input held).
std::string SignatureOf(const Tensor& expected, const Tensor& actual, int64_t flat_index);

struct MismatchAnalysis {
  // One per kind of verdict-making element, sorted; "shape", "type" or
  // "output-count" when more than values differ; "reading-mix" when every
  // differing element follows some reading but not one and the same.
  std::vector<std::string> signatures;
  // The verdict-making elements first (with "follows no reading"), then at
  // most two that follow another reading, named.
  std::string detail;
};

// Data set 0 of a case made in memory, judged a mismatch by JudgeOutputs
// (which leaves the reference's explanation on the case).
MismatchAnalysis AnalyseMismatch(const CheckedCase& c, const std::vector<Tensor>& actual,
                                 const OutputsJudgement& judgement);

// How two backends' outputs for data set 0 differ, element by element:
// equal bits, any two NaNs, and two zeros where the reference leaves the
// sign open are the same. One line per differing output ("output 'y': 1 of
// 3 elements differ: [2] 0 vs nan"); none when they agree.
std::vector<std::string> BackendDifferences(const CheckedCase& c, const std::vector<Tensor>& a,
                                            const std::vector<Tensor>& b);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_EXPLORE_SIGNATURE_H_
