#include "tensor/small_float.h"

#include <cmath>
#include <limits>

namespace onnx_conform {
namespace {

using Nans = SmallFloatFormat::Nans;

struct Fields {
  bool negative;
  uint32_t exponent;
  uint32_t mantissa;
};

Fields Split(const SmallFloatFormat& format, uint32_t bits) {
  const int width = format.exponent_bits + format.mantissa_bits;
  return Fields{format.has_sign && ((bits >> width) & 1) != 0,
                (bits >> format.mantissa_bits) & ((1u << format.exponent_bits) - 1),
                bits & ((1u << format.mantissa_bits) - 1)};
}

uint32_t AllOnes(int width) { return (1u << width) - 1; }

}  // namespace

std::optional<SmallFloatFormat> SmallFloatFormatOf(ElementType type) {
  switch (type) {
    case ElementType::kFloat8E4M3FN: return SmallFloatFormat{true, 4, 3, 7, Nans::kAllOnes};
    case ElementType::kFloat8E4M3FNUZ: return SmallFloatFormat{true, 4, 3, 8, Nans::kNegativeZero};
    case ElementType::kFloat8E5M2: return SmallFloatFormat{true, 5, 2, 15, Nans::kIeee};
    case ElementType::kFloat8E5M2FNUZ: return SmallFloatFormat{true, 5, 2, 16, Nans::kNegativeZero};
    case ElementType::kFloat8E8M0: return SmallFloatFormat{false, 8, 0, 127, Nans::kAllBits};
    case ElementType::kFloat6E2M3: return SmallFloatFormat{true, 2, 3, 1, Nans::kNone};
    case ElementType::kFloat6E3M2: return SmallFloatFormat{true, 3, 2, 3, Nans::kNone};
    case ElementType::kFloat4E2M1: return SmallFloatFormat{true, 2, 1, 1, Nans::kNone};
    default: return std::nullopt;
  }
}

bool SmallFloatIsNaN(ElementType type, uint32_t bits) {
  const SmallFloatFormat format = *SmallFloatFormatOf(type);
  const Fields f = Split(format, bits);
  switch (format.nans) {
    case Nans::kNone: return false;
    case Nans::kAllOnes:
      return f.exponent == AllOnes(format.exponent_bits) &&
             f.mantissa == AllOnes(format.mantissa_bits);
    case Nans::kIeee: return f.exponent == AllOnes(format.exponent_bits) && f.mantissa != 0;
    case Nans::kNegativeZero: return f.negative && f.exponent == 0 && f.mantissa == 0;
    case Nans::kAllBits: return f.exponent == AllOnes(format.exponent_bits);
  }
  return false;
}

bool SmallFloatIsDenormal(ElementType type, uint32_t bits) {
  const SmallFloatFormat format = *SmallFloatFormatOf(type);
  const Fields f = Split(format, bits);
  return format.mantissa_bits > 0 && f.exponent == 0 && f.mantissa != 0;
}

double SmallFloatValue(ElementType type, uint32_t bits) {
  const SmallFloatFormat format = *SmallFloatFormatOf(type);
  const Fields f = Split(format, bits);
  const double sign = f.negative ? -1.0 : 1.0;
  if (SmallFloatIsNaN(type, bits))
    return std::copysign(std::numeric_limits<double>::quiet_NaN(), sign);
  if (format.nans == Nans::kIeee && f.exponent == AllOnes(format.exponent_bits)) {
    return sign * std::numeric_limits<double>::infinity();
  }
  const double fraction = std::ldexp(static_cast<double>(f.mantissa), -format.mantissa_bits);
  if (f.exponent == 0 && format.mantissa_bits > 0) {  // zero or denormal: 0.m * 2^(1-bias)
    return sign * std::ldexp(fraction, 1 - format.bias);
  }
  return sign * std::ldexp(1.0 + fraction, static_cast<int>(f.exponent) - format.bias);
}

}  // namespace onnx_conform
