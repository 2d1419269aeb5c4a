// Internal to checker/: each operator's file defines its versions; the
// registry collects them. Not for use outside checker/ (use registry.h).
#ifndef ONNX_CONFORM_CHECKER_OP_SCHEMAS_H_
#define ONNX_CONFORM_CHECKER_OP_SCHEMAS_H_

#include <vector>

#include "checker/schema.h"

namespace onnx_conform::internal {

std::vector<OpSchema> MinSchemas();     // checker/min_schema.cc
std::vector<OpSchema> ArgMinSchemas();  // checker/argmin_schema.cc
std::vector<OpSchema> MaxSchemas();     // checker/max_schema.cc
std::vector<OpSchema> ArgMaxSchemas();  // checker/argmax_schema.cc
std::vector<OpSchema> ClipSchemas();    // checker/clip_schema.cc
std::vector<OpSchema> ReluSchemas();    // ops/relu/relu_schemas.cc
// Supporting operators (registry.h): validated, not covered by the suite.
std::vector<OpSchema> ConstantSchemas();      // checker/constant_schema.cc
std::vector<OpSchema> IdentitySchemas();      // checker/identity_schema.cc
std::vector<OpSchema> FunctionBodySchemas();  // checker/function_body_schemas.cc (Less, Where)

}  // namespace onnx_conform::internal

#endif  // ONNX_CONFORM_CHECKER_OP_SCHEMAS_H_
