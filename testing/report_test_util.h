// The reports tests' result of one case: a Min-13 float case of 0.25 s.
//
//   CaseResult r = TestResult("case_fail", CaseStatus::kFail, "why");
#ifndef ONNX_CONFORM_TESTING_REPORT_TEST_UTIL_H_
#define ONNX_CONFORM_TESTING_REPORT_TEST_UTIL_H_

#include <string>

#include "runners/harness/case_result.h"

namespace onnx_conform {

inline CaseResult TestResult(const std::string& name, CaseStatus status,
                             const std::string& message = "") {
  CaseResult r;
  r.name = name;
  r.path = "/cases/" + name;
  r.op = "Min";
  r.opset = 13;
  r.types = "float";
  r.status = status;
  r.message = message;
  r.seconds = 0.25;
  return r;
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_REPORT_TEST_UTIL_H_
