// The registry against ONNX's own schema registry (libonnx 1.12), used as an
// oracle only: every version of every operator, covered or supporting
// (Constant, Identity), must match ONNX's in arity, parameter names, options
// and types, attributes and allowed types, and the version that serves each
// opset must be the same.
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "checker/checker.h"
#include "checker/registry.h"
#include "checker/test_model.h"
#include "gtest/gtest.h"
#include "onnx/checker.h"
#include "onnx/defs/schema.h"

namespace onnx_conform {

// Readable failures: "float" rather than the enum's bytes.
void PrintTo(ElementType type, std::ostream* os) { *os << ElementTypeName(type); }

namespace {

// ONNX 1.12 knows opsets up to 17.
constexpr int kOnnxMaxOpset = 17;

// The tensor element types of a parameter; `kinds` receives the other kinds
// it takes ("seq(tensor(float))" -> sequence, "optional(...)" -> optional),
// whose element types the registry does not model.
std::set<ElementType> ParseTypes(const onnx::OpSchema::FormalParameter& param,
                                 std::set<ValueKind>* kinds = nullptr) {
  std::set<ElementType> types;
  for (const std::string* type : param.GetTypes()) {
    absl::string_view text = *type;
    if (kinds != nullptr && absl::StartsWith(text, "seq(")) {
      kinds->insert(onnx::TypeProto::kSequenceType);
      continue;
    }
    if (kinds != nullptr && absl::StartsWith(text, "optional(")) {
      kinds->insert(onnx::TypeProto::kOptionalType);
      continue;
    }
    EXPECT_TRUE(absl::StartsWith(text, "tensor(")) << text;
    std::optional<ElementType> parsed = ElementTypeFromName(text.substr(7, text.size() - 8));
    EXPECT_TRUE(parsed.has_value()) << text;
    if (parsed) types.insert(*parsed);
  }
  return types;
}

ParamOption OptionOf(const onnx::OpSchema::FormalParameter& param) {
  switch (param.GetOption()) {
    case onnx::OpSchema::Single: return kSingle;
    case onnx::OpSchema::Optional: return kOptional;
    case onnx::OpSchema::Variadic: return kVariadic;
  }
  return kSingle;
}

void CompareParams(const OpSchema& ours, const std::vector<FormalParameter>& our_params,
                   const std::vector<onnx::OpSchema::FormalParameter>& onnx_params,
                   const char* what) {
  ASSERT_EQ(our_params.size(), onnx_params.size()) << ours.Name() << " " << what;
  for (size_t i = 0; i < our_params.size(); ++i) {
    SCOPED_TRACE(testing::Message() << ours.Name() << " " << what << " " << i);
    const FormalParameter& p = our_params[i];
    const onnx::OpSchema::FormalParameter& q = onnx_params[i];
    EXPECT_EQ(p.name, q.GetName());
    EXPECT_EQ(p.TypeString(), q.GetTypeStr());
    EXPECT_EQ(p.option, OptionOf(q));
    if (p.option == kVariadic) {
      EXPECT_EQ(p.min_arity, q.GetMinArity());
    }
    std::vector<ElementType> allowed = ours.AllowedTypes(p);
    std::set<ValueKind> their_kinds;
    EXPECT_EQ(std::set<ElementType>(allowed.begin(), allowed.end()), ParseTypes(q, &their_kinds));
    for (ValueKind kind : {onnx::TypeProto::kSequenceType, onnx::TypeProto::kOptionalType,
                           onnx::TypeProto::kMapType, onnx::TypeProto::kSparseTensorType}) {
      EXPECT_EQ(ours.AcceptsKind(p, kind), their_kinds.contains(kind)) << "kind " << kind;
    }
    EXPECT_EQ(allowed.size(), std::set<ElementType>(allowed.begin(), allowed.end()).size())
        << "duplicate types";
  }
}

void CompareDefault(const AttributeSpec& ours, const onnx::AttributeProto& onnx_default) {
  SCOPED_TRACE(ours.name);
  if (std::holds_alternative<std::monostate>(ours.default_value)) {
    EXPECT_FALSE(onnx_default.has_f() || onnx_default.has_i() || onnx_default.ints_size() > 0)
        << onnx_default.DebugString();
  } else if (const auto* i = std::get_if<int64_t>(&ours.default_value)) {
    ASSERT_TRUE(onnx_default.has_i());
    EXPECT_EQ(*i, onnx_default.i());
  } else if (const auto* f = std::get_if<float>(&ours.default_value)) {
    ASSERT_TRUE(onnx_default.has_f());
    EXPECT_EQ(*f, onnx_default.f());  // exact: float's lowest()/max(), not the rounded text
  } else {
    ADD_FAILURE() << "a default of a type ONNX does not use here";
  }
}

class SchemaOracleTest : public testing::TestWithParam<const OpSchema*> {};

TEST_P(SchemaOracleTest, MatchesOnnx) {
  const OpSchema& ours = *GetParam();
  const onnx::OpSchema* theirs =
      onnx::OpSchemaRegistry::Schema(ours.op_type(), ours.since_version(), "");
  ASSERT_NE(theirs, nullptr) << ours.Name();
  ASSERT_EQ(theirs->since_version(), ours.since_version()) << ours.Name() << " is not a version";

  EXPECT_EQ(ours.min_inputs(), theirs->min_input());
  EXPECT_EQ(ours.max_inputs(), theirs->max_input());
  EXPECT_EQ(ours.min_outputs(), theirs->min_output());
  EXPECT_EQ(ours.max_outputs(), theirs->max_output());
  CompareParams(ours, ours.inputs(), theirs->inputs(), "input");
  CompareParams(ours, ours.outputs(), theirs->outputs(), "output");

  std::set<std::string> our_names, their_names;
  for (const AttributeSpec& a : ours.attributes()) our_names.insert(a.name);
  for (const auto& [name, attr] : theirs->attributes()) their_names.insert(name);
  EXPECT_EQ(our_names, their_names);
  for (const AttributeSpec& a : ours.attributes()) {
    auto it = theirs->attributes().find(a.name);
    if (it == theirs->attributes().end()) continue;
    EXPECT_EQ(a.type, it->second.type) << a.name;
    EXPECT_EQ(a.required, it->second.required) << a.name;
    CompareDefault(a, it->second.default_value);
  }

  std::set<std::string> our_params, their_params;
  for (const TypeConstraintSpec& c : ours.type_constraints()) our_params.insert(c.type_param);
  for (const auto& c : theirs->typeConstraintParams()) their_params.insert(c.type_param_str);
  EXPECT_EQ(our_params, their_params);

  EXPECT_EQ(ours.has_shape_inference(), theirs->has_type_and_shape_inference_function());
  // Not compared: has_function(). The spec's Clip-13 page says "function:
  // True" (later ONNX releases define a body); libonnx 1.12 has none.
}

std::string ParamName(const testing::TestParamInfo<const OpSchema*>& info) {
  return info.param->op_type() + "_" + std::to_string(info.param->since_version());
}

INSTANTIATE_TEST_SUITE_P(AllVersions, SchemaOracleTest,
                         testing::ValuesIn(AllSchemas().begin(), AllSchemas().end()), ParamName);
INSTANTIATE_TEST_SUITE_P(SupportVersions, SchemaOracleTest,
                         testing::ValuesIn(SupportSchemas().begin(), SupportSchemas().end()),
                         ParamName);

// The version serving each opset is ONNX's: no version missing or extra.
TEST(SchemaOracleTest, SameVersionServesEveryOpset) {
  std::vector<std::string> ops;
  for (absl::string_view op : RegisteredOperators()) ops.emplace_back(op);
  ops.insert(ops.end(), {"Constant", "Identity"});
  for (const std::string& op : ops) {
    for (int opset = 1; opset <= kOnnxMaxOpset; ++opset) {
      SCOPED_TRACE(testing::Message() << op << " opset " << opset);
      const onnx::OpSchema* theirs = onnx::OpSchemaRegistry::Schema(op, opset, "");
      absl::StatusOr<const OpSchema*> ours = LookupSchema("", op, opset);
      if (theirs == nullptr) {
        EXPECT_FALSE(ours.ok());
        continue;
      }
      ASSERT_TRUE(ours.ok()) << ours.status();
      EXPECT_EQ((*ours)->since_version(), theirs->since_version());
    }
  }
}

TEST(SchemaOracleTest, RegistryCoversTheSuitesOperators) {
  std::vector<std::string> ops;
  for (absl::string_view op : RegisteredOperators()) ops.emplace_back(op);
  EXPECT_EQ(ops, (std::vector<std::string>{"ArgMax", "ArgMin", "Clip", "Max", "Min"}));
}

// Models ONNX's checker (check_model, no full_check) accepts and ours
// rejects, each under the rule it breaks.
TEST(StricterThanOnnxTest, OnnxAcceptsWhatWeReject) {
  using testing_util::SetInt;
  using testing_util::TestModel;
  constexpr ElementType kF = ElementType::kFloat;
  struct Example {
    const char* what;
    TestModel model;
    absl::string_view rule;
  };
  std::vector<Example> examples;

  TestModel mixed(13);
  mixed.Input("a", kF, {2}).Input("b", ElementType::kDouble, {2}).Output("y", kF, {2});
  mixed.Node("Min", {"a", "b"}, {"y"});
  examples.push_back({"Min with float and double inputs", mixed, rules::kTypeParamMismatch});

  TestModel int_min8(8);
  int_min8.Input("a", ElementType::kInt32, {2}).Output("y", ElementType::kInt32, {2});
  int_min8.Node("Min", {"a"}, {"y"});
  examples.push_back({"Min-8 over int32", int_min8, rules::kTypeNotAllowed});

  TestModel keepdims(13);
  keepdims.Input("x", kF, {2, 3}).Output("y", ElementType::kInt64, {1, 3});
  SetInt(keepdims.Node("ArgMin", {"x"}, {"y"}), "keepdims", 5);
  examples.push_back({"ArgMin keepdims=5", keepdims, rules::kAttrBoolValue});

  TestModel axis(13);
  axis.Input("x", kF, {2, 3}).Output("y", ElementType::kInt64, {2, 1});
  SetInt(axis.Node("ArgMin", {"x"}, {"y"}), "axis", 7);
  examples.push_back({"ArgMin axis=7 on rank 2", axis, rules::kAttrAxisRange});

  TestModel bound(13);
  bound.Input("x", kF, {3}).Input("lo", kF, {2}).Output("y", kF, {3});
  bound.Node("Clip", {"x", "lo"}, {"y"});
  examples.push_back({"Clip-13 with a min of shape [2]", bound, rules::kShapeClipBoundScalar});

  for (const Example& example : examples) {
    SCOPED_TRACE(example.what);
    EXPECT_NO_THROW(onnx::checker::check_model(example.model.model));
    std::vector<Diagnostic> d = CheckModel(example.model.model, "m.onnx");
    EXPECT_TRUE(HasErrors(d));
    ASSERT_EQ(RuleIds(d), std::vector<std::string>{std::string(example.rule)})
        << (d.empty() ? "" : FormatDiagnostic(d[0]));
  }
}

}  // namespace
}  // namespace onnx_conform
