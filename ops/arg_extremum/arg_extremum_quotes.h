// The words of ArgMin's and ArgMax's texts (docs/operator-texts.md) that
// both their valid and their negative cases quote.
#ifndef ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_QUOTES_H_
#define ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_QUOTES_H_

#include <string_view>

namespace onnx_conform::quotes {

inline constexpr std::string_view kArgDefaults = "`axis` INT default 0; `keepdims` INT default 1";
inline constexpr std::string_view kArgAxisRange =
    "axis accepted range is [-r, r-1], r = rank(data)";

}  // namespace onnx_conform::quotes

#endif  // ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_QUOTES_H_
