// Min: the element-wise minimum of one or more tensors, every version.
//
//   Min-1, Min-6     float16, float, double; all inputs of one shape
//   Min-8            float16, float, double; numpy-style broadcasting
//   Min-12           every numeric type but bfloat16; broadcasting
//   Min-13           every numeric type; broadcasting
//
//   std::vector<const Tensor*> inputs = {&a, &b};
//   absl::StatusOr<Tensor> m = Min(13, inputs);
//   absl::StatusOr<Tensor> n = Min(13, inputs, &a);  // may write into a and return it
//
// The element rule (NaN propagates, ties return the earliest input, so
// Min(+0, -0) is +0 with its sign left open): MinRule in
// reference/element_rules.h.
#ifndef ONNX_CONFORM_REFERENCE_MIN_H_
#define ONNX_CONFORM_REFERENCE_MIN_H_

#include <cstdint>
#include <span>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "reference/evaluation.h"
#include "reference/tensor.h"

namespace onnx_conform {

inline constexpr int64_t kMinVersions[] = {1, 6, 8, 12, 13};

// `version` is one of kMinVersions. InvalidArgument for no input, a null
// input, mixed or disallowed element types, and shapes that differ (Min-1/6)
// or do not broadcast (Min-8 on). `reusable`: null, or inputs[0] when the
// caller will not read it again; the result is then written into it and
// moved out of it when CanWriteOutputInto allows (reference/op_support.h).
// `plain`: null for the fast kernel, else the plain loop with its options
// (reference/evaluation.h); `reusable` is then ignored.
absl::StatusOr<Tensor> Min(int64_t version, std::span<const Tensor* const> inputs,
                           Tensor* reusable = nullptr, const PlainEvaluation* plain = nullptr);

// Min on a node: checks arity and attributes (Min-1 accepts and ignores
// `consumed_inputs`; later versions have none). inputs[i] is node.input(i);
// `reusable` as for Min.
absl::StatusOr<Tensor> RunMinNode(const onnx::NodeProto& node, int64_t version,
                                  std::span<const Tensor* const> inputs, Tensor* reusable = nullptr,
                                  const PlainEvaluation* plain = nullptr);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_MIN_H_
