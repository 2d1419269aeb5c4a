#include "cases/large_cases.h"

#include <cstdint>

#include "cases/case_values.h"

namespace onnx_conform {

using namespace case_values;  // NOLINT: the library's own value helpers
namespace {

constexpr int64_t kSide = 1024;  // kSide * kSide = 2^20 elements

// Knuth's MMIX linear congruential generator: fixed seed, fixed sequence.
class Lcg {
 public:
  explicit Lcg(uint64_t seed) : state_(seed) {}
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

Case LargeMin() {
  Lcg rng(1);
  std::vector<float> a(kSide * kSide), b(kSide);
  for (float& v : a) v = static_cast<float>(rng.Below(2001) - 1000) / 8.0f;
  for (float& v : b) v = static_cast<float>(rng.Below(2001) - 1000) / 8.0f;
  for (size_t i = 0; i < a.size(); i += 4099) a[i] = NaN<float>();
  for (size_t i = 7; i < a.size(); i += 5003) a[i] = -0.0f;
  b[3] = NaN<float>();
  b[5] = 0.0f;
  std::vector<float> out(a.size());
  for (int64_t i = 0; i < kSide; ++i) {
    for (int64_t j = 0; j < kSide; ++j) {
      const float x = a[i * kSide + j], y = b[j];
      out[i * kSide + j] = std::isnan(x) ? x : std::isnan(y) ? y : (y < x ? y : x);
    }
  }
  return CaseBuilder("Min", 13, ElementType::kFloat, "large_broadcast")
      .Inputs({"data_0", "data_1"})
      .Outputs({"min"})
      .DataSet({TensorOf<float>({kSide, kSide}, a), TensorOf<float>({kSide}, b)},
               {TensorOf<float>({kSide, kSide}, out)})
      .Features({"large", "broadcast", "nan", "neg_zero"})
      .ReferenceDefined()
      .Quote("Min with NaN: NaN propagates (if any input element is NaN the result is NaN).")
      .Build();
}

Case LargeArgMin() {
  Lcg rng(2);
  std::vector<Float16> x(kSide * kSide);
  for (Float16& v : x) v = Value<Float16>(static_cast<double>(rng.Below(64) - 32));
  for (size_t i = 11; i < x.size(); i += 1021) x[i] = NaN<Float16>();
  std::vector<int64_t> out(kSide);
  for (int64_t i = 0; i < kSide; ++i) {
    int64_t best = 0;
    for (int64_t j = 1; j < kSide; ++j) {
      const Float16 c = x[i * kSide + j], m = x[i * kSide + best];
      // NaN is smallest; select_last_index = 1: ties move to the later index.
      const bool better_or_tie = IsNaN(c) || (!IsNaN(m) && !Less(m, c));
      if (better_or_tie) best = j;
    }
    out[i] = best;
  }
  return CaseBuilder("ArgMin", 13, ElementType::kFloat16, "large_select_last")
      .Inputs({"data"})
      .Outputs({"reduced"})
      .Attr("axis", int64_t{1})
      .Attr("keepdims", int64_t{0})
      .Attr("select_last_index", int64_t{1})
      .DataSet({TensorOf<Float16>({kSide, kSide}, x)}, {TensorOf<int64_t>({kSide}, out)})
      .Features({"large", "tie", "nan", "select_last_index", "keepdims"})
      .ReferenceDefined()
      .Quote(
          "ArgMin with NaN: NaN counts as the smallest value (first NaN, or last NaN with "
          "select_last_index=1).")
      .Build();
}

Case LargeClipFloat16() {
  std::vector<Float16> x(kSide * kSide), out(kSide * kSide);
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
      .DataSet({TensorOf<Float16>({kSide * kSide}, x), Scalar(lo), Scalar(hi)},
               {TensorOf<Float16>({kSide * kSide}, out)})
      .Features({"large", "nan", "inf", "neg_zero", "subnormal", "float_extremes"})
      .ReferenceDefined()
      .Quote("Clip with a NaN input element: stays NaN.")
      .Build();
}

Case LargeClipInt64() {
  Lcg rng(3);
  const int64_t lo = -(int64_t{1} << 62), hi = int64_t{1} << 62;
  std::vector<int64_t> x(kSide * kSide), out(kSide * kSide);
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
      .DataSet({TensorOf<int64_t>({kSide, kSide}, x), Scalar(lo), Scalar(hi)},
               {TensorOf<int64_t>({kSide, kSide}, out)})
      .Features({"large", "int_extremes"})
      .Quote("Clip — limit the input to an interval")
      .Build();
}

}  // namespace

std::vector<Case> LargeCases() {
  std::vector<Case> cases;
  cases.push_back(LargeMin());
  cases.push_back(LargeArgMin());
  cases.push_back(LargeClipFloat16());
  cases.push_back(LargeClipInt64());
  return cases;
}

}  // namespace onnx_conform
