// Max: element-wise maximum of the inputs. Versions 1, 6, 8, 12, 13, the
// mirror of Min's (checker/min_schema.cc builds both).
// Transcribed from the operator texts (docs/operator-texts.md).
#include <vector>

#include "checker/extremum_schemas.h"
#include "checker/op_schemas.h"

namespace onnx_conform::internal {

std::vector<OpSchema> MaxSchemas() {
  return ElementwiseExtremumSchemas(
      {"Max", "max", "List of tensors for Max.", Reading::kMaxNaNIgnored});
}

}  // namespace onnx_conform::internal
