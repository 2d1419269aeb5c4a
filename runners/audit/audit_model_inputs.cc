#include "runners/audit/audit_model_inputs.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "caseio/case_layout.h"
#include "caseio/case_loader.h"
#include "checker/checked_case.h"
#include "checker/checker.h"
#include "runners/audit/audit_cases.h"
#include "runners/audit/audit_edge_values.h"

namespace onnx_conform {
namespace {

// Generated inputs stay small: the audit compares behaviour, not capacity.
constexpr int64_t kMaxGeneratedElements = int64_t{1} << 20;
// The sizes a symbolic or unknown dimension is generated with: at least 3,
// more where an input needs it to hold its type's edge values in one set,
// at most 64 (more data sets make up for the rest).
constexpr int64_t kGeneratedDimension = 3;
constexpr int64_t kLargestGeneratedDimension = 64;

// "[batch, 5]".
std::string DeclaredShape(const onnx::TensorShapeProto& shape) {
  return absl::StrCat(
      "[",
      absl::StrJoin(shape.dim(), ", ",
                    [](std::string* out, const onnx::TensorShapeProto::Dimension& d) {
                      if (d.has_dim_value()) {
                        absl::StrAppend(out, d.dim_value());
                      } else {
                        absl::StrAppend(out, d.dim_param().empty() ? "?" : d.dim_param());
                      }
                    }),
      "]");
}

std::string FedNames(const onnx::GraphProto& graph) {
  std::vector<std::string> names;
  for (const onnx::ValueInfoProto* v : FedGraphInputs(graph)) names.push_back(v->name());
  return names.empty() ? "none" : absl::StrJoin(names, ", ");
}

// The folder's data sets, when `file` is a case folder's model.onnx.
std::vector<InputSet> FolderData(const std::filesystem::path& file,
                                 std::vector<std::string>& notes) {
  std::vector<InputSet> sets;
  const std::filesystem::path dir = file.parent_path().empty() ? "." : file.parent_path();
  if (file.filename() != kModelFileName || !IsCaseDir(dir)) return sets;
  const std::shared_ptr<const CheckedCase> loaded =
      OpenCase({.dir = dir}, {}, OpenDepth::kEveryFile);
  if (loaded->standing == CaseStanding::kUnreadable) {
    notes.push_back(absl::StrCat("the model's test data is not used: ", loaded->standing_message));
    return sets;
  }
  for (const CheckedDataSet& data_set : loaded->data_sets) {
    if (!data_set.decoded) continue;
    sets.push_back({data_set.files.dir.filename().string(), data_set.inputs});
  }
  return sets;
}

// The symbolic dimensions --shape leaves open, as the first data set has them.
void BindFromData(const onnx::GraphProto& graph, const InputSet& data, DimBindings& dims,
                  std::vector<std::string>& taken) {
  const std::vector<const onnx::ValueInfoProto*> fed = FedGraphInputs(graph);
  for (size_t k = 0; k < fed.size() && k < data.inputs.size(); ++k) {
    const onnx::TypeProto::Tensor& tensor = fed[k]->type().tensor_type();
    const Shape& actual = data.inputs[k].shape();
    if (!tensor.has_shape() || tensor.shape().dim_size() != static_cast<int>(actual.size())) {
      continue;
    }
    for (int d = 0; d < tensor.shape().dim_size(); ++d) {
      const std::string& param = tensor.shape().dim(d).dim_param();
      if (!param.empty() && dims.emplace(param, actual[d]).second) {
        taken.push_back(absl::StrCat(param, " = ", actual[d]));
      }
    }
  }
}

// Every fed input's element type and shape, or why values cannot be made.
struct FedInput {
  ElementType type;
  Shape shape;
  int64_t elements;
};
absl::StatusOr<std::vector<FedInput>> FedInputs(const onnx::GraphProto& graph,
                                                const std::map<std::string, Shape>& shapes,
                                                const DimBindings& dims,
                                                const DimBindings& open_dims,
                                                std::vector<std::string>& guessed) {
  std::vector<FedInput> inputs;
  for (const onnx::ValueInfoProto* input : FedGraphInputs(graph)) {
    const onnx::TypeProto::Tensor& tensor = input->type().tensor_type();
    std::optional<ElementType> type = ElementTypeFromProto(tensor.elem_type());
    if (!type.has_value() || !IsNumeric(*type)) {
      return absl::FailedPreconditionError(
          absl::StrCat("graph input '", input->name(), "' has no numeric tensor type"));
    }
    Shape shape;
    if (auto given = shapes.find(input->name()); given != shapes.end()) {
      shape = given->second;
    } else if (!tensor.has_shape()) {
      return absl::FailedPreconditionError(
          absl::StrCat("graph input '", input->name(),
                       "' has no declared shape (not even a rank): give it with --shape ",
                       input->name(), "=DIMS"));
    } else {
      for (const onnx::TensorShapeProto::Dimension& dim : tensor.shape().dim()) {
        if (dim.has_dim_value()) {
          shape.push_back(dim.dim_value());
        } else if (auto bound = dims.find(dim.dim_param()); bound != dims.end()) {
          shape.push_back(bound->second);
        } else {
          auto sized = open_dims.find(dim.dim_param());
          const int64_t size = sized != open_dims.end() ? sized->second : kGeneratedDimension;
          shape.push_back(size);
          guessed.push_back(absl::StrCat(input->name(), " (",
                                         dim.dim_param().empty() ? "?" : dim.dim_param(), " = ",
                                         size, ")"));
        }
      }
    }
    absl::StatusOr<int64_t> count = ElementCount(shape);
    if (!count.ok() || *count > kMaxGeneratedElements) {
      return absl::FailedPreconditionError(
          absl::StrCat("graph input '", input->name(), "' of shape ", ShapeToString(shape),
                       " is too large to generate values for (the audit generates at most ",
                       kMaxGeneratedElements, " elements per input)"));
    }
    inputs.push_back({*type, shape, *count});
  }
  return inputs;
}

// A size for each symbolic dimension nothing binds ("" for unnamed ones):
// the smallest, from kGeneratedDimension up, that lets every input naming it
// hold its type's edge values in one set.
DimBindings OpenDimensions(const onnx::GraphProto& graph,
                           const std::map<std::string, Shape>& shapes, const DimBindings& dims,
                           const EdgeValues& edges) {
  DimBindings open;
  for (const onnx::ValueInfoProto* input : FedGraphInputs(graph)) {
    const onnx::TypeProto::Tensor& tensor = input->type().tensor_type();
    std::optional<ElementType> type = ElementTypeFromProto(tensor.elem_type());
    if (shapes.contains(input->name()) || !tensor.has_shape() || !type.has_value()) continue;
    int64_t known = 1;
    std::vector<std::string> unknown;
    for (const onnx::TensorShapeProto::Dimension& dim : tensor.shape().dim()) {
      if (dim.has_dim_value()) {
        known *= std::max<int64_t>(dim.dim_value(), 1);
      } else if (auto bound = dims.find(dim.dim_param()); bound != dims.end()) {
        known *= std::max<int64_t>(bound->second, 1);
      } else {
        unknown.push_back(dim.dim_param());
      }
      known = std::min(known, kMaxGeneratedElements);
    }
    if (unknown.empty()) continue;
    const int64_t wanted = static_cast<int64_t>(edges.Count(*type));
    // The smallest size d with known * d^(unknown dims) >= wanted.
    int64_t size = kGeneratedDimension;
    auto holds = [&](int64_t d) {
      int64_t count = known;
      for (size_t k = 0; k < unknown.size() && count < wanted; ++k) count *= d;
      return count >= wanted;
    };
    while (size < kLargestGeneratedDimension && !holds(size)) ++size;
    for (const std::string& name : unknown) open[name] = std::max(open[name], size);
  }
  return open;
}

// Sets of edge values for every fed input, enough for each input to meet
// every edge value of its type (runners/audit/audit_edge_values.h), or why not.
absl::StatusOr<std::vector<InputSet>> Generate(const onnx::GraphProto& graph,
                                               const std::map<std::string, Shape>& shapes,
                                               const DimBindings& dims, const EdgeValues& edges,
                                               std::vector<std::string>& guessed) {
  const DimBindings open_dims = OpenDimensions(graph, shapes, dims, edges);
  absl::StatusOr<std::vector<FedInput>> fed = FedInputs(graph, shapes, dims, open_dims, guessed);
  if (!fed.ok()) return fed.status();
  std::vector<std::pair<ElementType, int64_t>> sizes;
  for (const FedInput& in : *fed) sizes.emplace_back(in.type, in.elements);
  const int count = edges.SetCount(sizes);
  std::vector<InputSet> sets;
  for (int s = 0; s < count; ++s) {
    InputSet set{GeneratedSetName(s, count), {}};
    for (size_t k = 0; k < fed->size(); ++k) {
      absl::StatusOr<Tensor> value =
          edges.Values((*fed)[k].type, (*fed)[k].shape, s, static_cast<int>(k));
      if (!value.ok()) return value.status();
      set.inputs.push_back(*std::move(value));
    }
    sets.push_back(std::move(set));
  }
  return sets;
}

}  // namespace

absl::StatusOr<DimBindings> BindShapes(const onnx::ModelProto& model,
                                       const std::map<std::string, Shape>& shapes) {
  DimBindings dims;
  std::map<std::string, std::string> bound_by;  // symbolic dimension -> the input that gave it
  std::map<std::string, const onnx::ValueInfoProto*> fed;
  for (const onnx::ValueInfoProto* v : FedGraphInputs(model.graph())) fed[v->name()] = v;
  for (const auto& [name, shape] : shapes) {
    auto it = fed.find(name);
    if (it == fed.end()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--shape ", name, "=", absl::StrJoin(shape, ","), ": the model has no graph input '",
          name, "' that data feeds (its inputs: ", FedNames(model.graph()), ")"));
    }
    const onnx::TypeProto::Tensor& tensor = it->second->type().tensor_type();
    if (!tensor.has_shape()) continue;  // no declared shape: any shape fits
    const std::string flag = absl::StrCat("--shape ", name, "=", absl::StrJoin(shape, ","));
    const std::string declared = DeclaredShape(tensor.shape());
    if (tensor.shape().dim_size() != static_cast<int>(shape.size())) {
      return absl::InvalidArgumentError(
          absl::StrCat(flag, ": rank ", shape.size(), ", but '", name, "' is declared ", declared));
    }
    for (int k = 0; k < tensor.shape().dim_size(); ++k) {
      const onnx::TensorShapeProto::Dimension& dim = tensor.shape().dim(k);
      if (dim.has_dim_value() && dim.dim_value() != shape[k]) {
        return absl::InvalidArgumentError(
            absl::StrCat(flag, ": dimension ", k, " of '", name, "' is declared ", declared));
      }
      if (dim.has_dim_value() || dim.dim_param().empty()) continue;
      auto [bound, inserted] = dims.emplace(dim.dim_param(), shape[k]);
      if (!inserted && bound->second != shape[k]) {
        return absl::InvalidArgumentError(
            absl::StrCat("--shape: symbolic dimension '", dim.dim_param(), "' is ", bound->second,
                         " in '", bound_by[dim.dim_param()], "' and ", shape[k], " in '", name,
                         "'; a symbolic dimension has one value in every input"));
      }
      bound_by.emplace(dim.dim_param(), name);
    }
  }
  return dims;
}

std::string GeneratedSetName(int set, int count) {
  return absl::StrCat(kGeneratedSet, " ", set + 1, "/", count);
}

ModelInputSets ModelInputs(const std::filesystem::path& file, const onnx::ModelProto& model,
                           const std::map<std::string, Shape>& shapes, const DimBindings& dims,
                           const EdgeValues& edges) {
  ModelInputSets result;
  std::vector<InputSet> folder = FolderData(file, result.notes);
  DimBindings all = dims;
  std::vector<std::string> taken, guessed;
  if (!folder.empty()) BindFromData(model.graph(), folder.front(), all, taken);
  absl::StatusOr<std::vector<InputSet>> generated =
      Generate(model.graph(), shapes, all, edges, guessed);
  if (generated.ok()) {
    result.sets = *std::move(generated);
  } else {
    result.not_generated = std::string(generated.status().message());
  }
  if (!taken.empty()) {
    result.notes.push_back(absl::StrCat("symbolic dimensions of the generated values as in ",
                                        folder.front().name, ": ", absl::StrJoin(taken, ", ")));
  }
  if (!guessed.empty()) {
    result.notes.push_back(
        absl::StrCat("symbolic or unknown dimensions generated to hold the edge values (at least ",
                     kGeneratedDimension, "): ", absl::StrJoin(guessed, ", "),
                     " (choose them with --shape NAME=DIMS)"));
  }
  for (InputSet& set : folder) result.sets.push_back(std::move(set));
  return result;
}

}  // namespace onnx_conform
