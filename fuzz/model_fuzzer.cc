// Model files: ParseModel, then the checker on whatever parsed, and every
// finding formatted (each must name a rule of checker/rules.h, or
// MakeDiagnostic aborts).
#include "caseio/case_layout.h"
#include "checker/checker.h"
#include "checker/diagnostic.h"
#include "fuzz/fuzz_targets.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor_file.h"

namespace onnx_conform::fuzz {

int FuzzModel(const uint8_t* data, size_t size) {
  ScopedResourceBudget budget(
      ResourceLimits{.max_tensor_bytes = int64_t{16} << 20, .max_case_bytes = int64_t{64} << 20});
  absl::string_view bytes(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<onnx::ModelProto> model = ParseModel(bytes, std::string(kModelFileName));
  if (!model.ok()) return 0;
  const std::vector<Diagnostic> diagnostics = CheckModel(*model, std::string(kModelFileName));
  for (const Diagnostic& d : diagnostics) {
    if (FormatDiagnostic(d).empty()) FuzzFinding("empty diagnostic");
  }
  (void)HasErrors(diagnostics);
  (void)IsUnsupported(diagnostics);
  (void)FedGraphInputs(model->graph());
  return 0;
}

}  // namespace onnx_conform::fuzz
