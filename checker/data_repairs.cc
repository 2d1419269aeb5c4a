#include "checker/data_repairs.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "checker/checker.h"
#include "checker/rules.h"
#include "checker/tensor_info.h"

namespace onnx_conform {
namespace {

bool DeclaresElementType(const onnx::ValueInfoProto& value, int32_t type) {
  return value.type().has_tensor_type() && value.type().tensor_type().elem_type() == type;
}

// A declared shape, a dim_param or a missing value unknown.
SymbolicShape DeclaredShape(const onnx::TensorShapeProto& shape) {
  SymbolicShape dims;
  for (const onnx::TensorShapeProto::Dimension& dim : shape.dim()) {
    dims.push_back(dim.has_dim_value() ? SymbolicDim(dim.dim_value()) : std::nullopt);
  }
  return dims;
}

// The uint16 tensor `value` as the bfloat16 tensor whose bits it holds.
void ReadAsBfloat16(Tensor& value) {
  absl::StatusOr<Tensor> bfloat16 = Tensor::Create(ElementType::kBFloat16, value.shape());
  if (!bfloat16.ok()) return;  // same size as the tensor already held: cannot fail
  if (value.byte_size() > 0) {
    std::memcpy(bfloat16->bytes().data(), value.bytes().data(), value.byte_size());
  }
  value = *std::move(bfloat16);
}

// Whether a node (of any graph or subgraph) may read the graph input `name`
// for more than its element type: only CastLike's second input is read for
// its type alone. A subgraph may capture the name, so any node with one
// counts as reading it.
bool ReadBeyondType(const onnx::GraphProto& graph, const std::string& name) {
  for (const onnx::NodeProto& node : graph.node()) {
    for (const onnx::AttributeProto& attribute : node.attribute()) {
      if (attribute.has_g() || attribute.graphs_size() > 0) return true;
    }
    for (int i = 0; i < node.input_size(); ++i) {
      if (node.input(i) != name) continue;
      const bool type_only = node.op_type() == "CastLike" && i == 1 &&
                             (node.domain().empty() || node.domain() == "ai.onnx");
      if (!type_only) return true;
    }
  }
  return std::any_of(graph.output().begin(), graph.output().end(),
                     [&](const onnx::ValueInfoProto& output) { return output.name() == name; });
}

Diagnostic Warning(absl::string_view rule, const std::filesystem::path& file, std::string field,
                   std::string message) {
  return MakeDiagnostic(rule, file.string(), "", std::move(field), std::move(message));
}

}  // namespace

std::vector<Diagnostic> RepairGeneratorDefects(onnx::ModelProto& model,
                                               std::span<const DataFileRef> inputs,
                                               std::span<const DataFileRef> outputs) {
  std::vector<Diagnostic> warnings;
  const auto retag = [&](const DataFileRef& file, const onnx::ValueInfoProto& value,
                         absl::string_view what) {
    if (file.value == nullptr || !file.value->is_tensor() ||
        file.value->type() != ElementType::kUint16 ||
        !DeclaresElementType(value, onnx::TensorProto::BFLOAT16)) {
      return;
    }
    ReadAsBfloat16(*file.value);
    warnings.push_back(Warning(rules::kDataBfloat16AsUint16, file.path,
                               absl::StrCat(what, " '", value.name(), "'"),
                               absl::StrCat("a uint16 tensor for ", what, " '", value.name(),
                                            "', declared bfloat16: read as the bfloat16 bits it "
                                            "holds, as ONNX's generators wrote them")));
  };

  onnx::GraphProto& graph = *model.mutable_graph();
  std::vector<const onnx::ValueInfoProto*> fed = FedGraphInputs(graph);
  for (size_t k = 0; k < inputs.size() && k < fed.size(); ++k) {
    retag(inputs[k], *fed[k], "graph input");
    const DataFileRef& file = inputs[k];
    const onnx::ValueInfoProto& declared = *fed[k];
    if (file.value == nullptr || !file.value->is_tensor() ||
        !declared.type().tensor_type().has_shape()) {
      continue;
    }
    const SymbolicShape shape = DeclaredShape(declared.type().tensor_type().shape());
    if (ShapesCompatible(shape, ToSymbolic(file.value->shape())) ||
        ReadBeyondType(graph, declared.name())) {
      continue;
    }
    warnings.push_back(Warning(
        rules::kDataShapeTypeOnly, file.path, absl::StrCat("graph input '", declared.name(), "'"),
        absl::StrCat("the tensor has shape ", ShapeToString(file.value->shape()),
                     " but graph input '", declared.name(), "' is declared ",
                     SymbolicShapeToString(shape),
                     "; no node reads more than its element type, so the declared shape is "
                     "dropped")));
    for (onnx::ValueInfoProto& input : *graph.mutable_input()) {
      if (input.name() == declared.name())
        input.mutable_type()->mutable_tensor_type()->clear_shape();
    }
  }
  for (size_t k = 0; k < outputs.size() && k < static_cast<size_t>(graph.output_size()); ++k) {
    retag(outputs[k], graph.output(static_cast<int>(k)), "graph output");
  }
  return warnings;
}

}  // namespace onnx_conform
