#include "runners/audit/audit_cases.h"

#include <limits>
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
#include "ops/suite_operators.h"
#include "reference/semantics.h"

namespace onnx_conform {
namespace {

// ---- Value sets per type ----

template <typename T>
T FromDouble(double value) {
  if constexpr (kIsHalfType<T>) {
    return T::FromFloat(static_cast<float>(value));
  } else {
    return static_cast<T>(value);
  }
}

// The type's extremes and a few ordinary values; floats add signed zeros,
// infinities and NaN. Version changes show at the extremes (Clip-6's float
// defaults against a double's range, float16's infinities).
template <typename T>
std::vector<T> SampleValues() {
  using Limits = std::numeric_limits<T>;
  if constexpr (kIsFloatType<T>) {
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<T> values = {FromDouble<T>(-inf), Limits::lowest()};
    for (double v : {-2.5, -1.0, -0.0, 0.0, 0.5, 1.0, 2.25, 3.75})
      values.push_back(FromDouble<T>(v));
    values.push_back(Limits::max());
    values.push_back(FromDouble<T>(inf));
    values.push_back(FromDouble<T>(std::numeric_limits<double>::quiet_NaN()));
    return values;
  } else if constexpr (std::is_signed_v<T>) {
    return {Limits::lowest(),
            static_cast<T>(Limits::lowest() + 1),
            T{-2},
            T{-1},
            T{0},
            T{1},
            T{2},
            T{3},
            static_cast<T>(Limits::max() - 1),
            Limits::max()};
  } else {
    return {T{0}, T{1}, T{2}, T{3}, T{5}, static_cast<T>(Limits::max() - 1), Limits::max()};
  }
}

// Bounds every type holds exactly (and a float attribute too).
template <typename T>
std::pair<double, double> SampleBounds() {
  if constexpr (kIsFloatType<T>) return {-1.5, 2.25};
  if constexpr (std::is_signed_v<T>) return {-1.0, 2.0};
  return {1.0, 2.0};
}

template <typename T>
Tensor MakeTensor(Shape shape, const std::vector<T>& values) {
  return Tensor::FromValues<T>(std::move(shape), std::span<const T>(values.data(), values.size()));
}

// `count` values taken cyclically from `values`, starting at `offset`.
template <typename T>
std::vector<T> Cycle(const std::vector<T>& values, size_t count, size_t offset = 0) {
  std::vector<T> out;
  for (size_t i = 0; i < count; ++i) out.push_back(values[(offset + i) % values.size()]);
  return out;
}

// ---- Models ----

onnx::ValueInfoProto Declare(const std::string& name, ElementType type,
                             const std::optional<Shape>& shape) {
  onnx::ValueInfoProto info;
  info.set_name(name);
  onnx::TypeProto::Tensor* tensor = info.mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(static_cast<int32_t>(type));
  if (shape.has_value()) {
    onnx::TensorShapeProto* proto_shape = tensor->mutable_shape();
    for (int64_t d : *shape) proto_shape->add_dim()->set_dim_value(d);
  }
  return info;
}

onnx::AttributeProto IntAttr(const std::string& name, int64_t value) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::INT);
  a.set_i(value);
  return a;
}

onnx::AttributeProto FloatAttr(const std::string& name, float value) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::FLOAT);
  a.set_f(value);
  return a;
}

onnx::AttributeProto IntsAttr(const std::string& name, std::vector<int64_t> values) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::INTS);
  for (int64_t v : values) a.add_ints(v);
  return a;
}

// One node input: its name ("" skips an optional input) and the tensor that
// feeds it as a graph input.
struct FedInput {
  std::string name;
  std::optional<Tensor> value;
};

AuditCase MakeCase(absl::string_view op_type, int version, ElementType type,
                   absl::string_view scenario, std::vector<FedInput> inputs,
                   std::vector<onnx::AttributeProto> attributes, const std::string& output,
                   ElementType output_type) {
  AuditCase c;
  c.name = absl::StrCat(absl::AsciiStrToLower(op_type), "_v", version, "_", ElementTypeName(type),
                        "_", scenario);
  c.scenario = std::string(scenario);
  c.op_type = std::string(op_type);
  c.version = version;
  c.type = type;
  c.model.set_ir_version(IrVersionForOpset(version));
  c.model.set_producer_name("onnx-conform audit");
  onnx::OperatorSetIdProto* import = c.model.add_opset_import();
  import->set_domain("");
  import->set_version(version);
  onnx::GraphProto* graph = c.model.mutable_graph();
  graph->set_name(c.name);
  onnx::NodeProto* node = graph->add_node();
  node->set_op_type(std::string(op_type));
  for (FedInput& input : inputs) {
    node->add_input(input.name);
    if (input.name.empty()) continue;
    *graph->add_input() = Declare(input.name, input.value->type(), input.value->shape());
    c.inputs.push_back(*std::move(input.value));
  }
  node->add_output(output);
  for (onnx::AttributeProto& attribute : attributes) *node->add_attribute() = std::move(attribute);
  *graph->add_output() = Declare(output, output_type, std::nullopt);
  return c;
}

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

template <typename T>
void AddClipCases(const OpSchema& schema, std::vector<AuditCase>& out) {
  const int version = schema.since_version();
  const ElementType type = ElementTypeOf<T>();
  const std::vector<T> v = SampleValues<T>();
  const auto [lo, hi] = SampleBounds<T>();
  const bool attribute_form = schema.FindAttribute("min") != nullptr;
  auto add = [&](absl::string_view scenario, std::optional<double> min, std::optional<double> max,
                 std::vector<onnx::AttributeProto> attributes = {}) {
    std::vector<FedInput> inputs = {{"input", MakeTensor({static_cast<int64_t>(v.size())}, v)}};
    if (attribute_form) {
      if (min) attributes.push_back(FloatAttr("min", static_cast<float>(*min)));
      if (max) attributes.push_back(FloatAttr("max", static_cast<float>(*max)));
    } else {
      auto scalar = [](double value) { return MakeTensor<T>({}, {FromDouble<T>(value)}); };
      if (min) inputs.push_back({"min", scalar(*min)});
      if (max && !min) inputs.push_back({"", std::nullopt});
      if (max) inputs.push_back({"max", scalar(*max)});
    }
    out.push_back(MakeCase(schema.op_type(), version, type, scenario, std::move(inputs),
                           std::move(attributes), "output", type));
  };
  add("both_bounds", lo, hi);
  add("min_only", lo, std::nullopt);
  add("max_only", std::nullopt, hi);
  add("no_bounds", std::nullopt, std::nullopt);
  add("min_above_max", hi, lo);
  if (attribute_form) add("consumed_inputs", lo, hi, {IntsAttr("consumed_inputs", {0})});
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
      case NodeScenario::kClip: AddClipCases<T>(*schema, cases); break;
      case NodeScenario::kUnary: AddUnaryCases<T>(*schema, cases); break;
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
