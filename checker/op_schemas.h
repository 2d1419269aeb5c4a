// Internal to checker/: each operator's file defines its versions; the
// registry collects them. Not for use outside checker/ (use registry.h).
#ifndef ONNX_CONFORM_CHECKER_OP_SCHEMAS_H_
#define ONNX_CONFORM_CHECKER_OP_SCHEMAS_H_

#include <vector>

#include "checker/schema.h"

namespace onnx_conform::internal {

// Each operator of ops/operators.def: NameSchemas(), in the operator's file.
#define SUITE_OPERATOR(Name, ...) std::vector<OpSchema> Name##Schemas();
#include "ops/operators.def"
// Supporting operators (registry.h): validated, not covered by the suite.
std::vector<OpSchema> ConstantSchemas();      // checker/constant_schema.cc
std::vector<OpSchema> IdentitySchemas();      // checker/identity_schema.cc
std::vector<OpSchema> FunctionBodySchemas();  // checker/function_body_schemas.cc (Less, Where)

}  // namespace onnx_conform::internal

#endif  // ONNX_CONFORM_CHECKER_OP_SCHEMAS_H_
