// Internal to the checker: the mirror families Min/Max and ArgMin/ArgMax share
// their histories (the same versions, types, attributes and rules; ONNX
// generates both texts of each pair from one template), so each pair is
// declared by one builder, parameterised by what differs: the operator's
// name, the word its texts use, and the reading of NaN its text leaves open.
//
//   std::vector<OpSchema> MaxSchemas() { return ElementwiseExtremumSchemas(kMax); }
#ifndef ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_SCHEMAS_H_
#define ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_SCHEMAS_H_

#include <vector>

#include "checker/schema.h"

namespace onnx_conform::internal {

struct Extremum {
  const char* op_type;  // "Min"
  const char* word;     // "min": the texts' word, and the output's name
  // The variadic input's description at versions 1 and 6 ("List of tensors
  // for Min"; Max's has a full stop).
  const char* same_shape_input_doc;
  Reading nan_reading;  // the documented alternative reading of NaN
};

// Min or Max, versions 1, 6, 8, 12, 13 (ops/extremum/extremum_schemas.cc). ArgMin's
// and ArgMax's builder: ops/arg_extremum/arg_extremum_schemas.h.
std::vector<OpSchema> ElementwiseExtremumSchemas(const Extremum& extremum);

}  // namespace onnx_conform::internal

#endif  // ONNX_CONFORM_OPS_EXTREMUM_EXTREMUM_SCHEMAS_H_
