// Multidirectional (numpy-style) broadcasting: the output shape of several
// inputs, and an element-wise walk of two inputs broadcast into it.
//
//   absl::StatusOr<Shape> out = BroadcastShapes({{2, 3, 4}, {3, 1}});  // [2,3,4]
//   BroadcastPlan plan = PlanBroadcast(*out, {2, 3, 4}, {3, 1});
//   ForEachBroadcast(plan, a, b, result, [](float x, float y) { return x + y; });
//
// The walk never divides or takes a modulo per element: the output is split
// into rows (the innermost collapsed dimension) that each input reads with a
// stride of 0 or 1, and row offsets advance like an odometer.
#ifndef ONNX_CONFORM_REFERENCE_BROADCAST_H_
#define ONNX_CONFORM_REFERENCE_BROADCAST_H_

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "reference/tensor.h"

namespace onnx_conform {

// Shapes are aligned on the right; each dimension must be equal or 1 (a
// missing leading dimension counts as 1). InvalidArgument names the inputs
// (by index) and the dimension that disagree.
absl::StatusOr<Shape> BroadcastShapes(std::span<const Shape> shapes);
absl::StatusOr<Shape> BroadcastShapes(std::initializer_list<Shape> shapes);

// How to walk `out` with inputs `a` and `b` broadcast into it. Output
// dimensions of size 1 are dropped and neighbours that every input treats the
// same way (present in full, or broadcast) are merged, so the walk has as few
// and as long rows as possible.
struct BroadcastPlan {
  int64_t element_count = 0;  // of the output
  int64_t row_length = 1;     // innermost collapsed dimension
  int64_t a_row_step = 0;     // 0 (broadcast) or 1 (contiguous) along a row
  int64_t b_row_step = 0;
  // The outer collapsed dimensions, outermost first, with each input's
  // element stride per dimension (0 where the input is broadcast).
  std::vector<int64_t> outer_dims;
  std::vector<int64_t> a_strides;
  std::vector<int64_t> b_strides;
};

// Precondition: `out` is BroadcastShapes of a and b (or a shape both
// broadcast to).
BroadcastPlan PlanBroadcast(const Shape& out, const Shape& a, const Shape& b);

// out[i] = op(a[...], b[...]) for every output element, in row-major order.
// `out` may alias `a` or `b` when that input is not broadcast (same shape as
// the output).
template <typename T, typename Op>
void ForEachBroadcast(const BroadcastPlan& plan, const T* a, const T* b, T* out, Op op) {
  if (plan.element_count == 0) return;
  const int64_t n = plan.row_length;
  const size_t outer_rank = plan.outer_dims.size();
  std::vector<int64_t> counter(outer_rank, 0);
  int64_t a_offset = 0;
  int64_t b_offset = 0;
  for (int64_t out_offset = 0; out_offset < plan.element_count; out_offset += n) {
    const T* a_row = a + a_offset;
    const T* b_row = b + b_offset;
    T* out_row = out + out_offset;
    // One branch per row, so each inner loop has fixed strides.
    if (plan.a_row_step == 1 && plan.b_row_step == 1) {
      for (int64_t i = 0; i < n; ++i) out_row[i] = op(a_row[i], b_row[i]);
    } else if (plan.a_row_step == 1) {
      const T b_value = *b_row;
      for (int64_t i = 0; i < n; ++i) out_row[i] = op(a_row[i], b_value);
    } else if (plan.b_row_step == 1) {
      const T a_value = *a_row;
      for (int64_t i = 0; i < n; ++i) out_row[i] = op(a_value, b_row[i]);
    } else {
      const T value = op(*a_row, *b_row);
      for (int64_t i = 0; i < n; ++i) out_row[i] = value;
    }
    // Advance the odometer over the outer dimensions.
    for (size_t d = outer_rank; d-- > 0;) {
      a_offset += plan.a_strides[d];
      b_offset += plan.b_strides[d];
      if (++counter[d] < plan.outer_dims[d]) break;
      a_offset -= plan.a_strides[d] * plan.outer_dims[d];
      b_offset -= plan.b_strides[d] * plan.outer_dims[d];
      counter[d] = 0;
    }
  }
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_BROADCAST_H_
