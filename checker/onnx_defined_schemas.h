// Internal to checker/: every operator version ONNX defines, as OpSchemas,
// read once from the data the build embeds (checker/onnx_schemas/: the
// generator, the .proto and the checked-in onnx_schemas.textproto). The
// registry (registry.h) serves them; use it rather than this.
//
//   const OnnxSchemaSet& onnx = LoadedOnnxSchemas();
//   onnx.onnx_version;                       // "1.23.2"
//   for (const OpSchema& s : onnx.schemas) s.Name();  // "Abs-1", "Abs-6", ...
//
// Each schema is marked SchemaOrigin::kOnnx and has no op-specific check:
// the generic rules (arity, type binding, attributes) apply, and the
// validator infers an output's element type from its type parameter's
// binding or its fixed type, its shape unknown.
#ifndef ONNX_CONFORM_CHECKER_ONNX_DEFINED_SCHEMAS_H_
#define ONNX_CONFORM_CHECKER_ONNX_DEFINED_SCHEMAS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "checker/schema.h"

namespace onnx_conform::internal {

struct OnnxSchemaSet {
  std::string onnx_version;       // the `onnx` package the data was generated from
  int newest_opset = 0;           // of the default domain, in that release
  std::vector<OpSchema> schemas;  // by domain, op_type, since_version
};

// Loaded at the first call; aborts if the embedded data does not decode,
// which is a build bug that onnx_schemas_test catches.
const OnnxSchemaSet& LoadedOnnxSchemas();

// Decodes a binary SchemaSet (onnx_schemas.proto); InvalidArgument naming
// the entry for data that does not parse or an entry that does not convert
// (an unknown type string, a default of another type than its attribute).
absl::StatusOr<OnnxSchemaSet> DecodeOnnxSchemas(absl::string_view binary);

}  // namespace onnx_conform::internal

#endif  // ONNX_CONFORM_CHECKER_ONNX_DEFINED_SCHEMAS_H_
