// A model's local functions (ModelProto.functions) as schemas: a node that
// calls one, by domain and name, is checked against the function's
// signature rather than reported unknown. A FunctionProto names its inputs,
// outputs and attributes but declares no types, so the signature bounds
// the node's arity (at most the function's inputs and outputs, each
// optional) and the names of its attributes (any type); types are not
// checked and outputs are not inferred.
//
//   ModelFunctions functions(model);
//   if (const OpSchema* s = functions.Find(node.domain(), node.op_type())) {
//     s->origin() == SchemaOrigin::kModelFunction;  // "MyFunction-1"
//   }
#ifndef ONNX_CONFORM_CHECKER_MODEL_FUNCTIONS_H_
#define ONNX_CONFORM_CHECKER_MODEL_FUNCTIONS_H_

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "absl/strings/string_view.h"
#include "checker/schema.h"
#include "onnx/onnx_pb.h"

namespace onnx_conform {

class ModelFunctions {
 public:
  // Each function's version is the model's opset for its domain (1 when the
  // model imports none). A function defined twice keeps its first definition.
  explicit ModelFunctions(const onnx::ModelProto& model);

  // The schema of the function a node of that domain ("" and "ai.onnx" are
  // one) and op_type calls, or nullptr.
  const OpSchema* Find(absl::string_view domain, absl::string_view op_type) const;
  bool empty() const { return schemas_.empty(); }

 private:
  std::map<std::pair<std::string, std::string>, std::unique_ptr<OpSchema>, std::less<>> schemas_;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_MODEL_FUNCTIONS_H_
