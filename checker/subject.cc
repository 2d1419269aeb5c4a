#include "checker/subject.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "checker/registry.h"
#include "ops/suite_operators.h"

namespace onnx_conform {
namespace {

// Operators any graph may hold, a function body's or not.
bool IsPlumbing(absl::string_view op_type) {
  return op_type == "Identity" || op_type == "Constant";
}

// The covered operator whose function body (OpSchema::FunctionBodyUses)
// this graph of supporting operators alone is: it uses every operator of
// the body but the plumbing, and nothing else. "" when it is none's.
absl::string_view FunctionBodyOperator(const onnx::ModelProto& model) {
  if (model.graph().node_size() == 0) return {};
  for (const onnx::NodeProto& node : model.graph().node()) {
    if (!IsSupportOperator(node.op_type())) return {};
  }
  for (const OpSchema* schema : AllSchemas()) {
    const std::vector<std::string>& body = schema->function_body_operators();
    if (body.empty()) continue;
    const auto in_body = [&body](const std::string& op) {
      return std::find(body.begin(), body.end(), op) != body.end();
    };
    const auto in_model = [&model](const std::string& op) {
      return std::any_of(model.graph().node().begin(), model.graph().node().end(),
                         [&op](const onnx::NodeProto& node) { return node.op_type() == op; });
    };
    const bool only_body =
        std::all_of(model.graph().node().begin(), model.graph().node().end(),
                    [&](const onnx::NodeProto& node) { return in_body(node.op_type()); });
    const bool whole_body = std::all_of(body.begin(), body.end(), [&](const std::string& op) {
      return IsPlumbing(op) || in_model(op);
    });
    if (only_body && whole_body) return schema->op_type();
  }
  return {};
}

// Whether some version of the covered operator is defined as a function.
bool HasFunctionVersion(absl::string_view op_type) {
  for (const OpSchema* schema : SchemaVersions(op_type)) {
    if (schema->has_function()) return true;
  }
  return false;
}

// The covered operator a case named as its expanded form belongs to: an
// official test ("test_clip_default_min_expanded", "test_relu_expanded_ver18")
// starts with the operator's official test prefix (ops/operators.def), a
// case of the library with its lower-case name and a version
// ("clip_v13_float_no_bounds_expanded"); the operator has a version defined
// as a function. "" for any other name.
absl::string_view ExpandedCaseOperator(absl::string_view case_name) {
  if (!absl::StrContains(case_name, "_expanded")) return {};
  for (const SuiteOperator& op : kSuiteOperators) {
    const absl::string_view op_type(op.op_type.data(), op.op_type.size());
    const bool official = absl::StartsWith(
        case_name,
        absl::string_view(op.official_test_prefix.data(), op.official_test_prefix.size()));
    const bool library = absl::StartsWithIgnoreCase(case_name, op_type) &&
                         absl::StartsWith(case_name.substr(op_type.size()), "_v");
    if ((official || library) && HasFunctionVersion(op_type)) return op_type;
  }
  return {};
}

}  // namespace

std::string CaseSubject(const onnx::ModelProto& model, absl::string_view case_name) {
  if (absl::string_view op = ExpandedCaseOperator(case_name); !op.empty()) return std::string(op);
  if (absl::string_view op = FunctionBodyOperator(model); !op.empty()) return std::string(op);
  for (const onnx::NodeProto& node : model.graph().node()) {
    if (!IsSupportOperator(node.op_type())) return node.op_type();
  }
  return model.graph().node_size() > 0 ? model.graph().node(0).op_type() : "";
}

std::optional<std::string> OutOfScopeReason(const onnx::ModelProto& model) {
  for (const auto* values : {&model.graph().input(), &model.graph().output()}) {
    for (const onnx::ValueInfoProto& value : *values) {
      // Sequences, optionals and maps are read, checked and compared like
      // tensors; a sparse tensor's data file is not read.
      if (value.has_type() && value.type().has_sparse_tensor_type()) {
        return absl::StrCat("graph value '", value.name(),
                            "' is a sparse tensor (the suite does not read sparse values)");
      }
    }
  }
  return std::nullopt;
}

}  // namespace onnx_conform
