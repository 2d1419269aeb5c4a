// Multidirectional (numpy-style) broadcasting: the output shape of several
// inputs, and a row-by-row walk of the output with the inputs broadcast
// into it.
//
//   const Shape shapes[] = {{2, 3, 4}, {3, 1}};
//   absl::StatusOr<Shape> out = BroadcastShapes(shapes);  // [2,3,4]
//   BroadcastWalk walk = PlanBroadcastWalk(*out, shapes);
//   ForEachBroadcastRowRun(walk, 8, [&](int64_t at, std::span<const int64_t> offsets,
//                                       int64_t rows) {
//     ApplyRows(result + at, walk.row_length, walk.row_length, rows, add,
//               RowOperand<float>{a + offsets[0], walk.row_steps[0], RowStride(walk, 0)},
//               RowOperand<float>{b + offsets[1], walk.row_steps[1], RowStride(walk, 1)});
//   });
//
// The walk never divides or takes a modulo per element: the output is split
// into rows (the innermost collapsed dimension) that each input reads with a
// step of 0 or 1, and row offsets advance like an odometer. Inner loops are
// contiguous, with fixed steps, so that they vectorize.
#ifndef ONNX_CONFORM_TENSOR_BROADCAST_H_
#define ONNX_CONFORM_TENSOR_BROADCAST_H_

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "tensor/tensor.h"
#include "tensor/vector_isa.h"

namespace onnx_conform {

// Shapes are aligned on the right; each dimension must be equal or 1 (a
// missing leading dimension counts as 1). InvalidArgument names the inputs
// (by index) and the dimension that disagree.
absl::StatusOr<Shape> BroadcastShapes(std::span<const Shape> shapes);
absl::StatusOr<Shape> BroadcastShapes(std::initializer_list<Shape> shapes);

// How to walk `out` with any number of inputs broadcast into it. Output
// dimensions of size 1 are dropped and neighbours that every input treats
// the same way (present in full, or broadcast) are merged, so the walk has
// as few and as long rows as possible.
struct BroadcastWalk {
  int64_t element_count = 0;       // of the output
  int64_t row_length = 1;          // innermost collapsed dimension
  std::vector<int64_t> row_steps;  // per input: 0 (broadcast) or 1 along a row
  // The outer collapsed dimensions, outermost first, and each input's
  // element stride per dimension (0 where broadcast): strides[d][k].
  std::vector<int64_t> outer_dims;
  std::vector<std::vector<int64_t>> strides;
};

// Precondition: `out` is BroadcastShapes of `inputs` (or a shape they all
// broadcast to).
BroadcastWalk PlanBroadcastWalk(const Shape& out, std::span<const Shape> inputs);

// Calls rows(out_offset, offsets, count) for runs of up to max_rows (>= 1)
// consecutive output rows, in row-major order. A run lies along the
// innermost outer dimension: its row r is out[out_offset + r * row_length,
// + row_length), and input k's row r starts at offsets[k] + r *
// RowStride(walk, k) and advances by walk.row_steps[k]. Runs of short rows
// keep the per-row work (a call, the odometer) out of the inner loops.
template <typename RowsFn>
void ForEachBroadcastRowRun(const BroadcastWalk& walk, int64_t max_rows, RowsFn&& rows) {
  if (walk.element_count == 0) return;
  const size_t outer_rank = walk.outer_dims.size();
  const size_t input_count = walk.row_steps.size();
  std::vector<int64_t> offsets(input_count, 0);
  if (outer_rank == 0) {
    rows(int64_t{0}, std::span<const int64_t>(offsets), int64_t{1});
    return;
  }
  std::vector<int64_t> counter(outer_rank, 0);
  const int64_t run_dim = walk.outer_dims.back();
  const std::vector<int64_t>& run_strides = walk.strides.back();
  for (int64_t out_offset = 0; out_offset < walk.element_count;) {
    const int64_t count = std::min(max_rows, run_dim - counter.back());
    rows(out_offset, std::span<const int64_t>(offsets), count);
    out_offset += count * walk.row_length;
    for (size_t k = 0; k < input_count; ++k) offsets[k] += run_strides[k] * count;
    counter.back() += count;
    if (counter.back() < run_dim) continue;
    // Advance the odometer over the outer dimensions.
    for (size_t d = outer_rank; d-- > 0;) {
      const std::vector<int64_t>& strides = walk.strides[d];
      if (d + 1 < outer_rank) {
        for (size_t k = 0; k < input_count; ++k) offsets[k] += strides[k];
        if (++counter[d] < walk.outer_dims[d]) break;
      }
      for (size_t k = 0; k < input_count; ++k) offsets[k] -= strides[k] * walk.outer_dims[d];
      counter[d] = 0;
    }
  }
}

// Input k's element stride from one row of a run to the next.
inline int64_t RowStride(const BroadcastWalk& walk, size_t k) {
  return walk.strides.empty() ? 0 : walk.strides.back()[k];
}

// One operand of ApplyRows: rows of elements at data + r * row_stride, read
// with a step of 0 (broadcast) or 1 along each row.
template <typename T>
struct RowOperand {
  const T* data;
  int64_t step;
  int64_t row_stride;
};

namespace broadcast_internal {

// An operand's row as a loop reads it: contiguous (step 1), or one value
// for the whole row (step 0), read before the loop so that the loop's
// writes cannot change it. The step is the type, so every loop has fixed
// steps.
template <typename T>
struct ContiguousRow {
  const T* data;
  ONNX_CONFORM_VECTOR_LOOP T operator[](int64_t i) const { return data[i]; }
};
template <typename T>
struct RepeatedValue {
  T value;
  ONNX_CONFORM_VECTOR_LOOP T operator[](int64_t) const { return value; }
};

// An operand across rows, by its step: Row(r) is its row r as a loop reads
// it.
template <typename T>
struct ContiguousRows {
  const T* data;
  int64_t row_stride;
  ONNX_CONFORM_VECTOR_LOOP ContiguousRow<T> Row(int64_t r) const { return {data + r * row_stride}; }
};
template <typename T>
struct RepeatedValues {
  const T* data;
  int64_t row_stride;
  ONNX_CONFORM_VECTOR_LOOP RepeatedValue<T> Row(int64_t r) const { return {data[r * row_stride]}; }
};

// The output's own rows read as an operand (in place): the same
// address expression as the row written, so the compiler sees each element
// read before it is written and checks no overlap at every row (bench/,
// MinBcast4DInPlace, rows of 64 elements).
template <typename T>
struct OutputRows {
  T* data;
  int64_t row_stride;
  ONNX_CONFORM_VECTOR_LOOP ContiguousRow<T> Row(int64_t r) const { return {data + r * row_stride}; }
};

// Calls loop(operands...) with each operand as ContiguousRows or
// RepeatedValues, by its step: one branch per operand and call, none per
// row.
template <typename T, typename Loop>
ONNX_CONFORM_VECTOR_LOOP inline void WithOperandSteps(Loop loop) {
  loop();
}
template <typename T, typename Loop, typename... Rest>
ONNX_CONFORM_VECTOR_LOOP inline void WithOperandSteps(Loop loop, RowOperand<T> first,
                                                      Rest... rest) {
  if (first.step == 1) {
    WithOperandSteps<T>(
        [=](auto... more) ONNX_CONFORM_VECTOR_LOOP {
          loop(ContiguousRows<T>{first.data, first.row_stride}, more...);
        },
        rest...);
  } else {
    WithOperandSteps<T>(
        [=](auto... more) ONNX_CONFORM_VECTOR_LOOP {
          loop(RepeatedValues<T>{first.data, first.row_stride}, more...);
        },
        rest...);
  }
}

}  // namespace broadcast_internal

// For `rows` rows of n elements: out[i] = op(in0[i], in1[i]) or op(in0[i],
// in1[i], in2[i]), with input k's element i at data + r * row_stride + i *
// step on row r; row r of the output starts at out + r * out_row_stride.
// `out` may be the first input's data (in place) when its step is 1 and
// its row_stride is out_row_stride. Three inputs in one loop read memory
// in one pass where two loops of two would switch streams (bench/
// measures it). With the widest vectors the CPU has
// (tensor/vector_isa.h), on kWidth bits for AVX-512.
template <Avx512Width kWidth = Avx512Width::k512, typename T, typename Op, typename... Operands>
void ApplyRows(T* out, int64_t out_row_stride, int64_t n, int64_t rows, Op op, RowOperand<T> first,
               Operands... rest) {
  static_assert(sizeof...(rest) == 1 || sizeof...(rest) == 2, "two or three inputs");
  RunWithWidestVectors<kWidth>(
      [](T* out, int64_t out_row_stride, int64_t n, int64_t rows, Op op, RowOperand<T> first,
         Operands... rest) ONNX_CONFORM_VECTOR_LOOP {
        using broadcast_internal::OutputRows;
        using broadcast_internal::WithOperandSteps;
        const auto row_loop = [=](auto... operands) ONNX_CONFORM_VECTOR_LOOP {
          for (int64_t r = 0; r < rows; ++r) {
            T* out_row = out + r * out_row_stride;
            [=](auto... reads) ONNX_CONFORM_VECTOR_LOOP {
              for (int64_t i = 0; i < n; ++i) out_row[i] = op(reads[i]...);
            }(operands.Row(r)...);
          }
        };
        // In place, the first input is read as the output's own rows.
        if (first.data == out && first.step == 1 && first.row_stride == out_row_stride) {
          WithOperandSteps<T>(
              [=](auto... more) ONNX_CONFORM_VECTOR_LOOP {
                row_loop(OutputRows<T>{out, out_row_stride}, more...);
              },
              rest...);
        } else {
          WithOperandSteps<T>(row_loop, first, rest...);
        }
      },
      out, out_row_stride, n, rows, op, first, rest...);
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TENSOR_BROADCAST_H_
