#include "runners/case_runner.h"

#include <algorithm>
#include <chrono>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "reference/interpreter.h"
#include "runners/case_loader.h"

namespace onnx_conform {
namespace {

// Operators that only move data around and never change a value.
bool IsDataMovementOp(absl::string_view op_type) {
  return op_type == "Constant" || op_type == "Identity";
}

// The case's subject: the first node that is not Constant or Identity.
const onnx::NodeProto* SubjectNode(const onnx::ModelProto& model) {
  for (const onnx::NodeProto& node : model.graph().node()) {
    if (!IsDataMovementOp(node.op_type())) return &node;
  }
  return model.graph().node_size() > 0 ? &model.graph().node(0) : nullptr;
}

int64_t DefaultDomainOpset(const onnx::ModelProto& model) {
  for (const onnx::OperatorSetIdProto& opset : model.opset_import()) {
    if (opset.domain().empty() || opset.domain() == "ai.onnx") return opset.version();
  }
  return 0;
}

void DescribeCase(const LoadedCase& loaded, CaseResult& result) {
  if (const onnx::NodeProto* node = SubjectNode(loaded.model)) result.op = node->op_type();
  result.opset = DefaultDomainOpset(loaded.model);
  std::vector<std::string> types;
  if (!loaded.data_sets.empty()) {
    for (const Tensor& input : loaded.data_sets.front().inputs) {
      const std::string name(ElementTypeName(input.type()));
      if (std::find(types.begin(), types.end(), name) == types.end()) types.push_back(name);
    }
  }
  result.types = absl::StrJoin(types, ",");
}

std::string OutputName(const onnx::ModelProto& model, size_t index) {
  if (static_cast<int>(index) < model.graph().output_size()) {
    return model.graph().output(static_cast<int>(index)).name();
  }
  return absl::StrCat("output_", index);
}

// Compares one data set's outputs; returns the mismatch descriptions.
std::vector<std::string> CompareOutputs(const LoadedCase& loaded, const DataSet& data_set,
                                        const std::vector<Tensor>& actual,
                                        const Tolerance& tolerance) {
  std::vector<std::string> problems;
  if (actual.size() != data_set.outputs.size()) {
    problems.push_back(absl::StrCat("backend produced ", actual.size(), " outputs, expected ",
                                    data_set.outputs.size()));
    return problems;
  }
  for (size_t i = 0; i < actual.size(); ++i) {
    TensorDiff diff = DiffTensors(data_set.outputs[i], actual[i], tolerance);
    if (!diff.matches()) problems.push_back(diff.Describe(OutputName(loaded.model, i)));
  }
  return problems;
}

// Why the suite does not cover this model, or nullopt when it does.
std::optional<std::string> UnsupportedReason(const onnx::ModelProto& model) {
  for (const auto* values : {&model.graph().input(), &model.graph().output()}) {
    for (const onnx::ValueInfoProto& value : *values) {
      if (value.has_type() && !value.type().has_tensor_type()) {
        return absl::StrCat("graph value '", value.name(),
                            "' is not a tensor (sequences, maps and optionals are not covered)");
      }
    }
  }
  const int64_t opset = DefaultDomainOpset(model);
  bool has_subject = false;
  for (const onnx::NodeProto& node : model.graph().node()) {
    const std::string& domain = node.domain();
    if (!domain.empty() && domain != "ai.onnx") {
      return absl::StrCat("operator ", node.op_type(), " of domain '", domain,
                          "' is not covered by the suite");
    }
    if (IsDataMovementOp(node.op_type())) continue;
    has_subject = true;
    if (!ResolveOperatorVersion(node.op_type(), opset).has_value()) {
      return absl::StrCat("operator ", node.op_type(), " at opset ", opset,
                          " is not covered by the suite");
    }
  }
  if (!has_subject) {
    return std::string("the model has only Constant/Identity nodes: no operator the suite covers");
  }
  return std::nullopt;
}

}  // namespace

bool IsSelectionOp(absl::string_view op_type) {
  return op_type == "Min" || op_type == "Max" || op_type == "ArgMin" || op_type == "ArgMax" ||
         op_type == "Clip";
}

Tolerance DefaultTolerance(const onnx::ModelProto& model) {
  for (const onnx::NodeProto& node : model.graph().node()) {
    if (!IsSelectionOp(node.op_type()) && !IsDataMovementOp(node.op_type())) {
      return Tolerance::Approximate();
    }
  }
  return Tolerance::Exact();
}

CaseResult RunCase(const std::filesystem::path& case_dir, Backend& backend) {
  const auto start = std::chrono::steady_clock::now();
  CaseResult result;
  result.path = case_dir.string();
  result.name = std::filesystem::path(case_dir).lexically_normal().filename().string();
  auto finish = [&](CaseStatus status, std::string message) {
    result.status = status;
    result.message = std::move(message);
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  };

  absl::StatusOr<LoadedCase> loaded = LoadCaseModel(case_dir);
  if (!loaded.ok()) return finish(CaseStatus::kError, std::string(loaded.status().message()));
  result.name = loaded->name;
  DescribeCase(*loaded, result);
  // Decided before the data is read: unsupported cases may hold data (such
  // as sequences) that the suite does not decode.
  if (std::optional<std::string> why = UnsupportedReason(loaded->model)) {
    return finish(CaseStatus::kUnsupported, *why);
  }
  if (absl::Status data = LoadDataSets(*loaded); !data.ok()) {
    return finish(CaseStatus::kError, std::string(data.message()));
  }
  DescribeCase(*loaded, result);

  const Tolerance tolerance = DefaultTolerance(loaded->model);
  std::vector<std::string> problems;
  for (const DataSet& data_set : loaded->data_sets) {
    const std::string where = data_set.dir.filename().string();
    BackendOutcome outcome = backend.Run(*loaded, data_set);
    switch (outcome.kind) {
      case BackendOutcome::Kind::kOk:
        for (const std::string& problem :
             CompareOutputs(*loaded, data_set, outcome.outputs, tolerance)) {
          problems.push_back(absl::StrCat(where, ": ", problem));
        }
        break;
      case BackendOutcome::Kind::kUnsupported:
        return finish(CaseStatus::kUnsupported, outcome.message);
      case BackendOutcome::Kind::kInvalid:
        return finish(CaseStatus::kInvalid, absl::StrCat(where, ": ", outcome.message));
      case BackendOutcome::Kind::kError:
        return finish(CaseStatus::kError, absl::StrCat(where, ": ", outcome.message));
      case BackendOutcome::Kind::kCrash:
        return finish(CaseStatus::kCrash, absl::StrCat(where, ": ", outcome.message));
      case BackendOutcome::Kind::kTimeout:
        return finish(CaseStatus::kTimeout, absl::StrCat(where, ": ", outcome.message));
    }
  }
  if (!problems.empty()) return finish(CaseStatus::kFail, absl::StrJoin(problems, "\n"));
  return finish(CaseStatus::kPass, "");
}

}  // namespace onnx_conform
