// Relu cases: every version (1, 6, 13, 14) and every type it allows, and
// Relu's own negative cases. Expectations are literals or ExpectRelu, a
// direct loop of "y = max(0, x)" over the case's own input.
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "cases/case_library.h"
#include "cases/case_values.h"
#include "cases/large_cases.h"
#include "checker/rules.h"

namespace onnx_conform {

using namespace case_values;  // NOLINT: the library's own value helpers
namespace {

constexpr std::string_view kSummary =
    "Relu takes one input data (Tensor<T>) and produces one output data (Tensor<T>) where the "
    "rectified linear function, y = max(0, x), is applied to the tensor elementwise.";
constexpr std::string_view kNaN =
    "y = max(0, x) with x NaN: the text is silent; NaN stays NaN, as Max propagates it "
    "(reading relu-nan-gives-zero: 0).";
constexpr std::string_view kNegZero =
    "y = max(0, x) with x = -0: max(0, -0) is a tie; +0 is expected, its sign left open.";
constexpr std::string_view kConsumedInputs = "`consumed_inputs` INTS (legacy)";
constexpr std::string_view kOneInput = "Inputs: X (T), Input tensor. Outputs: Y (T).";

// y = max(0, x) element by element: x when x > 0, else 0. A NaN is kept
// (it is not > 0 but max propagates it); -0 gives +0.
template <typename T>
Tensor ExpectRelu(const Tensor& x) {
  std::vector<T> out;
  for (T v : x.data<T>()) out.push_back(IsNaN(v) || Less(Value<T>(0), v) ? v : Value<T>(0));
  return TensorOf<T>(x.shape(), out);
}

template <typename T>
class ReluCaseSet : OpCaseSet {
 public:
  ReluCaseSet(int version, std::vector<Case>& cases) : OpCaseSet(version, cases) {}

  void AddAll() {
    const Tensor x = kIsSigned<T> ? MakeTensor<T>({2, 4}, {-3, -1, 0, 1, 2, -2, 5, -7})
                                  : MakeTensor<T>({2, 4}, {0, 1, 2, 5, 3, 0, 7, 4});
    CaseBuilder& b = Start("basic");
    b.DataSet({x},
              {CheckedLiteral(ExpectRelu<T>(x), MakeTensor<T>({2, 4}, {0, 0, 0, 1, 2, 0, 5, 0}))})
        .Quote(kSummary)
        .Describe("negatives become 0, positives pass");
    Commit();
    Add("scalar", MakeTensor<T>({}, {-4}), {"scalar"}, kSummary);
    Add("empty", MakeTensor<T>({2, 0, 3}, {}), {"empty"}, kSummary);
    Add("rank3", TensorOf<T>({2, 3, 4}, Pattern<T>(24, 2)), {}, kSummary);
    if (version_ == 1) {
      CaseBuilder& c = Start("consumed_inputs");
      c.Attr("consumed_inputs", std::vector<int64_t>{0})
          .Feature("consumed_inputs")
          .Quote(kConsumedInputs)
          .Describe("the legacy consumed_inputs attribute does not change the result")
          .DataSet({x}, {ExpectRelu<T>(x)});
      Commit();
    }
    if constexpr (kIsFloatType<T>) {
      AddFloatEdges();
    } else {
      // Highest - 1 is no double (for int64): a 64-bit integer through double differs.
      const Tensor extremes =
          TensorOf<T>({5}, {Lowest<T>(), static_cast<T>(Lowest<T>() + 1), Value<T>(-1),
                            static_cast<T>(Highest<T>() - 1), Highest<T>()});
      Add("int_extremes", extremes, {"int_extremes"}, kSummary);
    }
  }

  void AddOpsetRange(int opset) {
    const Tensor x = MakeTensor<T>({3}, {-1, 0, 2});
    CaseBuilder& b = Start(absl::StrCat("opset", opset));
    b.Opset(opset)
        .Feature("opset_range")
        .Quote(kSummary)
        .Describe(absl::StrCat("opset ", opset, " resolves Relu to version ", version_))
        .DataSet({x}, {ExpectRelu<T>(x)});
    Commit();
  }

 private:
  CaseBuilder& Start(std::string_view what) {
    builder_.emplace("Relu", version_, ElementTypeOf<T>(), what);
    builder_->Inputs({"X"}).Outputs({"Y"});
    return *builder_;
  }

  void Add(std::string_view what, const Tensor& x, std::initializer_list<std::string_view> features,
           std::string_view quote, bool reference_defined = false) {
    CaseBuilder& b = Start(what);
    b.DataSet({x}, {ExpectRelu<T>(x)}).Features(features).Quote(quote);
    if (reference_defined) b.ReferenceDefined();
    Commit();
  }

  void AddFloatEdges() {
    const T nan = NaN<T>(), inf = Inf<T>(), ninf = NegInf<T>(), nz = NegZero<T>();
    const T zero = Value<T>(0), one = Value<T>(1);
    {
      CaseBuilder& b = Start("nan");
      b.DataSet({TensorOf<T>({4}, {nan, one, Value<T>(-2), nan})},
                {TensorOf<T>({4}, {nan, one, zero, nan})})
          .Feature("nan")
          .Quote(kNaN)
          .ReferenceDefined();
      Commit();
    }
    Add("inf", TensorOf<T>({3}, {ninf, inf, Value<T>(3)}), {"inf"}, kSummary);
    {
      // -0 gives +0 (either sign accepted); +0 stays +0.
      CaseBuilder& b = Start("neg_zero");
      b.DataSet({TensorOf<T>({3}, {nz, zero, Value<T>(-1)})},
                {TensorOf<T>({3}, {zero, zero, zero})})
          .Feature("neg_zero")
          .Quote(kNegZero)
          .ReferenceDefined();
      Commit();
    }
    const T dn = DenormMin<T>();
    Add("float_extremes",
        TensorOf<T>({5}, {Lowest<T>(), Highest<T>(), dn, Negate(dn), Value<T>(0.5)}),
        {"float_extremes", "subnormal"}, kSummary);
  }
};

// Relu's own negative cases, each breaking one rule.
void AddReluNegativeCases(std::vector<Case>& cases) {
  const Tensor x = MakeTensor<float>({3}, {-1, 0, 2});
  const Tensor y = MakeTensor<float>({3}, {0, 0, 2});
  for (int version : {6, 13, 14}) {
    CaseBuilder b("Relu", version, ElementType::kFloat, "consumed_inputs");
    b.Inputs({"X"})
        .Outputs({"Y"})
        .Attr("consumed_inputs", std::vector<int64_t>{0})
        .DataSet({x}, {y})
        .Invalid(rules::kAttrUnknown)
        .Quote("Attributes: none (consumed_inputs exists only at Relu-1)")
        .Describe(absl::StrCat("Relu-", version, " has no attribute consumed_inputs"));
    cases.push_back(b.Build());
  }
  {
    CaseBuilder b("Relu", 14, ElementType::kFloat, "two_inputs");
    b.Inputs({"X", "X2"})
        .Outputs({"Y"})
        .DataSet({x, x}, {y})
        .Invalid(rules::kNodeInputArity)
        .Quote(kOneInput)
        .Describe("Relu takes exactly one input");
    cases.push_back(b.Build());
  }
  {
    CaseBuilder b("Relu", 14, ElementType::kFloat, "output_double");
    b.ExtraType(ElementType::kDouble)
        .Inputs({"X"})
        .Outputs({"Y"})
        .DataSet({x}, {MakeTensor<double>({3}, {0, 0, 2})})
        .Invalid(rules::kTypeParamMismatch)
        .Quote(kOneInput)
        .Describe("X and Y share T: the output is declared double over a float input");
    cases.push_back(b.Build());
  }
  {
    CaseBuilder b("Relu", 6, ElementType::kFloat, "output_shape");
    b.Inputs({"X"})
        .Outputs({"Y"})
        .DataSet({x}, {MakeTensor<float>({1, 3}, {0, 0, 2})})
        .Invalid(rules::kOutputShapeInferred)
        .Quote(kSummary)
        .Describe("elementwise: Y has X's shape; the output is declared [1, 3] over [3]");
    cases.push_back(b.Build());
  }
}

// Relu-14 over every float16 bit pattern, 16 times: NaNs, infinities,
// signed zeros and denormals among them.
Case LargeReluFloat16() {
  std::vector<Float16> x(kLargeSide * kLargeSide);
  for (size_t i = 0; i < x.size(); ++i) x[i] = Float16::FromBits(static_cast<uint16_t>(i & 0xFFFF));
  const Tensor input = TensorOf<Float16>({kLargeSide * kLargeSide}, x);
  return CaseBuilder("Relu", 14, ElementType::kFloat16, "large_all_bit_patterns")
      .Inputs({"X"})
      .Outputs({"Y"})
      .DataSet({input}, {ExpectRelu<Float16>(input)})
      .Features({"large", "nan", "inf", "neg_zero", "subnormal", "float_extremes"})
      .ReferenceDefined()
      .Quote(kNaN)
      .Build();
}

}  // namespace

void AddReluLargeCases(std::vector<Case>& cases) { cases.push_back(LargeReluFloat16()); }

void AddReluCases(std::vector<Case>& cases) {
  for (int version : SuiteVersions("Relu")) {
    ForEachSuiteType("Relu", version,
                     [&]<typename T>(TypeTag<T>) { ReluCaseSet<T>(version, cases).AddAll(); });
  }
  const std::pair<int, int> kRanges[] = {{1, 5}, {6, 12}, {14, 17}};
  for (auto [version, opset] : kRanges) ReluCaseSet<float>(version, cases).AddOpsetRange(opset);
  AddReluNegativeCases(cases);
}

void BuildReluTypeProbe(CaseBuilder& b, int, ElementType type) {
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    const Tensor x =
        kIsSigned<T> ? MakeTensor<T>({4}, {-3, 0, 2, 7}) : MakeTensor<T>({4}, {0, 1, 2, 7});
    b.Inputs({"X"}).Outputs({"Y"}).DataSet({x}, {ExpectRelu<T>(x)});
  });
}

}  // namespace onnx_conform
