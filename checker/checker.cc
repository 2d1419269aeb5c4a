#include "checker/checker.h"

#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/model_analysis.h"
#include "checker/model_functions.h"
#include "checker/model_versions.h"
#include "checker/node_validator.h"
#include "checker/registry.h"
#include "checker/rules.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace internal {
namespace {

std::string NormalizedDomain(const std::string& domain) {
  return IsDefaultDomain(domain) ? "" : domain;
}

std::string KindName(ValueKind kind) {
  switch (kind) {
    case onnx::TypeProto::kTensorType: return "a tensor";
    case onnx::TypeProto::kSequenceType: return "a sequence";
    case onnx::TypeProto::kMapType: return "a map";
    case onnx::TypeProto::kOptionalType: return "an optional";
    case onnx::TypeProto::kSparseTensorType: return "a sparse tensor";
    default: return "not a tensor";
  }
}

// "tensors", or "tensors and sequences" for Identity-14's input,
// "sequences" for SequenceAt's.
std::string AcceptedKinds(const OpSchema& schema, const FormalParameter* param) {
  std::vector<std::string> kinds;
  if (param == nullptr || schema.AcceptsTensors(*param)) kinds.push_back("tensors");
  if (param != nullptr) {
    static constexpr std::pair<ValueKind, const char*> kOthers[] = {
        {onnx::TypeProto::kSequenceType, "sequences"},
        {onnx::TypeProto::kOptionalType, "optionals"},
        {onnx::TypeProto::kMapType, "maps"},
        {onnx::TypeProto::kSparseTensorType, "sparse tensors"}};
    for (const auto& [kind, name] : kOthers) {
      if (schema.AcceptsKind(*param, kind)) kinds.push_back(name);
    }
  }
  if (kinds.empty()) return "nothing";
  if (kinds.size() == 1) return kinds[0];
  const std::string last = kinds.back();
  kinds.pop_back();
  return absl::StrCat(absl::StrJoin(kinds, ", "), " and ", last);
}

std::string DomainLabel(const std::string& domain) {
  return domain.empty() ? "\"\" (ai.onnx)" : absl::StrCat("'", domain, "'");
}

class Analyzer {
 public:
  Analyzer(const onnx::ModelProto& model, const std::string& file,
           const std::map<std::string, Feed>* feeds)
      : model_(model), graph_(model.graph()), file_(file), feeds_(feeds), functions_(model) {}

  ModelAnalysis Run() {
    CheckHeader();
    DeclareGraphInputs();
    DeclareInitializers();
    DeclareValueInfos();
    DeclareGraphOutputs();
    ApplyFeeds();
    CheckNodes();
    CheckGraphOutputs();
    return std::move(result_);
  }

 private:
  void Report(absl::string_view rule, std::string field, std::string message,
              std::string node = "") {
    result_.diagnostics.push_back(
        MakeDiagnostic(rule, file_, std::move(node), std::move(field), std::move(message)));
  }

  void CheckHeader() {
    if (model_.ir_version() <= 0) {
      Report(rules::kModelIrVersion, "ir_version",
             absl::StrCat("ir_version is ", model_.ir_version(), "; it must be set (>= 1)"));
    }
    for (const onnx::OperatorSetIdProto& import : model_.opset_import()) {
      // The field is named only when reported: most models break no rule.
      const auto field = [&import] {
        return absl::StrCat("opset_import ", DomainLabel(import.domain()));
      };
      if (import.version() < 1) {
        Report(rules::kModelOpsetVersion, field(),
               absl::StrCat("version ", import.version(), " is below 1"));
      }
      if (!opsets_.try_emplace(NormalizedDomain(import.domain()), import.version()).second) {
        Report(rules::kModelOpsetDuplicate, field(),
               absl::StrCat("domain ", DomainLabel(NormalizedDomain(import.domain())),
                            " is imported more than once"));
      }
    }
  }

  // Reports an element type number that is not an ONNX data type the
  // suite knows: a negative one never is (GRAPH-VALUE-TYPE); a positive one
  // may be a newer release's (TYPE-UNKNOWN, unsupported). True when known
  // (0, undefined, included).
  bool KnownElemType(int32_t elem_type, const std::string& field) {
    if (ElementTypeFromProto(elem_type).has_value()) return true;
    if (elem_type < 0) {
      Report(rules::kGraphValueType, field,
             absl::StrCat("element type ", elem_type, " is not an ONNX data type"));
    } else {
      Report(rules::kTypeUnknown, field,
             absl::StrCat("element type ", elem_type,
                          " is unknown to the suite (ONNX defines 1 to 28; a newer release's "
                          "type?)"));
    }
    return false;
  }

  // The element types inside a sequence, optional, map or sparse tensor type.
  void CheckNestedElemTypes(const onnx::TypeProto& type, const std::string& field) {
    switch (type.value_case()) {
      case onnx::TypeProto::kTensorType:
        KnownElemType(type.tensor_type().elem_type(), field);
        return;
      case onnx::TypeProto::kSparseTensorType:
        KnownElemType(type.sparse_tensor_type().elem_type(), field);
        return;
      case onnx::TypeProto::kSequenceType:
        if (type.sequence_type().has_elem_type()) {
          CheckNestedElemTypes(type.sequence_type().elem_type(), field);
        }
        return;
      case onnx::TypeProto::kOptionalType:
        if (type.optional_type().has_elem_type()) {
          CheckNestedElemTypes(type.optional_type().elem_type(), field);
        }
        return;
      case onnx::TypeProto::kMapType:
        KnownElemType(type.map_type().key_type(), field);
        if (type.map_type().has_value_type()) {
          CheckNestedElemTypes(type.map_type().value_type(), field);
        }
        return;
      default: return;
    }
  }

  // Converts a declared type. Reports GRAPH-VALUE-TYPE when the type is
  // missing (if required) or names no kind, and element type numbers the
  // suite does not know (KnownElemType).
  TensorInfo Declared(const onnx::ValueInfoProto& value, bool required, const std::string& field) {
    TensorInfo info;
    if (!value.has_type()) {
      if (required) Report(rules::kGraphValueType, field, "has no type");
      return info;
    }
    switch (value.type().value_case()) {
      case onnx::TypeProto::kTensorType: break;
      case onnx::TypeProto::VALUE_NOT_SET:
        Report(rules::kGraphValueType, field, "its type names no kind (tensor, sequence, ...)");
        return info;
      default:
        // Valid ONNX (sequence, map, optional, sparse tensor); the registry's
        // operators take none of them, which the nodes report.
        non_tensor_[value.name()] = value.type().value_case();
        CheckNestedElemTypes(value.type(), field);
        return info;
    }
    const onnx::TypeProto::Tensor& tensor = value.type().tensor_type();
    const int32_t elem_type = tensor.elem_type();
    if (!KnownElemType(elem_type, field)) {
      // reported
    } else if (elem_type == 0 && required) {
      Report(rules::kGraphValueType, field, "element type is undefined (0)");
    } else if (elem_type != 0) {
      info.type = ElementTypeFromProto(elem_type);
    }
    if (tensor.has_shape()) {
      SymbolicShape shape;
      for (int d = 0; d < tensor.shape().dim_size(); ++d) {
        const onnx::TensorShapeProto::Dimension& dim = tensor.shape().dim(d);
        if (dim.has_dim_value() && dim.dim_value() < 0) {
          Report(rules::kShapeDimInvalid, field,
                 absl::StrCat("dimension ", d, " is ", dim.dim_value()));
          shape.push_back(std::nullopt);
        } else if (dim.has_dim_value()) {
          shape.push_back(dim.dim_value());
        } else {
          shape.push_back(std::nullopt);  // dim_param or nothing: unknown
        }
      }
      info.shape = std::move(shape);
    }
    return info;
  }

  void Declare(const std::string& name, const TensorInfo& info) {
    auto [it, inserted] = result_.declared.try_emplace(name, info);
    if (!inserted) it->second = MergeInfo(it->second, info);
  }

  void DeclareGraphInputs() {
    for (const onnx::ValueInfoProto& input : graph_.input()) {
      const std::string field = absl::StrCat("graph input '", input.name(), "'");
      const size_t reported = result_.diagnostics.size();
      TensorInfo info = Declared(input, /*required=*/true, field);
      if (result_.diagnostics.size() != reported) flagged_.insert(input.name());
      if (input.name().empty()) {
        Report(rules::kGraphNameEmpty, "graph input", "a graph input has an empty name");
        continue;
      }
      if (!defined_.insert(input.name()).second) {
        Report(rules::kGraphDuplicateOutput, field, "the graph input is listed more than once");
      }
      Declare(input.name(), info);
    }
  }

  void DeclareInitializers() {
    std::set<std::string> graph_inputs(defined_);
    std::set<std::string> seen;
    for (const onnx::TensorProto& init : graph_.initializer()) {
      const std::string field = absl::StrCat("initializer '", init.name(), "'");
      if (init.name().empty()) {
        Report(rules::kGraphNameEmpty, "initializer", "an initializer has an empty name");
        continue;
      }
      if (!seen.insert(init.name()).second) {
        Report(rules::kGraphDuplicateOutput, field, "two initializers have this name");
        continue;
      }
      defined_.insert(init.name());
      absl::StatusOr<Tensor> tensor = TensorFromProto(init);
      if (!tensor.ok()) {
        Report(absl::IsUnimplemented(tensor.status()) ? rules::kTypeUnknown
                                                      : rules::kGraphInitializerInvalid,
               field, std::string(tensor.status().message()));
        flagged_.insert(init.name());
        continue;
      }
      auto owned = std::make_unique<Tensor>(*std::move(tensor));
      TensorInfo info = TensorInfo::Of(*owned);
      // Only numeric values reach the schemas' value rules (Clip's bounds);
      // for the others the type still meets the node's constraint.
      if (IsNumeric(owned->type())) {
        values_[init.name()] = owned.get();
        owned_values_.push_back(std::move(owned));
      }
      if (graph_inputs.contains(init.name())) {
        const TensorInfo& declared = result_.declared[init.name()];
        if (declared.type && info.type && *declared.type != *info.type) {
          Report(rules::kGraphValueType, field,
                 absl::StrCat("initializer is ", ElementTypeName(*info.type),
                              " but the graph input of that name declares ",
                              ElementTypeName(*declared.type)));
        }
      }
      Declare(init.name(), info);
    }
  }

  void DeclareValueInfos() {
    for (const onnx::ValueInfoProto& value : graph_.value_info()) {
      const std::string field = absl::StrCat("value_info '", value.name(), "'");
      TensorInfo info = Declared(value, /*required=*/false, field);
      if (!value.name().empty()) Declare(value.name(), info);
    }
  }

  void DeclareGraphOutputs() {
    std::set<std::string> seen;
    for (const onnx::ValueInfoProto& output : graph_.output()) {
      const std::string field = absl::StrCat("graph output '", output.name(), "'");
      TensorInfo info = Declared(output, /*required=*/true, field);
      if (output.name().empty()) {
        Report(rules::kGraphNameEmpty, "graph output", "a graph output has an empty name");
        continue;
      }
      if (!seen.insert(output.name()).second) {
        Report(rules::kGraphDuplicateOutput, field, "the graph output is listed more than once");
      }
      Declare(output.name(), info);
    }
  }

  void ApplyFeeds() {
    result_.known = result_.declared;
    if (feeds_ == nullptr) return;
    for (const auto& [name, feed] : *feeds_) {
      result_.known[name] = MergeInfo(result_.declared[name], feed.info);
      if (feed.value != nullptr) values_[name] = feed.value;
    }
  }

  const OpSchema* FindSchema(const onnx::NodeProto& node, const std::string& label) {
    const std::string domain = NormalizedDomain(node.domain());
    auto opset = opsets_.find(domain);
    if (opset == opsets_.end()) {
      Report(rules::kModelOpsetImport, "domain",
             absl::StrCat("the model imports no opset for domain ", DomainLabel(node.domain())),
             label);
      return nullptr;
    }
    // A model-local function of that domain and name is what the node calls.
    if (const OpSchema* function = functions_.Find(node.domain(), node.op_type())) {
      return function;
    }
    absl::StatusOr<const OpSchema*> schema =
        LookupSchema(node.domain(), node.op_type(), opset->second);
    if (schema.ok() && (*schema)->deprecated()) {
      // A version deprecated when it was defined (Upsample-10) is refused at
      // its own opset; one deprecated later, when a newer version replaced it
      // (GroupNormalization-18 by -21), was valid at the model's opset.
      absl::StatusOr<const OpSchema*> newest =
          LookupSchema(node.domain(), node.op_type(), std::numeric_limits<int>::max());
      const bool replaced_later =
          newest.ok() && (*newest)->since_version() > (*schema)->since_version();
      Report(replaced_later ? rules::kNodeSchemaDeprecatedLater : rules::kNodeSchemaDeprecated,
             "op_type",
             absl::StrCat("opset ", opset->second, " of domain ", DomainLabel(node.domain()),
                          " resolves ", node.op_type(), " to ", (*schema)->Name(),
                          replaced_later ? absl::StrCat(", which ONNX deprecated when it defined ",
                                                        (*newest)->Name(), "; use opset ",
                                                        (*newest)->since_version())
                                         : ", which ONNX deprecates"),
             label);
    }
    if (schema.ok()) return *schema;
    if (absl::IsUnimplemented(schema.status())) {
      Report(rules::kNodeSchemaUnknown, "op_type", std::string(schema.status().message()), label);
    }
    return nullptr;  // an opset below 1 is reported as MODEL-OPSET-VERSION
  }

  void CheckNodes() {
    if (graph_.node_size() == 0) Report(rules::kGraphNoNode, "", "the graph has no node");
    std::map<std::string, int> producer;  // first node producing each name
    for (int n = 0; n < graph_.node_size(); ++n) {
      for (const std::string& output : graph_.node(n).output()) {
        if (!output.empty()) producer.try_emplace(output, n);
      }
    }
    for (int n = 0; n < graph_.node_size(); ++n) {
      const onnx::NodeProto& node = graph_.node(n);
      const std::string label = NodeLabel(node, n);
      const OpSchema* schema = FindSchema(node, label);
      const int input_count = node.input_size();
      std::vector<TensorInfo> inputs(input_count);
      std::vector<const Tensor*> values(input_count, nullptr);
      std::unique_ptr<bool[]> input_defined(new bool[input_count]);
      // Type parameter -> the kind of the first input bound to it: a tensor,
      // or a sequence or optional the schema passes through (Identity-14+).
      std::map<std::string, ValueKind> input_kinds;
      for (int i = 0; i < input_count; ++i) {
        const std::string& name = node.input(i);
        input_defined[i] = true;
        if (name.empty()) continue;
        if (!defined_.contains(name)) {
          input_defined[i] = false;
          auto later = producer.find(name);
          if (later != producer.end() && later->second >= n) {
            Report(rules::kGraphNodeOrder, absl::StrCat("input ", i),
                   absl::StrCat("'", name, "' is produced by node ",
                                NodeLabel(graph_.node(later->second), later->second),
                                ", which comes later (nodes must be topologically sorted)"),
                   label);
          } else {
            Report(
                rules::kGraphInputUndefined, absl::StrCat("input ", i),
                absl::StrCat("'", name, "' is no graph input, initializer or earlier node output"),
                label);
          }
          continue;
        }
        // A flagged declaration was reported already: no warning that its type is unknown.
        input_defined[i] = !flagged_.contains(name);
        const FormalParameter* param = schema != nullptr ? schema->InputParam(i) : nullptr;
        // The values of a heterogeneous variadic (Loop's v_initial) each have their own kind.
        const bool binds = param != nullptr && !param->type_param.empty() && param->homogeneous;
        if (auto kind = non_tensor_.find(name); kind != non_tensor_.end() && schema != nullptr) {
          if (param != nullptr && schema->AcceptsKind(*param, kind->second)) {
            if (binds) input_kinds.try_emplace(param->type_param, kind->second);
          } else {
            Report(rules::kGraphValueType, absl::StrCat("input ", i),
                   absl::StrCat("'", name, "' is ", KindName(kind->second), "; ", schema->Name(),
                                " takes ", AcceptedKinds(*schema, param)),
                   label);
          }
          input_defined[i] = false;  // its element type is not tracked: no TYPE-UNDECLARED
        } else if (binds) {
          input_kinds.try_emplace(param->type_param, onnx::TypeProto::kTensorType);
        }
        if (auto it = result_.known.find(name); it != result_.known.end()) inputs[i] = it->second;
        if (auto it = values_.find(name); it != values_.end()) values[i] = it->second;
      }
      std::vector<TensorInfo> declared_outputs(node.output_size());
      std::vector<std::optional<ValueKind>> output_kinds(node.output_size());
      for (int o = 0; o < node.output_size(); ++o) {
        if (auto it = result_.declared.find(node.output(o)); it != result_.declared.end()) {
          declared_outputs[o] = it->second;
        }
        if (schema != nullptr)
          output_kinds[o] =
              CheckOutputKind(*schema, node, o, input_kinds, declared_outputs[o], label);
      }
      std::vector<TensorInfo> inferred(node.output_size());
      NodeOutputValues output_values;
      if (schema != nullptr) {
        DiagnosticSink sink(file_, label, &result_.diagnostics);
        NodeView view{&node, inputs, values,
                      std::span<const bool>(input_defined.get(), input_count), declared_outputs};
        inferred = ValidateNode(*schema, view, sink, &output_values);
      }
      for (std::unique_ptr<Tensor>& owned : output_values.owned) {
        owned_values_.push_back(std::move(owned));
      }
      for (int o = 0; o < node.output_size(); ++o) {
        const std::string& name = node.output(o);
        if (name.empty()) continue;
        if (!defined_.insert(name).second) {
          Report(rules::kGraphDuplicateOutput, absl::StrCat("output ", o),
                 absl::StrCat("'", name,
                              "' is already defined (graph input, initializer or "
                              "an earlier node output)"),
                 label);
          continue;
        }
        result_.known[name] = MergeInfo(inferred[o], declared_outputs[o]);
        result_.inferred[name] = inferred[o];
        if (static_cast<size_t>(o) < output_values.values.size() &&
            output_values.values[o] != nullptr) {
          values_[name] = output_values.values[o];
        }
        if (output_kinds[o] && *output_kinds[o] != onnx::TypeProto::kTensorType) {
          non_tensor_[name] = *output_kinds[o];
        }
      }
    }
  }

  // The kind of value (tensor, sequence, ...) output o gives: the kind of
  // the input bound to its type parameter, or the one kind its constraint
  // allows (SequenceConstruct's output: a sequence); nullopt when unknown.
  // Reports GRAPH-VALUE-TYPE when the graph declares it of another kind.
  std::optional<ValueKind> CheckOutputKind(const OpSchema& schema, const onnx::NodeProto& node,
                                           int o,
                                           const std::map<std::string, ValueKind>& input_kinds,
                                           const TensorInfo& declared, const std::string& label) {
    const std::string& name = node.output(o);
    const FormalParameter* param = schema.OutputParam(o);
    std::optional<ValueKind> gives;
    bool from_input = false;
    if (param != nullptr && !param->type_param.empty() && param->homogeneous) {
      if (auto it = input_kinds.find(param->type_param); it != input_kinds.end()) {
        gives = it->second;
        from_input = true;
      } else {
        gives = schema.OnlyKind(*param);
      }
    }
    const std::string source = from_input ? "its input's kind" : "only";
    // A declared tensor where the parameter takes no tensor at all is
    // TYPE-NOT-ALLOWED (node_validator.cc), not reported twice.
    const bool passes_through = from_input && *gives != onnx::TypeProto::kTensorType;
    const std::string field = absl::StrCat("output ", o);
    if (auto kind = non_tensor_.find(name); kind != non_tensor_.end()) {
      if (param == nullptr || !schema.AcceptsKind(*param, kind->second)) {
        Report(rules::kGraphValueType, field,
               absl::StrCat("'", name, "' is declared ", KindName(kind->second), "; ",
                            schema.Name(), " gives ", AcceptedKinds(schema, param)),
               label);
      } else if (gives && *gives != kind->second) {
        Report(rules::kGraphValueType, field,
               absl::StrCat("'", name, "' is declared ", KindName(kind->second), "; ",
                            schema.Name(), " gives ", source, ", ", KindName(*gives)),
               label);
      }
    } else if (passes_through && declared.type) {
      Report(rules::kGraphValueType, field,
             absl::StrCat("'", name, "' is declared a tensor; ", schema.Name(), " gives ", source,
                          ", ", KindName(*gives)),
             label);
    }
    return gives;
  }

  void CheckGraphOutputs() {
    for (const onnx::ValueInfoProto& output : graph_.output()) {
      if (output.name().empty() || defined_.contains(output.name())) continue;
      Report(rules::kGraphOutputNotProduced, absl::StrCat("graph output '", output.name(), "'"),
             "no node produces it and it is no graph input");
    }
  }

  const onnx::ModelProto& model_;
  const onnx::GraphProto& graph_;
  const std::string& file_;
  const std::map<std::string, Feed>* feeds_;
  ModelAnalysis result_;
  std::map<std::string, int64_t> opsets_;        // normalized domain -> version
  std::set<std::string> defined_;                // names defined so far
  std::set<std::string> flagged_;                // names whose declaration was reported as broken
  std::map<std::string, ValueKind> non_tensor_;  // sequences, maps, optionals, sparse tensors
  std::map<std::string, const Tensor*> values_;
  std::vector<std::unique_ptr<Tensor>> owned_values_;
  ModelFunctions functions_;
};

}  // namespace

ModelAnalysis AnalyzeModel(const onnx::ModelProto& model, const std::string& file,
                           const std::map<std::string, Feed>* feeds) {
  return Analyzer(model, file, feeds).Run();
}

}  // namespace internal

std::vector<Diagnostic> CheckModel(const onnx::ModelProto& model, const std::string& model_file) {
  return internal::AnalyzeModel(model, model_file, nullptr).diagnostics;
}

std::vector<const onnx::ValueInfoProto*> FedGraphInputs(const onnx::GraphProto& graph) {
  std::set<std::string> initializers;
  for (const onnx::TensorProto& init : graph.initializer()) initializers.insert(init.name());
  std::vector<const onnx::ValueInfoProto*> fed;
  for (const onnx::ValueInfoProto& input : graph.input()) {
    if (!initializers.contains(input.name())) fed.push_back(&input);
  }
  return fed;
}

}  // namespace onnx_conform
