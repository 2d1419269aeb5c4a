// Min and Max cases: every version (1, 6, 8, 12, 13) and every type each
// allows, one definition for the two mirrors. Min's expectations are
// literals or ExpectExtreme, a direct loop over output indices; Max's come
// from that loop over the same inputs, and every Min literal must agree
// with the loop (the generator aborts otherwise), so the loop is checked
// before it computes Max's.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "cases/case_builder.h"
#include "cases/case_library.h"
#include "cases/case_values.h"
#include "cases/large_cases.h"
#include "checker/rules.h"
#include "ops/extremum/extremum_negative_cases.h"
#include "ops/extremum/extremum_quotes.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {

using namespace case_values;  // NOLINT: the library's own value helpers
namespace {

// What differs between the mirrors: names and the texts' quotes.
struct ExtremeOp {
  std::string_view op_type;  // "Min"
  std::string_view output;   // "min"
  bool max;                  // the largest element, not the smallest
  std::string_view summary;
  std::string_view variadic;
  std::string_view nan;
  std::string_view signed_zero;
};

constexpr ExtremeOp kMin = {
    "Min",
    "min",
    false,
    "Min — element-wise minimum of the inputs",
    "Inputs: 1 to 2147483647, variadic `data_0` of type T. Output: `min` of type T.",
    "Min with NaN: NaN propagates (if any input element is NaN the result is NaN).",
    "Signed zeros: -0 and +0 compare equal; either is an acceptable Min result."};
constexpr ExtremeOp kMax = {
    "Max",
    "max",
    true,
    "Max — element-wise maximum of the inputs",
    "Inputs: 1 to 2147483647, variadic `data_0` of type T. Output: `max` of type T.",
    "Max with NaN: NaN propagates (if any input element is NaN the result is NaN).",
    "Signed zeros: -0 and +0 compare equal; either is an acceptable Max result."};

using quotes::kBroadcast;
using quotes::kSameShape;
using quotes::kSameShapeV1;
constexpr std::string_view kConsumedInputs =
    "`consumed_inputs` (INTS, legacy optimisation attribute, optional)";

// The smaller (larger, with max) of two elements; NaN propagates; on equal
// values (including -0 and +0) the first, as numpy's minimum and maximum do.
template <typename T>
T ExtremeOf(bool max, T a, T b) {
  if (IsNaN(a)) return a;
  if (IsNaN(b)) return b;
  return (max ? Less(a, b) : Less(b, a)) ? b : a;
}

// Min (Max) of inputs broadcast numpy-style to out_shape, element by
// element. Aborts when an input does not broadcast to out_shape (a
// definition bug).
template <typename T>
Tensor ExpectExtreme(bool max, const std::vector<Tensor>& inputs, const Shape& out_shape) {
  const size_t rank = out_shape.size();
  int64_t count = 1;
  for (int64_t d : out_shape) count *= d;
  for (const Tensor& in : inputs) {
    if (in.shape().size() > rank) std::abort();
    const size_t lead = rank - in.shape().size();
    for (size_t k = 0; k < in.shape().size(); ++k) {
      if (in.shape()[k] != 1 && in.shape()[k] != out_shape[lead + k]) std::abort();
    }
  }
  std::vector<T> out(static_cast<size_t>(count));
  std::vector<int64_t> index(rank, 0);
  for (int64_t flat = 0; flat < count; ++flat) {
    int64_t rest = flat;
    for (size_t k = rank; k-- > 0;) {
      index[k] = rest % out_shape[k];
      rest /= out_shape[k];
    }
    bool first = true;
    T result{};
    for (const Tensor& in : inputs) {
      const Shape& s = in.shape();
      const size_t lead = rank - s.size();
      int64_t offset = 0;
      for (size_t k = 0; k < s.size(); ++k) {
        offset = offset * s[k] + (s[k] == 1 ? 0 : index[lead + k]);
      }
      const T v = in.data<T>()[static_cast<size_t>(offset)];
      result = first ? v : ExtremeOf(max, result, v);
      first = false;
    }
    out[static_cast<size_t>(flat)] = result;
  }
  return TensorOf<T>(out_shape, out);
}

std::vector<std::string> InputNames(size_t count) {
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i) names.push_back(absl::StrCat("data_", i));
  return names;
}

// The inputs' broadcast shape (numpy rules; the definitions only broadcast
// shapes that do).
Shape BroadcastShape(const std::vector<Tensor>& inputs) {
  Shape out;
  for (const Tensor& in : inputs) {
    const Shape& s = in.shape();
    if (s.size() > out.size()) out.insert(out.begin(), s.size() - out.size(), 1);
    const size_t lead = out.size() - s.size();
    for (size_t k = 0; k < s.size(); ++k) {
      if (out[lead + k] == 1) out[lead + k] = s[k];
    }
  }
  return out;
}

template <typename T>
class ExtremeCaseSet : OpCaseSet {
 public:
  ExtremeCaseSet(const ExtremeOp& op, int version, std::vector<Case>& cases)
      : OpCaseSet(version, cases), op_(op) {}

  void AddAll() {
    AddArity();
    AddScalarAndEmpty();
    if (version_ >= 8) AddBroadcasting();
    if constexpr (kIsFloatType<T>) {
      AddFloatEdges();
    } else {
      AddIntExtremes();
    }
    if constexpr (kIsSigned<T>) {
      Add("negative", {MakeTensor<T>({3}, {-1, -5, 3}), MakeTensor<T>({3}, {-4, 2, -3})},
          MakeTensor<T>({3}, {-4, -5, -3}), {"negative"}, op_.summary);
    }
    if (version_ == 1) {
      Start("consumed_inputs")
          .Attr("consumed_inputs", std::vector<int64_t>{0, 0})
          .Inputs(InputNames(2));
      DataSet({MakeTensor<T>({2}, {1, 4}), MakeTensor<T>({2}, {3, 2})}, MakeTensor<T>({2}, {1, 2}))
          .Features({"consumed_inputs"})
          .Quote(kConsumedInputs)
          .Describe("the legacy consumed_inputs attribute does not change the result");
      Commit();
    }
  }

  // A case per opset beyond the version's first that still resolves to it.
  void AddOpsetRange(int opset) {
    Start(absl::StrCat("opset", opset)).Opset(opset).Inputs(InputNames(2));
    DataSet({MakeTensor<T>({3}, {1, 5, 3}), MakeTensor<T>({3}, {4, 2, 3})},
            MakeTensor<T>({3}, {1, 2, 3}))
        .Features({"opset_range"})
        .Quote(kOpsetRangeQuote)
        .Describe(absl::StrCat("opset ", opset, " resolves ", std::string(op_.op_type),
                               " to version ", version_));
    Commit();
  }

 private:
  CaseBuilder& Start(std::string_view what) {
    builder_.emplace(op_.op_type, version_, ElementTypeOf<T>(), what);
    builder_->Outputs({std::string(op_.output)});
    return *builder_;
  }

  // Min's literal, which must be what ExpectExtreme computes; Max's
  // expectation, computed by it.
  Tensor Expected(const std::vector<Tensor>& inputs, Tensor min_literal) const {
    Tensor computed = ExpectExtreme<T>(op_.max, inputs, BroadcastShape(inputs));
    if (op_.max) return computed;
    return CheckedLiteral(computed, std::move(min_literal));
  }

  // A data set of the case being built, its expectation from Expected.
  CaseBuilder& DataSet(std::vector<Tensor> inputs, Tensor min_literal) {
    Tensor expected = Expected(inputs, std::move(min_literal));
    return builder_->DataSet(std::move(inputs), {std::move(expected)});
  }

  std::string_view ShapeQuote() const {
    return version_ == 1 ? kSameShapeV1 : version_ == 6 ? kSameShape : kBroadcast;
  }

  // One data set with a literal expectation (Min's; Max's is computed).
  void Add(std::string_view what, std::vector<Tensor> inputs, Tensor expected,
           std::initializer_list<std::string_view> features, std::string_view quote,
           bool reference_defined = false) {
    Start(what).Inputs(InputNames(inputs.size()));
    CaseBuilder& b = DataSet(std::move(inputs), std::move(expected));
    b.Features(features).Quote(quote);
    if (reference_defined) b.ReferenceDefined();
    Commit();
  }

  // One data set with the expectation from ExpectExtreme.
  void AddComputed(std::string_view what, std::vector<Tensor> inputs, const Shape& out_shape,
                   std::initializer_list<std::string_view> features, std::string_view quote) {
    // The minimum, as Add takes it (for Max, Add computes the maximum).
    Tensor expected = ExpectExtreme<T>(false, inputs, out_shape);
    Add(what, std::move(inputs), std::move(expected), features, quote);
  }

  void AddArity() {
    Start("two_inputs").Inputs(InputNames(2));
    DataSet({MakeTensor<T>({2, 2}, {1, 5, 3, 0}), MakeTensor<T>({2, 2}, {4, 2, 3, 7})},
            MakeTensor<T>({2, 2}, {1, 2, 3, 0}));
    DataSet({MakeTensor<T>({2, 2}, {9, 8, 7, 6}), MakeTensor<T>({2, 2}, {6, 7, 8, 9})},
            MakeTensor<T>({2, 2}, {6, 7, 7, 6}))
        .Features({"basic"})
        .Quote(op_.summary);
    Commit();
    Add("single_input", {MakeTensor<T>({2, 3}, {3, 1, 2, 0, 5, 4})},
        MakeTensor<T>({2, 3}, {3, 1, 2, 0, 5, 4}), {"single_input"}, op_.variadic);
    Add("three_inputs",
        {MakeTensor<T>({4}, {1, 9, 5, 6}), MakeTensor<T>({4}, {4, 2, 8, 6}),
         MakeTensor<T>({4}, {7, 3, 0, 6})},
        MakeTensor<T>({4}, {1, 2, 0, 6}), {"multi_input"}, op_.variadic);
    Add("five_inputs",
        {MakeTensor<T>({2}, {5, 1}), MakeTensor<T>({2}, {4, 2}), MakeTensor<T>({2}, {3, 3}),
         MakeTensor<T>({2}, {2, 4}), MakeTensor<T>({2}, {1, 5})},
        MakeTensor<T>({2}, {1, 1}), {"multi_input"}, op_.variadic);
  }

  void AddScalarAndEmpty() {
    Add("scalar", {MakeTensor<T>({}, {3}), MakeTensor<T>({}, {2})}, MakeTensor<T>({}, {2}),
        {"scalar"}, ShapeQuote());
    Add("empty", {MakeTensor<T>({2, 0, 3}, {}), MakeTensor<T>({2, 0, 3}, {})},
        MakeTensor<T>({2, 0, 3}, {}), {"empty"}, ShapeQuote());
  }

  void AddBroadcasting() {
    struct Shapes {
      std::string_view what;
      Shape a, b, out;
    };
    const Shapes kRanks[] = {
        {"broadcast_1d", {4}, {1}, {4}},
        {"broadcast_2d", {2, 3}, {3}, {2, 3}},
        {"broadcast_3d", {2, 1, 3}, {4, 1}, {2, 4, 3}},
        {"broadcast_4d", {1, 2, 1, 3}, {2, 1, 2, 1}, {2, 2, 2, 3}},
        {"broadcast_5d", {2, 1, 1, 2, 1}, {3, 1, 2}, {2, 1, 3, 2, 2}},
        {"broadcast_6d", {2, 1, 3, 1, 1, 2}, {3, 1, 2, 1}, {2, 1, 3, 1, 2, 2}},
    };
    for (const Shapes& s : kRanks) {
      AddComputed(s.what, {Tensor(Of(s.a, 1)), Tensor(Of(s.b, 2))}, s.out, {"broadcast"},
                  kBroadcast);
    }
    AddComputed("broadcast_scalar", {Tensor(Of({}, 3)), Tensor(Of({2, 3}, 4))}, {2, 3},
                {"broadcast", "scalar"}, kBroadcast);
    AddComputed("broadcast_empty", {Tensor(Of({2, 1}, 5)), Tensor(Of({0}, 6))}, {2, 0},
                {"broadcast", "empty"}, kBroadcast);
    AddComputed("broadcast_three_inputs",
                {Tensor(Of({3}, 7)), Tensor(Of({2, 1}, 8)), Tensor(Of({1, 1, 1}, 9))}, {1, 2, 3},
                {"broadcast", "multi_input"}, kBroadcast);
  }

  static Tensor Of(const Shape& shape, int64_t seed) {
    int64_t count = 1;
    for (int64_t d : shape) count *= d;
    return TensorOf<T>(shape, Pattern<T>(count, seed));
  }

  void AddFloatEdges() {
    const T nan = NaN<T>(), inf = Inf<T>(), ninf = NegInf<T>(), nz = NegZero<T>();
    const T one = Value<T>(1), two = Value<T>(2), three = Value<T>(3), zero = Value<T>(0);
    Add("nan",
        {TensorOf<T>({5}, {nan, one, nan, two, nan}),
         TensorOf<T>({5}, {one, nan, nan, three, ninf})},
        TensorOf<T>({5}, {nan, nan, nan, two, nan}), {"nan", "inf"}, op_.nan,
        /*reference_defined=*/true);
    Add("inf",
        {TensorOf<T>({6}, {inf, ninf, inf, one, ninf, ninf}),
         TensorOf<T>({6}, {one, one, inf, ninf, ninf, inf})},
        TensorOf<T>({6}, {one, ninf, inf, ninf, ninf, ninf}), {"inf"}, op_.summary);
    Add("neg_zero",
        {TensorOf<T>({5}, {nz, zero, nz, one, Value<T>(-1)}),
         TensorOf<T>({5}, {zero, nz, nz, nz, nz})},
        TensorOf<T>({5}, {nz, zero, nz, nz, Value<T>(-1)}), {"neg_zero"}, op_.signed_zero,
        /*reference_defined=*/true);
    const T lo = Lowest<T>(), hi = Highest<T>(), dn = DenormMin<T>(), ndn = Negate(dn);
    Add("float_extremes",
        {TensorOf<T>({5}, {lo, hi, dn, ndn, hi}), TensorOf<T>({5}, {hi, lo, zero, zero, dn})},
        TensorOf<T>({5}, {lo, lo, zero, ndn, dn}), {"float_extremes", "subnormal"}, op_.summary);
    if (version_ >= 8) {
      Add("nan_broadcast", {TensorOf<T>({2, 1}, {nan, one}), TensorOf<T>({3}, {zero, nan, two})},
          TensorOf<T>({2, 3}, {nan, nan, nan, zero, nan, one}), {"nan", "broadcast"}, op_.nan,
          /*reference_defined=*/true);
    }
  }

  void AddIntExtremes() {
    const T lo = Lowest<T>(), hi = Highest<T>(), zero = Value<T>(0);
    const T lo1 = static_cast<T>(lo + 1), hi1 = static_cast<T>(hi - 1);
    Add("int_extremes",
        {TensorOf<T>({7}, {lo, hi, lo, hi, zero, lo1, hi1}),
         TensorOf<T>({7}, {hi, lo, lo, hi, lo, lo, hi})},
        TensorOf<T>({7}, {lo, lo, lo, hi, lo, lo, hi1}), {"int_extremes"}, op_.summary);
  }

  const ExtremeOp& op_;
};

void AddExtremeCases(const ExtremeOp& op, std::vector<Case>& cases) {
  for (int version : SuiteVersions(op.op_type)) {
    ForEachSuiteType(op.op_type, version, [&]<typename T>(TypeTag<T>) {
      ExtremeCaseSet<T>(op, version, cases).AddAll();
    });
  }
  // The last opset each version serves (ONNX 1.12 knows opsets up to 17).
  const std::pair<int, int> kRanges[] = {{1, 5}, {6, 7}, {8, 11}, {13, 17}};
  for (auto [version, opset] : kRanges) {
    ExtremeCaseSet<float>(op, version, cases).AddOpsetRange(opset);
  }
}

// [1024,1024] with a broadcast [1024], NaN and -0 sprinkled: numpy's
// minimum or maximum, a tie giving the first input.
Case LargeExtremeCase(const ExtremeOp& op) {
  LargeCaseRng rng(1);
  std::vector<float> a(kLargeSide * kLargeSide), b(kLargeSide);
  for (float& v : a) v = static_cast<float>(rng.Below(2001) - 1000) / 8.0f;
  for (float& v : b) v = static_cast<float>(rng.Below(2001) - 1000) / 8.0f;
  for (size_t i = 0; i < a.size(); i += 4099) a[i] = NaN<float>();
  for (size_t i = 7; i < a.size(); i += 5003) a[i] = -0.0f;
  b[3] = NaN<float>();
  b[5] = 0.0f;
  std::vector<float> out(a.size());
  for (int64_t i = 0; i < kLargeSide; ++i) {
    for (int64_t j = 0; j < kLargeSide; ++j) {
      const float x = a[i * kLargeSide + j], y = b[j];
      const bool y_wins = op.max ? x < y : y < x;
      out[i * kLargeSide + j] = std::isnan(x) ? x : std::isnan(y) ? y : (y_wins ? y : x);
    }
  }
  return CaseBuilder(std::string(op.op_type), 13, ElementType::kFloat, "large_broadcast")
      .Inputs({"data_0", "data_1"})
      .Outputs({std::string(op.output)})
      .DataSet({TensorOf<float>({kLargeSide, kLargeSide}, a), TensorOf<float>({kLargeSide}, b)},
               {TensorOf<float>({kLargeSide, kLargeSide}, out)})
      .Features({"large", "broadcast", "nan", "neg_zero"})
      .ReferenceDefined()
      .Quote(op.nan)
      .Build();
}

}  // namespace

void AddMinLargeCases(std::vector<Case>& cases) { cases.push_back(LargeExtremeCase(kMin)); }
void AddMaxLargeCases(std::vector<Case>& cases) { cases.push_back(LargeExtremeCase(kMax)); }

void AddMaxCases(std::vector<Case>& cases) {
  AddExtremeCases(kMax, cases);
  invalid_cases::AddExtremumNegativeCases(cases, "Max");
}

// min/max(1 5 3, 4 2 3) in any type.
void BuildMinTypeProbe(CaseBuilder& b, int, ElementType type) {
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    b.Inputs({"data_0", "data_1"})
        .Outputs({"min"})
        .DataSet({MakeTensor<T>({3}, {1, 5, 3}), MakeTensor<T>({3}, {4, 2, 3})},
                 {MakeTensor<T>({3}, {1, 2, 3})});
  });
}
void BuildMaxTypeProbe(CaseBuilder& b, int, ElementType type) {
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    b.Inputs({"data_0", "data_1"})
        .Outputs({"max"})
        .DataSet({MakeTensor<T>({3}, {1, 5, 3}), MakeTensor<T>({3}, {4, 2, 3})},
                 {MakeTensor<T>({3}, {4, 5, 3})});
  });
}

void AddMinCases(std::vector<Case>& cases) {
  AddExtremeCases(kMin, cases);
  invalid_cases::AddExtremumNegativeCases(cases, "Min");
  invalid_cases::AddMinOnlyNegativeCases(cases);
  // Tensor files named otherwise than the graph values they feed: still
  // valid (files feed graph inputs by position), with a checker warning.
  {
    CaseBuilder b("Min", 13, ElementType::kFloat, "tensor_names_differ");
    const Tensor a = MakeTensor<float>({3}, {1, 5, 3}), c = MakeTensor<float>({3}, {4, 2, 3});
    const Tensor out = MakeTensor<float>({3}, {1, 2, 3});
    b.Inputs(InputNames(2))
        .Outputs({"min"})
        .DataSet({a, c}, {out})
        .Features({"tensor_names"})
        .Warning(rules::kDataNameMismatch)
        .Quote(kMin.summary)
        .Describe("input_K.pb feeds the K-th graph input whatever TensorProto.name says");
    Case named = b.Build();
    named.files[DataFilePath(0, DataFileKind::kInput, 0)] =
        TensorToProto(a, "x").SerializeAsString();
    named.files[DataFilePath(0, DataFileKind::kInput, 1)] =
        TensorToProto(c, "y").SerializeAsString();
    named.files[DataFilePath(0, DataFileKind::kOutput, 0)] =
        TensorToProto(out, "z").SerializeAsString();
    cases.push_back(std::move(named));
  }
}

}  // namespace onnx_conform
