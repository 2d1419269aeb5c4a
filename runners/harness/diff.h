// Comparison of an actual tensor with the expected one: element type and
// shape must match exactly; values are compared exactly, element by element
// under a MatchClass (selection ops such as Min, ArgMin and Clip), or
// within a tolerance (other ops, float types).
//
//   TensorDiff d = DiffTensors(expected, actual, Tolerance::Exact(), classes);
//   if (!d.matches()) std::cout << d.Describe("output_0");
//
// Exact means the same bits, sign of zero included, except where `classes`
// (from the reference: reference/readings.h) say otherwise: "either zero"
// accepts +0 or -0, "any NaN" any NaN. An expected NaN is always "any NaN"
// (the texts never specify a payload). Messages name the class: "expected
// -0 (sign determined), got +0".
// With a tolerance, a float element matches when |a - e| <= atol + rtol * |e|,
// or both are NaN, or both are the same infinity; integers are always exact.
#ifndef ONNX_CONFORM_RUNNERS_DIFF_H_
#define ONNX_CONFORM_RUNNERS_DIFF_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "reference/readings.h"
#include "reference/tensor.h"

namespace onnx_conform {

struct Tolerance {
  bool exact = true;
  double rtol = 1e-3;
  double atol = 1e-7;

  static Tolerance Exact() { return {}; }
  static Tolerance Approximate(double rtol = 1e-3, double atol = 1e-7) {
    return {false, rtol, atol};
  }
};

struct ElementMismatch {
  Shape index;  // multi-dimensional index
  std::string expected;
  std::string actual;
};

struct TensorDiff {
  std::string type_or_shape_error;  // non-empty when types or shapes differ
  bool type_differs = false;        // the element types differ (or cannot be compared)
  int64_t element_count = 0;
  int64_t mismatch_count = 0;
  std::vector<ElementMismatch> first_mismatches;

  bool matches() const { return type_or_shape_error.empty() && mismatch_count == 0; }
  // One line or a short block: "output 'min': 3 of 12 elements differ: [0,1] expected 1 got 2; ..."
  std::string Describe(absl::string_view output_name) const;
};

// `classes`: one per element, or empty (every element exact bits); ignored
// with a tolerance.
TensorDiff DiffTensors(const Tensor& expected, const Tensor& actual, const Tolerance& tolerance,
                       const MatchClasses& classes, int max_reported = 5);
TensorDiff DiffTensors(const Tensor& expected, const Tensor& actual, const Tolerance& tolerance,
                       int max_reported = 5);

// Formats one element for messages: integers in decimal, floats with enough
// digits to round-trip, float16/bfloat16 with their bit pattern.
std::string FormatElement(const Tensor& tensor, int64_t flat_index);

// The multi-dimensional index of a row-major flat index.
Shape UnflattenIndex(const Shape& shape, int64_t flat_index);
// The same as messages show it: "[1,0,2]".
std::string IndexText(const Shape& shape, int64_t flat_index);

// Element `flat_index`'s bits, zero-extended (little-endian hosts).
uint64_t ElementBitsAt(const Tensor& tensor, int64_t flat_index);
// Its kind (ValueKindOf): "nan", "inf", "zero", "denormal" or "finite".
absl::string_view ValueKindAt(const Tensor& tensor, int64_t flat_index);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_DIFF_H_
