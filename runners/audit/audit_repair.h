// Repairs the known mistakes of ONNX's version converter: on Clip, whose
// bounds move from attributes to inputs (RepairClipConversion,
// ops/clip/clip_audit.h: the converter's float Constants become Constants of
// the input's type); the IR version, which the converter leaves as it was,
// raised to the one the target opset came with; and the Constant nodes
// nothing reads that the converter added (its Clip bounds, once replaced)
// removed.
//
//   absl::StatusOr<onnx::ModelProto> fixed = RepairConversion(original, converted, 6, 13);
//   // Clip(x: double, min: Constant double -1, max: Constant double 3.4028234663852886e38)
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_REPAIR_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_REPAIR_H_

#include <cstdint>
#include <set>
#include <string>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"

namespace onnx_conform {

// `converted` repaired. A converted Clip node is matched to the original's
// by its output name. FailedPrecondition when a Clip input's element type is
// unknown.
absl::StatusOr<onnx::ModelProto> RepairConversion(const onnx::ModelProto& original,
                                                  const onnx::ModelProto& converted,
                                                  int64_t from_opset, int64_t to_opset);

// Adds every value name defined in `graph` and its subgraphs to `names`.
void CollectNames(const onnx::GraphProto& graph, std::set<std::string>& names);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_REPAIR_H_
