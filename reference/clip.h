// Clip: limit every element to [min, max], every version.
//
//   Clip-1    float16, float, double; bounds are FLOAT attributes, missing
//             ones are float's lowest() and max() converted to T (read as 6)
//   Clip-6    as 1, missing bounds default to float's lowest() and max()
//   Clip-11   float16, float, double; bounds are optional scalar inputs of
//             type T (an empty name skips one), missing ones are T's
//             lowest() and max()
//   Clip-12   as 11, every numeric type but bfloat16
//   Clip-13   as 12, plus bfloat16; min > max gives max everywhere
//
//   absl::StatusOr<Tensor> y = ClipWithAttributes(6, x, -1.0f, std::nullopt);
//   absl::StatusOr<Tensor> z = ClipWithInputs(13, x, &lo, nullptr);
//
// Element rule (NaN, ties, min > max at every version): ClipRule in
// reference/element_rules.h.
#ifndef ONNX_CONFORM_REFERENCE_CLIP_H_
#define ONNX_CONFORM_REFERENCE_CLIP_H_

#include <cstdint>
#include <optional>
#include <span>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "reference/evaluation.h"
#include "reference/tensor.h"

namespace onnx_conform {

inline constexpr int64_t kClipVersions[] = {1, 6, 11, 12, 13};

// Clip-1 and Clip-6: the FLOAT bounds, nullopt when the attribute is
// absent, are converted to T first (ConvertFloatAttribute). `reusable`, in
// both: null, or &input when the caller will not read it again; the result
// is then written into it and moved out of it when CanWriteOutputInto
// allows (reference/op_support.h). `plain`, in all three: null for the
// fast kernel, else the plain loop (reference/evaluation.h).
absl::StatusOr<Tensor> ClipWithAttributes(int64_t version, const Tensor& input,
                                          std::optional<float> min, std::optional<float> max,
                                          Tensor* reusable = nullptr,
                                          const PlainEvaluation* plain = nullptr);

// Clip-11 on: min and max may be null (not given). InvalidArgument for a
// bound that is not rank 0 or not of the input's element type.
absl::StatusOr<Tensor> ClipWithInputs(int64_t version, const Tensor& input, const Tensor* min,
                                      const Tensor* max, Tensor* reusable = nullptr,
                                      const PlainEvaluation* plain = nullptr);

// Clip on a node: arity, attributes (min, max and, at Clip-1,
// consumed_inputs, which is accepted and ignored) and inputs; `reusable`:
// null, or inputs[0] as above.
absl::StatusOr<Tensor> RunClipNode(const onnx::NodeProto& node, int64_t version,
                                   std::span<const Tensor* const> inputs,
                                   Tensor* reusable = nullptr,
                                   const PlainEvaluation* plain = nullptr);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_CLIP_H_
