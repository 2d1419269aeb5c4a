// The operator versions the operator texts also define as a function (a
// body of other operators), and their expansion: Clip-13 (ONNX 1.13 on),
//   no bound   output = Identity(input)
//   min only   output = Where(Less(input, min), min, input)
//   max only   output = Where(Less(max, input), max, input)
//   both       tmp = Where(Less(input, min), min, input)
//              output = Where(Less(max, tmp), max, tmp)
// as ONNX's `*_expanded` node tests spell it. `onnx-conform bodies` runs
// each body against the operator's own reference; cases/ writes the
// expanded form of every Clip-13 case.
//
//   absl::StatusOr<onnx::ModelProto> expanded = ExpandFunctionNodes(model);
#ifndef ONNX_CONFORM_REFERENCE_FUNCTION_BODIES_H_
#define ONNX_CONFORM_REFERENCE_FUNCTION_BODIES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"

namespace onnx_conform {

// Whether `op_type` at `version` is also defined as a function.
bool HasFunctionBody(const std::string& op_type, int64_t version);

// The body of one Clip-13 node; intermediate values are named
// `<prefix>input_less_than_min` and so on.
std::vector<onnx::NodeProto> Clip13Body(const onnx::NodeProto& clip, const std::string& prefix);

// `model` with every node that has a function body (at the model's opset)
// replaced by that body. The opset is raised to 16 when a bfloat16 value
// reaches a Where (Where-9 has no bfloat16). NotFound when no node has a
// body.
absl::StatusOr<onnx::ModelProto> ExpandFunctionNodes(const onnx::ModelProto& model);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_FUNCTION_BODIES_H_
