#include "runners/audit/audit_model_nodes.h"

#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/model_versions.h"
#include "runners/audit/audit_finding.h"
#include "runners/audit/audit_schema_diff.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

// What the node shows of itself, for the schema findings' applicability.
// A known scalar's value, or nullopt.
std::optional<double> ScalarValue(const onnx::TensorProto& proto) {
  absl::StatusOr<Tensor> t = TensorFromProto(proto);
  if (!t.ok() || t->element_count() != 1 || !IsNumeric(t->type())) return std::nullopt;
  return VisitNumericType(t->type(), [&]<typename T>(TypeTag<T>) {
    const T value = t->data<T>()[0];
    if constexpr (kIsHalfType<T>) {
      return static_cast<double>(value.ToFloat());
    } else {
      return static_cast<double>(value);
    }
  });
}

// A float attribute's value as a node on `type` sees it: rounded to the
// type (1.0001 and 1.0 are both 1 in float16).
double AsSeenBy(ElementType type, double value) {
  if (!IsNumeric(type)) return value;
  return VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    if constexpr (kIsHalfType<T>) {
      return static_cast<double>(T::FromFloat(static_cast<float>(value)).ToFloat());
    } else if constexpr (std::is_floating_point_v<T>) {
      return static_cast<double>(static_cast<T>(value));
    } else {
      return value;  // no version reads a float attribute for an integer type
    }
  });
}

NodeFacts FactsOf(const onnx::NodeProto& node, const OpSchema& schema,
                  const std::map<std::string, ElementType>& types, const ModelNodes& nodes) {
  NodeFacts facts;
  for (const onnx::AttributeProto& a : node.attribute()) {
    facts.attributes_set.insert(a.name());
    if (a.type() == onnx::AttributeProto::FLOAT) facts.scalars[a.name()] = a.f();
  }
  for (int i = 0; i < node.input_size(); ++i) {
    if (node.input(i).empty()) continue;
    const FormalParameter* param = schema.InputParam(i);
    if (param == nullptr) continue;
    facts.inputs_used.insert(param->name);
    if (auto known = nodes.constants().find(node.input(i)); known != nodes.constants().end()) {
      if (std::optional<double> v = ScalarValue(*known->second)) facts.scalars[param->name] = *v;
    }
    auto it = types.find(node.input(i));
    if (!param->type_param.empty() && it != types.end()) {
      facts.type_bindings.emplace(param->type_param, it->second);
    }
  }
  for (int i = 0; i < node.output_size(); ++i) {
    const FormalParameter* param = schema.OutputParam(i);
    if (param != nullptr && !node.output(i).empty()) facts.inputs_used.insert(param->name);
  }
  // Bounds given as float attributes are compared as the node sees them.
  if (auto t = facts.type_bindings.find("T"); t != facts.type_bindings.end()) {
    for (const onnx::AttributeProto& a : node.attribute()) {
      if (a.type() == onnx::AttributeProto::FLOAT) {
        facts.scalars[a.name()] = AsSeenBy(t->second, a.f());
      }
    }
  }
  return facts;
}

}  // namespace

const OpSchema* SchemaAt(absl::string_view op_type, int64_t opset) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", op_type, opset);
  return schema.ok() ? *schema : nullptr;
}

bool InSuite(const onnx::NodeProto& node) {
  return IsDefaultDomain(node.domain()) && !SchemaVersions(node.op_type()).empty();
}

std::vector<double> KnownBounds(const ModelNodes& nodes) {
  std::set<double> bounds;
  for (const GraphNode& gn : nodes.nodes()) {
    if (!InSuite(*gn.node)) continue;
    for (const onnx::AttributeProto& a : gn.node->attribute()) {
      if (a.type() == onnx::AttributeProto::FLOAT && std::isfinite(a.f())) bounds.insert(a.f());
    }
    for (const std::string& input : gn.node->input()) {
      auto known = nodes.constants().find(input);
      if (known == nodes.constants().end()) continue;
      std::optional<double> v = ScalarValue(*known->second);
      if (v.has_value() && std::isfinite(*v)) bounds.insert(*v);
    }
  }
  return {bounds.begin(), bounds.end()};
}

void AuditNodes(const ModelNodes& nodes, ModelAudit& audit) {
  std::set<std::string> foreign, unknown, other_domains;
  std::map<std::string, std::vector<std::string>> calls;  // function -> the nodes calling it
  for (const GraphNode& gn : nodes.nodes()) {
    const onnx::NodeProto& node = *gn.node;
    if (std::string called = nodes.CalledFunction(node); !called.empty()) {
      calls[called].push_back(gn.label);
      continue;
    }
    if (!IsDefaultDomain(node.domain())) {
      other_domains.insert(absl::StrCat(node.domain(), "::", node.op_type()));
      continue;
    }
    if (!InSuite(node)) {
      std::optional<ForeignSchemaChange> change =
          OnnxSchemaChange(node.op_type(), "", audit.from_opset, audit.to_opset);
      if (!change.has_value()) {
        unknown.insert(node.op_type());
        continue;
      }
      foreign.insert(node.op_type());
      if (change->from_version == change->to_version) continue;
      NodeChange nc{gn.label,           node.op_type(), change->from_version,
                    change->to_version, std::nullopt,   false};
      if (node.input_size() > 0 && node.output_size() > 0) {
        // Shown only when the node keeps its input's type (Relu, Add), not If's bool condition.
        auto in = gn.types.find(node.input(0));
        auto out = gn.types.find(node.output(0));
        if (in != gn.types.end() && out != gn.types.end() && in->second == out->second) {
          nc.type = in->second;
        }
      }
      audit.nodes.push_back(nc);
      for (Finding& f : change->findings) {
        f.node = gn.label;
        audit.findings.push_back(std::move(f));
      }
      continue;
    }
    const OpSchema* a = SchemaAt(node.op_type(), audit.from_opset);
    const OpSchema* b = SchemaAt(node.op_type(), audit.to_opset);
    if (a == nullptr) {
      audit.notes.push_back(absl::StrCat("node ", gn.label, ": ", node.op_type(),
                                         " does not exist at the model's opset ",
                                         audit.from_opset));
      continue;
    }
    if (b != nullptr && a == b) continue;
    NodeChange change{gn.label,           node.op_type(),
                      a->since_version(), b != nullptr ? b->since_version() : 0,
                      std::nullopt,       true};
    const NodeFacts facts = FactsOf(node, *a, gn.types, nodes);
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
  for (const auto& [function, callers] : calls) {
    audit.notes.push_back(
        absl::StrCat("node", callers.size() > 1 ? "s " : " ", absl::StrJoin(callers, ", "), " call",
                     callers.size() > 1 ? "" : "s", " the model-local function ", function,
                     ": audited through its body, whose nodes are listed as \"function '", function,
                     "': ...\", once for each distinct set of input types it is called with"));
  }
  for (const std::string& op : foreign) {
    audit.not_audited.push_back(
        absl::StrCat(op,
                     ": not audited beyond its schema (ONNX's registry) and the converted model's "
                     "validity"));
  }
  for (const std::string& op : unknown) {
    audit.not_audited.push_back(
        absl::StrCat(op, ": not audited (neither the suite's registry nor ONNX's has it at opset ",
                     audit.from_opset, ")"));
  }
  for (const std::string& op : other_domains) {
    audit.not_audited.push_back(absl::StrCat(op, ": not audited (not the default domain)"));
  }
}

}  // namespace onnx_conform
