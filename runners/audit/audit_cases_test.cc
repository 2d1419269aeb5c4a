// The audit's own cases, and cases read from a library.
#include "runners/audit/audit_cases.h"

#include <filesystem>
#include <map>
#include <set>
#include <string>

#include "absl/strings/match.h"
#include "checker/checker.h"
#include "checker/model_versions.h"
#include "checker/registry.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/tensor_proto.h"

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
      {"ArgMin", 1, {"ties_select_last"}},  // a negative axis only warns at ArgMin-1
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
  std::set<int> registered;
  for (const OpSchema* schema : SchemaVersions("Clip")) registered.insert(schema->since_version());
  EXPECT_EQ(versions, registered);
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
