// Large cases (a million elements or more) for exactness at scale and for
// benchmarks. They are generated when needed, never committed:
//
//   oc-generate-cases --large /tmp/large     # /tmp/large/node/<case>/...
//   for (const Case& c : LargeCases()) WriteCase(c, dir);
//
// Each operator's are in its folder (Add<Op>LargeCases, ops/<family>/
// *_cases.cc). Values come from LargeCaseRng, a fixed-seed generator of our
// own, so every run writes the same bytes; expectations are direct loops.
#ifndef ONNX_CONFORM_CASES_LARGE_CASES_H_
#define ONNX_CONFORM_CASES_LARGE_CASES_H_

#include <cstdint>
#include <vector>

#include "cases/case_builder.h"

namespace onnx_conform {

// The side of a large case's square input: kLargeSide^2 = 2^20 elements.
inline constexpr int64_t kLargeSide = 1024;

// Knuth's MMIX linear congruential generator: fixed seed, fixed sequence.
class LargeCaseRng {
 public:
  explicit LargeCaseRng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return state_;
  }
  // Uniform-ish in [0, n).
  int64_t Below(int64_t n) {
    return static_cast<int64_t>((Next() >> 33) % static_cast<uint64_t>(n));
  }

 private:
  uint64_t state_;
};

// Every operator's large cases, in the order of ops/operators.def.
std::vector<Case> LargeCases();

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASES_LARGE_CASES_H_
