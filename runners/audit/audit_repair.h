// Repairs the known mistake of ONNX's version converter on Clip: moving a
// Clip-1/6 node to Clip-11+, it gives the bounds as float Constants whatever
// the input's type (invalid for float16 and double) and leaves a missing
// bound missing (then T's limits apply, not Clip-6's float limits). The
// repair gives each such node both bounds as Constants of the input's type,
// with the attribute's value or Clip-6's default converted as the reference
// converts it, in every graph and subgraph. The IR version, which the
// converter leaves as it was, is raised to the one the target opset came with,
// and the Constant nodes nothing reads that the converter added (its Clip
// bounds, once replaced) are removed.
//
//   absl::StatusOr<onnx::ModelProto> fixed = RepairConversion(original, converted, 6, 13);
//   // Clip(x: double, min: Constant double -1, max: Constant double 3.4028234663852886e38)
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_REPAIR_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_REPAIR_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"

namespace onnx_conform {

// `converted` with its Clip nodes repaired (unchanged when the move does not
// cross opset 11 upwards). A converted Clip node is matched to the
// original's by its output name. FailedPrecondition when a Clip input's
// element type is unknown.
absl::StatusOr<onnx::ModelProto> RepairConversion(const onnx::ModelProto& original,
                                                  const onnx::ModelProto& converted,
                                                  int64_t from_opset, int64_t to_opset);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_REPAIR_H_
