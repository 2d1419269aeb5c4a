// Large cases (a million elements or more) for exactness at scale and for
// benchmarks. They are generated when needed, never committed:
//
//   oc-generate-cases --large /tmp/large     # /tmp/large/node/<case>/...
//   for (const Case& c : LargeCases()) WriteCase(c, dir);
//
// Values come from a fixed-seed linear congruential generator of our own, so
// every run writes the same bytes; expectations are direct loops here.
#ifndef ONNX_CONFORM_CASES_LARGE_CASES_H_
#define ONNX_CONFORM_CASES_LARGE_CASES_H_

#include <vector>

#include "cases/case_builder.h"

namespace onnx_conform {

// Min-13 float [1024,1024] with [1024] (NaN and -0 sprinkled), ArgMin-13
// float16 [1024,1024] with many ties and NaNs, Clip-13 over every float16 bit
// pattern 16 times, Clip-12 int64 over the whole int64 range.
std::vector<Case> LargeCases();

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASES_LARGE_CASES_H_
