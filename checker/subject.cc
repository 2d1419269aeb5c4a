#include "checker/subject.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "checker/registry.h"

namespace onnx_conform {
namespace {

// The covered operator defined as a function whose body uses Less and
// Where (Clip-13): "" when none is.
std::string FunctionOperator() {
  for (const OpSchema* schema : AllSchemas()) {
    if (schema->has_function()) return schema->op_type();
  }
  return "";
}

// Only supporting operators, Less and Where among them: a function body.
bool IsFunctionBody(const onnx::ModelProto& model) {
  bool less = false, where = false;
  for (const onnx::NodeProto& node : model.graph().node()) {
    if (!IsSupportOperator(node.op_type())) return false;
    less = less || node.op_type() == "Less";
    where = where || node.op_type() == "Where";
  }
  return less && where;
}

}  // namespace

bool IsExpandedCase(absl::string_view case_name, absl::string_view declared_op) {
  const std::string function_op = FunctionOperator();
  if (function_op.empty()) return false;
  if (declared_op == function_op) return true;
  return absl::StrContains(case_name, absl::AsciiStrToLower(function_op)) &&
         absl::EndsWith(case_name, "_expanded");
}

std::string CaseSubject(const onnx::ModelProto& model, absl::string_view case_name) {
  if (IsFunctionBody(model) || IsExpandedCase(case_name)) return FunctionOperator();
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
