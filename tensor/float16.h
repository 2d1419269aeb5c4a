// IEEE 754 binary16 (float16) and bfloat16 as small value types.
//
// Both widen exactly to float, so every comparison is done on the widened
// value and every kernel result is one of its inputs, bit for bit. Narrowing
// (float -> half) rounds to nearest, ties to even, as ONNX's Cast does.
//
//   Float16 h = Float16::FromFloat(1.5f);
//   float f = h.ToFloat();   // 1.5f exactly
//   uint16_t b = h.bits();   // 0x3E00
#ifndef ONNX_CONFORM_TENSOR_FLOAT16_H_
#define ONNX_CONFORM_TENSOR_FLOAT16_H_

#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace onnx_conform {

class Float16 {
 public:
  constexpr Float16() = default;
  static constexpr Float16 FromBits(uint16_t bits) { return Float16(bits); }
  static Float16 FromFloat(float value);

  constexpr uint16_t bits() const { return bits_; }
  float ToFloat() const;
  operator float() const { return ToFloat(); }

  constexpr bool IsNaN() const { return (bits_ & 0x7C00) == 0x7C00 && (bits_ & 0x03FF) != 0; }

 private:
  constexpr explicit Float16(uint16_t bits) : bits_(bits) {}
  uint16_t bits_ = 0;
};

class BFloat16 {
 public:
  constexpr BFloat16() = default;
  static constexpr BFloat16 FromBits(uint16_t bits) { return BFloat16(bits); }
  static BFloat16 FromFloat(float value);

  constexpr uint16_t bits() const { return bits_; }
  float ToFloat() const { return std::bit_cast<float>(static_cast<uint32_t>(bits_) << 16); }
  operator float() const { return ToFloat(); }

  constexpr bool IsNaN() const { return (bits_ & 0x7F80) == 0x7F80 && (bits_ & 0x007F) != 0; }

 private:
  constexpr explicit BFloat16(uint16_t bits) : bits_(bits) {}
  uint16_t bits_ = 0;
};

// Bitwise identity (distinguishes -0 from +0 and NaN payloads).
constexpr bool operator==(Float16 a, Float16 b) = delete;
constexpr bool operator==(BFloat16 a, BFloat16 b) = delete;

// The 16-bit floating types, which hold bits and widen to float to compare
// (`if constexpr (kIsHalfType<T>) return v.ToFloat();`), and every floating
// type with them.
template <typename T>
inline constexpr bool kIsHalfType = std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>;
template <typename T>
inline constexpr bool kIsFloatType = kIsHalfType<T> || std::is_floating_point_v<T>;

// std::numeric_limits of a 16-bit float type, given its bit patterns.
template <typename T, uint16_t kLowest, uint16_t kMax, uint16_t kMin, uint16_t kInfinity,
          uint16_t kQuietNaN>
class HalfLimits {
 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_infinity = true;
  static constexpr T lowest() { return T::FromBits(kLowest); }
  static constexpr T max() { return T::FromBits(kMax); }
  static constexpr T min() { return T::FromBits(kMin); }
  static constexpr T denorm_min() { return T::FromBits(0x0001); }
  static constexpr T infinity() { return T::FromBits(kInfinity); }
  static constexpr T quiet_NaN() { return T::FromBits(kQuietNaN); }
};

}  // namespace onnx_conform

template <>
class std::numeric_limits<onnx_conform::Float16>
    : public onnx_conform::HalfLimits<onnx_conform::Float16, 0xFBFF, 0x7BFF, 0x0400, 0x7C00,
                                      0x7E00> {};
template <>
class std::numeric_limits<onnx_conform::BFloat16>
    : public onnx_conform::HalfLimits<onnx_conform::BFloat16, 0xFF7F, 0x7F7F, 0x0080, 0x7F80,
                                      0x7FC0> {};

#endif  // ONNX_CONFORM_TENSOR_FLOAT16_H_
