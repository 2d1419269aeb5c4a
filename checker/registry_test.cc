// Lookup rules of the registry and the content of a few schemas, written
// from the operator texts (the ONNX comparison is schema_oracle_test.cc).
#include "checker/registry.h"

#include <climits>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "checker/schema_printer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

int VersionServing(absl::string_view op, int64_t opset) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", op, opset);
  return schema.ok() ? (*schema)->since_version() : -1;
}

TEST(RegistryTest, NewestVersionNotAboveTheOpset) {
  EXPECT_EQ(VersionServing("Min", 1), 1);
  EXPECT_EQ(VersionServing("Min", 5), 1);
  EXPECT_EQ(VersionServing("Min", 7), 6);
  EXPECT_EQ(VersionServing("Min", 11), 8);
  EXPECT_EQ(VersionServing("Min", 12), 12);
  EXPECT_EQ(VersionServing("Min", 21), 13);
  EXPECT_EQ(VersionServing("ArgMin", 10), 1);
  EXPECT_EQ(VersionServing("ArgMin", 11), 11);
  EXPECT_EQ(VersionServing("Clip", 10), 6);
  EXPECT_EQ(VersionServing("Clip", 11), 11);
  EXPECT_EQ(VersionServing("Clip", 13), 13);
}

TEST(RegistryTest, DefaultDomainHasTwoSpellings) {
  absl::StatusOr<const OpSchema*> a = LookupSchema("ai.onnx", "Clip", 12);
  absl::StatusOr<const OpSchema*> b = LookupSchema("", "Clip", 12);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);
}

TEST(RegistryTest, UnsupportedIsUnimplemented) {
  absl::StatusOr<const OpSchema*> unknown = LookupSchema("", "Frobnicate", 13);
  EXPECT_EQ(unknown.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(unknown.status().message(), HasSubstr("'Frobnicate'"));
  EXPECT_EQ(LookupSchema("com.microsoft", "Min", 1).status().code(),
            absl::StatusCode::kUnimplemented);
  EXPECT_EQ(LookupSchema("", "min", 13).status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_EQ(LookupSchema("", "Min", 0).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(RegistryTest, TwentySevenVersions) {
  std::vector<std::string> names;
  for (const OpSchema* schema : AllSchemas()) names.push_back(schema->Name());
  EXPECT_THAT(
      names, ElementsAre("ArgMax-1", "ArgMax-11", "ArgMax-12", "ArgMax-13", "ArgMin-1", "ArgMin-11",
                         "ArgMin-12", "ArgMin-13", "Clip-1", "Clip-6", "Clip-11", "Clip-12",
                         "Clip-13", "Max-1", "Max-6", "Max-8", "Max-12", "Max-13", "Min-1", "Min-6",
                         "Min-8", "Min-12", "Min-13", "Relu-1", "Relu-6", "Relu-13", "Relu-14"));
  EXPECT_EQ(FindSchemaVersion("Min", 7), nullptr);
  ASSERT_NE(FindSchemaVersion("Min", 8), nullptr);
}

TEST(RegistryTest, TypeListsOfTheTexts) {
  EXPECT_EQ(FindSchemaVersion("Min", 8)->PrimaryTypes().size(), 3u);
  EXPECT_EQ(FindSchemaVersion("Min", 12)->PrimaryTypes().size(), 11u);
  EXPECT_EQ(FindSchemaVersion("Min", 13)->PrimaryTypes().size(), 12u);
  EXPECT_EQ(FindSchemaVersion("ArgMin", 1)->PrimaryTypes().size(), 11u);
  EXPECT_EQ(FindSchemaVersion("Clip", 11)->PrimaryTypes().size(), 3u);
  EXPECT_EQ(FindSchemaVersion("Clip", 13)->PrimaryTypes().size(), 12u);
  EXPECT_EQ(FindSchemaVersion("Relu", 13)->PrimaryTypes().size(), 4u);
  EXPECT_EQ(FindSchemaVersion("Relu", 14)->PrimaryTypes().size(), 8u);
}

TEST(RegistryTest, ArityAndAttributes) {
  const OpSchema& min = *FindSchemaVersion("Min", 13);
  EXPECT_EQ(min.min_inputs(), 1);
  EXPECT_EQ(min.max_inputs(), INT_MAX);
  EXPECT_EQ(min.InputParam(1000)->name, "data_0");
  const OpSchema& clip = *FindSchemaVersion("Clip", 11);
  EXPECT_EQ(clip.min_inputs(), 1);
  EXPECT_EQ(clip.max_inputs(), 3);
  EXPECT_EQ(clip.InputParam(3), nullptr);
  const OpSchema& argmin = *FindSchemaVersion("ArgMin", 12);
  ASSERT_NE(argmin.FindAttribute("select_last_index"), nullptr);
  EXPECT_EQ(std::get<int64_t>(argmin.FindAttribute("keepdims")->default_value), 1);
  EXPECT_EQ(FindSchemaVersion("ArgMin", 11)->FindAttribute("select_last_index"), nullptr);
  EXPECT_EQ(argmin.OutputParam(0)->fixed_type, ElementType::kInt64);
  const OpSchema& clip6 = *FindSchemaVersion("Clip", 6);
  EXPECT_EQ(std::get<float>(clip6.FindAttribute("max")->default_value), 3.40282347e+38f);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(
      FindSchemaVersion("Clip", 1)->FindAttribute("max")->default_value));
}

TEST(SchemaPrinterTest, TextNamesEverything) {
  std::string text = SchemaToText(*FindSchemaVersion("Clip", 6));
  EXPECT_THAT(text, HasSubstr("## Clip-6"));
  EXPECT_THAT(text, HasSubstr("`min` (FLOAT, default -3.40282347e+38)"));
  EXPECT_THAT(text, HasSubstr("`T` in {double, float, float16}"));
  text = SchemaToText(*FindSchemaVersion("ArgMin", 13));
  EXPECT_THAT(text, HasSubstr("`reduced` (tensor(int64))"));
  EXPECT_THAT(text, HasSubstr("Inputs (1):"));
}

TEST(SchemaPrinterTest, Json) {
  const OpSchema* min1 = FindSchemaVersion("Min", 1);
  std::string json = SchemasToJson(std::span<const OpSchema* const>(&min1, 1));
  EXPECT_THAT(json, HasSubstr("\"op_type\": \"Min\", \"since_version\": 1"));
  EXPECT_THAT(json, HasSubstr("\"max_inputs\": 2147483647"));
  EXPECT_THAT(json, HasSubstr("{\"name\": \"consumed_inputs\", \"type\": \"INTS\", "
                              "\"required\": false, \"default\": null"));
  EXPECT_THAT(json, HasSubstr("\"shape_inference\": false"));
  EXPECT_EQ(JsonString("a\"b\\\n"), "\"a\\\"b\\\\\\n\"");
}

}  // namespace
}  // namespace onnx_conform
