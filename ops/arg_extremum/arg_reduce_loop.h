// The loop of ArgMin's plain form (and its mirror's): data viewed as
// [outer, n, inner] around the reduced axis, one index per (outer, inner),
// the best index so far replaced whenever `takes(candidate, best,
// select_last_index, readings)` says so. The output is int64, of data's
// shape with the axis set to 1 (keepdims) or removed.
#ifndef ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_REDUCE_LOOP_H_
#define ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_REDUCE_LOOP_H_

#include "ops/arg_extremum/arg_reduce_attributes.h"
#include "reference/evaluation.h"
#include "reference/op_support.h"

namespace onnx_conform {

template <typename Takes>
absl::StatusOr<Tensor> ReduceToIndices(const BoundNode& node, const Tensor& data,
                                       const PlainEvaluation& plain, Takes takes) {
  const ArgReduceAttributes a = ArgReduceAttributesOf(node, data.rank());
  absl::StatusOr<Tensor> out =
      Tensor::Create(ElementType::kInt64, ArgReduceOutputShape(data.shape(), a));
  if (!out.ok()) return out.status();
  // Named fields, not structured bindings: clang 14 cannot capture those.
  const AxisSplit split = SplitAtAxis(data.shape(), a.axis);
  const int64_t outer = split.outer, n = split.n, inner = split.inner;
  std::span<int64_t> indices = out->data<int64_t>();
  VisitNumericType(data.type(), [&]<typename T>(TypeTag<T>) {
    std::span<const T> x = data.data<T>();
    const auto at = [&](int64_t o, int64_t k, int64_t i) {
      return x[static_cast<size_t>((o * n + k) * inner + i)];
    };
    for (int64_t o = 0; o < outer; ++o) {
      for (int64_t i = 0; i < inner; ++i) {
        int64_t best = 0;
        for (int64_t k = 1; k < n; ++k) {
          if (takes(at(o, k, i), at(o, best, i), a.select_last_index, plain.readings)) best = k;
        }
        indices[static_cast<size_t>(o * inner + i)] = best;
      }
    }
  });
  KeepClasses({}, plain.output_classes);  // indices are exact
  return out;
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_REDUCE_LOOP_H_
