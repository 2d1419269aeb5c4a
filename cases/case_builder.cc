#include "cases/case_builder.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "caseio/case_layout.h"
#include "checker/model_versions.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

[[noreturn]] void DefinitionError(const std::string& case_name, std::string_view message) {
  std::fprintf(stderr, "case %s: %.*s\n", case_name.c_str(), static_cast<int>(message.size()),
               message.data());
  std::abort();
}

void DeclareValue(onnx::ValueInfoProto& info, const std::string& name, const Tensor& prototype) {
  info.set_name(name);
  onnx::TypeProto::Tensor* tensor_type = info.mutable_type()->mutable_tensor_type();
  tensor_type->set_elem_type(static_cast<int32_t>(prototype.type()));
  onnx::TensorShapeProto* shape = tensor_type->mutable_shape();  // present even for rank 0
  for (int64_t dim : prototype.shape()) shape->add_dim()->set_dim_value(dim);
}

std::string Serialize(const google::protobuf::MessageLite& message) {
  std::string bytes;
  if (!message.SerializeToString(&bytes)) std::abort();
  return bytes;
}

}  // namespace

std::string_view Case::folder() const {
  return metadata.expectation() == kExpectValid ? "node" : "invalid";
}

CaseBuilder::CaseBuilder(std::string_view op_type, int version, ElementType type,
                         std::string_view what)
    : op_type_(op_type), opset_(version) {
  std::string op_lower(op_type);
  for (char& ch : op_lower) ch = absl::ascii_tolower(static_cast<unsigned char>(ch));
  name_ = absl::StrCat(op_lower, "_v", version, "_", std::string(ElementTypeName(type)), "_",
                       std::string(what));
  metadata_.set_operator_(std::string(op_type));
  metadata_.set_version(version);
  metadata_.add_types(std::string(ElementTypeName(type)));
  metadata_.set_expectation(std::string(kExpectValid));
  metadata_.set_semantics(std::string(kSemanticsSpec));
}

CaseBuilder& CaseBuilder::Opset(int opset) {
  opset_ = opset;
  metadata_.set_opset(opset);
  return *this;
}

CaseBuilder& CaseBuilder::Inputs(std::vector<std::string> names) {
  inputs_ = std::move(names);
  return *this;
}

CaseBuilder& CaseBuilder::Outputs(std::vector<std::string> names) {
  outputs_ = std::move(names);
  return *this;
}

CaseBuilder& CaseBuilder::Attr(const std::string& name, int64_t value) {
  onnx::AttributeProto& a = attributes_.emplace_back();
  a.set_name(name);
  a.set_type(onnx::AttributeProto::INT);
  a.set_i(value);
  return *this;
}

CaseBuilder& CaseBuilder::Attr(const std::string& name, float value) {
  onnx::AttributeProto& a = attributes_.emplace_back();
  a.set_name(name);
  a.set_type(onnx::AttributeProto::FLOAT);
  a.set_f(value);
  return *this;
}

CaseBuilder& CaseBuilder::Attr(const std::string& name, std::vector<int64_t> values) {
  onnx::AttributeProto& a = attributes_.emplace_back();
  a.set_name(name);
  a.set_type(onnx::AttributeProto::INTS);
  for (int64_t v : values) a.add_ints(v);
  return *this;
}

CaseBuilder& CaseBuilder::DataSet(std::vector<Tensor> inputs, std::vector<Tensor> outputs) {
  data_sets_.push_back({std::move(inputs), std::move(outputs)});
  return *this;
}

CaseBuilder& CaseBuilder::Declare(std::vector<Tensor> inputs, std::vector<Tensor> outputs) {
  declared_ = CaseDataSet{std::move(inputs), std::move(outputs)};
  return *this;
}

CaseBuilder& CaseBuilder::Features(std::initializer_list<std::string_view> features) {
  for (std::string_view f : features) Feature(f);
  return *this;
}

CaseBuilder& CaseBuilder::Feature(std::string_view feature) {
  if (!HasFeature(metadata_, feature)) metadata_.add_features(std::string(feature));
  return *this;
}

CaseBuilder& CaseBuilder::ExtraType(ElementType type) {
  metadata_.add_types(std::string(ElementTypeName(type)));
  return *this;
}

CaseBuilder& CaseBuilder::ReferenceDefined() {
  metadata_.set_semantics(std::string(kSemanticsReferenceDefined));
  return *this;
}

CaseBuilder& CaseBuilder::Quote(std::string_view quote) {
  metadata_.set_spec_quote(std::string(quote));
  return *this;
}

CaseBuilder& CaseBuilder::Describe(std::string_view description) {
  metadata_.set_description(std::string(description));
  return *this;
}

CaseBuilder& CaseBuilder::Invalid(absl::string_view rule_id) {
  metadata_.set_expectation(std::string(kExpectInvalid));
  metadata_.set_rule_id(std::string(rule_id));
  return *this;
}

CaseBuilder& CaseBuilder::Unsupported(absl::string_view rule_id) {
  metadata_.set_expectation(std::string(kExpectUnsupported));
  metadata_.set_rule_id(std::string(rule_id));
  return *this;
}

CaseBuilder& CaseBuilder::Warning(absl::string_view rule_id) {
  metadata_.add_warnings(std::string(rule_id));
  return *this;
}

Case CaseBuilder::Build() const {
  Case c;
  c.name = name_;
  c.metadata = metadata_;
  c.data_sets = data_sets_;
  if (absl::Status valid = ValidateCaseMetadata(c.metadata); !valid.ok()) {
    DefinitionError(name_, std::string(valid.message()));
  }
  if (c.metadata.spec_quote().empty()) DefinitionError(name_, "no spec quote");

  std::vector<std::string> graph_inputs;
  for (const std::string& name : inputs_) {
    if (!name.empty()) graph_inputs.push_back(name);
  }
  const CaseDataSet* prototype = declared_ ? &*declared_ : nullptr;
  if (prototype == nullptr) {
    if (data_sets_.empty()) DefinitionError(name_, "neither data sets nor declarations");
    prototype = &data_sets_.front();
  }
  for (const CaseDataSet& ds : data_sets_) {
    if (ds.inputs.size() != graph_inputs.size() || ds.outputs.size() != outputs_.size()) {
      DefinitionError(name_, "data set tensor count differs from the node's inputs or outputs");
    }
    for (size_t k = 0; k < ds.inputs.size(); ++k) {
      if (ds.inputs[k].type() != prototype->inputs[k].type() ||
          ds.inputs[k].shape() != prototype->inputs[k].shape()) {
        DefinitionError(name_, "data sets disagree on an input's type or shape");
      }
    }
    for (size_t k = 0; k < ds.outputs.size(); ++k) {
      if (ds.outputs[k].type() != prototype->outputs[k].type() ||
          ds.outputs[k].shape() != prototype->outputs[k].shape()) {
        DefinitionError(name_, "data sets disagree on an output's type or shape");
      }
    }
  }
  if (prototype->inputs.size() != graph_inputs.size() ||
      prototype->outputs.size() != outputs_.size()) {
    DefinitionError(name_, "declared tensor count differs from the node's inputs or outputs");
  }

  onnx::ModelProto& model = c.model;
  model.set_ir_version(IrVersionForOpset(opset_));
  model.set_producer_name("onnx-conform");
  onnx::OperatorSetIdProto* opset = model.add_opset_import();
  opset->set_domain("");
  opset->set_version(opset_);
  onnx::GraphProto* graph = model.mutable_graph();
  graph->set_name(name_);
  onnx::NodeProto* node = graph->add_node();
  node->set_op_type(op_type_);
  for (const std::string& name : inputs_) node->add_input(name);
  for (const std::string& name : outputs_) node->add_output(name);
  for (const onnx::AttributeProto& a : attributes_) *node->add_attribute() = a;
  for (size_t k = 0; k < graph_inputs.size(); ++k) {
    DeclareValue(*graph->add_input(), graph_inputs[k], prototype->inputs[k]);
  }
  for (size_t k = 0; k < outputs_.size(); ++k) {
    DeclareValue(*graph->add_output(), outputs_[k], prototype->outputs[k]);
  }
  RenderCaseFiles(c);
  return c;
}

Tensor CheckedLiteral(const Tensor& computed, Tensor literal) {
  if (computed.shape() != literal.shape() ||
      !std::equal(computed.bytes().begin(), computed.bytes().end(), literal.bytes().begin(),
                  literal.bytes().end())) {
    std::abort();
  }
  return literal;
}

void RenderCaseFiles(Case& c) {
  c.files.clear();
  c.files[std::string(kModelFileName)] = Serialize(c.model);
  c.files[std::string(kCaseMetadataFileName)] = CaseMetadataToJson(c.metadata);
  const onnx::GraphProto& graph = c.model.graph();
  for (size_t n = 0; n < c.data_sets.size(); ++n) {
    const CaseDataSet& ds = c.data_sets[n];
    for (size_t k = 0; k < ds.inputs.size(); ++k) {
      const std::string name =
          k < static_cast<size_t>(graph.input_size()) ? graph.input(k).name() : "";
      c.files[DataFilePath(n, DataFileKind::kInput, k)] = SerializeTensorFile(ds.inputs[k], name);
    }
    for (size_t k = 0; k < ds.outputs.size(); ++k) {
      const std::string name =
          k < static_cast<size_t>(graph.output_size()) ? graph.output(k).name() : "";
      c.files[DataFilePath(n, DataFileKind::kOutput, k)] = SerializeTensorFile(ds.outputs[k], name);
    }
  }
}

}  // namespace onnx_conform
