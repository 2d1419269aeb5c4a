// The kinds of difference an operator audit's findings tell apart (a
// version change, a text clarification, the suite's stricter reading), and
// the report's merged rows showing every type's values.
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/audit/audit.h"
#include "runners/audit/audit_report.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;

TEST(AuditDifferenceTest, FindingsTellTheKindsOfDifferenceApart) {
  auto difference_of = [](absl::string_view op, int from, int to, FindingKind kind,
                          absl::string_view needle) -> std::string {
    absl::StatusOr<OperatorAudit> audit = AuditOperator(op, {from, to});
    EXPECT_TRUE(audit.ok());
    for (const Finding& f : audit->findings) {
      if (f.kind == kind && (absl::StrContains(f.detail, needle) || f.scenario == needle)) {
        return f.difference;
      }
    }
    return "<none>";
  };
  EXPECT_EQ(difference_of("Clip", 12, 13, FindingKind::kSchemaChange, "every value becomes max"),
            "text clarification (ONNX 1.18)");
  EXPECT_EQ(difference_of("Clip", 12, 13, FindingKind::kSchemaChange, "function"),
            "text clarification (ONNX 1.13)");
  // min_above_max on float: warned at 12 (unstated), valid at 13.
  EXPECT_EQ(difference_of("Clip", 12, 13, FindingKind::kValidityChange, "DATA-CLIP-BOUNDS-ORDER"),
            "text clarification (ONNX 1.18)");
  // On bfloat16 it is a type Clip-13 adds: a version change.
  EXPECT_EQ(difference_of("Clip", 12, 13, FindingKind::kValidityChange, "bfloat16 is not allowed"),
            "version change");
  EXPECT_EQ(difference_of("ArgMin", 1, 11, FindingKind::kSchemaChange, "must not be empty"),
            "text clarification (ONNX 1.15)");
  EXPECT_EQ(difference_of("ArgMin", 1, 11, FindingKind::kValidityChange, "negative_axis"),
            "suite's stricter reading");
  EXPECT_EQ(difference_of("Clip", 11, 12, FindingKind::kSchemaChange, "int16"), "version change");
  EXPECT_EQ(difference_of("ArgMin", 11, 12, FindingKind::kSchemaChange, "select_last_index"),
            "version change");
}

TEST(AuditReportTest, MergedRowsShowEveryTypesValues) {
  absl::StatusOr<OperatorAudit> audit = AuditOperator("Clip", {6, 11});
  ASSERT_TRUE(audit.ok());
  const std::string md = AuditMarkdown({*audit});
  // The no_bounds row merges double and float16: double's extremes and
  // float16's inf -> 65504 are both shown.
  bool row = false;
  for (absl::string_view line : absl::StrSplit(md, '\n')) {
    if (absl::StartsWith(line, "| output-change | no_bounds |")) {
      row = true;
      EXPECT_THAT(std::string(line), HasSubstr("65504"));
      EXPECT_THAT(std::string(line), HasSubstr("1.7976931348623157e+308"));
    }
  }
  EXPECT_TRUE(row) << md;
}

}  // namespace
}  // namespace onnx_conform
