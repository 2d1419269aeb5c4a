// Parsing, validating and printing case.json text; reading it from a case
// folder is tested in caseio/case_files_test.cc.
#include "caseio/case_metadata.h"

#include "gtest/gtest.h"
#include "testing/case_metadata_test_data.h"

namespace onnx_conform {
namespace {

TEST(CaseMetadataTest, ParsesEveryField) {
  absl::StatusOr<CaseMetadata> m = ParseCaseMetadata(testing::kValidCaseJson, "x/case.json");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->operator_(), "ArgMin");
  EXPECT_EQ(m->version(), 12);
  ASSERT_EQ(m->types_size(), 1);
  EXPECT_EQ(m->types(0), "float16");
  EXPECT_TRUE(HasFeature(*m, "select_last_index"));
  EXPECT_FALSE(HasFeature(*m, "tie"));
  EXPECT_TRUE(IsValidCase(*m));
  EXPECT_EQ(m->semantics(), kSemanticsReferenceDefined);
  EXPECT_FALSE(m->has_tolerance());
}

TEST(CaseMetadataTest, JsonUsesProtoFieldNamesAndRoundTrips) {
  CaseMetadata m;
  m.set_operator_("Clip");
  m.set_version(11);
  m.add_types("int8");
  m.set_expectation("invalid");
  m.set_rule_id("TYPE-NOT-ALLOWED");
  m.set_semantics("spec");
  m.set_spec_quote("T: FLOATS");
  m.set_tolerance(0.5);
  const std::string json = CaseMetadataToJson(m);
  EXPECT_NE(json.find("\"rule_id\": \"TYPE-NOT-ALLOWED\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"spec_quote\""), std::string::npos) << json;
  EXPECT_EQ(json.find("ruleId"), std::string::npos) << json;
  EXPECT_EQ(json.back(), '\n');
  absl::StatusOr<CaseMetadata> back = ParseCaseMetadata(json, "case.json");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->rule_id(), "TYPE-NOT-ALLOWED");
  EXPECT_EQ(back->tolerance(), 0.5);
  EXPECT_EQ(CaseMetadataToJson(*back), json);
}

TEST(CaseMetadataTest, RejectsUnknownFieldsAndBadValues) {
  struct Bad {
    const char* json;
    const char* says;
  };
  const Bad kBad[] = {
      {R"({"operator": "Min", "version": 1, "expectation": "valid", "semantics": "spec",
           "colour": "red"})",
       "a field caseio/case_metadata.proto does not define (it defines operator"},
      {R"({"operator": "Min", "version": 1, "expectation": "maybe", "semantics": "spec"})",
       "expectation"},
      {R"({"operator": "Min", "version": 1, "expectation": "valid", "semantics": "folk"})",
       "semantics"},
      {R"({"operator": "Min", "version": 1, "expectation": "invalid", "semantics": "spec"})",
       "rule_id"},
      {R"({"operator": "Min", "version": 1, "expectation": "valid", "rule_id": "X",
           "semantics": "spec"})",
       "rule_id"},
      {R"({"operator": "Min", "version": 0, "expectation": "valid", "semantics": "spec"})",
       "version"},
      {R"({"version": 1, "expectation": "valid", "semantics": "spec"})", "operator"},
      {R"({"operator": "Min", "version": 1, "types": ["float32"], "expectation": "valid",
           "semantics": "spec"})",
       "float32"},
      {R"({"operator": "Min", "version": 1, "features": ["NaN"], "expectation": "valid",
           "semantics": "spec"})",
       "NaN"},
      {R"({"operator": "Min", "version": 1, "expectation": "valid", "semantics": "spec",
           "tolerance": -1})",
       "tolerance"},
      {R"({"operator": "Min", "version": "one"})", "a value of the wrong type"},
      {R"({"operator": "Min", )", "case.json"},
      {"", "case.json"},
  };
  for (const Bad& bad : kBad) {
    absl::StatusOr<CaseMetadata> m = ParseCaseMetadata(bad.json, "dir/case.json");
    ASSERT_FALSE(m.ok()) << bad.json;
    EXPECT_NE(m.status().message().find("dir/case.json"), absl::string_view::npos) << m.status();
    EXPECT_NE(m.status().message().find(bad.says), absl::string_view::npos) << m.status();
  }
}

}  // namespace
}  // namespace onnx_conform
