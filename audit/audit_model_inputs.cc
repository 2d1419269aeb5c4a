#include "audit/audit_model_inputs.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "audit/audit_cases.h"
#include "caseio/case_layout.h"
#include "caseio/case_loader.h"
#include "checker/checker.h"

namespace onnx_conform {
namespace {

// Generated inputs stay small: the audit compares behaviour, not capacity.
constexpr int64_t kMaxGeneratedElements = int64_t{1} << 20;
// The size a symbolic or unknown dimension is generated with.
constexpr int64_t kGeneratedDimension = 3;

}  // namespace

absl::StatusOr<std::vector<Tensor>> ModelInputs(const std::filesystem::path& file,
                                                const onnx::ModelProto& model,
                                                const std::map<std::string, Shape>& shapes,
                                                std::string& data,
                                                std::vector<std::string>& notes) {
  const std::filesystem::path dir = file.parent_path().empty() ? "." : file.parent_path();
  if (file.filename() == kModelFileName && IsCaseDir(dir)) {
    absl::StatusOr<LoadedCase> loaded = LoadCase(dir);
    if (loaded.ok() && !loaded->data_sets.empty()) {
      data = loaded->data_sets.front().dir.filename().string();
      return loaded->data_sets.front().inputs;
    }
    if (!loaded.ok()) {
      notes.push_back(
          absl::StrCat("the model's test data is not used: ", loaded.status().message()));
    }
  }
  std::vector<Tensor> inputs;
  std::vector<std::string> guessed;
  for (const onnx::ValueInfoProto* input : FedGraphInputs(model.graph())) {
    const onnx::TypeProto::Tensor& tensor = input->type().tensor_type();
    std::optional<ElementType> type = ElementTypeFromProto(tensor.elem_type());
    if (!type.has_value() || !IsNumeric(*type)) {
      return absl::FailedPreconditionError(absl::StrCat(
          "graph input '", input->name(),
          "' has no numeric tensor type, and the model's folder has no test_data_set_N: "
          "no inputs to run the model with"));
    }
    Shape shape;
    if (auto given = shapes.find(input->name()); given != shapes.end()) {
      shape = given->second;
    } else if (!tensor.has_shape()) {
      return absl::FailedPreconditionError(
          absl::StrCat("graph input '", input->name(),
                       "' has no declared shape (not even a rank): give it with --shape ",
                       input->name(), "=DIMS or a test_data_set_0"));
    } else {
      for (const onnx::TensorShapeProto::Dimension& dim : tensor.shape().dim()) {
        if (dim.has_dim_value()) {
          shape.push_back(dim.dim_value());
        } else {
          shape.push_back(kGeneratedDimension);
          guessed.push_back(absl::StrCat(input->name(), " (",
                                         dim.dim_param().empty() ? "?" : dim.dim_param(), ")"));
        }
      }
    }
    absl::StatusOr<int64_t> count = ElementCount(shape);
    if (!count.ok() || *count > kMaxGeneratedElements) {
      return absl::FailedPreconditionError(absl::StrCat(
          "graph input '", input->name(), "' of shape ", ShapeToString(shape),
          " is too large to generate values for (the audit generates at most ",
          kMaxGeneratedElements, " elements per input): give the model a test_data_set_0"));
    }
    absl::StatusOr<Tensor> value = SampleTensor(*type, shape);
    if (!value.ok()) return value.status();
    inputs.push_back(*std::move(value));
  }
  if (!guessed.empty()) {
    notes.push_back(absl::StrCat("symbolic or unknown dimensions generated as ",
                                 kGeneratedDimension, ": ", absl::StrJoin(guessed, ", "),
                                 " (choose them with --shape NAME=DIMS)"));
  }
  data = "generated";
  return inputs;
}

}  // namespace onnx_conform
