#include "runners/harness/diff.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "reference/element_bits.h"
#include "reference/semantics.h"
#include "tensor/element_value.h"

namespace onnx_conform {
namespace {

// The class an element is judged under: an expected NaN is always any NaN.
template <typename T>
MatchClass ClassAt(T expected, const MatchClasses& classes, size_t i) {
  if (IsNaN(expected)) return MatchClass::kAnyNaN;
  return classes.empty() ? MatchClass::kExactBits : classes[i];
}

template <typename T>
bool ElementsMatch(T expected, T actual, const Tolerance& tolerance, MatchClass match) {
  if constexpr (!kIsFloatType<T>) {
    return expected == actual;
  } else if (tolerance.exact) {
    switch (match) {
      case MatchClass::kAnyNaN: return IsNaN(actual);
      case MatchClass::kEitherZero:
        if (Widen(expected) == 0 && Widen(actual) == 0) return true;
        break;
      case MatchClass::kExactBits: break;
    }
    return std::memcmp(&expected, &actual, sizeof(T)) == 0;
  } else {
    using Wide = std::conditional_t<std::is_same_v<T, double>, double, float>;
    const Wide e = static_cast<Wide>(expected);
    const Wide a = static_cast<Wide>(actual);
    if (e == a) return true;  // also -0 == +0 and equal infinities
    if (std::isnan(e) || std::isnan(a)) return std::isnan(e) && std::isnan(a);
    if (tolerance.exact || std::isinf(e) || std::isinf(a)) return false;
    return std::fabs(static_cast<double>(a) - static_cast<double>(e)) <=
           tolerance.atol + tolerance.rtol * std::fabs(static_cast<double>(e));
  }
}

// Equal values or both NaN: a match under any tolerance. Branch-free, so
// that the first pass over the tensors vectorizes.
template <typename T>
bool IdenticalValues(T expected, T actual) {
  return BranchFreeOr(Equal(expected, actual), BranchFreeAnd(IsNaN(expected), IsNaN(actual)));
}

// How an expected value reads in a message, with its class where the class
// matters: "-0 (sign determined)", "+0 (either zero)", "nan (any NaN)".
template <typename T>
std::string ExpectedText(const Tensor& expected, int64_t flat, T value, MatchClass match) {
  std::string text = FormatElement(expected, flat);
  if constexpr (kIsFloatType<T>) {
    if (match == MatchClass::kAnyNaN) return absl::StrCat(text, " (any NaN)");
    if (match == MatchClass::kEitherZero) return absl::StrCat(text, " (either zero)");
    if (Widen(value) == 0) return absl::StrCat(text, " (sign determined)");
  }
  return text;
}

// Units in the last place between two finite values of a float type: the
// distance between their bit patterns laid out in value order (the sign bit
// flips the order of the magnitude bits), 0 for equal values (+0 and -0).
template <typename T>
uint64_t UlpDistance(T expected, T actual) {
  if (Widen(expected) == Widen(actual)) return 0;
  using Bits = std::conditional_t<sizeof(T) == 8, uint64_t,
                                  std::conditional_t<sizeof(T) == 4, uint32_t, uint16_t>>;
  constexpr Bits kSign = Bits{1} << (8 * sizeof(T) - 1);
  const auto key = [](T value) {
    Bits bits;
    std::memcpy(&bits, &value, sizeof(T));
    return static_cast<Bits>((bits & kSign) != 0 ? ~bits : (bits | kSign));
  };
  const Bits e = key(expected), a = key(actual);
  return e > a ? e - a : a - e;
}

// Folds one element pair into the output's error statistics.
template <typename T>
void AddError(T expected, T actual, const Shape& shape, size_t i, ErrorStats& stats) {
  const double e = static_cast<double>(Widen(expected));
  const double a = static_cast<double>(Widen(actual));
  if (!std::isfinite(e) || !std::isfinite(a)) {
    const bool same = (std::isnan(e) && std::isnan(a)) || e == a;
    if (!same) ++stats.nonfinite_mismatches;
    return;
  }
  const double abs_error = std::fabs(a - e);
  if (abs_error > stats.max_abs) {
    stats.max_abs = abs_error;
    stats.max_abs_index = UnflattenIndex(shape, static_cast<int64_t>(i));
  }
  if (e != 0) stats.max_rel = std::max(stats.max_rel, abs_error / std::fabs(e));
  stats.max_ulp = std::max(stats.max_ulp, UlpDistance(expected, actual));
}

template <typename T>
void CountMismatches(const Tensor& expected, const Tensor& actual, const Tolerance& tolerance,
                     const MatchClasses& classes, int max_reported, TensorDiff& diff) {
  std::span<const T> e = expected.data<T>();
  std::span<const T> a = actual.data<T>();
  const bool measured = !tolerance.exact && kIsFloatType<T>;
  if (measured) diff.errors.emplace();
  // Most outputs match exactly: identical bytes (memcmp, as fast as memory
  // goes) or equal values settle those in one pass, and only a tensor with
  // differences is walked again element by element.
  if (e.empty() || std::memcmp(e.data(), a.data(), e.size_bytes()) == 0) return;
  if (!tolerance.exact) {
    // Equal values or both NaN settle most elements in a vectorized pass.
    const Stored<T>* e_stored = StoredData<T>(expected);
    const Stored<T>* a_stored = StoredData<T>(actual);
    int64_t different = 0;
    for (size_t i = 0; i < e.size(); ++i) {
      different += IdenticalValues(Load<T>(e_stored[i]), Load<T>(a_stored[i])) ? 0 : 1;
    }
    if (different == 0) return;
  }
  const bool classes_fit = classes.size() == e.size();
  for (size_t i = 0; i < e.size(); ++i) {
    if constexpr (kIsFloatType<T>) {
      if (measured) AddError(e[i], a[i], expected.shape(), i, *diff.errors);
    }
    const MatchClass match = ClassAt(e[i], classes_fit ? classes : MatchClasses{}, i);
    if (ElementsMatch(e[i], a[i], tolerance, match)) continue;
    ++diff.mismatch_count;
    if (static_cast<int>(diff.first_mismatches.size()) < max_reported) {
      const int64_t flat = static_cast<int64_t>(i);
      diff.first_mismatches.push_back({UnflattenIndex(expected.shape(), flat),
                                       tolerance.exact ? ExpectedText(expected, flat, e[i], match)
                                                       : FormatElement(expected, flat),
                                       FormatElement(actual, flat)});
    }
  }
}

template <typename T>
std::string FormatValue(T value) {
  if constexpr (kIsHalfType<T>) {
    return absl::StrFormat("%.9g (0x%04x)", value.ToFloat(), value.bits());
  } else if constexpr (std::is_same_v<T, float>) {
    return absl::StrFormat("%.9g", value);
  } else if constexpr (std::is_same_v<T, double>) {
    return absl::StrFormat("%.17g", value);
  } else {
    return absl::StrCat(value);
  }
}

// An element of a type outside the twelve numeric ones: strings, bools and
// the packed integers exactly; complex numbers and the small floats
// (float8, float6, float4) by value, each part within the tolerance, a NaN
// matching any NaN.
bool OtherElementsMatch(const Tensor& expected, const Tensor& actual, int64_t i,
                        const Tolerance& tolerance) {
  const ElementType type = expected.type();
  if (type == ElementType::kString) return expected.strings()[i] == actual.strings()[i];
  if (!IsSmallFloat(type) && !IsComplex(type)) {
    return ElementBits(expected, i) == ElementBits(actual, i);
  }
  for (int part = 0; part < ComponentCount(type); ++part) {
    const double e = ElementAsDouble(expected, i, part);
    const double a = ElementAsDouble(actual, i, part);
    if (std::isnan(e) || std::isnan(a)) {
      if (std::isnan(e) != std::isnan(a)) return false;
      continue;
    }
    if (e == a && std::signbit(e) == std::signbit(a)) continue;
    if (tolerance.exact || std::isinf(e) || std::isinf(a)) return false;
    if (std::fabs(a - e) > tolerance.atol + tolerance.rtol * std::fabs(e)) return false;
  }
  return true;
}

void CountOtherMismatches(const Tensor& expected, const Tensor& actual, const Tolerance& tolerance,
                          int max_reported, TensorDiff& diff) {
  for (int64_t i = 0; i < expected.element_count(); ++i) {
    if (OtherElementsMatch(expected, actual, i, tolerance)) continue;
    ++diff.mismatch_count;
    if (static_cast<int>(diff.first_mismatches.size()) < max_reported) {
      diff.first_mismatches.push_back(
          {UnflattenIndex(expected.shape(), i), ElementText(expected, i), ElementText(actual, i)});
    }
  }
}

// A sequence, optional or map against the expected one: the same kind and
// number of parts, then each part diffed in turn; a part's mismatches are
// counted and shown under its position ("[2]" of a sequence, "values" of a
// map).
void DiffParts(const Tensor& expected, const Tensor& actual, const Tolerance& tolerance,
               int max_reported, TensorDiff& diff) {
  if (expected.kind() != actual.kind()) {
    diff.type_or_shape_error =
        absl::StrCat(DescribeValue(actual), ", expected ", DescribeValue(expected));
    diff.type_differs = true;
    return;
  }
  std::vector<std::pair<std::string, std::pair<const Tensor*, const Tensor*>>> parts;
  if (expected.kind() == Tensor::Kind::kMap) {
    parts.push_back({"keys", {&expected.map_keys(), &actual.map_keys()}});
    parts.push_back({"values", {&expected.map_values(), &actual.map_values()}});
  } else {
    if (expected.elements().size() != actual.elements().size()) {
      diff.type_or_shape_error =
          absl::StrCat(DescribeValue(actual), ", expected ", DescribeValue(expected));
      return;
    }
    for (size_t k = 0; k < expected.elements().size(); ++k) {
      parts.push_back(
          {absl::StrCat("[", k, "]"), {&expected.elements()[k], &actual.elements()[k]}});
    }
  }
  for (const auto& [where, pair] : parts) {
    const TensorDiff part = DiffTensors(*pair.first, *pair.second, tolerance, max_reported);
    diff.element_count += part.element_count;
    if (!part.type_or_shape_error.empty()) {
      diff.type_or_shape_error = absl::StrCat(where, ": ", part.type_or_shape_error);
      diff.type_differs = part.type_differs;
      return;
    }
    diff.mismatch_count += part.mismatch_count;
    for (const ElementMismatch& m : part.first_mismatches) {
      if (static_cast<int>(diff.first_mismatches.size()) >= max_reported) break;
      diff.first_mismatches.push_back({m.index, absl::StrCat(where, " ", m.expected), m.actual});
    }
  }
}

}  // namespace

std::string Tolerance::Describe() const {
  if (exact) return "exact";
  return absl::StrCat("rtol ", absl::StrFormat("%g", rtol), ", atol ", absl::StrFormat("%g", atol),
                      source.empty() ? "" : absl::StrCat(" (", source, ")"));
}

std::string ErrorStats::Describe() const {
  std::string text = absl::StrCat("max abs error ", absl::StrFormat("%.9g", max_abs));
  if (max_abs > 0) absl::StrAppend(&text, " at [", absl::StrJoin(max_abs_index, ","), "]");
  absl::StrAppend(&text, ", max rel error ", absl::StrFormat("%.9g", max_rel), ", ", max_ulp,
                  " ULP");
  if (nonfinite_mismatches > 0) {
    absl::StrAppend(&text, ", ", nonfinite_mismatches, " NaN or infinity mismatches");
  }
  return text;
}

std::string IndexText(const Shape& shape, int64_t flat_index) {
  return absl::StrCat("[", absl::StrJoin(UnflattenIndex(shape, flat_index), ","), "]");
}

uint64_t ElementBitsAt(const Tensor& tensor, int64_t flat_index) {
  uint64_t bits = 0;
  const size_t size = ElementSize(tensor.type());
  if (size == 0) return 0;  // strings and non-tensor values have no element bytes
  std::memcpy(&bits, tensor.bytes().data() + flat_index * size, size);
  return bits;
}

absl::string_view ValueKindAt(const Tensor& tensor, int64_t flat_index) {
  return ValueKindOf(tensor.type(), ElementBitsAt(tensor, flat_index));
}

Shape UnflattenIndex(const Shape& shape, int64_t flat_index) {
  Shape index(shape.size(), 0);
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] <= 0) continue;
    index[d] = flat_index % shape[d];
    flat_index /= shape[d];
  }
  return index;
}

std::string FormatElement(const Tensor& tensor, int64_t flat_index) {
  if (!tensor.is_tensor() || !IsNumeric(tensor.type())) return ElementText(tensor, flat_index);
  return VisitNumericType(tensor.type(), [&]<typename T>(TypeTag<T>) {
    return FormatValue<T>(tensor.data<T>()[static_cast<size_t>(flat_index)]);
  });
}

TensorDiff DiffTensors(const Tensor& expected, const Tensor& actual, const Tolerance& tolerance,
                       int max_reported) {
  return DiffTensors(expected, actual, tolerance, MatchClasses{}, max_reported);
}

TensorDiff DiffTensors(const Tensor& expected, const Tensor& actual, const Tolerance& tolerance,
                       const MatchClasses& classes, int max_reported) {
  TensorDiff diff;
  if (!expected.is_tensor() || !actual.is_tensor()) {
    DiffParts(expected, actual, tolerance, max_reported, diff);
    return diff;
  }
  diff.element_count = expected.element_count();
  if (expected.type() != actual.type()) {
    diff.type_or_shape_error = absl::StrCat("element type ", ElementTypeName(actual.type()),
                                            ", expected ", ElementTypeName(expected.type()));
    diff.type_differs = true;
    return diff;
  }
  if (expected.shape() != actual.shape()) {
    diff.type_or_shape_error = absl::StrCat("shape ", ShapeToString(actual.shape()), ", expected ",
                                            ShapeToString(expected.shape()));
    return diff;
  }
  if (!IsNumeric(expected.type())) {
    const bool by_value = IsSmallFloat(expected.type()) || IsComplex(expected.type());
    if (!tolerance.exact && by_value) diff.tolerance = tolerance.Describe();
    CountOtherMismatches(expected, actual, tolerance, max_reported, diff);
    return diff;
  }
  if (!tolerance.exact && IsFloatingPoint(expected.type())) diff.tolerance = tolerance.Describe();
  VisitNumericType(expected.type(), [&]<typename T>(TypeTag<T>) {
    CountMismatches<T>(expected, actual, tolerance, classes, max_reported, diff);
  });
  return diff;
}

std::string TensorDiff::Describe(absl::string_view output_name) const {
  if (!type_or_shape_error.empty()) {
    return absl::StrCat("output '", output_name, "': ", type_or_shape_error);
  }
  if (mismatch_count == 0) return absl::StrCat("output '", output_name, "': matches");
  std::string text = absl::StrCat("output '", output_name, "': ", mismatch_count, " of ",
                                  element_count, " elements differ");
  if (!tolerance.empty()) absl::StrAppend(&text, " beyond ", tolerance);
  std::vector<std::string> shown;
  for (const ElementMismatch& m : first_mismatches) {
    shown.push_back(absl::StrCat("[", absl::StrJoin(m.index, ","), "] expected ", m.expected,
                                 ", got ", m.actual));
  }
  if (!shown.empty()) {  // max_reported may be 0: then the count alone
    absl::StrAppend(&text, ": ", absl::StrJoin(shown, "; "));
    if (mismatch_count > static_cast<int64_t>(first_mismatches.size())) {
      absl::StrAppend(&text, "; ...");
    }
  }
  if (errors.has_value()) absl::StrAppend(&text, " (", errors->Describe(), ")");
  return text;
}

}  // namespace onnx_conform
