#include "checker/operator_form.h"

#include <vector>

#include "checker/registry.h"

namespace onnx_conform {

OperatorForm FormOf(const OpSchema& schema) {
  if (!schema.inputs().empty() && schema.inputs()[0].option == kVariadic) {
    return OperatorForm::kVariadic;
  }
  // One input reduced along an axis to int64 indices.
  if (schema.FindAttribute("axis") != nullptr && !schema.outputs().empty() &&
      schema.outputs()[0].fixed_type == ElementType::kInt64) {
    return OperatorForm::kArgReduce;
  }
  return OperatorForm::kOther;
}

OperatorForm OperatorFormOf(absl::string_view op_type) {
  const std::vector<const OpSchema*> versions = SchemaVersions(op_type);
  return versions.empty() ? OperatorForm::kOther : FormOf(*versions.back());
}

}  // namespace onnx_conform
