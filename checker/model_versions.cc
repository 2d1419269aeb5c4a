#include "checker/model_versions.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace onnx_conform {

bool IsDefaultDomain(absl::string_view domain) { return domain.empty() || domain == "ai.onnx"; }

std::optional<int64_t> DefaultDomainOpset(const onnx::ModelProto& model) {
  for (const onnx::OperatorSetIdProto& import : model.opset_import()) {
    if (IsDefaultDomain(import.domain())) return import.version();
  }
  return std::nullopt;
}

absl::StatusOr<int64_t> UnambiguousDefaultDomainOpset(const onnx::ModelProto& model) {
  std::optional<int64_t> opset;
  for (const onnx::OperatorSetIdProto& import : model.opset_import()) {
    if (!IsDefaultDomain(import.domain())) continue;
    if (opset.has_value() && *opset != import.version()) {
      return absl::InvalidArgumentError(
          absl::StrCat("model opset_import gives the default domain two versions: ", *opset,
                       " and ", import.version()));
    }
    opset = import.version();
  }
  if (!opset.has_value()) {
    return absl::InvalidArgumentError(
        "model has no opset_import for the default domain ('' or 'ai.onnx')");
  }
  return *opset;
}

void SetDefaultDomainOpset(onnx::ModelProto& model, int64_t opset) {
  for (onnx::OperatorSetIdProto& import : *model.mutable_opset_import()) {
    if (IsDefaultDomain(import.domain())) import.set_version(opset);
  }
}

int64_t IrVersionForOpset(int64_t opset) {
  if (opset <= 8) return 3;
  if (opset == 9) return 4;
  if (opset == 10) return 5;
  if (opset == 11) return 6;
  if (opset <= 14) return 7;
  return 8;
}

}  // namespace onnx_conform
