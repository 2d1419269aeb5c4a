// The fast kernels: Min, ArgMin and Clip loops shaped for vector units
// (chunked folds, rows visited in whichever order vectorizes, in-place
// writes, one build per instruction set: reference/vector_isa.h). They are
// not normative: each gives, bit for bit, what the plain reference's
// element loops give under the suite's own reading (reference/min.cc,
// argmin.cc, clip.cc), which plain_fast_test checks on every case of the
// library and on random data for every cell, under every vector variant.
// The operators call them after checking their inputs, so they assume
// valid types and shapes.
//
//   Tensor out = *Tensor::Create(type, broadcast_shape);
//   FastMin(inputs, out);  // out may be *inputs[0] (in place)
#ifndef ONNX_CONFORM_REFERENCE_FAST_KERNELS_H_
#define ONNX_CONFORM_REFERENCE_FAST_KERNELS_H_

#include <cstdint>
#include <span>

#include "reference/tensor.h"

namespace onnx_conform {

// out = Min(Min(in0, in1), ...) element by element, broadcast to out's
// shape. out may be inputs[0] when it has out's shape.
void FastMin(std::span<const Tensor* const> inputs, Tensor& out);

// out (int64, data's shape without `axis`) = the index of the minimum along
// axis (non-negative, of size > 0): first index, or last with
// select_last_index.
void FastArgMin(const Tensor& data, int64_t axis, bool select_last_index, Tensor& out);

// out = Clip(input, lo, hi); lo and hi are rank-0 tensors of input's type.
// out may be input.
void FastClip(const Tensor& input, const Tensor& lo, const Tensor& hi, Tensor& out);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_FAST_KERNELS_H_
