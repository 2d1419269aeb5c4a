// The operator versions the operator texts also define as a function (a
// body of other operators: OpSchema::FunctionBodyUses), and their
// expansion. Each operator's folder writes its body (ops/<name>/*_body.cc,
// the kernel table's `body`): Clip-13's of Identity, Less and Where, as
// ONNX's `*_expanded` node tests spell it; Relu-14's Max(X, CastLike(0, X)).
// `onnx-conform bodies` runs each body against the operator's own
// reference; cases/ writes the expanded form of every Clip-13 case.
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

// A node of a function body: `op` over `inputs`, giving `output` (its name too).
onnx::NodeProto BodyNode(const std::string& op, const std::vector<std::string>& inputs,
                         const std::string& output);

// `model` with every node that has a function body (at the model's opset)
// replaced by that body. The opset is raised to the first at which every
// body operator exists (CastLike from 15), and to 16 when a graph input is
// bfloat16 (it may reach a Where; Where-9 has no bfloat16). NotFound when no node has a
// body.
absl::StatusOr<onnx::ModelProto> ExpandFunctionNodes(const onnx::ModelProto& model);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_FUNCTION_BODIES_H_
