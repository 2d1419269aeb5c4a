// Scoreboards: cell counts and colours, the matrix layout, the failure list,
// and the self-contained HTML page.
#include "runners/reports/scoreboard.h"

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

CaseResult R(const std::string& name, const std::string& op, int version, const std::string& types,
             CaseStatus status, const std::string& message = "") {
  CaseResult r;
  r.name = name;
  r.op = op;
  r.op_version = version;
  r.types = types;
  r.status = status;
  r.message = message;
  r.backend = "fake";
  return r;
}

ScoreCell Cell(std::initializer_list<CaseStatus> statuses) {
  ScoreCell cell;
  for (CaseStatus s : statuses) {
    ++cell.counts[s];
    ++cell.total;
  }
  return cell;
}

TEST(ScoreCellTest, ColoursWorstFirst) {
  using S = CaseStatus;
  EXPECT_EQ(Cell({S::kPass, S::kPass}).colour(), CellColour::kGreen);
  EXPECT_EQ(Cell({S::kPass, S::kUnsupported}).colour(), CellColour::kYellow);
  EXPECT_EQ(Cell({S::kUnsupported, S::kInvalid}).colour(), CellColour::kGrey);
  EXPECT_EQ(Cell({S::kPass, S::kXfail}).colour(), CellColour::kOrange);
  EXPECT_EQ(Cell({S::kDivergent}).colour(), CellColour::kOrange);
  EXPECT_EQ(Cell({S::kPass, S::kXfail, S::kTimeout}).colour(), CellColour::kRed);
  EXPECT_EQ(Cell({S::kXpass}).colour(), CellColour::kRed);
  EXPECT_EQ(Cell({S::kCrash}).colour(), CellColour::kRed);
}

TEST(ScoreCellTest, TextCountsPassesAndTheRest) {
  using S = CaseStatus;
  EXPECT_EQ(Cell({S::kPass, S::kPass}).Text(), "2/2");
  EXPECT_EQ(Cell({S::kPass, S::kFail, S::kUnsupported, S::kFail}).Text(),
            "1/4 (2 fail, 1 unsupported)");
}

TEST(ScoreboardTest, PassRateStandsBesideFailedAndKnownFailures) {
  using S = CaseStatus;
  const std::vector<CaseResult> results = {
      R("a", "Min", 13, "float", S::kPass),  R("b", "Min", 13, "float", S::kXfail),
      R("c", "Min", 13, "float", S::kXfail), R("d", "Min", 13, "float", S::kDivergent),
      R("e", "Min", 13, "float", S::kCrash), R("f", "Min", 13, "float", S::kUnsupported),
      R("g", "Min", 13, "float", S::kXpass),
  };
  const std::string line =
      "pass rate 14% (1 of 7 cases); failed 2, known failures (xfail) 2, divergent 1";
  EXPECT_EQ(PassRateLine(results), line);
  EXPECT_THAT(ScoreboardMarkdown(results, "t"), HasSubstr("\n\n" + line + "\n\n"));
  EXPECT_THAT(ScoreboardHtml(results, "t"), HasSubstr("<p>" + line + "</p>"));
  // Rounded down: 100% only when every case passed.
  EXPECT_EQ(PassPercent(999, 1000), "99%");
  EXPECT_EQ(PassPercent(1, 1000), "<1%");
  EXPECT_EQ(PassPercent(0, 1000), "0%");
  EXPECT_EQ(PassPercent(3, 3), "100%");
  EXPECT_EQ(PassPercent(0, 0), "-");
}

TEST(ScoreboardTest, MatrixPerOperatorWithVersionRowsAndTypeColumns) {
  const std::vector<CaseResult> results = {
      R("min_a", "Min", 13, "int16", CaseStatus::kUnsupported),
      R("min_b", "Min", 13, "float", CaseStatus::kPass),
      R("min_c", "Min", 8, "float", CaseStatus::kFail,
        "test_data_set_0: output 'min': 1 of 3 elements differ: [1] expected 2, got 3"),
      R("min_d", "Min", 13, "float", CaseStatus::kPass),
      R("argmin_a", "ArgMin", 12, "float16", CaseStatus::kXfail, "fail as expected"),
  };
  ScoreMatrix matrix = BuildScoreMatrix(results);
  EXPECT_EQ(matrix["fake"]["Min"][13]["float"].Text(), "2/2");
  EXPECT_EQ(matrix["fake"]["Min"][8]["float"].colour(), CellColour::kRed);

  const std::string md = ScoreboardMarkdown(results, "ONNX Conform: fake");
  EXPECT_TRUE(absl::StartsWith(md,
                               "# ONNX Conform: fake\n\n2 passed, 1 failed, 1 unsupported, "
                               "1 xfail\n"))
      << md;
  // Floats before integers, versions in order.
  EXPECT_THAT(md, HasSubstr("### Min\n\n| version | float | int16 |\n|---|---|---|\n"
                            "| 8 | 🟥 0/1 (1 fail) | |\n"
                            "| 13 | 🟩 2/2 | ⬜ 0/1 (1 unsupported) |\n"));
  EXPECT_THAT(md, HasSubstr("### ArgMin\n\n| version | float16 |"));
  // Grouped by cause (a result without a failure signature: the status and
  // its message normalised), each with what it spans, its cases, an example.
  EXPECT_THAT(md, HasSubstr("## Failures (1 case, 1 cause)\n\n### fail: test_data_set"));
  EXPECT_THAT(md, HasSubstr("1 case: 1 fail; Min-8; float; backend fake\n\n"
                            "- fail: min_c (Min-8, float)\n\nExample (min_c):\n\n```\n"
                            "test_data_set_0: output 'min': 1 of 3 elements differ: [1] expected "
                            "2, got 3\n```\n"));
  EXPECT_THAT(md, HasSubstr("## Known gaps (1)\n\n### xfail (1)\n\n"
                            "- xfail: argmin_a (ArgMin-12, float16): `fail as expected`\n"));
  EXPECT_LT(md.find("### ArgMin"), md.find("### Min"));
}

TEST(ScoreboardTest, HtmlIsOnePageWithColouredCellsAndEscapedText) {
  const std::vector<CaseResult> results = {
      R("clip_<x>", "Clip", 11, "float", CaseStatus::kCrash, "killed <by> signal & more"),
      R("clip_ok", "Clip", 11, "double", CaseStatus::kPass),
  };
  const std::string html = ScoreboardHtml(results, "Board & co");
  EXPECT_TRUE(absl::StartsWith(html, "<!DOCTYPE html>"));
  EXPECT_THAT(html, HasSubstr("<title>Board &amp; co</title>"));
  EXPECT_THAT(html, HasSubstr("<td class=\"red\">0/1 (1 crash)</td><td class=\"green\">1/1</td>"));
  EXPECT_THAT(html, HasSubstr("clip_&lt;x&gt;"));
  EXPECT_THAT(html, HasSubstr("<pre>killed &lt;by&gt; signal &amp; more</pre>"));
  // Self-contained: nothing fetched from elsewhere.
  EXPECT_THAT(html, Not(HasSubstr("http")));
  EXPECT_THAT(html, Not(HasSubstr("<script")));
  EXPECT_THAT(html, Not(HasSubstr("<link")));
}

TEST(ScoreboardTest, MarkdownShowsHostileNamesAsText) {
  const std::vector<CaseResult> results = {
      R("x<img src=x onerror=alert(1)>", "Clip", 11, "float", CaseStatus::kFail, "differs"),
      R("a\n# injected heading", "Min", 13, "float", CaseStatus::kCrash, "killed"),
      R("pipe", "Op|with|pipes", 1, "ty|pe", CaseStatus::kPass),
      R("esc\x1b[31mred", "Min", 13, "float", CaseStatus::kError, "e"),
  };
  const std::string md = ScoreboardMarkdown(results, "Board");
  EXPECT_THAT(md, Not(HasSubstr("<img")));
  EXPECT_THAT(md, HasSubstr("x&lt;img src=x onerror=alert(1)&gt;"));
  EXPECT_THAT(md, Not(HasSubstr("\n# injected")));
  EXPECT_THAT(md, Not(HasSubstr("\x1b")));
  // Every table row has as many unescaped `|` as its header.
  for (absl::string_view line : absl::StrSplit(md, '\n')) {
    if (!absl::StartsWith(line, "|")) continue;
    int pipes = 0;
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '\\') {
        ++i;
      } else if (line[i] == '|') {
        ++pipes;
      }
    }
    EXPECT_TRUE(pipes == 2 || pipes == 3) << line;
  }
}

TEST(ScoreboardTest, KnownGapsAreGroupedByTheirExpectationLine) {
  CaseResult a = R("min_int16_a", "Min", 13, "int16", CaseStatus::kXfail,
                   "unsupported as expected (ort.expect:3: unsupported: no int16 kernel):\n"
                   "Could not find an implementation for Min(13)");
  a.expectation = "ort.expect:3: unsupported: no int16 kernel";
  CaseResult b = a;
  b.name = "min_int16_b";
  CaseResult c = R("argmin_nan", "ArgMin", 13, "float", CaseStatus::kDivergent,
                   "differs where the texts allow another reading: ...:\n"
                   "test_data_set_0: output 'reduced': 1 of 3 elements differ");
  c.readings = {"argmin-nan-unordered"};
  const std::string md = ScoreboardMarkdown({a, c, b}, "t");
  EXPECT_THAT(md, HasSubstr("## Known gaps (3)\n\n"
                            "### ort.expect:3: unsupported: no int16 kernel (2)\n\n"
                            "- xfail: min_int16_a (Min-13, int16): `Could not find an "
                            "implementation for Min(13)`\n"
                            "- xfail: min_int16_b (Min-13, int16): `Could not find an "
                            "implementation for Min(13)`\n\n"
                            "### divergent: follows reading argmin-nan-unordered (1)\n\n"
                            "- divergent: argmin_nan (ArgMin-13, float): `test_data_set_0: "
                            "output 'reduced': 1 of 3 elements differ`\n"));
  EXPECT_THAT(md, HasSubstr("divergent by reading: 1 follow argmin-nan-unordered"));
  const std::string html = ScoreboardHtml({a, c, b}, "t");
  EXPECT_THAT(html, HasSubstr("<details><summary>ort.expect:3: unsupported: no int16 kernel (2)"));
}

TEST(ScoreboardTest, NegativeCasesAreCountedApartFromTheMatrix) {
  CaseResult refused = R("min_v1_int8_type_not_allowed", "Min", 1, "int8", CaseStatus::kPass,
                         "rejected as expected (TYPE-NOT-ALLOWED): ...");
  refused.negative = true;
  CaseResult accepted = R("clip_v11_float_min_not_scalar", "Clip", 11, "float", CaseStatus::kFail,
                          "accepted a case that breaks SHAPE-CLIP-BOUND-SCALAR");
  accepted.negative = true;
  const std::vector<CaseResult> results = {refused, accepted,
                                           R("min_ok", "Min", 13, "float", CaseStatus::kPass)};
  EXPECT_EQ(BuildScoreMatrix(results)["fake"]["Min"].count(1), 0u);
  const std::string md = ScoreboardMarkdown(results, "t");
  EXPECT_THAT(md, Not(HasSubstr("| int8 |")));
  EXPECT_THAT(md, HasSubstr("### Negative cases\n\nCases that break a rule: passing means the "
                            "backend refused them.\n\n| operator | refused / cases |\n|---|---|\n"
                            "| Clip | 🟥 0/1 (1 fail) |\n| Min | 🟩 1/1 |\n"));
  EXPECT_THAT(ScoreboardHtml(results, "t"),
              HasSubstr("<tr><th>Clip</th><td class=\"red\">0/1 (1 fail)</td></tr>"));
}

TEST(ScoreboardTest, LongMessagesAreShortened) {
  std::string message;
  for (int i = 0; i < 30; ++i) message += "line\n";
  const std::string md =
      ScoreboardMarkdown({R("c", "Min", 13, "float", CaseStatus::kFail, message)}, "t");
  EXPECT_THAT(md, HasSubstr("[... 19 more lines]"));
}

}  // namespace
}  // namespace onnx_conform
