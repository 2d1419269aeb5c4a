// ONNX's definitions in the registry (checker/onnx_schemas/): the embedded
// data, version resolution across domains and against the suite's own
// schemas, and the checker's generic rules on ONNX-defined operators and on
// model-local functions. The field-by-field comparison with libonnx is
// schema_oracle_test.cc.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "checker/bound_graph.h"
#include "checker/onnx_defined_schemas.h"
#include "checker/onnx_schemas/onnx_schemas.pb.h"
#include "checker/registry.h"
#include "checker/rules.h"
#include "checker/schema_printer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/checker_test_util.h"
#include "testing/test_model.h"

namespace onnx_conform {
namespace {

using ::onnx_conform::checker_testing::ExpectOnly;
using ::onnx_conform::checker_testing::ExpectValid;
using ::onnx_conform::checker_testing::kF;
using ::onnx_conform::checker_testing::kI64;
using ::onnx_conform::testing_util::AddAttribute;
using ::onnx_conform::testing_util::DescribeDiagnostics;
using ::onnx_conform::testing_util::SetInt;
using ::onnx_conform::testing_util::TestModel;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr ElementType kString = ElementType::kString;

const OpSchema& Resolve(absl::string_view domain, absl::string_view op, int64_t opset) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema(domain, op, opset);
  if (!schema.ok()) {
    ADD_FAILURE() << domain << "::" << op << " at " << opset << ": " << schema.status();
    static const OpSchema kNone("none", 1);
    return kNone;
  }
  return **schema;
}

void ImportDomain(TestModel& m, const std::string& domain, int64_t version) {
  onnx::OperatorSetIdProto* import = m.model.add_opset_import();
  import->set_domain(domain);
  import->set_version(version);
}

// ---- The embedded data ----

TEST(OnnxSchemaDataTest, SortedUniqueAndFromOneRelease) {
  const internal::OnnxSchemaSet& set = internal::LoadedOnnxSchemas();
  ASSERT_FALSE(set.schemas.empty());
  EXPECT_FALSE(set.onnx_version.empty());
  // ONNX 1.12, which the suite builds against, stops at 17; the data is newer.
  EXPECT_GT(set.newest_opset, 17);
  for (size_t i = 1; i < set.schemas.size(); ++i) {
    const OpSchema& a = set.schemas[i - 1];
    const OpSchema& b = set.schemas[i];
    EXPECT_LT(std::tuple(a.domain(), a.op_type(), a.since_version()),
              std::tuple(b.domain(), b.op_type(), b.since_version()))
        << a.Name() << " then " << b.Name();
  }
  for (const OpSchema& schema : set.schemas) {
    EXPECT_TRUE(schema.onnx_defined()) << schema.Name();
    EXPECT_EQ(schema.check(), nullptr) << schema.Name();
  }
}

// The data file says which release it holds and how to regenerate it, and
// the build embeds that file.
TEST(OnnxSchemaDataTest, FileHeaderNamesTheReleaseAndTheCommand) {
  std::ifstream in(std::string(ONNX_CONFORM_SOURCE_DIR) +
                   "/checker/onnx_schemas/onnx_schemas.textproto");
  ASSERT_TRUE(in) << "onnx_schemas.textproto not found";
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_THAT(text.str(), HasSubstr(absl::StrCat("ONNX ", OnnxSchemasRelease(), " defines")));
  EXPECT_THAT(text.str(), HasSubstr(absl::StrCat("onnx_version: \"", OnnxSchemasRelease(), "\"")));
  EXPECT_THAT(text.str(), HasSubstr("python3 checker/onnx_schemas/generate_onnx_schemas.py"));
}

TEST(OnnxSchemaDataTest, DefaultsOfEveryKindAreKept) {
  const OpSchema* label_encoder = nullptr;
  for (const OpSchema* s : OnnxSchemaVersions("ai.onnx.ml", "LabelEncoder")) {
    if (s->since_version() == 2) label_encoder = s;
  }
  ASSERT_NE(label_encoder, nullptr);
  EXPECT_EQ(std::get<std::string>(label_encoder->FindAttribute("default_string")->default_value),
            "_Unused");
  EXPECT_EQ(std::get<int64_t>(label_encoder->FindAttribute("default_int64")->default_value), -1);
  // -0, not 0: the sign survives the text file.
  const float zero = std::get<float>(label_encoder->FindAttribute("default_float")->default_value);
  EXPECT_EQ(zero, 0.0f);
  EXPECT_TRUE(std::signbit(zero));

  const OpSchema& rnn = Resolve("", "RNN", 14);
  EXPECT_THAT(std::get<std::vector<std::string>>(rnn.FindAttribute("activations")->default_value),
              ElementsAre("Tanh", "Tanh"));
  EXPECT_EQ(rnn.FindAttribute("activations")->type, onnx::AttributeProto::STRINGS);
  const OpSchema& mvn = Resolve("", "MeanVarianceNormalization", 13);
  EXPECT_THAT(std::get<std::vector<int64_t>>(mvn.FindAttribute("axes")->default_value),
              ElementsAre(0, 2, 3));
  EXPECT_FLOAT_EQ(
      std::get<float>(Resolve("", "LeakyRelu", 16).FindAttribute("alpha")->default_value), 0.01f);
  const AttributeSpec* to = Resolve("", "Cast", 13).FindAttribute("to");
  ASSERT_NE(to, nullptr);
  EXPECT_TRUE(to->required);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(to->default_value));
}

TEST(OnnxSchemaDataTest, TypeStringsOfEveryKind) {
  const OpSchema& sequence_at = Resolve("", "SequenceAt", 11);
  const FormalParameter& sequence = sequence_at.inputs()[0];
  EXPECT_TRUE(sequence_at.AcceptsKind(sequence, onnx::TypeProto::kSequenceType));
  EXPECT_FALSE(sequence_at.AcceptsTensors(sequence));
  EXPECT_EQ(sequence_at.OnlyKind(sequence), onnx::TypeProto::kSequenceType);
  EXPECT_THAT(sequence_at.FindTypeConstraint("S")->type_strings,
              testing::Contains("seq(tensor(float))"));

  const OpSchema& zip_map = Resolve("ai.onnx.ml", "ZipMap", 1);
  EXPECT_THAT(zip_map.FindTypeConstraint("T")->type_strings,
              ElementsAre("seq(map(string, float))", "seq(map(int64, float))"));
  EXPECT_EQ(zip_map.OnlyKind(zip_map.outputs()[0]), onnx::TypeProto::kSequenceType);

  const OpSchema& optional = Resolve("", "Optional", 15);
  EXPECT_EQ(optional.OnlyKind(optional.outputs()[0]), onnx::TypeProto::kOptionalType);
  // Loop's carried values may each have their own type.
  const OpSchema& loop = Resolve("", "Loop", 16);
  EXPECT_FALSE(loop.inputs()[2].homogeneous);
  EXPECT_EQ(loop.inputs()[2].option, kVariadic);
  EXPECT_EQ(loop.inputs()[2].min_arity, 0);
  EXPECT_TRUE(loop.AcceptsKind(loop.inputs()[2], onnx::TypeProto::kOptionalType));
}

TEST(OnnxSchemaDataTest, ParseTypeString) {
  std::optional<ParsedTypeString> f = ParseTypeString("tensor(float)");
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->kind, onnx::TypeProto::kTensorType);
  EXPECT_EQ(f->element, ElementType::kFloat);
  std::optional<ParsedTypeString> novel = ParseTypeString("tensor(float8e4m3fn)");
  ASSERT_TRUE(novel.has_value());
  EXPECT_EQ(novel->element_name, "float8e4m3fn");
  std::optional<ParsedTypeString> sparse = ParseTypeString("sparse_tensor(float)");
  EXPECT_EQ(sparse->kind, onnx::TypeProto::kSparseTensorType);
  EXPECT_EQ(sparse->element, ElementType::kFloat);
  std::optional<ParsedTypeString> map = ParseTypeString("map(int64, tensor(float))");
  EXPECT_EQ(map->kind, onnx::TypeProto::kMapType);
  EXPECT_EQ(map->inner, "int64, tensor(float)");
  std::optional<ParsedTypeString> optional = ParseTypeString("optional(seq(tensor(int8)))");
  EXPECT_EQ(optional->kind, onnx::TypeProto::kOptionalType);
  EXPECT_EQ(optional->inner, "seq(tensor(int8))");
  EXPECT_EQ(ParseTypeString(optional->inner)->kind, onnx::TypeProto::kSequenceType);
  EXPECT_FALSE(ParseTypeString("T").has_value());
  EXPECT_FALSE(ParseTypeString("vector(float)").has_value());
}

TEST(OnnxSchemaDataTest, BrokenDataIsAnErrorNamingTheEntry) {
  EXPECT_EQ(internal::DecodeOnnxSchemas("\xff\xff\xff").status().code(),
            absl::StatusCode::kInvalidArgument);

  onnx_schemas::SchemaSet set;
  onnx_schemas::OperatorSchema* entry = set.add_schema();
  entry->set_op_type("Odd");
  entry->set_since_version(3);
  onnx_schemas::TypeConstraint* constraint = entry->add_type_constraint();
  constraint->set_type_param("T");
  constraint->add_allowed_type("vector(float)");
  absl::StatusOr<internal::OnnxSchemaSet> decoded =
      internal::DecodeOnnxSchemas(set.SerializeAsString());
  EXPECT_EQ(decoded.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(decoded.status().message(), HasSubstr("Odd-3"));
  EXPECT_THAT(decoded.status().message(), HasSubstr("vector(float)"));

  constraint->set_allowed_type(0, "tensor(float)");
  onnx_schemas::Attribute* attribute = entry->add_attribute();
  attribute->set_name("alpha");
  attribute->set_type(onnx_schemas::FLOAT);
  attribute->mutable_default_value()->set_i(3);  // the wrong field for a FLOAT
  decoded = internal::DecodeOnnxSchemas(set.SerializeAsString());
  EXPECT_THAT(decoded.status().message(), HasSubstr("attribute 'alpha'"));

  attribute->mutable_default_value()->set_f(0.5f);
  decoded = internal::DecodeOnnxSchemas(set.SerializeAsString());
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  EXPECT_EQ(std::get<float>(decoded->schemas[0].FindAttribute("alpha")->default_value), 0.5f);
}

// ---- Resolution ----

// Newest since_version not above the opset, over ONNX's version list.
TEST(OnnxRegistryTest, ResolvesAsOnnxDoes) {
  for (const OpSchema* schema : OnnxSchemas()) {
    if (IsSupportOperator(schema->op_type()) || !SchemaVersions(schema->op_type()).empty()) {
      continue;  // the suite's own: below
    }
    const std::vector<const OpSchema*> versions =
        OnnxSchemaVersions(schema->domain(), schema->op_type());
    // At its own version, and just before the next one.
    EXPECT_EQ(&Resolve(schema->domain(), schema->op_type(), schema->since_version()), schema);
    auto next = std::find(versions.begin(), versions.end(), schema) + 1;
    if (next != versions.end()) {
      EXPECT_EQ(&Resolve(schema->domain(), schema->op_type(), (*next)->since_version() - 1),
                schema);
    }
  }
  EXPECT_EQ(Resolve("", "Add", 13).Name(), "Add-13");
  EXPECT_EQ(Resolve("ai.onnx", "Add", 12).Name(), "Add-7");
  EXPECT_EQ(Resolve("", "Add", OnnxSchemasNewestOpset()).Name(), "Add-14");
}

TEST(OnnxRegistryTest, OtherDomainsResolveOnTheirOwnOpset) {
  EXPECT_EQ(Resolve("ai.onnx.ml", "LabelEncoder", 1).Name(), "LabelEncoder-1");
  EXPECT_EQ(Resolve("ai.onnx.ml", "LabelEncoder", 3).Name(), "LabelEncoder-2");
  EXPECT_EQ(Resolve("ai.onnx.ml", "LabelEncoder", 3).domain(), "ai.onnx.ml");
  EXPECT_EQ(Resolve("ai.onnx.preview.training", "Adam", 1).domain(), "ai.onnx.preview.training");
  // An operator of one domain is not one of another.
  EXPECT_EQ(LookupSchema("", "LabelEncoder", 18).status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_EQ(LookupSchema("ai.onnx.ml", "Add", 3).status().code(), absl::StatusCode::kUnimplemented);
}

TEST(OnnxRegistryTest, UnknownOperatorsDomainsAndOpsetsAreUnimplemented) {
  absl::StatusOr<const OpSchema*> unknown = LookupSchema("", "Frobnicate", 13);
  EXPECT_EQ(unknown.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(unknown.status().message(), HasSubstr("not in the registry"));
  absl::StatusOr<const OpSchema*> domain = LookupSchema("com.example", "Add", 1);
  EXPECT_EQ(domain.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(domain.status().message(), HasSubstr("ai.onnx.ml"));
  EXPECT_EQ(LookupSchema("", "add", 13).status().code(), absl::StatusCode::kUnimplemented);
  // Before its first version (Gelu-20).
  absl::StatusOr<const OpSchema*> early = LookupSchema("", "Gelu", 19);
  EXPECT_EQ(early.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(early.status().message(), HasSubstr("first version is 20"));
}

// The covered operators resolve over the suite's versions alone, whatever
// ONNX adds.
TEST(OnnxRegistryTest, CoveredOperatorsAreTheSuites) {
  for (absl::string_view op : RegisteredOperators()) {
    for (int opset = 1; opset <= OnnxSchemasNewestOpset(); ++opset) {
      absl::StatusOr<const OpSchema*> schema = LookupSchema("", op, opset);
      if (!schema.ok()) continue;
      EXPECT_EQ((*schema)->origin(), SchemaOrigin::kSuite) << op << " at " << opset;
    }
    EXPECT_EQ(OperatorVersions("", op), SchemaVersions(op));
  }
}

// Supporting operators resolve over the union of versions: the suite's
// schema where it defines the version found, else ONNX's.
TEST(OnnxRegistryTest, SupportingOperatorsResolveOverBothLists) {
  for (const char* op : {"Constant", "Identity", "Less", "Where"}) {
    const std::vector<const OpSchema*> own = SupportSchemaVersions(op);
    const std::vector<const OpSchema*> onnx = OnnxSchemaVersions("", op);
    ASSERT_FALSE(own.empty()) << op;
    for (int opset = 1; opset <= OnnxSchemasNewestOpset(); ++opset) {
      SCOPED_TRACE(testing::Message() << op << " at opset " << opset);
      int newest = 0;
      for (const auto* list : {&own, &onnx}) {
        for (const OpSchema* s : *list) {
          if (s->since_version() <= opset) newest = std::max(newest, s->since_version());
        }
      }
      absl::StatusOr<const OpSchema*> found = LookupSchema("", op, opset);
      if (newest == 0) {
        EXPECT_FALSE(found.ok());
        continue;
      }
      ASSERT_TRUE(found.ok()) << found.status();
      EXPECT_EQ((*found)->since_version(), newest);
      const bool suite_defines = std::any_of(
          own.begin(), own.end(), [&](const OpSchema* s) { return s->since_version() == newest; });
      EXPECT_EQ((*found)->origin(), suite_defines ? SchemaOrigin::kSuite : SchemaOrigin::kOnnx);
    }
  }
  EXPECT_EQ(Resolve("", "Identity", 16).origin(), SchemaOrigin::kSuite);
  EXPECT_EQ(Resolve("", "Identity", 21).Name(), "Identity-21");
  EXPECT_EQ(Resolve("", "Identity", 21).origin(), SchemaOrigin::kOnnx);
}

// ---- The checker on ONNX-defined operators: the same rules and ids ----

TEST(OnnxCheckerTest, ValidModelsOfOnnxOperators) {
  TestModel add(14);
  add.Input("a", kF, {2, 3}).Input("b", kF, {3}).Output("y", kF, {2, 3});
  add.Node("Add", {"a", "b"}, {"y"});
  ExpectValid(add.model);

  TestModel cast(13);
  cast.Input("x", kF, {2}).Output("y", kI64, {2});
  SetInt(cast.Node("Cast", {"x"}, {"y"}), "to", 7);
  ExpectValid(cast.model);
}

TEST(OnnxCheckerTest, TypeConstraintViolation) {
  TestModel add(14);
  add.Input("a", kString, {2}).Input("b", kString, {2}).Output("y", kString, {2});
  add.Node("Add", {"a", "b"}, {"y"});
  std::vector<Diagnostic> d = CheckModel(add.model, "m.onnx");
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kTypeNotAllowed)))
      << DescribeDiagnostics(d);
  EXPECT_THAT(d[0].message, HasSubstr("in Add-14"));

  TestModel mixed(14);
  mixed.Input("a", kF, {2}).Input("b", kI64, {2}).Output("y", kF, {2});
  mixed.Node("Add", {"a", "b"}, {"y"});
  ExpectOnly(mixed.model, rules::kTypeParamMismatch);
}

TEST(OnnxCheckerTest, OutputTypesAreInferred) {
  // Bound by the inputs: Add of floats gives float, and an int64 output is wrong.
  TestModel add(14);
  add.Input("a", kF, {2}).Input("b", kF, {2}).Output("y", kI64, {2});
  add.Node("Add", {"a", "b"}, {"y"});
  ExpectOnly(add.model, rules::kTypeParamMismatch);
  // A fixed type: NonZero gives int64.
  TestModel nonzero(13);
  nonzero.Input("x", kF, {2, 3}).Output("y", kF, {2, "N"});
  nonzero.Node("NonZero", {"x"}, {"y"});
  ExpectOnly(nonzero.model, rules::kOutputTypeInferred);
  // Inferred through an intermediate value: Relu's output is float, which
  // Not (bool only) refuses.
  TestModel chain(14);
  chain.Input("x", kF, {2}).Output("y", ElementType::kBool, {2});
  chain.Node("Relu", {"x"}, {"t"});
  chain.Node("Not", {"t"}, {"y"});
  std::vector<Diagnostic> d = CheckModel(chain.model, "m.onnx");
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kTypeNotAllowed)))
      << DescribeDiagnostics(d);
}

TEST(OnnxCheckerTest, AttributeRules) {
  TestModel missing(13);
  missing.Input("x", kF, {2}).Output("y", kI64, {2});
  missing.Node("Cast", {"x"}, {"y"});
  ExpectOnly(missing.model, rules::kAttrRequiredMissing);

  TestModel wrong_type(13);
  wrong_type.Input("x", kF, {2}).Output("y", kI64, {2});
  AddAttribute(wrong_type.Node("Cast", {"x"}, {"y"}), "to", onnx::AttributeProto::FLOAT).set_f(7);
  ExpectOnly(wrong_type.model, rules::kAttrType);

  // consumed_inputs left Relu at version 6; the message says where it was.
  TestModel unknown(14);
  unknown.Input("x", kF, {2}).Output("y", kF, {2});
  AddAttribute(unknown.Node("Relu", {"x"}, {"y"}), "consumed_inputs", onnx::AttributeProto::INTS)
      .add_ints(0);
  std::vector<Diagnostic> d = CheckModel(unknown.model, "m.onnx");
  ASSERT_THAT(RuleIds(d), ElementsAre(std::string(rules::kAttrUnknown)));
  EXPECT_THAT(d[0].message, HasSubstr("consumed_inputs exists in Relu-1"));
}

TEST(OnnxCheckerTest, ArityRules) {
  TestModel m(14);
  m.Input("a", kF, {2}).Output("y", kF, {2});
  m.Node("Add", {"a"}, {"y"});
  ExpectOnly(m.model, rules::kNodeInputArity);
}

TEST(OnnxCheckerTest, UnknownOperatorIsStillUnsupported) {
  TestModel m(14);
  m.Input("x", kF, {2}).Output("y", kF, {2});
  m.Node("Frobnicate", {"x"}, {"y"});
  std::vector<Diagnostic> d = CheckModel(m.model, "m.onnx");
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kNodeSchemaUnknown)));
  EXPECT_TRUE(IsUnsupported(d));
  EXPECT_FALSE(HasErrors(d));
}

// ONNX's checker rejects a node that resolves to a deprecated version.
TEST(OnnxCheckerTest, DeprecatedVersionsAreRejected) {
  for (int64_t opset : {9, 10}) {
    TestModel m(opset);
    m.Input("x", kF, {1, 1, 2, 2}).Output("y", kF, {1, 1, 4, 4});
    m.model.mutable_graph()->add_initializer();
    onnx::TensorProto& scales = *m.model.mutable_graph()->mutable_initializer(0);
    scales.set_name("scales");
    scales.set_data_type(onnx::TensorProto::FLOAT);
    scales.add_dims(4);
    for (float s : {1.0f, 1.0f, 2.0f, 2.0f}) scales.add_float_data(s);
    m.Node("Upsample", {"x", "scales"}, {"y"});
    if (opset == 9) {
      ExpectValid(m.model);
    } else {
      ExpectOnly(m.model, rules::kNodeSchemaDeprecated);
    }
  }
}

// GroupNormalization-18 was deprecated only when -21 replaced it (ONNX
// 1.16): ONNX 1.13 to 1.15 tested it at opset 18, valid in their day.
TEST(OnnxCheckerTest, AVersionDeprecatedLaterIsAWarningBeforeItsReplacement) {
  for (int64_t opset : {18, 21}) {
    TestModel m(opset);
    m.Input("x", kF, {1, 2, 2, 2}).Input("scale", kF, {2}).Input("bias", kF, {2});
    m.Output("y", kF, {1, 2, 2, 2});
    SetInt(m.Node("GroupNormalization", {"x", "scale", "bias"}, {"y"}), "num_groups", 2);
    if (opset == 21) {
      ExpectValid(m.model);
      continue;
    }
    std::vector<Diagnostic> d = CheckModel(m.model, "m.onnx");
    EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kNodeSchemaDeprecatedLater)));
    EXPECT_FALSE(HasErrors(d));
    ASSERT_FALSE(d.empty());
    EXPECT_THAT(d[0].message, HasSubstr("GroupNormalization-21"));
  }
}

TEST(OnnxCheckerTest, SequencesFlowBetweenOperatorsThatTakeThem) {
  TestModel m(14);
  m.Input("a", kF, {2}).Input("b", kF, {2}).Input("at", kI64, {}).Output("y", kF, {2});
  m.Node("SequenceConstruct", {"a", "b"}, {"s"});
  m.Node("SequenceAt", {"s", "at"}, {"y"});
  ExpectValid(m.model);

  // A tensor where only sequences are taken.
  TestModel tensor(14);
  tensor.Input("a", kF, {2}).Input("at", kI64, {}).Output("y", kF, {2});
  tensor.Node("SequenceAt", {"a", "at"}, {"y"});
  ExpectOnly(tensor.model, rules::kTypeNotAllowed);

  // A sequence where only tensors are taken: the sequence built is not Add's.
  TestModel add(14);
  add.Input("a", kF, {2}).Output("y", kF, {2});
  add.Node("SequenceConstruct", {"a"}, {"s"});
  add.Node("Add", {"s", "a"}, {"y"});
  ExpectOnly(add.model, rules::kGraphValueType);

  // The graph declares a sequence output a tensor.
  TestModel declared(14);
  declared.Input("a", kF, {2}).Output("s", kF, {1});
  declared.Node("SequenceConstruct", {"a"}, {"s"});
  ExpectOnly(declared.model, rules::kTypeNotAllowed);
  // ... or a tensor output a sequence.
  TestModel tensor_out(14);
  tensor_out.Input("a", kF, {2}).Input("at", kI64, {}).Output("y", kF, {2});
  tensor_out.model.mutable_graph()->mutable_output(0)->mutable_type()->mutable_sequence_type();
  tensor_out.Node("SequenceConstruct", {"a"}, {"s"});
  tensor_out.Node("SequenceAt", {"s", "at"}, {"y"});
  ExpectOnly(tensor_out.model, rules::kGraphValueType);
}

// Loop's carried values each have their own type: a float and an int64
// bind nothing.
TEST(OnnxCheckerTest, HeterogeneousVariadicsBindNoType) {
  TestModel m(16);
  m.Input("n", kI64, {}).Input("cond", ElementType::kBool, {}).Input("a", kF, {2});
  m.Input("b", kI64, {2}).Output("ya", kF, {2}).Output("yb", kI64, {2});
  onnx::NodeProto& loop = m.Node("Loop", {"n", "cond", "a", "b"}, {"ya", "yb"});
  AddAttribute(loop, "body", onnx::AttributeProto::GRAPH).mutable_g()->set_name("body");
  ExpectValid(m.model);
}

TEST(OnnxCheckerTest, OtherDomainsNeedTheirImport) {
  TestModel m(13);
  m.Input("x", kF, {2}).Output("y", kF, {2});
  onnx::NodeProto& node = m.Node("Binarizer", {"x"}, {"y"});
  node.set_domain("ai.onnx.ml");
  ExpectOnly(m.model, rules::kModelOpsetImport);
  ImportDomain(m, "ai.onnx.ml", 1);
  ExpectValid(m.model);
}

TEST(OnnxCheckerTest, BindGraphUsesEachDomainsOpset) {
  TestModel m(13);
  ImportDomain(m, "ai.onnx.ml", 3);
  m.Input("x", kI64, {2}).Output("y", kString, {2});
  onnx::NodeProto& node = m.Node("LabelEncoder", {"x"}, {"y"});
  node.set_domain("ai.onnx.ml");
  onnx::AttributeProto& keys = AddAttribute(node, "keys_int64s", onnx::AttributeProto::INTS);
  keys.add_ints(1);
  onnx::AttributeProto& values =
      AddAttribute(node, "values_strings", onnx::AttributeProto::STRINGS);
  values.add_strings("one");
  ExpectValid(m.model);
  absl::StatusOr<BoundGraph> bound = BindGraph(m.model);
  ASSERT_TRUE(bound.ok()) << bound.status();
  EXPECT_EQ(bound->nodes[0].schema().Name(), "LabelEncoder-2");
  EXPECT_EQ(bound->nodes[0].schema().domain(), "ai.onnx.ml");
}

// ---- Model-local functions ----

TestModel FunctionModel() {
  TestModel m(18);
  ImportDomain(m, "local", 1);
  onnx::FunctionProto* f = m.model.add_functions();
  f->set_name("Twice");
  f->set_domain("local");
  f->add_input("X");
  f->add_output("Y");
  f->add_attribute("scale");
  onnx::NodeProto* body = f->add_node();
  body->set_op_type("Add");
  body->add_input("X");
  body->add_input("X");
  body->add_output("Y");
  onnx::OperatorSetIdProto* import = f->add_opset_import();
  import->set_version(18);
  m.Input("x", kF, {2}).Output("y", kF, {2});
  return m;
}

TEST(ModelFunctionTest, ANodeCallingOneIsCheckedAgainstItsSignature) {
  TestModel m = FunctionModel();
  onnx::NodeProto& call = m.Node("Twice", {"x"}, {"y"});
  call.set_domain("local");
  SetInt(call, "scale", 2);
  ExpectValid(m.model);
  absl::StatusOr<BoundGraph> bound = BindGraph(m.model);
  ASSERT_TRUE(bound.ok()) << bound.status();
  EXPECT_EQ(bound->nodes[0].schema().origin(), SchemaOrigin::kModelFunction);

  TestModel extra = FunctionModel();
  extra.Node("Twice", {"x", "x"}, {"y"}).set_domain("local");
  ExpectOnly(extra.model, rules::kNodeInputArity);

  TestModel attribute = FunctionModel();
  onnx::NodeProto& odd = attribute.Node("Twice", {"x"}, {"y"});
  odd.set_domain("local");
  SetInt(odd, "offset", 1);
  ExpectOnly(attribute.model, rules::kAttrUnknown);

  TestModel other = FunctionModel();
  other.Node("Thrice", {"x"}, {"y"}).set_domain("local");
  ExpectOnly(other.model, rules::kNodeSchemaUnknown);
}

// ---- Printing ----

TEST(OnnxSchemaPrinterTest, MarksTheOrigin) {
  const std::string text = SchemaToText(Resolve("", "Add", 14));
  EXPECT_THAT(text, HasSubstr("## Add-14"));
  EXPECT_THAT(text, HasSubstr(absl::StrCat("From ONNX ", OnnxSchemasRelease(), "'s definitions")));
  EXPECT_THAT(text, HasSubstr("`T` in {tensor(uint8), "));
  EXPECT_THAT(SchemaToText(*FindSchemaVersion("Min", 13)), Not(HasSubstr("From ONNX")));
  EXPECT_THAT(SchemaToText(Resolve("", "Upsample", 10)), HasSubstr("Deprecated"));

  const OpSchema* encoder = &Resolve("ai.onnx.ml", "LabelEncoder", 2);
  const std::string json = SchemasToJson(std::span<const OpSchema* const>(&encoder, 1));
  EXPECT_THAT(json, HasSubstr("\"domain\": \"ai.onnx.ml\""));
  EXPECT_THAT(json, HasSubstr("\"origin\": \"onnx\""));
  EXPECT_THAT(json, HasSubstr("\"default\": \"_Unused\""));
}

}  // namespace
}  // namespace onnx_conform
