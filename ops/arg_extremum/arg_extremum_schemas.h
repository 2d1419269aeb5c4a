// Internal to the checker: the builder of ArgMin's and ArgMax's schemas, one
// for the mirror pair, parameterised by what differs (Extremum,
// ops/extremum/extremum_schemas.h: the operator's name, its texts' word and
// the reading of NaN its text leaves open).
//
//   std::vector<OpSchema> ArgMaxSchemas() { return ArgExtremumSchemas(kArgMax); }
#ifndef ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_SCHEMAS_H_
#define ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_SCHEMAS_H_

#include <vector>

#include "checker/schema.h"
#include "ops/extremum/extremum_schemas.h"

namespace onnx_conform::internal {

// ArgMin or ArgMax, versions 1, 11, 12, 13 (ops/arg_extremum/arg_extremum_schemas.cc).
std::vector<OpSchema> ArgExtremumSchemas(const Extremum& extremum);

}  // namespace onnx_conform::internal

#endif  // ONNX_CONFORM_OPS_ARG_EXTREMUM_ARG_EXTREMUM_SCHEMAS_H_
