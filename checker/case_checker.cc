#include "checker/case_checker.h"

#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "checker/checked_case.h"
#include "checker/checker.h"
#include "checker/rules.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {

std::vector<Diagnostic> CheckModelFile(const std::filesystem::path& model_file) {
  std::optional<ScopedResourceBudget> budget;
  if (!HasResourceBudget()) budget.emplace(ResourceLimits{});
  absl::StatusOr<onnx::ModelProto> model = ReadModelFile(model_file);
  if (!model.ok()) {
    absl::string_view message = model.status().message();
    absl::ConsumePrefix(&message, absl::StrCat(model_file.string(), ": "));
    return {MakeDiagnostic(rules::kModelRead, model_file.string(), "", "", std::string(message))};
  }
  return CheckModel(*model, model_file.string());
}

std::vector<Diagnostic> CheckCaseDir(const std::filesystem::path& dir) {
  std::optional<ScopedResourceBudget> budget;
  if (!HasResourceBudget()) budget.emplace(ResourceLimits{});
  return OpenCase(
             {.dir = dir}, [](const std::filesystem::path&) { return nullptr; },
             OpenDepth::kEveryFile)
      ->diagnostics;
}

}  // namespace onnx_conform
