// Clip's bounds as its kernels read them (ops/clip/clip_schemas.cc). Clip-1
// and Clip-6 take FLOAT attributes: each the node's value, or else Clip-6's
// printed default (float's lowest() and max()), which Clip-1, whose text
// names numeric_limits without printing a value, is read as (reading
// clip1-limits-of-t reads T's own). Clip-11 on takes optional scalar inputs
// 1 and 2 of type T instead.
//
//   if (!ClipBoundsAreInputs(node)) {
//     const ClipAttributeBounds b = ClipAttributeBoundsOf(node);  // b.min.value, b.min.given
//   }
#ifndef ONNX_CONFORM_OPS_CLIP_CLIP_BOUNDS_H_
#define ONNX_CONFORM_OPS_CLIP_CLIP_BOUNDS_H_

#include <cstdint>

#include "checker/bound_graph.h"

namespace onnx_conform {

struct ClipAttributeBound {
  float value = 0;
  bool given = false;  // set by the node, not a default
};
struct ClipAttributeBounds {
  ClipAttributeBound min;
  ClipAttributeBound max;
};

// Clip-11 on: the bounds are inputs 1 and 2.
bool ClipBoundsAreInputs(const BoundNode& node);
// Whether the Clip of a default-domain opset takes its bounds as inputs.
bool ClipBoundsAreInputsAt(int64_t opset);
// Clip-1 and Clip-6.
ClipAttributeBounds ClipAttributeBoundsOf(const BoundNode& node);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_CLIP_CLIP_BOUNDS_H_
