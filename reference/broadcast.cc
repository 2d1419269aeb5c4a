#include "reference/broadcast.h"

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
      return absl::InvalidArgumentError(absl::StrCat(
          "shapes cannot be broadcast: input ", source[pad + d], " has shape ",
          ShapeToString(shapes[source[pad + d]]), " and input ", k, " has shape ",
          ShapeToString(shape), " (dimension ", static_cast<int64_t>(pad + d) - static_cast<int64_t>(rank),
          " from the right: ", out_dim, " vs ", dim, ")"));
    }
  }
  return out;
}

absl::StatusOr<Shape> BroadcastShapes(std::initializer_list<Shape> shapes) {
  return BroadcastShapes(std::span<const Shape>(shapes.begin(), shapes.size()));
}

BroadcastPlan PlanBroadcast(const Shape& out, const Shape& a, const Shape& b) {
  BroadcastPlan plan;
  plan.element_count = 1;
  for (int64_t dim : out) plan.element_count *= dim;
  if (plan.element_count == 0) return plan;

  // Collapsed dimensions: size, and whether each input holds it in full.
  struct Dim {
    int64_t size;
    bool a_full;
    bool b_full;
  };
  std::vector<Dim> dims;
  const size_t rank = out.size();
  for (size_t d = 0; d < rank; ++d) {
    if (out[d] == 1) continue;  // nothing to walk
    const size_t a_pad = rank - a.size();
    const size_t b_pad = rank - b.size();
    const bool a_full = d >= a_pad && a[d - a_pad] == out[d];
    const bool b_full = d >= b_pad && b[d - b_pad] == out[d];
    if (!dims.empty() && dims.back().a_full == a_full && dims.back().b_full == b_full) {
      dims.back().size *= out[d];
    } else {
      dims.push_back({out[d], a_full, b_full});
    }
  }
  if (dims.empty()) dims.push_back({1, true, true});  // a single element

  const Dim& row = dims.back();
  plan.row_length = row.size;
  plan.a_row_step = row.a_full ? 1 : 0;
  plan.b_row_step = row.b_full ? 1 : 0;
  // Element strides, from the innermost dimension outwards.
  int64_t a_stride = row.a_full ? row.size : 1;
  int64_t b_stride = row.b_full ? row.size : 1;
  const size_t outer_rank = dims.size() - 1;
  plan.outer_dims.resize(outer_rank);
  plan.a_strides.resize(outer_rank);
  plan.b_strides.resize(outer_rank);
  for (size_t d = outer_rank; d-- > 0;) {
    plan.outer_dims[d] = dims[d].size;
    plan.a_strides[d] = dims[d].a_full ? a_stride : 0;
    plan.b_strides[d] = dims[d].b_full ? b_stride : 0;
    if (dims[d].a_full) a_stride *= dims[d].size;
    if (dims[d].b_full) b_stride *= dims[d].size;
  }
  return plan;
}

}  // namespace onnx_conform
