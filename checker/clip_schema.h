// Clip's bounds as its kernels read them (checker/clip_schema.cc). Clip-1
// and Clip-6 take FLOAT attributes: each the node's value, or else Clip-6's
// printed default (float's lowest() and max()), which Clip-1, whose text
// names numeric_limits without printing a value, is read as (reading
// clip1-limits-of-t reads T's own). Clip-11 on takes optional scalar inputs
// 1 and 2 of type T instead.
//
//   if (!ClipBoundsAreInputs(node)) {
//     const ClipAttributeBounds b = ClipAttributeBoundsOf(node);  // b.min.value, b.min.given
//   }
#ifndef ONNX_CONFORM_CHECKER_CLIP_SCHEMA_H_
#define ONNX_CONFORM_CHECKER_CLIP_SCHEMA_H_

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
// Clip-1 and Clip-6.
ClipAttributeBounds ClipAttributeBoundsOf(const BoundNode& node);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_CLIP_SCHEMA_H_
