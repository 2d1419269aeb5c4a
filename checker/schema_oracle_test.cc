// The registry against ONNX's own schema registry (libonnx 1.12), used as an
// oracle only: every version of every operator, covered or supporting
// (Constant, Identity), must match ONNX's in arity, parameter names, options
// and types, attributes and allowed types, and the version that serves each
// opset must be the same. ONNX's definitions the registry carries for every
// other operator (checker/onnx_schemas/, from a newer `onnx` release) must
// match libonnx 1.12's for every version both know, but where ONNX changed
// an old version's schema later (kLaterOnnxChanges says which and why).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "checker/checker.h"
#include "checker/registry.h"
#include "checker/schema_printer.h"
#include "gtest/gtest.h"
#include "onnx/checker.h"
#include "onnx/defs/schema.h"
#include "testing/test_model.h"

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
  EXPECT_EQ(ops, (std::vector<std::string>{"ArgMax", "ArgMin", "Clip", "Max", "Min", "Relu"}));
}

// ---- ONNX's definitions (checker/onnx_schemas/) against libonnx 1.12 ----

// Versions whose schema ONNX changed after 1.12, by "domain:Op-version":
// each difference found there must name one of the listed aspects, and each
// listed schema must still differ (an exception no longer needed fails).
struct LaterChange {
  std::vector<std::string> aspects;  // substrings of the differences allowed
  const char* reason;
};
const std::map<std::string, LaterChange>& LaterOnnxChanges() {
  static const auto* changes = new std::map<std::string, LaterChange>{
      {":GridSample-16",
       {{"input 1 type", "output 0 type"},
        "ONNX 1.14 (onnx/onnx#5010) fixed GridSample-16's type parameters: 1.12 gives grid T1 "
        "(any tensor type) and Y T2 (float types); the text and 1.14 on give X and Y T1 and "
        "grid T2"}},
      {":Erf-13",
       {{"type constraint T types only theirs"},
        "ONNX 1.20 (onnx/onnx#7398, 'Clarify supported dtypes for Erf') narrowed Erf-13's T "
        "to float types, without a new version; 1.12 allows every numeric type"}},
  };
  return *changes;
}

std::string Key(const std::string& domain, const std::string& op, int version) {
  return absl::StrCat(domain, ":", op, "-", version);
}

std::string OptionText(onnx::OpSchema::FormalParameterOption option) {
  switch (option) {
    case onnx::OpSchema::Single: return "single";
    case onnx::OpSchema::Optional: return "optional";
    case onnx::OpSchema::Variadic: return "variadic";
  }
  return "?";
}

// The differences between ours and libonnx's, one line each: "input 2
// type: T vs V".
void DiffOnnxParams(const OpSchema& ours, const std::vector<FormalParameter>& our_params,
                    const std::vector<onnx::OpSchema::FormalParameter>& their_params,
                    const std::string& what, std::vector<std::string>& diffs) {
  if (our_params.size() != their_params.size()) {
    diffs.push_back(absl::StrCat(what, " count: ", our_params.size(), " vs ", their_params.size()));
    return;
  }
  for (size_t i = 0; i < our_params.size(); ++i) {
    const FormalParameter& p = our_params[i];
    const onnx::OpSchema::FormalParameter& q = their_params[i];
    const std::string at = absl::StrCat(what, " ", i, " ");
    if (p.name != q.GetName())
      diffs.push_back(absl::StrCat(at, "name: ", p.name, " vs ", q.GetName()));
    if (p.TypeString() != q.GetTypeStr()) {
      diffs.push_back(absl::StrCat(at, "type: ", p.TypeString(), " vs ", q.GetTypeStr()));
    }
    if (OptionName(p.option) != OptionText(q.GetOption())) {
      diffs.push_back(
          absl::StrCat(at, "option: ", OptionName(p.option), " vs ", OptionText(q.GetOption())));
    }
    if (p.option == kVariadic && p.min_arity != q.GetMinArity()) {
      diffs.push_back(absl::StrCat(at, "min_arity: ", p.min_arity, " vs ", q.GetMinArity()));
    }
    if (p.option == kVariadic && p.homogeneous != q.GetIsHomogeneous()) {
      diffs.push_back(
          absl::StrCat(at, "homogeneous: ", p.homogeneous, " vs ", q.GetIsHomogeneous()));
    }
  }
}

std::string DefaultText(const onnx::AttributeProto& value) {
  switch (value.type()) {
    case onnx::AttributeProto::INT: return absl::StrCat(value.i());
    case onnx::AttributeProto::FLOAT: return absl::StrFormat("%.9g", value.f());
    case onnx::AttributeProto::STRING: return JsonString(value.s());
    case onnx::AttributeProto::INTS:
      return absl::StrCat("[", absl::StrJoin(value.ints(), ", "), "]");
    case onnx::AttributeProto::FLOATS: {
      std::vector<std::string> texts;
      for (float f : value.floats()) texts.push_back(absl::StrFormat("%.9g", f));
      return absl::StrCat("[", absl::StrJoin(texts, ", "), "]");
    }
    case onnx::AttributeProto::STRINGS: {
      std::vector<std::string> texts;
      for (const std::string& t : value.strings()) texts.push_back(JsonString(t));
      return absl::StrCat("[", absl::StrJoin(texts, ", "), "]");
    }
    default:
      return absl::StrCat("a ", onnx::AttributeProto::AttributeType_Name(value.type()), " value");
  }
}

std::vector<std::string> DiffOnnxSchema(const OpSchema& ours, const onnx::OpSchema& theirs) {
  std::vector<std::string> diffs;
  DiffOnnxParams(ours, ours.inputs(), theirs.inputs(), "input", diffs);
  DiffOnnxParams(ours, ours.outputs(), theirs.outputs(), "output", diffs);
  if (ours.min_inputs() != theirs.min_input() || ours.max_inputs() != theirs.max_input() ||
      ours.min_outputs() != theirs.min_output() || ours.max_outputs() != theirs.max_output()) {
    diffs.push_back("arity");
  }
  if (ours.deprecated() != theirs.Deprecated()) {
    diffs.push_back(absl::StrCat("deprecated: ", ours.deprecated(), " vs ", theirs.Deprecated()));
  }
  std::map<std::string, std::set<std::string>> our_constraints, their_constraints;
  for (const TypeConstraintSpec& c : ours.type_constraints()) {
    our_constraints[c.type_param] = {c.type_strings.begin(), c.type_strings.end()};
  }
  for (const auto& c : theirs.typeConstraintParams()) {
    their_constraints[c.type_param_str] = {c.allowed_type_strs.begin(), c.allowed_type_strs.end()};
  }
  for (const auto& [param, types] : our_constraints) {
    auto it = their_constraints.find(param);
    if (it == their_constraints.end()) {
      diffs.push_back(absl::StrCat("type constraint ", param, ": only ours"));
      continue;
    }
    std::vector<std::string> only_ours, only_theirs;
    for (const std::string& t : types) {
      if (!it->second.contains(t)) only_ours.push_back(t);
    }
    for (const std::string& t : it->second) {
      if (!types.contains(t)) only_theirs.push_back(t);
    }
    if (!only_ours.empty()) {
      diffs.push_back(absl::StrCat("type constraint ", param,
                                   " types only ours: ", absl::StrJoin(only_ours, ", ")));
    }
    if (!only_theirs.empty()) {
      diffs.push_back(absl::StrCat("type constraint ", param,
                                   " types only theirs: ", absl::StrJoin(only_theirs, ", ")));
    }
  }
  for (const auto& [param, types] : their_constraints) {
    if (!our_constraints.contains(param)) {
      diffs.push_back(absl::StrCat("type constraint ", param, ": only theirs"));
    }
  }
  for (const AttributeSpec& a : ours.attributes()) {
    auto it = theirs.attributes().find(a.name);
    if (it == theirs.attributes().end()) {
      diffs.push_back(absl::StrCat("attribute ", a.name, ": only ours"));
      continue;
    }
    const onnx::OpSchema::Attribute& b = it->second;
    if (a.type != b.type) {
      diffs.push_back(absl::StrCat("attribute ", a.name, " type: ", a.type, " vs ", b.type));
    }
    if (a.required != b.required) {
      diffs.push_back(
          absl::StrCat("attribute ", a.name, " required: ", a.required, " vs ", b.required));
    }
    const bool their_default = b.default_value.type() != onnx::AttributeProto::UNDEFINED;
    const bool our_default = !std::holds_alternative<std::monostate>(a.default_value);
    if (our_default != their_default) {
      diffs.push_back(absl::StrCat("attribute ", a.name, " default presence: ", our_default, " vs ",
                                   their_default));
    } else if (our_default && AttrValueToString(a.default_value) != DefaultText(b.default_value)) {
      diffs.push_back(absl::StrCat("attribute ", a.name,
                                   " default: ", AttrValueToString(a.default_value), " vs ",
                                   DefaultText(b.default_value)));
    }
  }
  for (const auto& [name, attr] : theirs.attributes()) {
    if (ours.FindAttribute(name) == nullptr) {
      diffs.push_back(absl::StrCat("attribute ", name, ": only theirs"));
    }
  }
  return diffs;
}

const OpSchema* OnnxDefinition(const std::string& domain, const std::string& op, int version) {
  for (const OpSchema* schema : OnnxSchemaVersions(domain, op)) {
    if (schema->since_version() == version) return schema;
  }
  return nullptr;
}

// Every version libonnx 1.12 defines is in ONNX's definitions the registry
// carries, and matches it (but for kLaterOnnxChanges).
TEST(OnnxDefinitionsOracleTest, EveryVersionOfLibonnxMatches) {
  std::set<std::string> excepted_and_differing;
  int compared = 0;
  for (const onnx::OpSchema& theirs : onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
    const std::string domain = theirs.domain() == "ai.onnx" ? "" : theirs.domain();
    const std::string key = Key(domain, theirs.Name(), theirs.SinceVersion());
    SCOPED_TRACE(key);
    const OpSchema* ours = OnnxDefinition(domain, theirs.Name(), theirs.SinceVersion());
    auto exception = LaterOnnxChanges().find(key);
    if (ours == nullptr) {
      EXPECT_NE(exception, LaterOnnxChanges().end()) << "missing from ONNX's definitions";
      if (exception != LaterOnnxChanges().end()) excepted_and_differing.insert(key);
      continue;
    }
    ++compared;
    const std::vector<std::string> diffs = DiffOnnxSchema(*ours, theirs);
    if (exception == LaterOnnxChanges().end()) {
      EXPECT_TRUE(diffs.empty()) << absl::StrJoin(diffs, "\n");
      continue;
    }
    if (!diffs.empty()) excepted_and_differing.insert(key);
    for (const std::string& diff : diffs) {
      bool allowed = false;
      for (const std::string& aspect : exception->second.aspects) {
        allowed = allowed || absl::StrContains(diff, aspect);
      }
      EXPECT_TRUE(allowed) << diff << " (not what " << exception->second.reason << " changed)";
    }
  }
  EXPECT_GT(compared, 400);  // libonnx 1.12 has 444 schemas
  for (const auto& [key, change] : LaterOnnxChanges()) {
    EXPECT_TRUE(excepted_and_differing.contains(key))
        << key << " no longer differs from libonnx: drop its exception (" << change.reason << ")";
  }
}

// For every operator libonnx 1.12 knows, each opset it knows resolves to the
// same version (the covered operators included: the suite's schemas are
// ONNX's versions).
TEST(OnnxDefinitionsOracleTest, SameVersionServesEveryOpsetOfEveryDomain) {
  const auto& ranges = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
  std::set<std::pair<std::string, std::string>> operators;
  for (const onnx::OpSchema& theirs : onnx::OpSchemaRegistry::get_all_schemas_with_history()) {
    operators.emplace(theirs.domain(), theirs.Name());
  }
  for (const auto& [domain, op] : operators) {
    auto range = ranges.find(domain);
    ASSERT_NE(range, ranges.end()) << domain;
    for (int opset = 1; opset <= range->second.second; ++opset) {
      SCOPED_TRACE(testing::Message() << domain << ":" << op << " at opset " << opset);
      const onnx::OpSchema* theirs = onnx::OpSchemaRegistry::Schema(op, opset, domain);
      absl::StatusOr<const OpSchema*> ours = LookupSchema(domain, op, opset);
      if (theirs == nullptr) {
        EXPECT_FALSE(ours.ok());
        continue;
      }
      if (LaterOnnxChanges().contains(Key(domain, op, theirs->SinceVersion())) && !ours.ok()) {
        continue;  // a version ONNX dropped later
      }
      ASSERT_TRUE(ours.ok()) << ours.status();
      EXPECT_EQ((*ours)->since_version(), theirs->SinceVersion());
    }
  }
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
