#include "checker/model_functions.h"

#include <algorithm>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "checker/model_versions.h"

namespace onnx_conform {
namespace {

std::string Normalized(absl::string_view domain) {
  return IsDefaultDomain(domain) ? "" : std::string(domain);
}

// Each parameter its own type parameter of any type: nothing binds.
FormalParameter AnyTypeParam(const std::string& name, const std::string& type_param,
                             OpSchema& schema) {
  TypeConstraintSpec constraint;
  constraint.type_param = type_param;
  constraint.any_type = true;
  constraint.description = "A model-local function's parameter: any type.";
  schema.AddTypeConstraint(std::move(constraint));
  FormalParameter param;
  param.name = name;
  param.type_param = type_param;
  param.option = kOptional;
  return param;
}

}  // namespace

ModelFunctions::ModelFunctions(const onnx::ModelProto& model) {
  std::map<std::string, int64_t> opsets;
  for (const onnx::OperatorSetIdProto& import : model.opset_import()) {
    opsets.try_emplace(Normalized(import.domain()), import.version());
  }
  for (const onnx::FunctionProto& function : model.functions()) {
    const std::string domain = Normalized(function.domain());
    auto key = std::pair(domain, function.name());
    if (schemas_.contains(key)) continue;
    auto opset = opsets.find(domain);
    const int version = opset != opsets.end() && opset->second >= 1
                            ? static_cast<int>(std::min<int64_t>(opset->second, INT32_MAX))
                            : 1;
    auto schema = std::make_unique<OpSchema>(function.name(), version);
    schema->Domain(domain).Origin(SchemaOrigin::kModelFunction).ShapeInference(false);
    schema->Summary(absl::StrCat("The model-local function ", function.name(), "."));
    for (int i = 0; i < function.input_size(); ++i) {
      schema->AddInput(AnyTypeParam(function.input(i), absl::StrCat("input ", i), *schema));
    }
    for (int i = 0; i < function.output_size(); ++i) {
      schema->AddOutput(AnyTypeParam(function.output(i), absl::StrCat("output ", i), *schema));
    }
    for (const std::string& name : function.attribute()) {
      schema->AddAttribute({name, "", onnx::AttributeProto::UNDEFINED, false, {}});
    }
    schemas_.emplace(std::move(key), std::move(schema));
  }
}

const OpSchema* ModelFunctions::Find(absl::string_view domain, absl::string_view op_type) const {
  auto it = schemas_.find(std::pair(Normalized(domain), std::string(op_type)));
  return it == schemas_.end() ? nullptr : it->second.get();
}

}  // namespace onnx_conform
