#include "reference/op_support.h"

#include <algorithm>
#include <vector>

#include "tensor/broadcast.h"

namespace onnx_conform {

Shape BroadcastShapeOf(std::span<const Tensor* const> inputs) {
  std::vector<Shape> shapes;
  for (const Tensor* input : inputs) {
    if (input != nullptr) shapes.push_back(input->shape());
  }
  // The checker has found them compatible.
  return BroadcastShapes(shapes).value_or(Shape{});
}

Shape ArgReduceOutputShape(const Shape& data, const ArgReduceAttributes& attributes) {
  Shape out = data;
  if (attributes.keepdims) {
    out[static_cast<size_t>(attributes.axis)] = 1;
  } else {
    out.erase(out.begin() + attributes.axis);
  }
  return out;
}

bool CanWriteOutputInto(const Tensor* reusable, const Tensor* input,
                        std::span<const Tensor* const> inputs, ElementType type,
                        const Shape& shape) {
  if (reusable == nullptr || reusable != input) return false;
  if (std::count(inputs.begin(), inputs.end(), input) > 1) return false;
  return reusable->type() == type && reusable->shape() == shape && !reusable->maps_file();
}

AxisSplit SplitAtAxis(const Shape& shape, int64_t axis) {
  AxisSplit split;
  split.n = shape[static_cast<size_t>(axis)];
  for (int64_t d = 0; d < axis; ++d) split.outer *= shape[static_cast<size_t>(d)];
  for (size_t d = static_cast<size_t>(axis) + 1; d < shape.size(); ++d) split.inner *= shape[d];
  return split;
}

}  // namespace onnx_conform
