// Comparison of an actual tensor with the expected one: element type and
// shape must match exactly; values are compared exactly, element by element
// under a MatchClass (selection ops such as Min, ArgMin and Clip), or
// within a tolerance (other ops, float types).
//
//   TensorDiff d = DiffTensors(expected, actual, Tolerance::Exact(), classes);
//   if (!d.matches()) std::cout << d.Describe("output_0");
//
// Exact means the same bits, sign of zero included, except where `classes`
// (from the reference: checker/readings.h) say otherwise: "either zero"
// accepts +0 or -0, "any NaN" any NaN. An expected NaN is always "any NaN"
// (the texts never specify a payload). Messages name the class: "expected
// -0 (sign determined), got +0".
// With a tolerance, a float element matches when |a - e| <= atol + rtol * |e|,
// or both are NaN, or both are the same infinity (ONNX's convention:
// numpy's assert_allclose); integers are always exact. The diff then also
// measures the errors (ErrorStats), and its message names the tolerance.
#ifndef ONNX_CONFORM_RUNNERS_DIFF_H_
#define ONNX_CONFORM_RUNNERS_DIFF_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "checker/readings.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// ONNX's published convention for node tests (onnx/backend/test/runner):
// numpy's assert_allclose with these, unless the test's data.json says.
inline constexpr double kOnnxRtol = 1e-3;
inline constexpr double kOnnxAtol = 1e-7;

struct Tolerance {
  bool exact = true;
  double rtol = kOnnxRtol;
  double atol = kOnnxAtol;
  // Where rtol and atol come from, as messages name it: "ONNX's default",
  // "data.json", "case.json", "--rtol/--atol".
  std::string source;

  static Tolerance Exact() { return {}; }
  static Tolerance Approximate(double rtol = kOnnxRtol, double atol = kOnnxAtol,
                               std::string source = "ONNX's default") {
    return {false, rtol, atol, std::move(source)};
  }
  // "exact", or "rtol 0.001, atol 1e-07 (ONNX's default)".
  std::string Describe() const;
};

// How far an output is from the expected one, over the elements both hold
// as finite numbers (float types, compared within a tolerance): the largest
// absolute error |a - e| and where, the largest relative error |a - e| / |e|
// (over e != 0), and the largest distance in units in the last place of
// the element type. `nonfinite_mismatches` counts the elements where a NaN
// or an infinity stands against something else (NaN positions must match).
struct ErrorStats {
  double max_abs = 0;
  Shape max_abs_index;
  double max_rel = 0;
  uint64_t max_ulp = 0;
  int64_t nonfinite_mismatches = 0;
  // "max abs error 0.5 at [0,1], max rel error 0.25, 3 ULP".
  std::string Describe() const;
};

// How far one output of one data set is from the expected one, for an
// output compared within a tolerance (runners/harness/diff.h).
struct OutputErrors {
  std::string data_set;  // "test_data_set_0"
  std::string output;    // the graph output's name
  ErrorStats stats;
  std::string tolerance;  // the tolerance that decided: Tolerance::Describe()
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
  // Set when compared within a tolerance, for a float element type.
  std::optional<ErrorStats> errors;
  std::string tolerance;  // Tolerance::Describe() of a comparison within one

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
