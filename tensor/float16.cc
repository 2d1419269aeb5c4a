#include "tensor/float16.h"

#include <bit>
#include <cstdint>

namespace onnx_conform {

float Float16::ToFloat() const {
  const uint32_t sign = static_cast<uint32_t>(bits_ & 0x8000) << 16;
  const uint32_t exponent = (bits_ >> 10) & 0x1F;
  uint32_t mantissa = bits_ & 0x03FF;
  if (exponent == 0x1F) {  // inf or NaN: keep the payload
    return std::bit_cast<float>(sign | 0x7F800000u | (mantissa << 13));
  }
  if (exponent != 0) {  // normal
    return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
  }
  if (mantissa == 0) return std::bit_cast<float>(sign);  // signed zero
  // Subnormal: value = mantissa * 2^-24, exact in float.
  const float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
  return sign != 0 ? -magnitude : magnitude;
}

Float16 Float16::FromFloat(float value) {
  const uint32_t f = std::bit_cast<uint32_t>(value);
  const uint16_t sign = static_cast<uint16_t>((f >> 16) & 0x8000);
  const uint32_t abs = f & 0x7FFFFFFFu;
  if (abs >= 0x7F800000u) {  // inf or NaN
    if (abs == 0x7F800000u) return FromBits(sign | 0x7C00);
    // NaN: keep the top payload bits and make sure it stays a (quiet) NaN.
    return FromBits(static_cast<uint16_t>(sign | 0x7E00 | ((abs >> 13) & 0x03FF)));
  }
  if (abs >= 0x477FF000u) return FromBits(sign | 0x7C00);  // rounds past 65504
  if (abs < 0x38800000u) {                                 // below 2^-14: subnormal or zero
    // Round abs * 2^24 to an integer, ties to even, using float arithmetic
    // (exact: the scaled value has at most 24 significant bits).
    const float scaled = std::bit_cast<float>(abs) * 0x1p24f;
    const float rounded_up = scaled + 0x1p23f;  // forces rounding at the units place
    const uint32_t mantissa =
        std::bit_cast<uint32_t>(rounded_up) - std::bit_cast<uint32_t>(0x1p23f);
    return FromBits(static_cast<uint16_t>(sign | mantissa));
  }
  // Normal: rebias the exponent and round the 13 dropped mantissa bits.
  uint32_t half = ((abs >> 13) - (112u << 10));
  const uint32_t dropped = abs & 0x1FFFu;
  if (dropped > 0x1000u || (dropped == 0x1000u && (half & 1u))) ++half;
  return FromBits(static_cast<uint16_t>(sign | half));
}

BFloat16 BFloat16::FromFloat(float value) {
  const uint32_t f = std::bit_cast<uint32_t>(value);
  if ((f & 0x7FFFFFFFu) > 0x7F800000u) {  // NaN: truncate and keep it quiet
    return FromBits(static_cast<uint16_t>((f >> 16) | 0x0040));
  }
  const uint32_t rounding = 0x7FFFu + ((f >> 16) & 1u);
  return FromBits(static_cast<uint16_t>((f + rounding) >> 16));
}

}  // namespace onnx_conform
