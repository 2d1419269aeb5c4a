#include "checker/node_validator.h"

#include <climits>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/registry.h"
#include "checker/rules.h"

namespace onnx_conform {
namespace {

std::string ArityText(int min, int max) {
  if (max == INT_MAX) return absl::StrCat("at least ", min);
  if (min == max) return absl::StrCat("exactly ", min);
  return absl::StrCat(min, " to ", max);
}

// The tensor types a parameter allows, or the kinds it takes instead
// ("seq(tensor(float)), ...") when it takes no tensor.
std::string AllowedList(const OpSchema& schema, const FormalParameter& param) {
  std::vector<std::string> names = schema.AllowedTypeNames(param);
  if (names.empty() && !param.type_param.empty()) {
    if (const TypeConstraintSpec* constraint = schema.FindTypeConstraint(param.type_param)) {
      return constraint->type_strings.empty() ? "none"
                                              : absl::StrJoin(constraint->type_strings, ", ");
    }
  }
  return names.empty() ? "none" : absl::StrJoin(names, ", ");
}

std::string TypeName(ElementType type) {
  absl::string_view name = ElementTypeName(type);
  return name.empty() ? absl::StrCat("data type ", static_cast<int>(type)) : std::string(name);
}

std::string AttrTypeName(AttrType type) { return onnx::AttributeProto::AttributeType_Name(type); }

// Whether an attribute carries a value in the field its type names.
bool HasValueFor(const onnx::AttributeProto& attr, AttrType type) {
  switch (type) {
    case onnx::AttributeProto::FLOAT: return attr.has_f();
    case onnx::AttributeProto::INT: return attr.has_i();
    case onnx::AttributeProto::STRING: return attr.has_s();
    case onnx::AttributeProto::TENSOR: return attr.has_t();
    case onnx::AttributeProto::GRAPH: return attr.has_g();
    case onnx::AttributeProto::SPARSE_TENSOR: return attr.has_sparse_tensor();
    case onnx::AttributeProto::TYPE_PROTO: return attr.has_tp();
    default: return true;  // repeated fields: any length, including 0
  }
}

// Where a later or earlier version of the operator has an attribute the
// node's version lacks, say so: "(ArgMin has it from version 12)".
std::string AttributeHistory(const OpSchema& schema, absl::string_view name) {
  std::vector<std::string> versions;
  for (const OpSchema* other : OperatorVersions(schema.domain(), schema.op_type())) {
    if (other->FindAttribute(name) != nullptr) versions.push_back(other->Name());
  }
  if (versions.empty()) return "";
  return absl::StrCat(" (", name, " exists in ", absl::StrJoin(versions, ", "), ")");
}

class NodeContextImpl final : public NodeContext {
 public:
  NodeContextImpl(const OpSchema& schema, const NodeView& view,
                  const std::map<std::string, const onnx::AttributeProto*>& accepted,
                  std::vector<TensorInfo>& outputs, NodeOutputValues& values, DiagnosticSink& sink)
      : schema_(schema),
        view_(view),
        accepted_(accepted),
        outputs_(outputs),
        values_(values),
        sink_(sink) {}

  const OpSchema& schema() const override { return schema_; }
  int input_count() const override { return view_.node->input_size(); }
  bool has_input(int index) const override {
    return index >= 0 && index < input_count() && !view_.node->input(index).empty();
  }
  const TensorInfo& input(int index) const override {
    static const TensorInfo kUnknown;
    if (!has_input(index) || static_cast<size_t>(index) >= view_.inputs.size()) return kUnknown;
    return view_.inputs[index];
  }
  const Tensor* input_value(int index) const override {
    if (!has_input(index) || static_cast<size_t>(index) >= view_.values.size()) return nullptr;
    return view_.values[index];
  }
  std::optional<int64_t> GetInt(absl::string_view name) const override {
    if (const onnx::AttributeProto* attr = Accepted(name)) return attr->i();
    if (Present(name)) return std::nullopt;  // rejected: its value is unknown
    const AttributeSpec* spec = schema_.FindAttribute(name);
    if (spec && std::holds_alternative<int64_t>(spec->default_value)) {
      return std::get<int64_t>(spec->default_value);
    }
    return std::nullopt;
  }
  std::optional<float> GetFloat(absl::string_view name) const override {
    if (const onnx::AttributeProto* attr = Accepted(name)) return attr->f();
    if (Present(name)) return std::nullopt;  // rejected: its value is unknown
    const AttributeSpec* spec = schema_.FindAttribute(name);
    if (spec && std::holds_alternative<float>(spec->default_value)) {
      return std::get<float>(spec->default_value);
    }
    return std::nullopt;
  }
  bool HasAttribute(absl::string_view name) const override { return Accepted(name) != nullptr; }
  const onnx::AttributeProto* GetAttribute(absl::string_view name) const override {
    return Accepted(name);
  }
  const onnx::NodeProto& node() const override { return *view_.node; }
  const TensorInfo& declared_output(int index) const override {
    static const TensorInfo kUnknown;
    if (index < 0 || static_cast<size_t>(index) >= view_.declared_outputs.size()) return kUnknown;
    return view_.declared_outputs[index];
  }
  void SetOutput(int index, TensorInfo info) override {
    if (index >= 0 && static_cast<size_t>(index) < outputs_.size()) {
      outputs_[index] = MergeInfo(info, outputs_[index]);
    }
  }
  void SetOutputValue(int index, Tensor value) override {
    if (index < 0 || static_cast<size_t>(index) >= outputs_.size()) return;
    SetOutput(index, TensorInfo::Of(value));
    values_.owned.push_back(std::make_unique<Tensor>(std::move(value)));
    values_.values[index] = values_.owned.back().get();
  }
  void ForwardInputValue(int input, int output) override {
    if (output < 0 || static_cast<size_t>(output) >= outputs_.size()) return;
    values_.values[output] = input_value(input);
  }
  void Report(absl::string_view rule_id, std::string field, std::string message) override {
    sink_.Report(rule_id, std::move(field), std::move(message));
  }

 private:
  bool Present(absl::string_view name) const {
    for (const onnx::AttributeProto& attr : view_.node->attribute()) {
      if (attr.name() == name) return true;
    }
    return false;
  }
  const onnx::AttributeProto* Accepted(absl::string_view name) const {
    auto it = accepted_.find(std::string(name));
    return it == accepted_.end() ? nullptr : it->second;
  }

  const OpSchema& schema_;
  const NodeView& view_;
  const std::map<std::string, const onnx::AttributeProto*>& accepted_;
  std::vector<TensorInfo>& outputs_;
  NodeOutputValues& values_;
  DiagnosticSink& sink_;
};

void CheckArity(const OpSchema& schema, const onnx::NodeProto& node, DiagnosticSink& sink) {
  const int inputs = node.input_size();
  if (inputs < schema.min_inputs() || inputs > schema.max_inputs()) {
    sink.Report(
        rules::kNodeInputArity, "inputs",
        absl::StrCat(schema.Name(), " takes ", ArityText(schema.min_inputs(), schema.max_inputs()),
                     " inputs; the node has ", inputs));
  }
  for (int i = 0; i < inputs; ++i) {
    const FormalParameter* param = schema.InputParam(i);
    if (node.input(i).empty() && param != nullptr && param->option != kOptional) {
      sink.Report(rules::kNodeEmptyInputNotOptional, absl::StrCat("input ", i),
                  absl::StrCat("input '", param->name, "' of ", schema.Name(),
                               " is not optional but is given the empty name"));
    }
  }
  const int outputs = node.output_size();
  if (outputs < schema.min_outputs() || outputs > schema.max_outputs()) {
    sink.Report(
        rules::kNodeOutputArity, "outputs",
        absl::StrCat(schema.Name(), " has ", ArityText(schema.min_outputs(), schema.max_outputs()),
                     " outputs; the node has ", outputs));
  }
  for (int i = 0; i < outputs; ++i) {
    const FormalParameter* param = schema.OutputParam(i);
    if (node.output(i).empty() && param != nullptr && param->option != kOptional) {
      sink.Report(rules::kNodeEmptyOutputNotOptional, absl::StrCat("output ", i),
                  absl::StrCat("output '", param->name, "' of ", schema.Name(),
                               " is not optional but is given the empty name"));
    }
  }
}

// Returns the attributes whose name and type the schema accepts.
std::map<std::string, const onnx::AttributeProto*> CheckAttributes(const OpSchema& schema,
                                                                   const onnx::NodeProto& node,
                                                                   DiagnosticSink& sink) {
  std::map<std::string, const onnx::AttributeProto*> accepted;
  std::set<std::string> seen;
  for (const onnx::AttributeProto& attr : node.attribute()) {
    const std::string field = absl::StrCat("attribute ", attr.name());
    if (!seen.insert(attr.name()).second) {
      sink.Report(rules::kAttrDuplicate, field, "the attribute is set more than once");
      accepted.erase(attr.name());
      continue;
    }
    const AttributeSpec* spec = schema.FindAttribute(attr.name());
    if (spec == nullptr) {
      std::vector<std::string> names;
      for (const AttributeSpec& a : schema.attributes()) names.push_back(a.name);
      sink.Report(rules::kAttrUnknown, field,
                  absl::StrCat(schema.Name(), " has no attribute '", attr.name(), "' (it has ",
                               names.empty() ? "none" : absl::StrJoin(names, ", "), ")",
                               AttributeHistory(schema, attr.name())));
      continue;
    }
    if (!attr.has_type() || attr.type() == onnx::AttributeProto::UNDEFINED) {
      sink.Report(rules::kAttrType, field,
                  absl::StrCat("the attribute has no type; ", schema.Name(), " declares ",
                               AttrTypeName(spec->type)));
      continue;
    }
    if (spec->type == onnx::AttributeProto::UNDEFINED) {
      accepted[attr.name()] = &attr;  // any type: a model-local function's attribute
      continue;
    }
    if (attr.type() != spec->type) {
      sink.Report(rules::kAttrType, field,
                  absl::StrCat("type ", AttrTypeName(attr.type()), ", but ", schema.Name(),
                               " declares ", AttrTypeName(spec->type)));
      continue;
    }
    if (!HasValueFor(attr, spec->type)) {
      sink.Report(rules::kAttrType, field,
                  absl::StrCat("type ", AttrTypeName(attr.type()),
                               " but the matching value field is not set"));
      continue;
    }
    accepted[attr.name()] = &attr;
  }
  for (const AttributeSpec& spec : schema.attributes()) {
    if (spec.required && !seen.contains(spec.name)) {
      sink.Report(rules::kAttrRequiredMissing, absl::StrCat("attribute ", spec.name),
                  absl::StrCat(schema.Name(), " requires attribute '", spec.name, "' (",
                               AttrTypeName(spec.type), ")"));
    }
  }
  return accepted;
}

// Binds each type parameter to the element type of the first value that
// uses it; every other value bound to it must have the same type, and each
// type must be allowed. Returns the bindings.
std::map<std::string, ElementType> CheckTypes(const OpSchema& schema, const NodeView& view,
                                              DiagnosticSink& sink) {
  std::map<std::string, std::pair<ElementType, std::string>> bound;  // param -> (type, where)
  auto check_value = [&](const FormalParameter& param, ElementType type, std::string where) {
    const TypeConstraintSpec* constraint =
        param.type_param.empty() ? nullptr : schema.FindTypeConstraint(param.type_param);
    if (constraint != nullptr && constraint->any_type) return;
    std::vector<ElementType> allowed = schema.AllowedTypes(param);
    if (std::find(allowed.begin(), allowed.end(), type) == allowed.end()) {
      sink.Report(rules::kTypeNotAllowed, where,
                  absl::StrCat(TypeName(type), " is not allowed for '", param.name, "' (",
                               param.TypeString(), ") in ", schema.Name(), ": allowed are ",
                               AllowedList(schema, param)));
      return;
    }
    // The values of a heterogeneous variadic (Loop's v_initial) bind nothing.
    if (param.type_param.empty() || !param.homogeneous) return;
    auto [it, inserted] = bound.try_emplace(param.type_param, type, where);
    if (!inserted && it->second.first != type) {
      sink.Report(rules::kTypeParamMismatch, where,
                  absl::StrCat(TypeName(type), ", but ", param.type_param, " is bound to ",
                               TypeName(it->second.first), " by ", it->second.second,
                               "; all values of ", param.type_param, " share one type"));
    }
  };
  const onnx::NodeProto& node = *view.node;
  for (int i = 0; i < node.input_size(); ++i) {
    const FormalParameter* param = schema.InputParam(i);
    if (param == nullptr || node.input(i).empty()) continue;
    const std::string where = absl::StrCat("input ", i);
    const bool defined =
        static_cast<size_t>(i) >= view.input_defined.size() || view.input_defined[i];
    const std::optional<ElementType> type =
        static_cast<size_t>(i) < view.inputs.size() ? view.inputs[i].type : std::nullopt;
    if (type) {
      check_value(*param, *type, where);
    } else if (defined) {
      sink.Report(rules::kTypeUndeclared, where,
                  absl::StrCat("the element type of '", node.input(i),
                               "' is declared nowhere; its type constraint is not checked"));
    }
  }
  for (int i = 0; i < node.output_size(); ++i) {
    const FormalParameter* param = schema.OutputParam(i);
    if (param == nullptr || node.output(i).empty()) continue;
    if (static_cast<size_t>(i) >= view.declared_outputs.size()) continue;
    const std::optional<ElementType> type = view.declared_outputs[i].type;
    if (!type) continue;
    const std::string where = absl::StrCat("output ", i);
    if (param->type_param.empty() && *type != param->fixed_type) {
      sink.Report(rules::kOutputTypeInferred, where,
                  absl::StrCat("declared ", TypeName(*type), ", but '", param->name, "' of ",
                               schema.Name(), " is ", param->TypeString()));
      continue;
    }
    check_value(*param, *type, where);
  }
  std::map<std::string, ElementType> bindings;
  for (const auto& [param, type_and_where] : bound) bindings[param] = type_and_where.first;
  return bindings;
}

void CheckDeclaredOutputShapes(const OpSchema& schema, const NodeView& view,
                               std::span<const TensorInfo> inferred, DiagnosticSink& sink) {
  for (size_t i = 0; i < inferred.size() && i < view.declared_outputs.size(); ++i) {
    const std::optional<SymbolicShape>& declared = view.declared_outputs[i].shape;
    if (!declared || !inferred[i].shape) continue;
    if (!ShapesCompatible(*declared, *inferred[i].shape)) {
      sink.Report(rules::kOutputShapeInferred, absl::StrCat("output ", i),
                  absl::StrCat("declared shape ", SymbolicShapeToString(declared), ", but ",
                               schema.Name(), " gives ", SymbolicShapeToString(inferred[i].shape)));
    }
  }
}

}  // namespace

std::string NodeLabel(const onnx::NodeProto& node, int index) {
  if (!node.name().empty()) return absl::StrCat("'", node.name(), "'");
  return absl::StrCat("#", index, " ", node.op_type());
}

std::vector<TensorInfo> ValidateNode(const OpSchema& schema, const NodeView& view,
                                     DiagnosticSink& sink, NodeOutputValues* values) {
  NodeOutputValues ignored;
  NodeOutputValues& known_values = values != nullptr ? *values : ignored;
  known_values.values.assign(view.node->output_size(), nullptr);
  const onnx::NodeProto& node = *view.node;
  CheckArity(schema, node, sink);
  std::map<std::string, const onnx::AttributeProto*> accepted = CheckAttributes(schema, node, sink);
  std::map<std::string, ElementType> bindings = CheckTypes(schema, view, sink);

  std::vector<TensorInfo> outputs(node.output_size());
  for (int i = 0; i < node.output_size(); ++i) {
    const FormalParameter* param = schema.OutputParam(i);
    if (param == nullptr) continue;
    if (param->type_param.empty()) {
      outputs[i].type = param->fixed_type;
      continue;
    }
    if (!param->homogeneous) continue;  // each value its own type
    const TypeConstraintSpec* constraint = schema.FindTypeConstraint(param->type_param);
    if (auto it = bindings.find(param->type_param); it != bindings.end()) {
      outputs[i].type = it->second;
    } else if (constraint != nullptr && constraint->SingleTensorType()) {
      // A constraint of one type fixes it (Less's T1: bool).
      outputs[i].type = *constraint->SingleTensorType();
    }
  }
  if (schema.check() != nullptr) {
    NodeContextImpl context(schema, view, accepted, outputs, known_values, sink);
    schema.check()(context);
  }
  CheckDeclaredOutputShapes(schema, view, outputs, sink);
  return outputs;
}

}  // namespace onnx_conform
