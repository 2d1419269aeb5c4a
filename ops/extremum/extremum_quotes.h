// The words of Min's and Max's texts (docs/operator-texts.md) that both
// their valid and their negative cases quote.
#ifndef ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_QUOTES_H_
#define ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_QUOTES_H_

#include <string_view>

namespace onnx_conform::quotes {

inline constexpr std::string_view kSameShapeV1 =
    "all inputs the same shape; output the same dimensions";
inline constexpr std::string_view kSameShape = "all inputs the same shape";
inline constexpr std::string_view kBroadcast = "multidirectional (numpy-style) broadcasting";

}  // namespace onnx_conform::quotes

#endif  // ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_QUOTES_H_
