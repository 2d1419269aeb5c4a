// Clip's fast form (clip_fast_kernel.cc): its element rule as the loop needs
// it, branch-free on order keys (built of reference/semantics.h), and the
// kernel the kernel table names. Bit for bit what ClipRule
// (clip_element_rule.h) gives under the suite's reading (plain_fast_test).
//
//   float y = ClipValue(5.0f, 1.0f, 3.0f);  // 3
//   float z = ClipValue(2.0f, 3.0f, 1.0f);  // 1: min > max gives max
#ifndef ONNX_CONFORM_OPS_CLIP_CLIP_FAST_KERNEL_H_
#define ONNX_CONFORM_OPS_CLIP_CLIP_FAST_KERNEL_H_

#include <algorithm>
#include <cstdint>

#include "reference/evaluation.h"
#include "reference/semantics.h"

namespace onnx_conform {

// Spec-defined: values below lo become lo, values above hi become hi; from
// Clip-13, lo > hi gives hi everywhere: Min(hi, Max(x, lo)). The reference
// applies that rule at every version (reference-defined before 13).
// Reference-defined: a NaN input element stays NaN (its own bits); a NaN bound
// makes every non-NaN element NaN (the bound's bits; lo checked before hi), as
// numpy.clip does; a value equal to a bound keeps its own bits (-0 clipped to
// [+0, 1] stays -0), as Clip-13's function body (Less/Where) does.
template <typename T>
ONNX_CONFORM_ELEMENT_RULE T ClipValue(T x, T lo, T hi) {
  // The bound tests first: a kernel's loop over elements then only keeps
  // the comparisons (its bounds are the same for every element).
  if (IsNaN(lo) || IsNaN(hi)) return IsNaN(x) ? x : IsNaN(lo) ? lo : hi;
  // Numeric bounds: a NaN x fails both comparisons below and keeps its own
  // bits.
  if constexpr (kIsHalfType<T>) {
    // The same rule on order keys, as selects: x's key is compared with the
    // bounds' directly (for a NaN x it means nothing, and x is kept at the
    // end). GCC 12 vectorizes the kernel's loop only in this form.
    const int16_t key = HalfOrderKey(x);
    const int16_t lo_key = HalfOrderKey(lo);
    const bool below = key < lo_key;
    const bool above = HalfOrderKey(hi) < std::max(key, lo_key);
    const T clipped = BranchFreeSelect(above, hi, BranchFreeSelect(below, lo, x));
    return BranchFreeSelect(IsNaN(x), x, clipped);
  } else {
    // The float and double loops vectorize better in this form than with
    // a NaN test of x first (bench/ measures it).
    if (Less(x, lo)) x = lo;
    if (Less(hi, x)) x = hi;
    return x;
  }
}

// FastKernel (reference/evaluation.h): writes into `reusable` (inputs[0])
// when it has the output's type and shape and its own memory.
absl::StatusOr<Tensor> FastClip(const BoundNode& node, NodeInputs inputs, Tensor* reusable);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_CLIP_CLIP_FAST_KERNEL_H_
