// The ArgMin family's attributes as its kernels read them: axis, keepdims
// and select_last_index (ArgMin-12 on), each the node's value or its
// schema's default (ops/arg_extremum/arg_extremum_schemas.cc). The checker has accepted the
// node: the axis lies in [-r, r-1] and the flags are 0 or 1.
//
//   const ArgReduceAttributes a = ArgReduceAttributesOf(node, data.rank());
//   // a.axis in [0, r), a.keepdims, a.select_last_index
#ifndef ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_REDUCE_ATTRIBUTES_H_
#define ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_REDUCE_ATTRIBUTES_H_

#include <cstdint>

#include "checker/bound_graph.h"
#include "checker/schema.h"

namespace onnx_conform {

struct ArgReduceAttributes {
  int64_t axis = 0;  // non-negative: a negative axis has r added
  bool keepdims = true;
  bool select_last_index = false;  // false where the version has none
};

ArgReduceAttributes ArgReduceAttributesOf(const BoundNode& node, int64_t rank);

// Whether the version's text states the axis range [-r, r-1] (ArgMin-11 on);
// before it a negative axis is read so with a warning (ATTR-NEGATIVE-AXIS-V1).
bool StatesNegativeAxisRange(const OpSchema& schema);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_REDUCE_ATTRIBUTES_H_
