// Shared pieces of the reference operators' plain and fast forms: the
// shapes of their outputs, how a reduction walks its input, and when an
// element-wise fast form may write its output into its input. Each assumes
// what the checker has established (compatible shapes, an axis in range).
//
//   Shape out = BroadcastShapeOf(inputs);                    // Min, Clip, Less, Where
//   Shape indices = ArgReduceOutputShape(data.shape(), attributes);  // ArgMin
#ifndef ONNX_CONFORM_REFERENCE_OP_SUPPORT_H_
#define ONNX_CONFORM_REFERENCE_OP_SUPPORT_H_

#include <cstdint>
#include <span>

#include "ops/arg_extremum/arg_reduce_attributes.h"
#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// The numpy broadcast of the inputs' shapes (null inputs skipped).
Shape BroadcastShapeOf(std::span<const Tensor* const> inputs);

// The data's shape with the reduced axis set to 1 (keepdims) or removed.
Shape ArgReduceOutputShape(const Shape& data, const ArgReduceAttributes& attributes);

// Element-wise fast forms (Min, Clip) may write their output into an input
// the caller will not read again, `reusable`, instead of new memory (new
// pages are the largest cost of a large value: docs/performance.md). True
// when `reusable` is `input` (the kernel's first input, the one each output
// element is computed from at the same position), no other input is the
// same tensor, it has the output's type and shape, and it holds its own
// memory (a file mapping would copy every page written).
bool CanWriteOutputInto(const Tensor* reusable, const Tensor* input,
                        std::span<const Tensor* const> inputs, ElementType type,
                        const Shape& shape);

// A tensor seen as [outer, n, inner] around one axis (non-negative, in
// range): how a reduction walks it.
struct AxisSplit {
  int64_t outer = 1;
  int64_t n = 1;
  int64_t inner = 1;
};
AxisSplit SplitAtAxis(const Shape& shape, int64_t axis);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_OP_SUPPORT_H_
