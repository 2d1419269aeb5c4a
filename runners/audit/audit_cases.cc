#include "runners/audit/audit_cases.h"

#include <utility>

#include "absl/algorithm/container.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "caseio/case_files.h"
#include "caseio/case_loader.h"
#include "caseio/case_metadata.h"
#include "checker/checked_case.h"
#include "checker/model_versions.h"
#include "checker/registry.h"
#include "ops/clip/clip_audit.h"
#include "ops/suite_operators.h"
#include "reference/semantics.h"
#include "runners/audit/audit_case_building.h"

namespace onnx_conform {
namespace {

// Min and Max (ops/operators.def: Variadic), over the schema's names.
template <typename T>
void AddVariadicCases(const OpSchema& schema, std::vector<AuditCase>& out) {
  const int version = schema.since_version();
  const ElementType type = ElementTypeOf<T>();
  const std::vector<T> v = SampleValues<T>();
  const Shape flat = {static_cast<int64_t>(v.size())};
  std::vector<T> reversed(v.rbegin(), v.rend());
  std::vector<T> rotated = Cycle(v, v.size(), v.size() / 2);
  auto add = [&](absl::string_view scenario, std::vector<FedInput> inputs,
                 std::vector<onnx::AttributeProto> attributes = {}) {
    out.push_back(MakeCase(schema.op_type(), version, type, scenario, std::move(inputs),
                           std::move(attributes), schema.outputs()[0].name, type));
  };
  add("one_input", {{"data_0", MakeTensor(flat, v)}});
  add("two_inputs", {{"data_0", MakeTensor(flat, v)}, {"data_1", MakeTensor(flat, reversed)}});
  add("three_inputs", {{"data_0", MakeTensor(flat, v)},
                       {"data_1", MakeTensor(flat, reversed)},
                       {"data_2", MakeTensor(flat, rotated)}});
  add("broadcast",
      {{"data_0", MakeTensor({2, 3}, Cycle(v, 6))}, {"data_1", MakeTensor({3}, Cycle(v, 3, 6))}});
  add("consumed_inputs", {{"data_0", MakeTensor(flat, v)}, {"data_1", MakeTensor(flat, reversed)}},
      {IntsAttr("consumed_inputs", {0, 0})});
}

// ArgMin and ArgMax (ArgReduce), over the schema's names.
template <typename T>
void AddArgReduceCases(const OpSchema& schema, std::vector<AuditCase>& out) {
  const int version = schema.since_version();
  const ElementType type = ElementTypeOf<T>();
  const std::vector<T> v = SampleValues<T>();
  // Ties along axis 1: rows {2, 0, 0} and {1, 1, 2}.
  const std::vector<T> ties = {T{FromDouble<T>(2)}, FromDouble<T>(0), FromDouble<T>(0),
                               FromDouble<T>(1),    FromDouble<T>(1), FromDouble<T>(2)};
  auto add = [&](absl::string_view scenario, Tensor data,
                 std::vector<onnx::AttributeProto> attributes) {
    out.push_back(MakeCase(schema.op_type(), version, type, scenario,
                           {{schema.inputs()[0].name, std::move(data)}}, std::move(attributes),
                           schema.outputs()[0].name, ElementType::kInt64));
  };
  add("axis0", MakeTensor({3, 4}, Cycle(v, 12)), {});
  add("axis1_keepdims0", MakeTensor({3, 4}, Cycle(v, 12, 5)),
      {IntAttr("axis", 1), IntAttr("keepdims", 0)});
  add("negative_axis", MakeTensor({3, 4}, Cycle(v, 12, 3)), {IntAttr("axis", -1)});
  add("ties", MakeTensor({2, 3}, ties), {IntAttr("axis", 1)});
  add("ties_select_last", MakeTensor({2, 3}, ties),
      {IntAttr("axis", 1), IntAttr("select_last_index", 1)});
  add("empty_input", MakeTensor({0, 3}, std::vector<T>{}), {IntAttr("axis", 1)});
}

// Relu (Unary), over the schema's names: every sample value, an empty
// tensor, and Relu-1's consumed_inputs where the schema has it.
template <typename T>
void AddUnaryCases(const OpSchema& schema, std::vector<AuditCase>& out) {
  const int version = schema.since_version();
  const ElementType type = ElementTypeOf<T>();
  const std::vector<T> v = SampleValues<T>();
  auto add = [&](absl::string_view scenario, Tensor data,
                 std::vector<onnx::AttributeProto> attributes = {}) {
    out.push_back(MakeCase(schema.op_type(), version, type, scenario,
                           {{schema.inputs()[0].name, std::move(data)}}, std::move(attributes),
                           schema.outputs()[0].name, type));
  };
  add("values", MakeTensor({static_cast<int64_t>(v.size())}, v));
  add("matrix", MakeTensor({2, 3}, Cycle(v, 6, 3)));
  add("empty_input", MakeTensor({0, 3}, std::vector<T>{}));
  if (schema.FindAttribute("consumed_inputs") != nullptr) {
    add("consumed_inputs", MakeTensor({static_cast<int64_t>(v.size())}, v),
        {IntsAttr("consumed_inputs", {0})});
  }
}

}  // namespace

std::vector<AuditCase> BuiltinAuditCases(absl::string_view op_type, int version, ElementType type) {
  std::vector<AuditCase> cases;
  if (!IsNumeric(type)) return cases;
  const OpSchema* schema = FindSchemaVersion(op_type, version);
  const SuiteOperator* suite = FindSuiteOperator(op_type);
  if (schema == nullptr || suite == nullptr) return cases;
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    switch (suite->scenario) {
      case NodeScenario::kVariadic: AddVariadicCases<T>(*schema, cases); break;
      case NodeScenario::kArgReduce: AddArgReduceCases<T>(*schema, cases); break;
      case NodeScenario::kUnary: AddUnaryCases<T>(*schema, cases); break;
      case NodeScenario::kClip: AddClipAuditCases(*schema, type, cases); break;
      case NodeScenario::kNone: break;  // no scenario: the audit says so
    }
  });
  return cases;
}

absl::StatusOr<LibraryCases> LoadLibraryAuditCases(const std::filesystem::path& root,
                                                   absl::string_view op_type) {
  absl::StatusOr<std::vector<std::filesystem::path>> dirs = FindCaseDirs(root);
  if (!dirs.ok()) return dirs.status();
  LibraryCases library;
  for (const std::filesystem::path& dir : *dirs) {
    const std::string folder = dir.filename().string();
    auto skip = [&](absl::string_view why) {
      library.skipped.push_back(absl::StrCat(folder, ": ", why));
    };
    absl::StatusOr<std::optional<CaseMetadata>> metadata = ReadCaseMetadata(dir);
    if (!metadata.ok()) {
      skip(metadata.status().message());
      continue;
    }
    if (metadata->has_value() && !IsValidCase(**metadata)) continue;
    // A function body in place of its node: the audit takes the node's case.
    if (metadata->has_value() && absl::c_linear_search((*metadata)->features(), "expanded")) {
      continue;
    }
    if (metadata->has_value() && !op_type.empty() && (*metadata)->operator_() != op_type) continue;
    const std::shared_ptr<const CheckedCase> loaded =
        OpenCase({.dir = dir, .metadata = *metadata}, {}, OpenDepth::kEveryFile);
    if (loaded->standing == CaseStanding::kUnreadable || !loaded->model.has_value()) {
      skip(loaded->standing_message);
      continue;
    }
    const onnx::GraphProto& graph = loaded->model->graph();
    if (graph.node_size() != 1 || !IsDefaultDomain(graph.node(0).domain())) {
      skip("the audit takes cases of one node of the default domain");
      continue;
    }
    const std::string& op = graph.node(0).op_type();
    if (!op_type.empty() && op != op_type) continue;
    int version = metadata->has_value() ? (*metadata)->version() : 0;
    if (version == 0) {
      const std::optional<int64_t> opset = DefaultDomainOpset(*loaded->model);
      absl::StatusOr<const OpSchema*> schema =
          opset ? LookupSchema("", op, *opset) : absl::NotFoundError("no opset");
      if (!schema.ok()) {
        skip(schema.status().message());
        continue;
      }
      version = (*schema)->since_version();
    }
    for (size_t k = 0; k < loaded->data_sets.size(); ++k) {
      AuditCase c;
      c.name = k == 0
                   ? folder
                   : absl::StrCat(folder, "/", loaded->data_sets[k].files.dir.filename().string());
      c.op_type = op;
      c.version = version;
      c.inputs = loaded->data_sets[k].inputs;
      c.type = c.inputs.empty() ? ElementType::kUndefined : c.inputs.front().type();
      const std::string prefix =
          absl::StrCat(absl::AsciiStrToLower(op), "_v", version, "_", ElementTypeName(c.type), "_");
      // Marked apart from the audit's own scenarios of the same name.
      c.scenario = absl::StrCat(
          "library/", absl::StartsWith(folder, prefix) ? folder.substr(prefix.size()) : folder);
      if (k > 0) {
        absl::StrAppend(&c.scenario, "/", loaded->data_sets[k].files.dir.filename().string());
      }
      c.model = *loaded->model;
      library.cases.push_back(std::move(c));
    }
  }
  return library;
}

}  // namespace onnx_conform
