#include "runners/audit.h"

#include <algorithm>
#include <set>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/node_validator.h"
#include "checker/registry.h"
#include "reference/tensor_file.h"
#include "runners/audit_behavior.h"
#include "runners/audit_retarget.h"
#include "runners/audit_schema_diff.h"
#include "runners/case_loader.h"

namespace onnx_conform {
namespace {

const OpSchema* SchemaAt(absl::string_view op_type, int64_t opset) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", op_type, opset);
  return schema.ok() ? *schema : nullptr;
}

// The types either version allows, in the operator texts' order.
std::vector<ElementType> TypesOfEither(const OpSchema& a, const OpSchema& b) {
  std::vector<ElementType> a_types = a.PrimaryTypes();
  std::vector<ElementType> b_types = b.PrimaryTypes();
  std::vector<ElementType> types;
  for (ElementType t : kNumericTypes) {
    if (std::find(a_types.begin(), a_types.end(), t) != a_types.end() ||
        std::find(b_types.begin(), b_types.end(), t) != b_types.end()) {
      types.push_back(t);
    }
  }
  return types;
}

bool Allows(const OpSchema& schema, ElementType type) {
  std::vector<ElementType> types = schema.PrimaryTypes();
  return std::find(types.begin(), types.end(), type) != types.end();
}

// The audit's own cases written for version `version` and then placed at
// `opset` (which that version serves), plus the library's of that version.
std::vector<AuditCase> CasesAt(absl::string_view op_type, int version, int opset,
                               const std::vector<ElementType>& types,
                               const std::vector<AuditCase>* library,
                               std::vector<std::string>& skipped) {
  std::vector<AuditCase> cases;
  auto add = [&](const AuditCase& c) {
    absl::StatusOr<AuditCase> placed = RetargetCase(c, opset);
    if (placed.ok()) {
      cases.push_back(*std::move(placed));
    } else {
      skipped.push_back(std::string(placed.status().message()));
    }
  };
  for (ElementType type : types) {
    for (const AuditCase& c : BuiltinAuditCases(op_type, version, type)) add(c);
  }
  if (library != nullptr) {
    for (const AuditCase& c : *library) {
      if (c.op_type == op_type && c.version == version) add(c);
    }
  }
  return cases;
}

}  // namespace

int NewestRegistryOpset() {
  int newest = 1;
  for (const OpSchema* schema : AllSchemas()) newest = std::max(newest, schema->since_version());
  return newest;
}

absl::StatusOr<std::vector<OpsetPair>> AuditPairs(absl::string_view op_type,
                                                  const AuditRange& range) {
  std::vector<const OpSchema*> versions = SchemaVersions(op_type);
  if (versions.empty()) {
    return absl::UnimplementedError(absl::StrCat("operator '", op_type,
                                                 "' is not in the registry"));
  }
  std::vector<OpsetPair> pairs;
  if (!range.from_opset.has_value() && !range.to_opset.has_value()) {
    for (size_t i = 0; i + 1 < versions.size(); ++i) {
      const int a = versions[i]->since_version();
      const int b = versions[i + 1]->since_version();
      pairs.push_back({a, b, a, b});
    }
    return pairs;
  }
  const int from = range.from_opset.value_or(versions.front()->since_version());
  const int to = range.to_opset.value_or(NewestRegistryOpset());
  for (int opset : {from, to}) {
    if (SchemaAt(op_type, opset) == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(
          op_type, " does not exist at opset ", opset, " (its versions start at ",
          versions.front()->since_version(), ")"));
    }
  }
  pairs.push_back({from, to, SchemaAt(op_type, from)->since_version(),
                   SchemaAt(op_type, to)->since_version()});
  return pairs;
}

absl::StatusOr<OperatorAudit> AuditOperator(absl::string_view op_type, const AuditRange& range,
                                            const std::vector<AuditCase>* library) {
  absl::StatusOr<std::vector<OpsetPair>> pairs = AuditPairs(op_type, range);
  if (!pairs.ok()) return pairs.status();
  OperatorAudit audit;
  audit.op_type = std::string(op_type);
  audit.pairs = *pairs;
  std::vector<Finding> behaviour, converter;

  for (const OpsetPair& pair : audit.pairs) {
    const OpSchema& a = *FindSchemaVersion(op_type, pair.from_version);
    const OpSchema& b = *FindSchemaVersion(op_type, pair.to_version);
    for (Finding& f : DiffSchemas(a, b)) {
      f.from_opset = pair.from_opset;
      f.to_opset = pair.to_opset;
      audit.findings.push_back(std::move(f));
    }
    if (pair.from_version == pair.to_version && pair.from_opset == pair.to_opset) continue;

    // Each case is written at the first version that allows its type.
    for (ElementType type : TypesOfEither(a, b)) {
      const OpSchema& home = Allows(a, type) ? a : b;
      const int home_opset = &home == &a ? pair.from_opset : pair.to_opset;
      std::vector<AuditCase> cases =
          CasesAt(op_type, home.since_version(), home_opset, {type}, nullptr, audit.skipped);
      for (const AuditCase& c : cases) {
        std::string skipped;
        std::vector<Finding> found = CompareBehaviour(c, pair.from_opset, pair.to_opset, &skipped);
        if (!skipped.empty()) {
          audit.skipped.push_back(skipped);
          continue;
        }
        ++audit.cases_compared;
        for (Finding& f : found) behaviour.push_back(std::move(f));
      }
    }
    if (library != nullptr) {
      for (const AuditCase& c : *library) {
        if (c.op_type != op_type ||
            (c.version != pair.from_version && c.version != pair.to_version)) {
          continue;
        }
        std::string skipped;
        std::vector<Finding> found = CompareBehaviour(c, pair.from_opset, pair.to_opset, &skipped);
        if (!skipped.empty()) {
          audit.skipped.push_back(skipped);
          continue;
        }
        ++audit.cases_compared;
        for (Finding& f : found) behaviour.push_back(std::move(f));
      }
    }
  }

  // The converter: each case valid at a version, to every later version
  // compared (one pair: its target only).
  std::vector<std::pair<int, int>> conversions;  // (source opset, target opset)
  if (!range.from_opset.has_value() && !range.to_opset.has_value()) {
    std::vector<const OpSchema*> versions = SchemaVersions(op_type);
    for (size_t i = 0; i < versions.size(); ++i) {
      for (size_t j = i + 1; j < versions.size(); ++j) {
        conversions.emplace_back(versions[i]->since_version(), versions[j]->since_version());
      }
    }
  } else if (audit.pairs.front().from_opset != audit.pairs.front().to_opset) {
    conversions.emplace_back(audit.pairs.front().from_opset, audit.pairs.front().to_opset);
  }
  for (const auto& [source, target] : conversions) {
    const OpSchema& schema = *SchemaAt(op_type, source);
    std::vector<AuditCase> cases = CasesAt(op_type, schema.since_version(), source,
                                           schema.PrimaryTypes(), library, audit.skipped);
    for (const AuditCase& c : cases) {
      if (EvaluateCase(c).validity == Validity::kInvalid) continue;
      ++audit.conversions;
      for (Finding& f : AuditConversion(c, target)) converter.push_back(std::move(f));
    }
  }
  for (Finding& f : behaviour) audit.findings.push_back(std::move(f));
  for (Finding& f : converter) audit.findings.push_back(std::move(f));
  return audit;
}

namespace {

// What the node shows of itself, for the schema findings' applicability.
NodeFacts FactsOf(const onnx::NodeProto& node, const OpSchema& schema,
                  const std::map<std::string, ElementType>& types) {
  NodeFacts facts;
  for (const onnx::AttributeProto& a : node.attribute()) facts.attributes_set.insert(a.name());
  for (int i = 0; i < node.input_size(); ++i) {
    if (node.input(i).empty()) continue;
    const FormalParameter* param = schema.InputParam(i);
    if (param == nullptr) continue;
    facts.inputs_used.insert(param->name);
    auto it = types.find(node.input(i));
    if (!param->type_param.empty() && it != types.end()) {
      facts.type_bindings.emplace(param->type_param, it->second);
    }
  }
  for (int i = 0; i < node.output_size(); ++i) {
    const FormalParameter* param = schema.OutputParam(i);
    if (param != nullptr && !node.output(i).empty()) facts.inputs_used.insert(param->name);
  }
  return facts;
}

// Generated inputs stay small: the audit compares behaviour, not capacity.
constexpr int64_t kMaxGeneratedElements = int64_t{1} << 20;

// Inputs for the model: its folder's first data set, else values generated
// from fully declared graph inputs.
absl::StatusOr<std::vector<Tensor>> ModelInputs(const std::filesystem::path& file,
                                                const onnx::ModelProto& model, ModelAudit& audit) {
  const std::filesystem::path dir = file.parent_path().empty() ? "." : file.parent_path();
  if (file.filename() == "model.onnx" && IsCaseDir(dir)) {
    absl::StatusOr<LoadedCase> loaded = LoadCase(dir);
    if (loaded.ok() && !loaded->data_sets.empty()) {
      audit.data = loaded->data_sets.front().dir.filename().string();
      return loaded->data_sets.front().inputs;
    }
    if (!loaded.ok()) {
      audit.notes.push_back(absl::StrCat("the model's test data is not used: ",
                                         loaded.status().message()));
    }
  }
  std::set<std::string> initializers;
  for (const onnx::TensorProto& init : model.graph().initializer()) initializers.insert(init.name());
  std::vector<Tensor> inputs;
  for (const onnx::ValueInfoProto& input : model.graph().input()) {
    if (initializers.contains(input.name())) continue;
    const onnx::TypeProto::Tensor& tensor = input.type().tensor_type();
    std::optional<ElementType> type = ElementTypeFromProto(tensor.elem_type());
    Shape shape;
    bool known = tensor.has_shape() && type.has_value() && IsNumeric(*type);
    if (known) {
      for (const onnx::TensorShapeProto::Dimension& dim : tensor.shape().dim()) {
        if (!dim.has_dim_value()) known = false;
        shape.push_back(dim.dim_value());
      }
    }
    if (!known) {
      return absl::FailedPreconditionError(absl::StrCat(
          "graph input '", input.name(),
          "' has no numeric type or no fully known shape, and the model's folder has no "
          "test_data_set_N: no inputs to run the model with"));
    }
    absl::StatusOr<int64_t> count = ElementCount(shape);
    if (!count.ok() || *count > kMaxGeneratedElements) {
      return absl::FailedPreconditionError(absl::StrCat(
          "graph input '", input.name(), "' of shape ", ShapeToString(shape),
          " is too large to generate values for (the audit generates at most ",
          kMaxGeneratedElements, " elements per input): give the model a test_data_set_0"));
    }
    absl::StatusOr<Tensor> value = SampleTensor(*type, shape);
    if (!value.ok()) return value.status();
    inputs.push_back(*std::move(value));
  }
  audit.data = "generated";
  return inputs;
}

}  // namespace

absl::StatusOr<ModelAudit> AuditModel(const std::filesystem::path& model_file,
                                      std::optional<int> to_opset) {
  absl::StatusOr<onnx::ModelProto> model = ReadModelFile(model_file);
  if (!model.ok()) return model.status();
  std::optional<int64_t> from = DefaultDomainOpset(*model);
  if (!from.has_value()) {
    return absl::InvalidArgumentError(absl::StrCat(
        model_file.string(), ": the model imports no opset of the default domain"));
  }
  ModelAudit audit;
  audit.file = model_file.string();
  audit.from_opset = static_cast<int>(*from);
  audit.to_opset = to_opset.value_or(NewestRegistryOpset());

  const std::map<std::string, ElementType> types = ValueElementTypes(model->graph());
  std::set<std::string> unknown_ops;
  for (int i = 0; i < model->graph().node_size(); ++i) {
    const onnx::NodeProto& node = model->graph().node(i);
    if (!IsDefaultDomain(node.domain())) continue;
    if (SchemaVersions(node.op_type()).empty()) {
      unknown_ops.insert(node.op_type());
      continue;
    }
    const OpSchema* a = SchemaAt(node.op_type(), audit.from_opset);
    const OpSchema* b = SchemaAt(node.op_type(), audit.to_opset);
    if (a == nullptr) {
      audit.notes.push_back(absl::StrCat("node ", NodeLabel(node, i), ": ", node.op_type(),
                                         " does not exist at the model's opset ",
                                         audit.from_opset));
      continue;
    }
    if (b != nullptr && a == b) continue;
    NodeChange change{NodeLabel(node, i), node.op_type(), a->since_version(),
                      b != nullptr ? b->since_version() : 0, std::nullopt};
    const NodeFacts facts = FactsOf(node, *a, types);
    if (auto it = facts.type_bindings.find("T"); it != facts.type_bindings.end()) {
      change.type = it->second;
    }
    audit.nodes.push_back(change);
    if (b == nullptr) continue;
    for (Finding& f : DiffSchemas(*a, *b)) {
      if (!FindingApplies(f, facts)) continue;
      f.node = change.node;
      f.from_opset = audit.from_opset;
      f.to_opset = audit.to_opset;
      audit.findings.push_back(std::move(f));
    }
  }
  for (const std::string& op : unknown_ops) {
    audit.notes.push_back(absl::StrCat("operator ", op, " is not in the suite's registry: "
                                       "its changes are not audited"));
  }

  absl::StatusOr<std::vector<Tensor>> inputs = ModelInputs(model_file, *model, audit);
  if (!inputs.ok()) {
    audit.notes.push_back(std::string(inputs.status().message()));
    return audit;
  }
  AuditCase whole;
  whole.name = model_file.filename().string();
  whole.scenario = whole.name;
  // Findings about the whole model name the first audited operator (or none).
  whole.op_type = audit.nodes.empty() ? "" : audit.nodes.front().op_type;
  whole.model = *std::move(model);
  whole.inputs = *std::move(inputs);
  std::string skipped;
  std::vector<Finding> model_findings =
      CompareBehaviour(whole, audit.from_opset, audit.to_opset, &skipped);
  if (!skipped.empty()) audit.notes.push_back(skipped);
  if (audit.from_opset != audit.to_opset) {
    const CaseOutcome own = EvaluateCase(whole);
    if (own.validity == Validity::kInvalid || own.validity == Validity::kUnsupported) {
      audit.notes.push_back(absl::StrCat("the model is ", ValidityName(own.validity),
                                         " at its own opset (", own.message,
                                         "): ONNX's converter is not audited"));
    } else {
      audit.converter_audited = true;
      for (Finding& f : AuditConversion(whole, audit.to_opset)) {
        model_findings.push_back(std::move(f));
      }
    }
  }
  for (Finding& f : model_findings) {
    f.aspect = "model";
    f.types.clear();
    audit.findings.push_back(std::move(f));
  }
  return audit;
}

}  // namespace onnx_conform
