#include "runners/audit/audit_retarget.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/model_versions.h"
#include "checker/registry.h"
#include "ops/clip/clip_audit.h"
#include "ops/clip/clip_element_rule.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

// Whether the operator's first output has its first input's element type:
// in the newest version the registry has (the suite's or ONNX's), both are
// bound to one type parameter (Min, Clip, Relu, Add, Reshape: "T"; not
// Cast, Where or Less). Any other output's type comes from a declaration or
// from ONNX's shape inference.
bool KeepsInputType(absl::string_view op_type) {
  const std::vector<const OpSchema*> versions = OperatorVersions("", op_type);
  if (versions.empty()) return false;
  const OpSchema& newest = *versions.back();
  if (newest.inputs().empty() || newest.outputs().empty()) return false;
  const std::string& type = newest.outputs()[0].type_param;
  return !type.empty() && type == newest.inputs()[0].type_param;
}

// The element type the registry fixes for an operator's first output
// (ArgMin's and ArgMax's int64), whatever its inputs.
std::optional<ElementType> FixedOutputType(absl::string_view op_type) {
  const std::vector<const OpSchema*> versions = SchemaVersions(op_type);
  if (versions.empty() || versions.back()->outputs().empty()) return std::nullopt;
  const ElementType fixed = versions.back()->outputs()[0].fixed_type;
  if (fixed == ElementType::kUndefined) return std::nullopt;
  return fixed;
}

}  // namespace

std::map<std::string, ElementType> ValueElementTypes(const onnx::GraphProto& graph) {
  std::map<std::string, ElementType> types;
  auto declare = [&](const onnx::ValueInfoProto& info) {
    if (!info.type().has_tensor_type()) return;
    if (std::optional<ElementType> t = ElementTypeFromProto(info.type().tensor_type().elem_type());
        t && *t != ElementType::kUndefined) {
      types[info.name()] = *t;
    }
  };
  for (const auto& info : graph.input()) declare(info);
  for (const auto& info : graph.value_info()) declare(info);
  for (const auto& info : graph.output()) declare(info);
  for (const onnx::TensorProto& init : graph.initializer()) {
    if (std::optional<ElementType> t = ElementTypeFromProto(init.data_type())) {
      types[init.name()] = *t;
    }
  }
  for (const onnx::NodeProto& node : graph.node()) {
    if (node.output_size() == 0 || types.contains(node.output(0))) continue;
    if (const std::optional<ElementType> fixed = FixedOutputType(node.op_type())) {
      types[node.output(0)] = *fixed;  // ArgMin's and ArgMax's int64
    } else if (node.op_type() == "Constant" && node.attribute_size() == 1 &&
               node.attribute(0).has_t()) {
      if (auto t = ElementTypeFromProto(node.attribute(0).t().data_type())) {
        types[node.output(0)] = *t;
      }
    } else if (node.input_size() > 0 && types.contains(node.input(0)) &&
               KeepsInputType(node.op_type())) {
      types[node.output(0)] = types[node.input(0)];
    }
  }
  return types;
}

absl::StatusOr<Tensor> ScalarFromFloat(ElementType type, float value) {
  if (!IsNumeric(type)) {
    return absl::InvalidArgumentError(
        absl::StrCat("type ", ElementTypeName(type), " is not numeric"));
  }
  return VisitNumericType(type, [&]<typename T>(TypeTag<T>) -> absl::StatusOr<Tensor> {
    if constexpr (kIsFloatType<T>) {
      return Tensor::FromValues<T>({}, {ConvertFloatAttribute<T>(value)});
    } else {
      const bool exact =
          std::isfinite(value) && std::trunc(value) == value &&
          static_cast<double>(value) >= static_cast<double>(std::numeric_limits<T>::lowest()) &&
          static_cast<double>(value) <= static_cast<double>(std::numeric_limits<T>::max());
      if (!exact) {
        return absl::InvalidArgumentError(
            absl::StrCat("the FLOAT bound ", value, " is not a ", ElementTypeName(type), " value"));
      }
      return Tensor::FromValues<T>({}, {static_cast<T>(value)});
    }
  });
}

absl::StatusOr<AuditCase> RetargetCase(const AuditCase& audit_case, int64_t opset) {
  std::optional<int64_t> from = DefaultDomainOpset(audit_case.model);
  if (!from.has_value()) {
    return absl::InvalidArgumentError(
        absl::StrCat(audit_case.name, ": the model imports no opset of the default domain"));
  }
  AuditCase c = audit_case;
  if (*from == opset) return c;
  SetDefaultDomainOpset(c.model, opset);
  c.model.set_ir_version(std::max(c.model.ir_version(), IrVersionForOpset(opset)));
  // The Clip scenario's node form changes with the opset (ops/clip/clip_audit.h).
  if (absl::Status s = RetargetClipNodes(c, *from, opset); !s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(audit_case.name, ": ", s.message()));
  }
  return c;
}

}  // namespace onnx_conform
