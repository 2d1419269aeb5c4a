// Clip cases: every version (1, 6, 11, 12, 13) and every type it allows.
// Bounds are attributes up to version 6 and scalar inputs from version 11.
// Expectations are literals or ExpectClip, Min(max, Max(x, min)) per element.
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cases/case_builder.h"
#include "cases/case_library.h"
#include "cases/case_values.h"
#include "cases/large_cases.h"
#include "checker/rules.h"
#include "ops/clip/clip_expanded_cases.h"
#include "ops/clip/clip_negative_cases.h"
#include "ops/clip/clip_quotes.h"

namespace onnx_conform {

using namespace case_values;  // NOLINT: the library's own value helpers
namespace {

constexpr std::string_view kSummary = "Clip — limit the input to an interval";
constexpr std::string_view kAttrsV1 =
    "`min` FLOAT, `max` FLOAT (no default value printed, but the summary says they default to "
    "numeric_limits::lowest() and numeric_limits::max(), as at 6)";
constexpr std::string_view kConsumedInputs = "`consumed_inputs` INTS (legacy)";
constexpr std::string_view kDefaultsV6 =
    "`min` FLOAT default -3.402823e+38, `max` FLOAT default 3.402823e+38 (exactly float's "
    "lowest() and max(), printed rounded)";
constexpr std::string_view kInputs = quotes::kClipInputs;
constexpr std::string_view kMissingBounds =
    "Missing bounds default to numeric_limits<T>::lowest() and numeric_limits<T>::max().";
constexpr std::string_view kSkipped =
    "An optional input is skipped with an empty name (`Clip(x, \"\", max)`).";
constexpr std::string_view kMinGtMax =
    "Clip-13 (current text): when min is greater than max, every value becomes max; this is "
    "Min(max, Max(input, min)).";
constexpr std::string_view kMinGtMaxEarlier =
    "when min is greater than max, every value becomes max ... Earlier versions leave that case "
    "unstated.";
constexpr std::string_view kNaN = "Clip with a NaN input element: stays NaN.";
constexpr std::string_view kNaNBound =
    "Clip with a NaN input element: stays NaN. A NaN bound: unspecified.";
// Clip's own sentence: a +0/-0 tie between an element and a bound is
// resolved as Min and Max resolve it (reference-defined).
constexpr std::string_view kSignedZero =
    "Output `output` of type T: the input with its elements clipped.";

// Min(hi, Max(x, lo)) element by element; a missing bound does not clip.
// A NaN element compares false both ways and stays NaN. A NaN bound (the
// texts are silent) makes every number that NaN, min before max, as
// numpy.clip does (the suite's documented resolution).
template <typename T>
Tensor ExpectClip(const Tensor& x, std::optional<T> lo, std::optional<T> hi) {
  std::vector<T> out;
  for (T v : x.data<T>()) {
    if (!IsNaN(v) && lo && IsNaN(*lo)) {
      v = *lo;
    } else if (!IsNaN(v) && hi && IsNaN(*hi)) {
      v = *hi;
    } else {
      if (lo && Less(v, *lo)) v = *lo;
      if (hi && Less(*hi, v)) v = *hi;
    }
    out.push_back(v);
  }
  return TensorOf<T>(x.shape(), out);
}

// A FLOAT attribute's value as T (Clip-1/6 compare T elements with it).
template <typename T>
T FromAttribute(float value) {
  if constexpr (kIsHalfType<T>) {
    return T::FromFloat(value);
  } else {
    return static_cast<T>(value);
  }
}

template <typename T>
class ClipCaseSet : OpCaseSet {
 public:
  // The bounds a case gives, as T values; a missing one is not given at all.
  struct Bounds {
    std::optional<T> min;
    std::optional<T> max;
  };
  static Bounds Both(double lo, double hi) { return {Value<T>(lo), Value<T>(hi)}; }
  static Bounds MinOnly(double lo) { return {Value<T>(lo), std::nullopt}; }
  static Bounds MaxOnly(double hi) { return {std::nullopt, Value<T>(hi)}; }

  ClipCaseSet(int version, std::vector<Case>& cases) : OpCaseSet(version, cases) {}

  void AddAll() {
    // x covers below, inside and above [2, 6] with non-negative values only.
    const Tensor x = MakeTensor<T>({2, 4}, {0, 1, 3, 4, 6, 8, 9, 2});
    if (attributes()) {
      AddAttributeCases(x);
    } else {
      AddInputCases(x);
    }
    Add("equal_bounds", Both(4, 4), x, {"equal_bounds"}, kSummary);
    Add("scalar", Both(2, 6), MakeTensor<T>({}, {7}), {"scalar"}, kSummary);
    Add("empty", Both(2, 6), MakeTensor<T>({2, 0, 3}, {}), {"empty"}, kSummary);
    Add("rank3", kIsSigned<T> ? Both(-2, 3) : Both(3, 8), TensorOf<T>({2, 3, 4}, Pattern<T>(24, 2)),
        {}, kSummary);
    // Before Clip-13 the texts leave min > max unstated.
    CaseBuilder& b = Start("min_gt_max", Both(6, 2));
    Data(b, Both(6, 2), x).Feature("min_gt_max");
    if (version_ >= 13) {
      b.Quote(kMinGtMax);
    } else {
      b.Quote(kMinGtMaxEarlier).ReferenceDefined();
      b.Warning(attributes() ? rules::kAttrClipBoundsOrder : rules::kDataClipBoundsOrder);
    }
    Commit();
    if constexpr (kIsFloatType<T>) {
      AddFloatEdges();
    } else {
      AddIntExtremes();
    }
  }

  void AddOpsetRange(int opset) {
    CaseBuilder& b = Start(absl::StrCat("opset", opset), Both(2, 6));
    b.Opset(opset)
        .Feature("opset_range")
        .Quote(kOpsetRangeQuote)
        .Describe(absl::StrCat("opset ", opset, " resolves Clip to version ", version_));
    Data(b, Both(2, 6), MakeTensor<T>({2, 4}, {0, 1, 3, 4, 6, 8, 9, 2}));
    Commit();
  }

 private:
  bool attributes() const { return version_ < 11; }

  // A builder with the node's bounds: FLOAT attributes (version < 11) or the
  // inputs "min" and "max"; with skip_names a missing bound is an empty name
  // rather than left out at the end.
  CaseBuilder& Start(std::string_view what, const Bounds& bounds, bool skip_names = false) {
    builder_.emplace("Clip", version_, ElementTypeOf<T>(), what);
    builder_->Outputs({"output"});
    if (attributes()) {
      builder_->Inputs({"input"});
      if (bounds.min) builder_->Attr("min", static_cast<float>(ToDouble(*bounds.min)));
      if (bounds.max) builder_->Attr("max", static_cast<float>(ToDouble(*bounds.max)));
      if (!bounds.min || !bounds.max) builder_->Feature("default_attr");
    } else {
      std::vector<std::string> names = {"input"};
      if (bounds.min || bounds.max || skip_names) names.push_back(bounds.min ? "min" : "");
      if (bounds.max || skip_names) names.push_back(bounds.max ? "max" : "");
      for (const std::string& n : names) {
        if (n.empty()) builder_->Feature("skipped_input");
      }
      builder_->Inputs(std::move(names));
      if (!bounds.min || !bounds.max) builder_->Feature("default_bound");
    }
    if (bounds.min && bounds.max) builder_->Feature("min_max");
    if (bounds.min && !bounds.max) builder_->Feature("min_only");
    if (!bounds.min && bounds.max) builder_->Feature("max_only");
    if (!bounds.min && !bounds.max) builder_->Feature("no_bounds");
    return *builder_;
  }

  // The bound in effect on one side: the given one, or the version's default
  // (Clip-1 read as Clip-6: float's limits as T).
  std::optional<T> Effective(std::optional<T> given, bool is_min) const {
    if (given) return given;
    if (version_ <= 6) {
      return FromAttribute<T>(is_min ? std::numeric_limits<float>::lowest()
                                     : std::numeric_limits<float>::max());
    }
    return is_min ? Lowest<T>() : Highest<T>();
  }

  // Adds a data set: x, the bound inputs (from version 11), the expectation.
  CaseBuilder& Data(CaseBuilder& b, const Bounds& bounds, const Tensor& x) {
    Tensor expected = ExpectClip<T>(x, Effective(bounds.min, true), Effective(bounds.max, false));
    if (attributes()) return b.DataSet({x}, {std::move(expected)});
    std::vector<Tensor> inputs = {x};
    if (bounds.min) inputs.push_back(Scalar<T>(*bounds.min));
    if (bounds.max) inputs.push_back(Scalar<T>(*bounds.max));
    return b.DataSet(std::move(inputs), {std::move(expected)});
  }

  void Add(std::string_view what, const Bounds& bounds, const Tensor& x,
           std::initializer_list<std::string_view> features, std::string_view quote,
           bool reference_defined = false, bool skip_names = false) {
    CaseBuilder& b = Start(what, bounds, skip_names);
    Data(b, bounds, x).Features(features).Quote(quote);
    if (reference_defined) b.ReferenceDefined();
    Commit();
  }

  void AddAttributeCases(const Tensor& x) {
    const std::string_view attrs = version_ == 1 ? kAttrsV1 : kDefaultsV6;
    CaseBuilder& b = Start("min_max", Both(2, 6));
    Data(b, Both(2, 6), x).Quote(attrs).Describe("two data sets: clipping, none");
    Data(b, Both(2, 6), MakeTensor<T>({2, 4}, {3, 4, 5, 6, 2, 3, 4, 5}));
    Commit();
    Add("min_only", MinOnly(3), x, {}, attrs);
    Add("max_only", MaxOnly(5), x, {}, attrs);
    // T's extremes: clipped to float's limits for double (float16's become
    // +-inf and clip nothing). Which type's limits Clip-1 means is
    // reference-defined (reading clip1-limits-of-t).
    Add("no_bounds", {}, Extremes(), {"float_extremes"}, attrs,
        /*reference_defined=*/version_ == 1 && !std::is_same_v<T, float>);
    if constexpr (std::is_same_v<T, Float16>) AddInexactFloat16Bounds();
    if (version_ == 1) {
      CaseBuilder& c = Start("consumed_inputs", Both(2, 6));
      c.Attr("consumed_inputs", std::vector<int64_t>{0})
          .Feature("consumed_inputs")
          .Quote(kConsumedInputs)
          .Describe("the legacy consumed_inputs attribute does not change the result");
      Data(c, Both(2, 6), x);
      Commit();
    }
  }

  void AddInputCases(const Tensor& x) {
    CaseBuilder& b = Start("min_max", Both(2, 6));
    Data(b, Both(2, 6), x).Quote(kInputs).Describe("three data sets: clipping, none, min == max");
    Data(b, Both(0, 9), x);
    Data(b, Both(4, 4), x).Feature("equal_bounds");
    Commit();
    Add("min_only", MinOnly(3), x, {}, kMissingBounds);
    Add("min_only_skipped_max", MinOnly(3), x, {}, kSkipped, false, /*skip_names=*/true);
    Add("max_only", MaxOnly(5), x, {}, kSkipped);
    const std::string_view extremes = kIsFloatType<T> ? "float_extremes" : "int_extremes";
    Add("no_bounds", {}, Extremes(), {extremes}, kMissingBounds);
    Add("no_bounds_skipped", {}, Extremes(), {extremes}, kSkipped, false, /*skip_names=*/true);
  }

  // FLOAT bounds float16 cannot hold: each is rounded to the nearest
  // float16, ties to even (docs/semantics.md), never toward zero. The
  // expected bits are worked by hand: 2.3f lies between 0x4099 (2.298828125)
  // and 0x409A (2.30078125), nearer the latter; 5.71f between 0x45B5
  // (5.70703125) and 0x45B6 (5.7109375), nearer the latter; -2.3f rounds to
  // 0xC09A; 2.0029296875f is exactly halfway between 0x4001 and 0x4002 and
  // goes to the even 0x4002. Each input holds the values either side of the
  // rounded bounds, so that a bound one step off changes the output.
  void AddInexactFloat16Bounds() {
    struct Inexact {
      std::string_view what;
      float min, max;
      std::vector<uint16_t> x, expected;
    };
    const Inexact cases[] = {
        {"inexact_bounds",
         2.3f,
         5.71f,
         {0x4099, 0x409A, 0x409B, 0x45B5, 0x45B6, 0x45B7, 0x0000, 0x4800},
         {0x409A, 0x409A, 0x409B, 0x45B5, 0x45B6, 0x45B6, 0x409A, 0x45B6}},
        {"inexact_bounds_negative_tie",
         -2.3f,
         2.0029296875f,
         {0xC09B, 0xC09A, 0xC099, 0x4001, 0x4002, 0x4003},
         {0xC09A, 0xC09A, 0xC099, 0x4001, 0x4002, 0x4002}},
    };
    for (const Inexact& c : cases) {
      const auto bits = [](const std::vector<uint16_t>& values) {
        std::vector<T> out;
        for (uint16_t v : values) out.push_back(T::FromBits(v));
        return TensorOf<T>({static_cast<int64_t>(out.size())}, out);
      };
      builder_.emplace("Clip", version_, ElementTypeOf<T>(), c.what);
      builder_->Outputs({"output"})
          .Inputs({"input"})
          .Attr("min", c.min)
          .Attr("max", c.max)
          .Features({"min_max", "inexact_bound"})
          .Quote(version_ == 1 ? kAttrsV1 : kDefaultsV6)
          .ReferenceDefined()
          .Describe("FLOAT bounds float16 cannot hold, rounded to nearest even, not toward zero")
          .DataSet({bits(c.x)}, {bits(c.expected)});
      Commit();
    }
  }

  // lowest, 0, 1, max of T: unchanged by every default bound but Clip-6's
  // for double (float's limits lie inside double's range).
  static Tensor Extremes() {
    return TensorOf<T>({4}, {Lowest<T>(), Value<T>(0), Value<T>(1), Highest<T>()});
  }

  void AddFloatEdges() {
    const T nan = NaN<T>(), inf = Inf<T>(), ninf = NegInf<T>(), nz = NegZero<T>();
    const T zero = Value<T>(0), one = Value<T>(1);
    Add("nan", Both(2, 6), TensorOf<T>({4}, {nan, one, Value<T>(7), nan}), {"nan"}, kNaN,
        /*reference_defined=*/true);
    Add("inf", Both(2, 6), TensorOf<T>({3}, {ninf, inf, Value<T>(3)}), {"inf"}, kSummary);
    // Infinite bounds clip nothing, not even the infinities.
    Add("inf_bounds", {ninf, inf}, TensorOf<T>({5}, {ninf, inf, Lowest<T>(), Highest<T>(), zero}),
        {"inf"}, kSummary);
    // Missing bounds with infinite elements: Clip-1 and Clip-6 clip to
    // float's limits as T; Clip-11+ to T's own lowest() and max().
    Add("inf_default_bounds", {}, TensorOf<T>({3}, {ninf, inf, one}), {"inf"},
        version_ == 1   ? kAttrsV1
        : version_ == 6 ? kDefaultsV6
                        : kMissingBounds,
        /*reference_defined=*/version_ == 1 && !std::is_same_v<T, float>);
    // A NaN bound: the texts are silent; every number becomes NaN (numpy).
    const Tensor with_nan = TensorOf<T>({4}, {one, Value<T>(7), nan, ninf});
    for (auto [what, bounds] : {std::pair{"nan_min_bound", Bounds{nan, Value<T>(6)}},
                                std::pair{"nan_max_bound", Bounds{Value<T>(2), nan}}}) {
      CaseBuilder& b = Start(what, bounds);
      Data(b, bounds, with_nan).Features({"nan", "nan_bound"}).Quote(kNaNBound).ReferenceDefined();
      b.Warning(attributes() ? rules::kAttrClipBoundNan : rules::kDataClipBoundNan);
      Commit();
    }
    Add("neg_zero", {nz, zero}, TensorOf<T>({4}, {Value<T>(-1), nz, zero, one}), {"neg_zero"},
        kSignedZero, /*reference_defined=*/true);
    // -0 strictly inside the bounds ties with neither: it comes out as -0.
    Add("neg_zero_inside", Both(-1, 1), TensorOf<T>({2}, {nz, Value<T>(0.5)}), {"neg_zero"},
        kSignedZero, /*reference_defined=*/true);
    const T dn = DenormMin<T>();
    Add("float_extremes", Both(0, 1),
        TensorOf<T>({5}, {Lowest<T>(), Highest<T>(), dn, Negate(dn), Value<T>(0.5)}),
        {"float_extremes", "subnormal"}, kSummary);
  }

  void AddIntExtremes() {
    const T lo = Lowest<T>(), hi = Highest<T>();
    const T lo1 = static_cast<T>(lo + 1), hi1 = static_cast<T>(hi - 1);
    const Tensor x = TensorOf<T>({4}, {lo, lo1, hi1, hi});
    CaseBuilder& b = Start("int_extremes", {lo1, hi1});
    Data(b, {lo1, hi1}, x)
        .Feature("int_extremes")
        .Quote(kSummary)
        .Describe("two data sets: bounds one inside the extremes, bounds at the extremes");
    Data(b, {lo, hi}, x);
    Commit();
  }
};

// Clip-13 over every float16 bit pattern, 16 times, to [-1, 1].
Case LargeClipFloat16() {
  std::vector<Float16> x(kLargeSide * kLargeSide), out(kLargeSide * kLargeSide);
  const Float16 lo = Value<Float16>(-1), hi = Value<Float16>(1);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = Float16::FromBits(static_cast<uint16_t>(i & 0xFFFF));
    Float16 v = x[i];
    if (Less(v, lo)) v = lo;
    if (Less(hi, v)) v = hi;
    out[i] = v;
  }
  return CaseBuilder("Clip", 13, ElementType::kFloat16, "large_all_bit_patterns")
      .Inputs({"input", "min", "max"})
      .Outputs({"output"})
      .DataSet({TensorOf<Float16>({kLargeSide * kLargeSide}, x), Scalar(lo), Scalar(hi)},
               {TensorOf<Float16>({kLargeSide * kLargeSide}, out)})
      .Features({"large", "nan", "inf", "neg_zero", "subnormal", "float_extremes"})
      .ReferenceDefined()
      .Quote(kNaN)
      .Build();
}

// Clip-12 int64 over the whole int64 range, to [-2^62, 2^62].
Case LargeClipInt64() {
  LargeCaseRng rng(3);
  const int64_t lo = -(int64_t{1} << 62), hi = int64_t{1} << 62;
  std::vector<int64_t> x(kLargeSide * kLargeSide), out(kLargeSide * kLargeSide);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = static_cast<int64_t>(rng.Next());
    out[i] = x[i] < lo ? lo : x[i] > hi ? hi : x[i];
  }
  x[0] = std::numeric_limits<int64_t>::min();
  out[0] = lo;
  x[1] = std::numeric_limits<int64_t>::max();
  out[1] = hi;
  return CaseBuilder("Clip", 12, ElementType::kInt64, "large_full_range")
      .Inputs({"input", "min", "max"})
      .Outputs({"output"})
      .DataSet({TensorOf<int64_t>({kLargeSide, kLargeSide}, x), Scalar(lo), Scalar(hi)},
               {TensorOf<int64_t>({kLargeSide, kLargeSide}, out)})
      .Features({"large", "int_extremes"})
      .Quote(kSummary)
      .Build();
}

}  // namespace

void AddClipLargeCases(std::vector<Case>& cases) {
  cases.push_back(LargeClipFloat16());
  cases.push_back(LargeClipInt64());
}

void AddClipCases(std::vector<Case>& cases) {
  for (int version : SuiteVersions("Clip")) {
    ForEachSuiteType("Clip", version,
                     [&]<typename T>(TypeTag<T>) { ClipCaseSet<T>(version, cases).AddAll(); });
  }
  const std::pair<int, int> kRanges[] = {{1, 5}, {6, 10}, {13, 17}};
  for (auto [version, opset] : kRanges) ClipCaseSet<float>(version, cases).AddOpsetRange(opset);
  AddExpandedClipCases(cases);
  invalid_cases::AddClipNegativeCases(cases);
}

// 0 3 7 9 clipped to [2, 6]: bounds as attributes before version 11,
// as scalar inputs from 11.
void BuildClipTypeProbe(CaseBuilder& b, int version, ElementType type) {
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    b.Outputs({"output"});
    if (version < 11) {
      b.Inputs({"input"})
          .Attr("min", 2.0f)
          .Attr("max", 6.0f)
          .DataSet({MakeTensor<T>({4}, {0, 3, 7, 9})}, {MakeTensor<T>({4}, {2, 3, 6, 6})});
    } else {
      b.Inputs({"input", "min", "max"})
          .DataSet(
              {MakeTensor<T>({4}, {0, 3, 7, 9}), MakeTensor<T>({}, {2}), MakeTensor<T>({}, {6})},
              {MakeTensor<T>({4}, {2, 3, 6, 6})});
    }
  });
}

}  // namespace onnx_conform
