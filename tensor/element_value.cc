#include "tensor/element_value.h"

#include <bit>
#include <cmath>
#include <cstring>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tensor/float16.h"
#include "tensor/small_float.h"

namespace onnx_conform {
namespace {

// The low `width` bits of `bits` as a two's complement number.
int64_t SignExtend(uint64_t bits, int width) {
  const uint64_t sign = uint64_t{1} << (width - 1);
  const uint64_t value = bits & ((sign << 1) - 1);
  // In unsigned arithmetic, which wraps: width 64 has no int64 headroom.
  return static_cast<int64_t>((value ^ sign) - sign);
}

bool IsSignedInteger(ElementType type) {
  switch (type) {
    case ElementType::kInt8:
    case ElementType::kInt16:
    case ElementType::kInt32:
    case ElementType::kInt64:
    case ElementType::kInt4:
    case ElementType::kInt2: return true;
    default: return false;
  }
}

bool IsUnsignedInteger(ElementType type) {
  switch (type) {
    case ElementType::kUint8:
    case ElementType::kUint16:
    case ElementType::kUint32:
    case ElementType::kUint64:
    case ElementType::kUint4:
    case ElementType::kUint2: return true;
    default: return false;
  }
}

}  // namespace

int ComponentCount(ElementType type) {
  if (IsComplex(type)) return 2;
  if (type == ElementType::kString || ElementBitWidth(type) == 0) return 0;
  return 1;
}

double ElementValueFromBits(ElementType type, uint64_t bits) {
  if (IsSmallFloat(type)) return SmallFloatValue(type, static_cast<uint32_t>(bits));
  if (IsSignedInteger(type)) {
    return static_cast<double>(SignExtend(bits, ElementBitWidth(type)));
  }
  if (IsUnsignedInteger(type)) {
    const int width = ElementBitWidth(type);
    return static_cast<double>(width == 64 ? bits : bits & ((uint64_t{1} << width) - 1));
  }
  switch (type) {
    case ElementType::kFloat:
      return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits)));
    case ElementType::kDouble: return std::bit_cast<double>(bits);
    case ElementType::kFloat16:
      return static_cast<double>(Float16::FromBits(static_cast<uint16_t>(bits)).ToFloat());
    case ElementType::kBFloat16:
      return static_cast<double>(BFloat16::FromBits(static_cast<uint16_t>(bits)).ToFloat());
    case ElementType::kBool: return (bits & 0xFF) != 0 ? 1.0 : 0.0;
    default: std::abort();  // Precondition broken: string, complex or undefined.
  }
}

uint64_t ElementBits(const Tensor& tensor, int64_t index) {
  const size_t size = ElementSize(tensor.type());
  uint64_t bits = 0;
  std::memcpy(&bits, tensor.bytes().data() + static_cast<size_t>(index) * size, size);
  return bits;
}

double ElementAsDouble(const Tensor& tensor, int64_t index, int component) {
  const std::byte* element =
      tensor.bytes().data() + static_cast<size_t>(index) * ElementSize(tensor.type());
  if (tensor.type() == ElementType::kComplex64) {
    float part;
    std::memcpy(&part, element + component * sizeof(float), sizeof(float));
    return static_cast<double>(part);
  }
  if (tensor.type() == ElementType::kComplex128) {
    double part;
    std::memcpy(&part, element + component * sizeof(double), sizeof(double));
    return part;
  }
  return ElementValueFromBits(tensor.type(), ElementBits(tensor, index));
}

bool ElementIsNaN(const Tensor& tensor, int64_t index) {
  const ElementType type = tensor.type();
  if (!IsFloatingPoint(type) && !IsSmallFloat(type) && !IsComplex(type)) return false;
  for (int c = 0; c < ComponentCount(type); ++c) {
    if (std::isnan(ElementAsDouble(tensor, index, c))) return true;
  }
  return false;
}

std::string ElementText(const Tensor& tensor, int64_t index) {
  const ElementType type = tensor.type();
  switch (type) {
    case ElementType::kString:
      return absl::StrCat("\"", absl::CHexEscape(tensor.strings()[static_cast<size_t>(index)]),
                          "\"");
    case ElementType::kBool: return ElementBits(tensor, index) != 0 ? "true" : "false";
    case ElementType::kFloat: return absl::StrFormat("%.9g", ElementAsDouble(tensor, index));
    case ElementType::kDouble: return absl::StrFormat("%.17g", ElementAsDouble(tensor, index));
    case ElementType::kFloat16:
    case ElementType::kBFloat16:
      return absl::StrFormat("%.9g (0x%04x)", ElementAsDouble(tensor, index),
                             ElementBits(tensor, index));
    case ElementType::kComplex64:
      return absl::StrFormat("(%.9g, %.9g)", ElementAsDouble(tensor, index, 0),
                             ElementAsDouble(tensor, index, 1));
    case ElementType::kComplex128:
      return absl::StrFormat("(%.17g, %.17g)", ElementAsDouble(tensor, index, 0),
                             ElementAsDouble(tensor, index, 1));
    default: break;
  }
  if (IsSmallFloat(type)) {
    return absl::StrFormat("%.9g (0x%02x)", ElementAsDouble(tensor, index),
                           ElementBits(tensor, index));
  }
  const uint64_t bits = ElementBits(tensor, index);
  if (IsSignedInteger(type)) return absl::StrCat(SignExtend(bits, ElementBitWidth(type)));
  return absl::StrCat(bits);  // unsigned: stored zero-extended
}

}  // namespace onnx_conform
