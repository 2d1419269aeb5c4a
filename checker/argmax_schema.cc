// ArgMax: index of the largest element along an axis. Versions 1, 11, 12,
// 13, the mirror of ArgMin's (checker/argmin_schema.cc builds both).
// Transcribed from the operator texts (docs/operator-texts.md).
#include <vector>

#include "checker/extremum_schemas.h"
#include "checker/op_schemas.h"

namespace onnx_conform::internal {

std::vector<OpSchema> ArgMaxSchemas() {
  return ArgExtremumSchemas({"ArgMax", "max", "", Reading::kArgMaxNaNUnordered});
}

}  // namespace onnx_conform::internal
