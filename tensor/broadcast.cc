#include "tensor/broadcast.h"

#include <algorithm>
#include <cstddef>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace onnx_conform {

absl::StatusOr<Shape> BroadcastShapes(std::span<const Shape> shapes) {
  size_t rank = 0;
  for (const Shape& shape : shapes) rank = std::max(rank, shape.size());
  Shape out(rank, 1);
  // The input that set each output dimension (for the error message).
  std::vector<size_t> source(rank, 0);
  for (size_t k = 0; k < shapes.size(); ++k) {
    const Shape& shape = shapes[k];
    const size_t pad = rank - shape.size();
    for (size_t d = 0; d < shape.size(); ++d) {
      const int64_t dim = shape[d];
      int64_t& out_dim = out[pad + d];
      if (dim == out_dim || dim == 1) continue;
      if (out_dim == 1) {
        out_dim = dim;
        source[pad + d] = k;
        continue;
      }
      return absl::InvalidArgumentError(
          absl::StrCat("shapes cannot be broadcast: input ", source[pad + d], " has shape ",
                       ShapeToString(shapes[source[pad + d]]), " and input ", k, " has shape ",
                       ShapeToString(shape), " (dimension ",
                       static_cast<int64_t>(pad + d) - static_cast<int64_t>(rank),
                       " from the right: ", out_dim, " vs ", dim, ")"));
    }
  }
  return out;
}

absl::StatusOr<Shape> BroadcastShapes(std::initializer_list<Shape> shapes) {
  return BroadcastShapes(std::span<const Shape>(shapes.begin(), shapes.size()));
}

BroadcastWalk PlanBroadcastWalk(const Shape& out, std::span<const Shape> inputs) {
  BroadcastWalk walk;
  const size_t input_count = inputs.size();
  walk.row_steps.assign(input_count, 0);
  walk.element_count = 1;
  for (int64_t dim : out) walk.element_count *= dim;
  if (walk.element_count == 0) return walk;

  // Collapsed dimensions: size, and which inputs hold it in full.
  struct Dim {
    int64_t size;
    std::vector<bool> full;
  };
  std::vector<Dim> dims;
  const size_t rank = out.size();
  std::vector<bool> full(input_count);
  for (size_t d = 0; d < rank; ++d) {
    if (out[d] == 1) continue;  // nothing to walk
    for (size_t k = 0; k < input_count; ++k) {
      const size_t pad = rank - inputs[k].size();
      full[k] = d >= pad && inputs[k][d - pad] == out[d];
    }
    if (!dims.empty() && dims.back().full == full) {
      dims.back().size *= out[d];
    } else {
      dims.push_back({out[d], full});
    }
  }
  if (dims.empty()) dims.push_back({1, std::vector<bool>(input_count, true)});  // one element

  const Dim& row = dims.back();
  walk.row_length = row.size;
  // Element strides, from the innermost dimension outwards.
  std::vector<int64_t> stride(input_count);
  for (size_t k = 0; k < input_count; ++k) {
    walk.row_steps[k] = row.full[k] ? 1 : 0;
    stride[k] = row.full[k] ? row.size : 1;
  }
  const size_t outer_rank = dims.size() - 1;
  walk.outer_dims.resize(outer_rank);
  walk.strides.assign(outer_rank, std::vector<int64_t>(input_count));
  for (size_t d = outer_rank; d-- > 0;) {
    walk.outer_dims[d] = dims[d].size;
    for (size_t k = 0; k < input_count; ++k) {
      walk.strides[d][k] = dims[d].full[k] ? stride[k] : 0;
      if (dims[d].full[k]) stride[k] *= dims[d].size;
    }
  }
  return walk;
}

}  // namespace onnx_conform
