// ONNX's floating-point types of fewer than 16 bits, read from their bits:
// the four float8 types, float8e8m0, float6e2m3, float6e3m2 and float4e2m1,
// as ONNX's technical notes define them (docs/docsgen/source/technical/
// float8.md and float4.md in the onnx repository; the float6 and e8m0
// types follow the OCP Microscaling formats ONNX cites).
//
//   double one = SmallFloatValue(ElementType::kFloat8E4M3FN, 0x38);  // 1.0
//   bool nan = SmallFloatIsNaN(ElementType::kFloat8E5M2FNUZ, 0x80);   // true
#ifndef ONNX_CONFORM_TENSOR_SMALL_FLOAT_H_
#define ONNX_CONFORM_TENSOR_SMALL_FLOAT_H_

#include <cstdint>
#include <optional>

#include "tensor/element_type.h"

namespace onnx_conform {

// The layout of a small float: sign (all but e8m0), exponent and mantissa
// widths, exponent bias, and which patterns are NaN or infinite.
struct SmallFloatFormat {
  enum class Nans {
    kNone,          // float6, float4: every pattern is a number
    kAllOnes,       // E4M3FN: S.1111.111
    kIeee,          // E5M2: all-ones exponent, mantissa not 0 (0 is infinity)
    kNegativeZero,  // FNUZ types: 1.000...0, the pattern -0 would have
    kAllBits,       // E8M0: 0xFF
  };
  bool has_sign;
  int exponent_bits;
  int mantissa_bits;
  int bias;
  Nans nans;
};

// The format of a small float type; nullopt for every other type.
std::optional<SmallFloatFormat> SmallFloatFormatOf(ElementType type);

// The value of an element given by its bits (the low bits of `bits`; the
// others are ignored), exactly: every such value is a double. NaN patterns
// give a quiet NaN of the element's sign. Precondition: IsSmallFloat(type).
double SmallFloatValue(ElementType type, uint32_t bits);
bool SmallFloatIsNaN(ElementType type, uint32_t bits);
// A nonzero pattern whose exponent field is 0 (never for e8m0).
bool SmallFloatIsDenormal(ElementType type, uint32_t bits);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TENSOR_SMALL_FLOAT_H_
