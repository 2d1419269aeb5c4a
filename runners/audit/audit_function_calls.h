// What expanding a model's local functions (FunctionProto) would cost, found
// before ONNX's function shape inference expands them: a function's body is
// inlined at each call, so a function that calls itself has no end, a chain
// of calls thousands deep overflows the stack, and functions that each call
// the next twice double the work at every level. Such a model is refused.
//
//   absl::Status ok = CheckModelLocalFunctions(model);
//   // InvalidArgument: "the model-local function local::F calls itself
//   // (local::F -> local::G -> local::F): ..."
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_FUNCTION_CALLS_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_FUNCTION_CALLS_H_

#include <cstdint>

#include "absl/status/status.h"
#include "onnx/onnx_pb.h"

namespace onnx_conform {

// Calls of model-local functions nested deeper than this are refused.
inline constexpr int kMaxFunctionCallDepth = 32;
// Nodes that expanding every call would make (the main graph's calls and
// each function's body, as the audit infers them all), at most.
inline constexpr int64_t kMaxExpandedFunctionNodes = 100000;

// OK, or InvalidArgument naming the functions involved when a model-local
// function calls itself, directly or through others, from its body or any
// subgraph of it ("local::F -> local::G -> local::F"); when calls nest more
// than kMaxFunctionCallDepth deep; or when expanding them all makes more
// than kMaxExpandedFunctionNodes nodes. Linear in the model's size.
absl::Status CheckModelLocalFunctions(const onnx::ModelProto& model);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_FUNCTION_CALLS_H_
