// The audit's own cases and their rewriting to another opset (Clip between
// attribute bounds and input bounds across 6 <-> 11).
#include "runners/audit_cases.h"

#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "absl/strings/match.h"
#include "checker/checker.h"
#include "checker/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "reference/tensor_proto.h"
#include "runners/audit_retarget.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAreArray;

// A copy: the cases are usually a temporary vector.
AuditCase Named(const std::vector<AuditCase>& cases, absl::string_view scenario) {
  for (const AuditCase& c : cases) {
    if (c.scenario == scenario) return c;
  }
  ADD_FAILURE() << "no case " << scenario;
  return AuditCase{};
}

bool HasCheckerErrors(const AuditCase& c) {
  std::vector<Diagnostic> d = CheckModel(c.model, c.name);
  DataSetView data{c.name, {}, {}};
  for (const Tensor& t : c.inputs) {
    TensorFileView file;
    file.path = c.name + "/input.pb";
    file.tensor = &t;
    data.inputs.push_back(file);
  }
  for (Diagnostic& x : CheckDataSet(c.model, data, c.name)) {
    if (x.rule != rules::kDataOutputCount) d.push_back(x);
  }
  for (const Diagnostic& x : d) {
    if (x.severity == Severity::kError) {
      return true;
    }
  }
  return false;
}

// The scenarios of each operator version that the suite's checker accepts,
// for each type the version allows: every scenario but those written to
// show a version change.
TEST(BuiltinAuditCasesTest, ScenariosValidAtTheirOwnVersion) {
  struct Expected {
    const char* op;
    int version;
    std::set<std::string> invalid;
  };
  const Expected expected[] = {
      {"Min", 1, {"broadcast"}},
      {"Min", 6, {"broadcast", "consumed_inputs"}},
      {"Min", 8, {"consumed_inputs"}},
      {"Min", 13, {"consumed_inputs"}},
      {"ArgMin", 1, {"negative_axis", "ties_select_last"}},
      {"ArgMin", 11, {"ties_select_last"}},
      {"ArgMin", 12, {}},
      {"Clip", 1, {}},
      {"Clip", 6, {"consumed_inputs"}},
      {"Clip", 11, {}},
      {"Clip", 13, {}},
  };
  for (const Expected& e : expected) {
    const OpSchema* schema = FindSchemaVersion(e.op, e.version);
    ASSERT_NE(schema, nullptr);
    for (ElementType type : schema->PrimaryTypes()) {
      std::set<std::string> invalid;
      for (const AuditCase& c : BuiltinAuditCases(e.op, e.version, type)) {
        EXPECT_EQ(c.op_type, e.op);
        EXPECT_EQ(c.version, e.version);
        EXPECT_EQ(c.type, type);
        EXPECT_EQ(DefaultDomainOpset(c.model), e.version);
        if (HasCheckerErrors(c)) invalid.insert(c.scenario);
      }
      EXPECT_EQ(invalid, e.invalid) << e.op << "-" << e.version << " " << ElementTypeName(type);
    }
  }
}

TEST(BuiltinAuditCasesTest, ValueSetsHoldTheExtremes) {
  const AuditCase c = Named(BuiltinAuditCases("Min", 13, ElementType::kInt8), "one_input");
  ASSERT_EQ(c.inputs.size(), 1u);
  std::span<const int8_t> v = c.inputs[0].data<int8_t>();
  EXPECT_THAT(std::vector<int8_t>(v.begin(), v.end()),
              ElementsAre(-128, -127, -2, -1, 0, 1, 2, 3, 126, 127));
  const AuditCase h = Named(BuiltinAuditCases("Clip", 6, ElementType::kFloat16), "no_bounds");
  std::set<uint16_t> bits;
  for (Float16 x : h.inputs[0].data<Float16>()) bits.insert(x.bits());
  EXPECT_TRUE(bits.contains(0x7C00)) << "+inf";
  EXPECT_TRUE(bits.contains(0xFC00)) << "-inf";
  EXPECT_TRUE(bits.contains(0x7BFF)) << "65504";
  EXPECT_TRUE(bits.contains(0x8000)) << "-0";
}

TEST(BuiltinAuditCasesTest, ClipFormFollowsTheVersion) {
  const AuditCase six = Named(BuiltinAuditCases("Clip", 6, ElementType::kFloat), "max_only");
  const onnx::NodeProto& n6 = six.model.graph().node(0);
  EXPECT_EQ(n6.input_size(), 1);
  ASSERT_EQ(n6.attribute_size(), 1);
  EXPECT_EQ(n6.attribute(0).name(), "max");
  EXPECT_EQ(n6.attribute(0).f(), 2.25f);

  const AuditCase twelve = Named(BuiltinAuditCases("Clip", 12, ElementType::kUint8), "max_only");
  const onnx::NodeProto& n12 = twelve.model.graph().node(0);
  EXPECT_THAT(n12.input(), ElementsAre("input", "", "max"));
  EXPECT_EQ(n12.attribute_size(), 0);
  ASSERT_EQ(twelve.inputs.size(), 2u);
  EXPECT_EQ(twelve.inputs[1].rank(), 0);
  EXPECT_EQ(twelve.inputs[1].data<uint8_t>()[0], 2);
}

// ---- RetargetCase ----

AuditCase Clip6Case(ElementType type, std::optional<float> min, std::optional<float> max) {
  AuditCase c = Named(BuiltinAuditCases("Clip", 6, type), "no_bounds");
  onnx::NodeProto* node = c.model.mutable_graph()->mutable_node(0);
  for (auto [name, value] : {std::pair{"min", min}, std::pair{"max", max}}) {
    if (!value) continue;
    onnx::AttributeProto* a = node->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::FLOAT);
    a->set_f(*value);
  }
  return c;
}

const onnx::TensorProto* Initializer(const onnx::ModelProto& model, const std::string& name) {
  for (const onnx::TensorProto& t : model.graph().initializer()) {
    if (t.name() == name) return &t;
  }
  return nullptr;
}

TEST(RetargetCaseTest, SameOpsetChangesNothing) {
  AuditCase c = Clip6Case(ElementType::kFloat, -1.0f, 1.0f);
  absl::StatusOr<AuditCase> same = RetargetCase(c, 6);
  ASSERT_TRUE(same.ok()) << same.status();
  EXPECT_EQ(same->model.SerializeAsString(), c.model.SerializeAsString());
}

TEST(RetargetCaseTest, WithinOneFormOnlyTheOpsetAndIrChange) {
  AuditCase c = Named(BuiltinAuditCases("Min", 6, ElementType::kFloat), "two_inputs");
  absl::StatusOr<AuditCase> at13 = RetargetCase(c, 13);
  ASSERT_TRUE(at13.ok()) << at13.status();
  EXPECT_EQ(DefaultDomainOpset(at13->model), 13);
  EXPECT_EQ(at13->model.ir_version(), 7);
  EXPECT_EQ(at13->model.graph().SerializeAsString(), c.model.graph().SerializeAsString());
  EXPECT_EQ(at13->inputs.size(), 2u);
}

TEST(RetargetCaseTest, Clip6AttributesBecomeScalarInitializersOfTheInputType) {
  // 0.1f is no float16: the attribute rounds to the nearest half, 0x2E66.
  AuditCase c = Clip6Case(ElementType::kFloat16, 0.1f, std::nullopt);
  absl::StatusOr<AuditCase> at11 = RetargetCase(c, 11);
  ASSERT_TRUE(at11.ok()) << at11.status();
  const onnx::NodeProto& node = at11->model.graph().node(0);
  EXPECT_EQ(node.attribute_size(), 0);
  ASSERT_EQ(node.input_size(), 2);
  EXPECT_EQ(node.input(0), "input");
  const onnx::TensorProto* min = Initializer(at11->model, node.input(1));
  ASSERT_NE(min, nullptr);
  absl::StatusOr<Tensor> value = TensorFromProto(*min);
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(value->type(), ElementType::kFloat16);
  EXPECT_EQ(value->rank(), 0);
  EXPECT_EQ(value->data<Float16>()[0].bits(), 0x2E66);
  EXPECT_EQ(at11->model.ir_version(), 6);
  EXPECT_EQ(at11->inputs.size(), 1u);
}

TEST(RetargetCaseTest, OnlyMaxSkipsMinWithAnEmptyName) {
  absl::StatusOr<AuditCase> at13 = RetargetCase(Clip6Case(ElementType::kDouble, std::nullopt, 4.5f), 13);
  ASSERT_TRUE(at13.ok()) << at13.status();
  const onnx::NodeProto& node = at13->model.graph().node(0);
  ASSERT_EQ(node.input_size(), 3);
  EXPECT_EQ(node.input(1), "");
  const onnx::TensorProto* max = Initializer(at13->model, node.input(2));
  ASSERT_NE(max, nullptr);
  EXPECT_EQ(TensorFromProto(*max)->data<double>()[0], 4.5);
}

TEST(RetargetCaseTest, NoBoundsStayUnset) {
  absl::StatusOr<AuditCase> at11 =
      RetargetCase(Clip6Case(ElementType::kDouble, std::nullopt, std::nullopt), 11);
  ASSERT_TRUE(at11.ok());
  EXPECT_EQ(at11->model.graph().node(0).input_size(), 1);
  EXPECT_THAT(at11->model.graph().initializer(), IsEmpty());
}

TEST(RetargetCaseTest, Clip11FedBoundsBecomeAttributesAndLeaveTheGraph) {
  const AuditCase c = Named(BuiltinAuditCases("Clip", 11, ElementType::kFloat), "both_bounds");
  ASSERT_EQ(c.inputs.size(), 3u);
  absl::StatusOr<AuditCase> at6 = RetargetCase(c, 6);
  ASSERT_TRUE(at6.ok()) << at6.status();
  const onnx::NodeProto& node = at6->model.graph().node(0);
  EXPECT_THAT(node.input(), ElementsAre("input"));
  std::map<std::string, float> attributes;
  for (const onnx::AttributeProto& a : node.attribute()) {
    EXPECT_EQ(a.type(), onnx::AttributeProto::FLOAT);
    attributes[a.name()] = a.f();
  }
  EXPECT_EQ(attributes, (std::map<std::string, float>{{"min", -1.5f}, {"max", 2.25f}}));
  ASSERT_EQ(at6->model.graph().input_size(), 1);
  EXPECT_EQ(at6->model.graph().input(0).name(), "input");
  ASSERT_EQ(at6->inputs.size(), 1u);
  EXPECT_EQ(at6->inputs[0].element_count(), c.inputs[0].element_count());
}

TEST(RetargetCaseTest, AMaxOnlyClip12BecomesAMaxAttribute) {
  const AuditCase c = Named(BuiltinAuditCases("Clip", 12, ElementType::kInt32), "max_only");
  absl::StatusOr<AuditCase> at6 = RetargetCase(c, 6);
  ASSERT_TRUE(at6.ok()) << at6.status();
  const onnx::NodeProto& node = at6->model.graph().node(0);
  ASSERT_EQ(node.attribute_size(), 1);
  EXPECT_EQ(node.attribute(0).name(), "max");
  EXPECT_EQ(node.attribute(0).f(), 2.0f);
  EXPECT_EQ(at6->inputs.size(), 1u);
}

TEST(RetargetCaseTest, ABoundThatIsNoFloatCannotBecomeAnAttribute) {
  AuditCase c = Named(BuiltinAuditCases("Clip", 11, ElementType::kDouble), "min_only");
  ASSERT_EQ(c.inputs.size(), 2u);
  c.inputs[1].data<double>()[0] = 0.1;  // not a float value
  absl::StatusOr<AuditCase> at6 = RetargetCase(c, 6);
  EXPECT_EQ(at6.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(at6.status().message()), ::testing::HasSubstr("not exactly a FLOAT"));

  AuditCase big = Named(BuiltinAuditCases("Clip", 12, ElementType::kInt64), "min_only");
  big.inputs[1].data<int64_t>()[0] = (int64_t{1} << 53) + 1;
  EXPECT_FALSE(RetargetCase(big, 6).ok());
}

TEST(RetargetCaseTest, ConstantNodeBoundsBecomeAttributes) {
  // What ONNX's converter writes for Clip-6 -> 11: a Constant feeding min.
  AuditCase c = Named(BuiltinAuditCases("Clip", 11, ElementType::kFloat), "no_bounds");
  onnx::GraphProto* graph = c.model.mutable_graph();
  onnx::NodeProto clip = graph->node(0);
  graph->clear_node();
  onnx::NodeProto* constant = graph->add_node();
  constant->set_op_type("Constant");
  constant->add_output("lo");
  onnx::AttributeProto* value = constant->add_attribute();
  value->set_name("value");
  value->set_type(onnx::AttributeProto::TENSOR);
  *value->mutable_t() = TensorToProto(Tensor::FromValues<float>({}, {-0.5f}), "");
  clip.add_input("lo");
  *graph->add_node() = clip;
  absl::StatusOr<AuditCase> at6 = RetargetCase(c, 6);
  ASSERT_TRUE(at6.ok()) << at6.status();
  ASSERT_EQ(at6->model.graph().node_size(), 1) << "the unused Constant is dropped";
  const onnx::NodeProto& node = at6->model.graph().node(0);
  EXPECT_EQ(node.op_type(), "Clip");
  ASSERT_EQ(node.attribute_size(), 1);
  EXPECT_EQ(node.attribute(0).name(), "min");
  EXPECT_EQ(node.attribute(0).f(), -0.5f);
}

TEST(RetargetCaseTest, RoundTripKeepsTheBounds) {
  AuditCase c = Clip6Case(ElementType::kFloat, -2.0f, 7.5f);
  absl::StatusOr<AuditCase> up = RetargetCase(c, 13);
  ASSERT_TRUE(up.ok());
  absl::StatusOr<AuditCase> down = RetargetCase(*up, 6);
  ASSERT_TRUE(down.ok()) << down.status();
  std::map<std::string, float> attributes;
  for (const onnx::AttributeProto& a : down->model.graph().node(0).attribute()) {
    attributes[a.name()] = a.f();
  }
  EXPECT_EQ(attributes, (std::map<std::string, float>{{"min", -2.0f}, {"max", 7.5f}}));
  EXPECT_THAT(down->model.graph().initializer(), IsEmpty());
}

TEST(RetargetCaseTest, NoDefaultDomainImportIsAnError) {
  AuditCase c = Clip6Case(ElementType::kFloat, 0.0f, 1.0f);
  c.model.clear_opset_import();
  EXPECT_EQ(RetargetCase(c, 11).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(IrVersionForOpsetTest, OnnxReleaseTable) {
  EXPECT_EQ(IrVersionForOpset(1), 3);
  EXPECT_EQ(IrVersionForOpset(8), 3);
  EXPECT_EQ(IrVersionForOpset(9), 4);
  EXPECT_EQ(IrVersionForOpset(10), 5);
  EXPECT_EQ(IrVersionForOpset(11), 6);
  EXPECT_EQ(IrVersionForOpset(12), 7);
  EXPECT_EQ(IrVersionForOpset(14), 7);
  EXPECT_EQ(IrVersionForOpset(15), 8);
}

TEST(ValueElementTypesTest, DeclaredAndImplied) {
  AuditCase c = Named(BuiltinAuditCases("ArgMin", 13, ElementType::kUint16), "axis0");
  c.model.mutable_graph()->clear_output();  // the output's type is implied by ArgMin
  std::map<std::string, ElementType> types = ValueElementTypes(c.model.graph());
  EXPECT_EQ(types.at("data"), ElementType::kUint16);
  EXPECT_EQ(types.at("reduced"), ElementType::kInt64);
}

// ---- Case libraries ----

namespace library_test {

const std::filesystem::path kSuiteCases = std::filesystem::path(ONNX_CONFORM_SOURCE_DIR) / "cases";
const std::filesystem::path kOfficial = ONNX_CONFORM_OFFICIAL_NODE_TESTS;

TEST(LoadLibraryAuditCasesTest, SuiteValidCasesOfOneOperator) {
  if (!std::filesystem::is_directory(kSuiteCases / "node")) GTEST_SKIP() << "no cases/node";
  absl::StatusOr<LibraryCases> library = LoadLibraryAuditCases(kSuiteCases / "node", "Clip");
  ASSERT_TRUE(library.ok()) << library.status();
  EXPECT_THAT(library->skipped, IsEmpty());
  ASSERT_GT(library->cases.size(), 100u);
  std::set<std::string> names;
  std::set<int> versions;
  for (const AuditCase& c : library->cases) {
    EXPECT_EQ(c.op_type, "Clip");
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    EXPECT_TRUE(absl::StartsWith(c.scenario, "library/")) << c.scenario;
    versions.insert(c.version);
  }
  EXPECT_EQ(versions, (std::set<int>{1, 6, 11, 12, 13}));
  EXPECT_TRUE(names.contains("clip_v6_float16_min_max"));
}

TEST(LoadLibraryAuditCasesTest, InvalidCasesAreLeftOut) {
  if (!std::filesystem::is_directory(kSuiteCases / "invalid")) GTEST_SKIP() << "no cases/invalid";
  absl::StatusOr<LibraryCases> library = LoadLibraryAuditCases(kSuiteCases / "invalid", "");
  ASSERT_TRUE(library.ok()) << library.status();
  EXPECT_THAT(library->cases, IsEmpty());
}

TEST(LoadLibraryAuditCasesTest, OfficialCasesTakeTheirVersionFromTheOpset) {
  const std::filesystem::path dir = kOfficial / "test_clip_default_int8_min";
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "libonnx-testdata not installed";
  absl::StatusOr<LibraryCases> library = LoadLibraryAuditCases(dir, "Clip");
  ASSERT_TRUE(library.ok()) << library.status();
  ASSERT_EQ(library->cases.size(), 1u);
  const AuditCase& c = library->cases[0];
  EXPECT_EQ(c.name, "test_clip_default_int8_min");
  EXPECT_EQ(c.scenario, "library/test_clip_default_int8_min");
  EXPECT_EQ(c.version, 13);  // ONNX 1.12's node tests import opset 17 (or 16)
  EXPECT_EQ(c.type, ElementType::kInt8);
  EXPECT_THAT(LoadLibraryAuditCases(dir, "Min")->cases, IsEmpty());
}

TEST(LoadLibraryAuditCasesTest, MissingRootIsNotFound) {
  EXPECT_EQ(LoadLibraryAuditCases("/nonexistent/cases", "").status().code(),
            absl::StatusCode::kNotFound);
}

}  // namespace library_test
}  // namespace
}  // namespace onnx_conform
