// ArgMin and ArgMax cases: every version (1, 11, 12, 13) and every type
// each allows, one definition for the two mirrors. ArgMin's expectations
// are literals or ExpectArg, a direct loop over the reduced axis; ArgMax's
// come from that loop over the same data, and every ArgMin literal must
// agree with the loop (the generator aborts otherwise), so the loop is
// checked before it computes ArgMax's.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cases/case_builder.h"
#include "cases/case_library.h"
#include "cases/case_values.h"
#include "cases/large_cases.h"
#include "checker/rules.h"
#include "ops/arg_extremum/arg_extremum_negative_cases.h"
#include "ops/arg_extremum/arg_extremum_quotes.h"

namespace onnx_conform {

using namespace case_values;  // NOLINT: the library's own value helpers
namespace {

// What differs between the mirrors: the name and the texts' quotes.
struct ArgOp {
  std::string_view op_type;  // "ArgMin"
  bool max;                  // the largest element, not the smallest
  std::string_view summary;
  std::string_view select_last;
  std::string_view nan;
  std::string_view signed_zero;
};

constexpr ArgOp kArgMin = {
    "ArgMin",
    false,
    "ArgMin — index of the smallest element along an axis",
    "`select_last_index` INT default 0: when the minimum occurs more than once, 1 selects the "
    "last occurrence, 0 the first",
    "ArgMin with NaN: NaN counts as the smallest value (first NaN, or last NaN with "
    "select_last_index=1).",
    "Signed zeros: -0 and +0 compare equal"};
constexpr ArgOp kArgMax = {
    "ArgMax",
    true,
    "ArgMax — index of the largest element along an axis",
    "`select_last_index` INT default 0: when the maximum occurs more than once, 1 selects the "
    "last occurrence, 0 the first",
    "ArgMax with NaN: NaN counts as the largest value (first NaN, or last NaN with "
    "select_last_index=1).",
    "Signed zeros: -0 and +0 compare equal"};
constexpr std::string_view kDefaults = quotes::kArgDefaults;
constexpr std::string_view kKeepdims =
    "If keepdims is 1 the output has the input's rank with the reduced dimension set to 1; "
    "if 0 that dimension is removed.";
constexpr std::string_view kAxisRange = quotes::kArgAxisRange;

// Whether a is a better minimum (maximum, with max) than b: a NaN beats any
// number; two NaNs and equal numbers (-0 == +0) tie.
template <typename T>
bool Before(bool max, T a, T b) {
  if (IsNaN(b)) return false;
  if (IsNaN(a)) return true;
  return max ? Less(b, a) : Less(a, b);
}

// ArgMin (ArgMax) of data along axis (already in [0, r-1]): for each outer
// and inner position, walk the axis and keep the first (or last) best
// element.
template <typename T>
Tensor ExpectArg(bool max, const Tensor& data, int64_t axis, bool keepdims, bool select_last) {
  const Shape& shape = data.shape();
  int64_t outer = 1, inner = 1;
  for (int64_t k = 0; k < axis; ++k) outer *= shape[k];
  for (size_t k = axis + 1; k < shape.size(); ++k) inner *= shape[k];
  const int64_t n = shape[axis];
  std::span<const T> x = data.data<T>();
  std::vector<int64_t> out;
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      int64_t best = 0;
      for (int64_t j = 1; j < n; ++j) {
        const T candidate = x[(o * n + j) * inner + i];
        const T current = x[(o * n + best) * inner + i];
        const bool tie = !Before(max, candidate, current) && !Before(max, current, candidate);
        if (Before(max, candidate, current) || (select_last && tie)) best = j;
      }
      out.push_back(best);
    }
  }
  Shape out_shape;
  for (size_t k = 0; k < shape.size(); ++k) {
    if (static_cast<int64_t>(k) != axis) {
      out_shape.push_back(shape[k]);
    } else if (keepdims) {
      out_shape.push_back(1);
    }
  }
  return TensorOf<int64_t>(out_shape, out);
}

Tensor Indices(Shape shape, std::vector<int64_t> values) {
  return TensorOf<int64_t>(std::move(shape), values);
}

struct Attrs {
  std::optional<int64_t> axis = std::nullopt;
  std::optional<int64_t> keepdims = std::nullopt;
  std::optional<int64_t> select_last_index = std::nullopt;
};

template <typename T>
class ArgCaseSet : OpCaseSet {
 public:
  ArgCaseSet(const ArgOp& op, int version, std::vector<Case>& cases)
      : OpCaseSet(version, cases), op_(op) {}

  void AddAll() {
    AddAttributes();
    AddRanks();
    AddTies();
    if constexpr (kIsFloatType<T>) {
      AddFloatEdges();
    } else {
      AddIntExtremes();
    }
    if (version_ == 1) {
      // Version 11 adds "the input tensor must not be empty"; version 1 says nothing.
      Add("empty", {.axis = 1}, MakeTensor<T>({0, 3}, {}), Indices({0, 1}, {}), {"empty"},
          kKeepdims, /*reference_defined=*/true);
      // keepdims=0 removes the reduced axis even when there is no element.
      Add("empty_keepdims0", {.axis = 1, .keepdims = 0}, MakeTensor<T>({0, 3}, {}),
          Indices({0}, {}), {"empty", "keepdims"}, kKeepdims, /*reference_defined=*/true);
    }
  }

  void AddOpsetRange(int opset) {
    const Attrs attrs = {.axis = 1, .keepdims = 0};
    Start(absl::StrCat("opset", opset), attrs).Opset(opset);
    DataSet(attrs, MakeTensor<T>({2, 3}, {2, 1, 3, 0, 4, 5}), Indices({2}, {1, 0}))
        .Features({"opset_range", "keepdims"})
        .Quote(kOpsetRangeQuote)
        .Describe(absl::StrCat("opset ", opset, " resolves ", std::string(op_.op_type),
                               " to version ", version_));
    Commit();
  }

 private:
  CaseBuilder& Start(std::string_view what, const Attrs& attrs) {
    builder_.emplace(op_.op_type, version_, ElementTypeOf<T>(), what);
    builder_->Inputs({"data"}).Outputs({"reduced"});
    if (attrs.axis) builder_->Attr("axis", *attrs.axis);
    if (attrs.keepdims) builder_->Attr("keepdims", *attrs.keepdims);
    if (attrs.select_last_index) builder_->Attr("select_last_index", *attrs.select_last_index);
    if (!attrs.axis || !attrs.keepdims || (version_ >= 12 && !attrs.select_last_index)) {
      builder_->Feature("default_attr");
    }
    if (attrs.axis && *attrs.axis < 0) builder_->Feature("negative_axis");
    if (attrs.keepdims) builder_->Feature("keepdims");
    if (attrs.select_last_index) builder_->Feature("select_last_index");
    return *builder_;
  }

  // ExpectArg with the case's attributes (their defaults where unset).
  static Tensor Computed(bool max, const Attrs& attrs, const Tensor& data) {
    const int64_t rank = data.rank();
    const int64_t axis =
        attrs.axis.value_or(0) < 0 ? attrs.axis.value_or(0) + rank : attrs.axis.value_or(0);
    return ExpectArg<T>(max, data, axis, attrs.keepdims.value_or(1) != 0,
                        attrs.select_last_index.value_or(0) != 0);
  }

  // ArgMin's literal, which must be what ExpectArg computes; ArgMax's
  // expectation, computed by it.
  Tensor Expected(const Attrs& attrs, const Tensor& data, Tensor argmin_literal) const {
    Tensor computed = Computed(op_.max, attrs, data);
    if (op_.max) return computed;
    return CheckedLiteral(computed, std::move(argmin_literal));
  }

  // A data set of the case being built, its expectation from Expected.
  CaseBuilder& DataSet(const Attrs& attrs, Tensor data, Tensor argmin_literal) {
    Tensor expected = Expected(attrs, data, std::move(argmin_literal));
    return builder_->DataSet({std::move(data)}, {std::move(expected)});
  }

  void Add(std::string_view what, const Attrs& attrs, Tensor data, Tensor expected,
           std::initializer_list<std::string_view> features, std::string_view quote,
           bool reference_defined = false) {
    Start(what, attrs);
    CaseBuilder& b = DataSet(attrs, std::move(data), std::move(expected));
    b.Features(features).Quote(quote);
    if (reference_defined) b.ReferenceDefined();
    Commit();
  }

  void AddComputed(std::string_view what, const Attrs& attrs, Tensor data,
                   std::initializer_list<std::string_view> features, std::string_view quote,
                   bool reference_defined = false) {
    // ArgMin's, as Add takes it (for ArgMax, Add computes its own).
    Tensor expected = Computed(false, attrs, data);
    Add(what, attrs, std::move(data), std::move(expected), features, quote, reference_defined);
  }

  // Every attribute value and every default, on a 2x3 input without ties.
  void AddAttributes() {
    Start("default_attrs", {});
    DataSet({}, MakeTensor<T>({2, 3}, {2, 1, 3, 0, 4, 5}), Indices({1, 3}, {1, 0, 0}));
    DataSet({}, MakeTensor<T>({2, 3}, {5, 7, 1, 6, 4, 2}), Indices({1, 3}, {0, 1, 0}))
        .Quote(kDefaults);
    Commit();
    const Tensor x = MakeTensor<T>({2, 3}, {2, 1, 3, 0, 4, 5});
    Add("axis0_keepdims1", {.axis = 0, .keepdims = 1}, x, Indices({1, 3}, {1, 0, 0}), {"axis"},
        kKeepdims);
    Add("axis0_keepdims0", {.axis = 0, .keepdims = 0}, x, Indices({3}, {1, 0, 0}), {"axis"},
        kKeepdims);
    Add("axis1", {.axis = 1}, x, Indices({2, 1}, {1, 0}), {"axis"}, kDefaults);
    Add("axis1_keepdims0", {.axis = 1, .keepdims = 0}, x, Indices({2}, {1, 0}), {"axis"},
        kKeepdims);
    if (version_ == 1) {
      // The text states no range; read as [-r, r-1], with a warning.
      Start("axis_minus1", {.axis = -1});
      DataSet({.axis = -1}, x, Indices({2, 1}, {1, 0}))
          .Feature("axis")
          .Quote(kDefaults)
          .ReferenceDefined()
          .Warning(rules::kAttrNegativeAxisV1)
          .Describe(
              absl::StrCat(std::string(op_.op_type), "-1 states no axis range: -1 is read as r-1"));
      Commit();
    }
    if (version_ >= 11) {
      Add("axis_minus1", {.axis = -1}, x, Indices({2, 1}, {1, 0}), {"axis"}, kAxisRange);
      Add("axis_minus2_keepdims0", {.axis = -2, .keepdims = 0}, x, Indices({3}, {1, 0, 0}),
          {"axis"}, kAxisRange);
    }
    if (version_ >= 12) {
      Add("select_last_index0", {.axis = 1, .select_last_index = 0}, x, Indices({2, 1}, {1, 0}), {},
          op_.select_last);
      Add("select_last_index1_no_tie", {.axis = 1, .select_last_index = 1}, x,
          Indices({2, 1}, {1, 0}), {}, op_.select_last);
    }
  }

  // Rank 1 (down to a rank-0 output), 3 and 4, every axis of the 3-D input.
  void AddRanks() {
    Add("rank1", {}, MakeTensor<T>({5}, {4, 2, 0, 3, 1}), Indices({1}, {2}), {"rank1"}, kKeepdims);
    Add("rank1_keepdims0", {.keepdims = 0}, MakeTensor<T>({5}, {4, 2, 0, 3, 1}), Indices({}, {2}),
        {"rank1", "scalar"}, kKeepdims);
    for (int64_t axis : {0, 1, 2}) {
      AddComputed(absl::StrCat("rank3_axis", axis), {.axis = axis},
                  TensorOf<T>({2, 3, 4}, DistinctPattern<T>(24)), {"axis"}, kKeepdims);
    }
    AddComputed("rank4_axis2_keepdims0", {.axis = 2, .keepdims = 0},
                TensorOf<T>({2, 2, 3, 2}, DistinctPattern<T>(24)), {"axis"}, kKeepdims);
    if (version_ >= 11) {
      AddComputed("rank3_axis_minus3_keepdims0", {.axis = -3, .keepdims = 0},
                  TensorOf<T>({2, 3, 4}, DistinctPattern<T>(24)), {"axis"}, kAxisRange);
    }
  }

  // Repeated minima: the first index; from version 12 select_last_index picks.
  void AddTies() {
    const Tensor x = MakeTensor<T>({3, 3}, {1, 0, 0, 2, 2, 2, 0, 1, 0});
    // Before version 12 the texts do not say which of equal minima wins.
    Add("tie", {.axis = 1}, x, Indices({3, 1}, {1, 0, 0}), {"tie"},
        version_ >= 12 ? op_.select_last : op_.summary, /*reference_defined=*/version_ < 12);
    AddComputed("tie_pattern_rank3", {.axis = 1}, TensorOf<T>({2, 5, 3}, Pattern<T>(30, 1)),
                {"tie"}, version_ >= 12 ? op_.select_last : op_.summary,
                /*reference_defined=*/version_ < 12);
    if (version_ < 12) return;
    Add("tie_select_last", {.axis = 1, .select_last_index = 1}, x, Indices({3, 1}, {2, 2, 2}),
        {"tie"}, op_.select_last);
    Add("tie_select_first", {.axis = 1, .select_last_index = 0}, x, Indices({3, 1}, {1, 0, 0}),
        {"tie"}, op_.select_last);
    Add("tie_select_last_axis_minus2_keepdims0",
        {.axis = -2, .keepdims = 0, .select_last_index = 1}, x, Indices({3}, {2, 0, 2}), {"tie"},
        op_.select_last);
    AddComputed("tie_pattern_rank3_select_last", {.axis = 1, .select_last_index = 1},
                TensorOf<T>({2, 5, 3}, Pattern<T>(30, 1)), {"tie"}, op_.select_last);
  }

  void AddFloatEdges() {
    const T nan = NaN<T>(), inf = Inf<T>(), ninf = NegInf<T>(), nz = NegZero<T>();
    const T zero = Value<T>(0), one = Value<T>(1), two = Value<T>(2), three = Value<T>(3),
            five = Value<T>(5);
    const Tensor with_nan = TensorOf<T>({3, 3}, {one, nan, nan, nan, zero, ninf, three, two, one});
    Add("nan", {.axis = 1}, with_nan, Indices({3, 1}, {1, 0, 2}), {"nan", "inf"}, op_.nan,
        /*reference_defined=*/true);
    const Tensor with_inf = TensorOf<T>({3, 3}, {inf, ninf, zero, inf, inf, inf, ninf, ninf, five});
    Add("inf", {.axis = 1}, with_inf, Indices({3, 1}, {1, 0, 0}), {"inf", "tie"},
        version_ >= 12 ? op_.select_last : op_.summary, /*reference_defined=*/version_ < 12);
    const Tensor zeros = TensorOf<T>({2, 3}, {zero, nz, one, nz, zero, nz});
    Add("neg_zero", {.axis = 1}, zeros, Indices({2, 1}, {0, 0}), {"neg_zero", "tie"},
        op_.signed_zero,
        /*reference_defined=*/true);
    const T lo = Lowest<T>(), hi = Highest<T>(), dn = DenormMin<T>();
    Add("float_extremes", {.axis = 1}, TensorOf<T>({2, 3}, {hi, lo, dn, dn, Negate(dn), zero}),
        Indices({2, 1}, {1, 1}), {"float_extremes", "subnormal"}, op_.summary);
    // The smallest and the largest element are each one denormal apart from
    // zero: a backend that reads denormals as zero sees a tie instead.
    Add("subnormal_order", {.axis = 1}, TensorOf<T>({1, 3}, {zero, dn, Negate(dn)}),
        Indices({1, 1}, {2}), {"float_extremes", "subnormal"}, op_.summary);
    if (version_ >= 12) {
      Add("nan_select_last", {.axis = 1, .select_last_index = 1}, with_nan,
          Indices({3, 1}, {2, 0, 2}), {"nan", "inf"}, op_.nan, /*reference_defined=*/true);
      Add("inf_select_last", {.axis = 1, .select_last_index = 1}, with_inf,
          Indices({3, 1}, {1, 2, 1}), {"inf", "tie"}, op_.select_last);
      Add("neg_zero_select_last", {.axis = 1, .select_last_index = 1}, zeros,
          Indices({2, 1}, {1, 2}), {"neg_zero", "tie"}, op_.signed_zero,
          /*reference_defined=*/true);
    }
  }

  void AddIntExtremes() {
    const T lo = Lowest<T>(), hi = Highest<T>();
    const T lo1 = static_cast<T>(lo + 1), hi1 = static_cast<T>(hi - 1);
    Add("int_extremes", {.axis = 1}, TensorOf<T>({2, 3}, {hi, lo, lo1, hi, hi1, hi}),
        Indices({2, 1}, {1, 1}), {"int_extremes"}, op_.summary);
    // Each row's answer is one step from another element: 64-bit integers
    // compared through double see a tie there (both ends, for either operator).
    Add("int_extremes_near", {.axis = 1}, TensorOf<T>({2, 3}, {lo1, lo, hi1, hi1, hi, lo}),
        Indices({2, 1}, {1, 2}), {"int_extremes"}, op_.summary);
    const Tensor tied = TensorOf<T>({2, 3}, {lo, hi, lo, hi, hi, hi});
    Add("int_extremes_tie", {.axis = 1}, tied, Indices({2, 1}, {0, 0}), {"int_extremes", "tie"},
        version_ >= 12 ? op_.select_last : op_.summary, /*reference_defined=*/version_ < 12);
    if (version_ >= 12) {
      Add("int_extremes_select_last", {.axis = 1, .select_last_index = 1}, tied,
          Indices({2, 1}, {2, 2}), {"int_extremes", "tie"}, op_.select_last);
    }
  }

  const ArgOp& op_;
};

void AddArgCases(const ArgOp& op, std::vector<Case>& cases) {
  for (int version : SuiteVersions(op.op_type)) {
    ForEachSuiteType(op.op_type, version,
                     [&]<typename T>(TypeTag<T>) { ArgCaseSet<T>(op, version, cases).AddAll(); });
  }
  const std::pair<int, int> kRanges[] = {{1, 10}, {13, 17}};
  for (auto [version, opset] : kRanges) ArgCaseSet<float>(op, version, cases).AddOpsetRange(opset);
}

// float16 [1024,1024] along axis 1, many ties and NaNs, select_last_index
// 1: NaN is ahead of every number (smallest for ArgMin, largest for
// ArgMax), and ties and NaNs go to the last index.
Case LargeArgCase(const ArgOp& op) {
  LargeCaseRng rng(2);
  std::vector<Float16> x(kLargeSide * kLargeSide);
  for (Float16& v : x) v = Value<Float16>(static_cast<double>(rng.Below(64) - 32));
  for (size_t i = 11; i < x.size(); i += 1021) x[i] = NaN<Float16>();
  std::vector<int64_t> out(kLargeSide);
  for (int64_t i = 0; i < kLargeSide; ++i) {
    int64_t best = 0;
    for (int64_t j = 1; j < kLargeSide; ++j) {
      const Float16 c = x[i * kLargeSide + j], m = x[i * kLargeSide + best];
      const bool behind = op.max ? Less(c, m) : Less(m, c);
      if (IsNaN(c) || (!IsNaN(m) && !behind)) best = j;
    }
    out[i] = best;
  }
  return CaseBuilder(std::string(op.op_type), 13, ElementType::kFloat16, "large_select_last")
      .Inputs({"data"})
      .Outputs({"reduced"})
      .Attr("axis", int64_t{1})
      .Attr("keepdims", int64_t{0})
      .Attr("select_last_index", int64_t{1})
      .DataSet({TensorOf<Float16>({kLargeSide, kLargeSide}, x)},
               {TensorOf<int64_t>({kLargeSide}, out)})
      .Features({"large", "tie", "nan", "select_last_index", "keepdims"})
      .ReferenceDefined()
      .Quote(op.nan)
      .Build();
}

}  // namespace

void AddArgMinLargeCases(std::vector<Case>& cases) { cases.push_back(LargeArgCase(kArgMin)); }
void AddArgMaxLargeCases(std::vector<Case>& cases) { cases.push_back(LargeArgCase(kArgMax)); }

void AddArgMinCases(std::vector<Case>& cases) {
  AddArgCases(kArgMin, cases);
  invalid_cases::AddArgExtremumNegativeCases(cases, "ArgMin");
  invalid_cases::AddArgMinOnlyNegativeCases(cases);
}
void AddArgMaxCases(std::vector<Case>& cases) {
  AddArgCases(kArgMax, cases);
  invalid_cases::AddArgExtremumNegativeCases(cases, "ArgMax");
}

// Along axis 0 of [[2 1 3] [0 4 5]]: argmin 1 0 0, argmax 0 1 1.
void BuildArgMinTypeProbe(CaseBuilder& b, int, ElementType type) {
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    b.Inputs({"data"})
        .Outputs({"reduced"})
        .DataSet({MakeTensor<T>({2, 3}, {2, 1, 3, 0, 4, 5})},
                 {MakeTensor<int64_t>({1, 3}, {1, 0, 0})});
  });
}
void BuildArgMaxTypeProbe(CaseBuilder& b, int, ElementType type) {
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    b.Inputs({"data"})
        .Outputs({"reduced"})
        .DataSet({MakeTensor<T>({2, 3}, {2, 1, 3, 0, 4, 5})},
                 {MakeTensor<int64_t>({1, 3}, {0, 1, 1})});
  });
}

}  // namespace onnx_conform
