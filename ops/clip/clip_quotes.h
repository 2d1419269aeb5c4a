// The words of Clip's texts (docs/operator-texts.md) that both its valid
// and its negative cases quote.
#ifndef ONNX_CONFORM_OPS_CLIP_CLIP_QUOTES_H_
#define ONNX_CONFORM_OPS_CLIP_CLIP_QUOTES_H_

#include <string_view>

namespace onnx_conform::quotes {

inline constexpr std::string_view kClipInputs =
    "inputs: 1 to 3 inputs `input`, optional `min`, optional `max`, each of type T and a scalar "
    "(empty shape)";

}  // namespace onnx_conform::quotes

#endif  // ONNX_CONFORM_OPS_CLIP_CLIP_QUOTES_H_
