#include "cases/case_metadata.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "gtest/gtest.h"
#include "reference/resource_limits.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

constexpr char kValidJson[] = R"({
  "operator": "ArgMin",
  "version": 12,
  "types": ["float16"],
  "features": ["nan", "select_last_index"],
  "expectation": "valid",
  "semantics": "reference-defined",
  "spec_quote": "ArgMin with NaN: NaN counts as the smallest value."
})";

class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() /
            ("case_metadata_test_" + std::to_string(reinterpret_cast<uintptr_t>(this)) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }
  void Write(const std::string& name, const std::string& text) const {
    std::ofstream(path_ / name, std::ios::binary) << text;
  }

 private:
  fs::path path_;
};

TEST(CaseMetadataTest, ParsesEveryField) {
  absl::StatusOr<CaseMetadata> m = ParseCaseMetadata(kValidJson, "x/case.json");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->operator_(), "ArgMin");
  EXPECT_EQ(m->version(), 12);
  ASSERT_EQ(m->types_size(), 1);
  EXPECT_EQ(m->types(0), "float16");
  EXPECT_TRUE(HasFeature(*m, "select_last_index"));
  EXPECT_FALSE(HasFeature(*m, "tie"));
  EXPECT_TRUE(IsValidCase(*m));
  EXPECT_TRUE(IsReferenceDefined(*m));
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
       "a field cases/case_metadata.proto does not define (it defines operator"},
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
    EXPECT_NE(m.status().message().find("dir/case.json"), absl::string_view::npos)
        << m.status();
    EXPECT_NE(m.status().message().find(bad.says), absl::string_view::npos) << m.status();
  }
}

TEST(CaseMetadataTest, ReadGivesNulloptWithoutCaseJson) {
  TempDir dir;
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir.path());
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_FALSE(m->has_value());
}

TEST(CaseMetadataTest, ReadParsesCaseJson) {
  TempDir dir;
  dir.Write("case.json", kValidJson);
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir.path());
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_TRUE(m->has_value());
  EXPECT_EQ((*m)->operator_(), "ArgMin");
}

TEST(CaseMetadataTest, ReadNamesTheMalformedFile) {
  TempDir dir;
  dir.Write("case.json", "{\"operator\": ");
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir.path());
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(m.status().message().find((dir.path() / "case.json").string()),
            absl::string_view::npos)
      << m.status();
}

TEST(CaseMetadataTest, ReadRejectsADirectoryNamedCaseJson) {
  TempDir dir;
  fs::create_directory(dir.path() / "case.json");
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir.path());
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("case.json"), absl::string_view::npos);
}

TEST(CaseMetadataTest, InconsistentMetadataIsInvalidArgument) {
  TempDir dir;
  dir.Write("case.json",
            R"({"operator": "Min", "version": 8, "expectation": "invalid", "semantics": "spec"})");
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir.path());
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(CaseMetadataTest, ReadRefusesASymbolicLinkToAFileOutsideTheCase) {
  TempDir dir;
  TempDir outside;
  // A valid case.json, and a file that is no JSON, both outside the case:
  // neither is read, and nothing of the second reaches the message.
  outside.Write("valid.json", kValidJson);
  outside.Write("passwd", "root:x:0:0:root:/root:/bin/bash\n");
  for (const char* target : {"valid.json", "passwd"}) {
    fs::remove(dir.path() / "case.json");
    fs::create_symlink(outside.path() / target, dir.path() / "case.json");
    absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir.path());
    ASSERT_FALSE(m.ok()) << target;
    EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument) << m.status();
    EXPECT_NE(m.status().message().find("symbolic link"), absl::string_view::npos) << m.status();
    EXPECT_EQ(m.status().message().find("root:"), absl::string_view::npos) << m.status();
  }
}

TEST(CaseMetadataTest, ParseErrorsNeverQuoteTheFile) {
  TempDir dir;
  for (const char* text : {"SECRET-1 not json", R"({"operator": "SECRET-2)", R"({"SECRET-3": 1})",
                           R"({"version": "SECRET-4"})"}) {
    dir.Write("case.json", text);
    absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir.path());
    ASSERT_FALSE(m.ok()) << text;
    EXPECT_EQ(m.status().message().find("SECRET"), absl::string_view::npos) << m.status();
    EXPECT_NE(m.status().message().find("case.json"), absl::string_view::npos) << m.status();
  }
}

TEST(CaseMetadataTest, ReadRefusesAHugeFileBeforeReadingIt) {
  TempDir dir;
  // 1 GiB, sparse: read whole, it would take gigabytes (protobuf's JSON
  // parser copies it); refused from its size alone.
  { std::ofstream(dir.path() / "case.json") << "{"; }
  fs::resize_file(dir.path() / "case.json", uintmax_t{1} << 30);
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir.path());
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kResourceExhausted) << m.status();
  EXPECT_NE(m.status().message().find("case.json"), absl::string_view::npos) << m.status();
}

TEST(CaseMetadataTest, ReadIsChargedToTheCaseBudget) {
  TempDir dir;
  dir.Write("case.json", kValidJson);
  ScopedResourceBudget budget(ResourceLimits{.max_case_bytes = 64});
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir.path());
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kResourceExhausted) << m.status();
}

TEST(CaseMetadataTest, ReadRefusesAFifoWithoutBlocking) {
  TempDir dir;
  ASSERT_EQ(mkfifo((dir.path() / "case.json").c_str(), 0600), 0);
  absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata(dir.path());
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("not a readable regular file"), absl::string_view::npos)
      << m.status();
}

}  // namespace
}  // namespace onnx_conform
