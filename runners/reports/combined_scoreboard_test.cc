// The combined page's first screen: colours graded by pass rate, the runs'
// date and suite and runtime versions, pass rates and known failures beside
// "failed", and the order glance, causes, detail.
//
//   ctest -R 'reports.*CombinedPage'
#include "runners/reports/combined_scoreboard.h"

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

CaseResult Result(const std::string& backend, const std::string& name, CaseStatus status,
                  const std::string& op = "Min") {
  CaseResult r;
  r.name = name;
  r.op = op;
  r.op_version = 13;
  r.types = "float";
  r.status = status;
  r.backend = backend;
  r.message = status == CaseStatus::kPass ? "" : "output 0: 1 of 1 elements differ";
  return r;
}

// `passed` passes and `xfail` known failures of one backend on one operator.
void AddCases(std::vector<CaseResult>& results, const std::string& backend, int passed, int xfail,
              const std::string& op = "Min") {
  for (int i = 0; i < passed; ++i) {
    results.push_back(Result(backend, absl::StrCat(op, "_pass_", i), CaseStatus::kPass, op));
  }
  for (int i = 0; i < xfail; ++i) {
    results.push_back(Result(backend, absl::StrCat(op, "_xfail_", i), CaseStatus::kXfail, op));
  }
}

// The attributes of the first <td> whose hover text is `title`.
std::string CellTitled(const std::string& html, const std::string& title) {
  const size_t at = html.find(absl::StrCat(" title=\"", title, "\""));
  if (at == std::string::npos) return "";
  const size_t start = html.rfind("<td", at);
  return start == std::string::npos ? "" : html.substr(start, html.find('>', at) - start);
}

std::string StyleOf(const std::string& cell) {
  const size_t start = cell.find("style=\"");
  if (start == std::string::npos) return "";
  return cell.substr(start, cell.find('"', start + 7) - start);
}

TEST(CombinedPageTest, ColoursAreGradedByPassRate) {
  std::vector<CaseResult> results;
  AddCases(results, "few", 1, 9);
  AddCases(results, "many", 9, 1);
  AddCases(results, "all", 10, 0);
  const std::string html = CombinedHtml(results, "t");
  const std::string few = CellTitled(html, "1/10 (9 xfail)");
  const std::string many = CellTitled(html, "9/10 (1 xfail)");
  const std::string all = CellTitled(html, "10/10");
  ASSERT_NE(few, "") << html;
  ASSERT_NE(many, "") << html;
  ASSERT_NE(all, "") << html;
  EXPECT_NE(StyleOf(few), "");
  // Two cells with known failures only (both orange before) now differ.
  EXPECT_NE(StyleOf(few), StyleOf(many));
  EXPECT_NE(StyleOf(many), StyleOf(all));
  EXPECT_THAT(few, HasSubstr(PassRateBackground(0.1)));
  EXPECT_THAT(all, HasSubstr(PassRateBackground(1.0)));
  // The scale is continuous: close rates differ too; equal rates agree.
  EXPECT_NE(PassRateBackground(0.5), PassRateBackground(0.6));
  EXPECT_EQ(PassRateBackground(0.25), PassRateBackground(2.0 / 8));
  // A legend shows the scale; the Markdown page steps it with symbols.
  EXPECT_THAT(html, HasSubstr("class=\"legend\""));
  const std::string md = CombinedMarkdown(results, "t");
  EXPECT_THAT(md, HasSubstr("🟧 10% (1/10)"));
  EXPECT_THAT(md, HasSubstr("🟩 90% (9/10)"));
}

TEST(CombinedPageTest, PassRatesAreRoundedDownAndBarred) {
  std::vector<CaseResult> results;
  AddCases(results, "almost", 999, 1);
  AddCases(results, "barely", 1, 999);
  const std::string md = CombinedMarkdown(results, "t");
  EXPECT_THAT(md, HasSubstr("🟩 99% (999/1000)"));  // not 100%: one did not pass
  EXPECT_THAT(md, HasSubstr("🟥 &lt;1% (1/1000)"));
  // Per backend and per operator: a bar (each block 10%).
  EXPECT_THAT(md, HasSubstr("█████████░ 99% (999/1000) |"));
  EXPECT_THAT(md, HasSubstr("| Min | 🟨 █████░░░░░ 50% (1000/2000) |"));
  const std::string html = CombinedHtml(results, "t");
  EXPECT_THAT(html, HasSubstr("<span class=\"bar\"><span style=\"width:99.9%\"></span></span>"));
  EXPECT_THAT(html, HasSubstr("<span class=\"bar\"><span style=\"width:0.1%\"></span></span>"));
}

TEST(CombinedPageTest, TheFirstScreenGivesDateAndSuiteAndRuntimeVersions) {
  std::vector<CaseResult> results;
  AddCases(results, "ort", 2, 1);
  AddCases(results, "tract", 3, 0);
  for (CaseResult& r : results) r.runtime = r.backend == "ort" ? "onnxruntime 1.2.3" : "tract 0.4";
  const PageFacts facts{.suite_version = "9.8.7", .run_date = "2031-01-02 03:04 UTC"};
  for (const std::string& page :
       {CombinedMarkdown(results, "t", facts), CombinedHtml(results, "t", facts)}) {
    const std::string first_screen = page.substr(0, page.find("Main causes"));
    EXPECT_THAT(first_screen, HasSubstr("Runs of 2031-01-02 03:04 UTC")) << page;
    EXPECT_THAT(first_screen, HasSubstr("onnx-conform 9.8.7"));
    EXPECT_THAT(first_screen, HasSubstr("onnxruntime 1.2.3"));
    EXPECT_THAT(first_screen, HasSubstr("tract 0.4"));
  }
  // A backend whose adapter gave no version says so.
  const std::string md = CombinedMarkdown({Result("anon", "c", CaseStatus::kPass)}, "t");
  EXPECT_THAT(md, HasSubstr("| anon | unknown |"));
  EXPECT_THAT(md, Not(HasSubstr("Runs of")));
}

TEST(CombinedPageTest, KnownFailuresStandBesideFailed) {
  std::vector<CaseResult> results;
  AddCases(results, "quiet", 2, 5);
  results.push_back(Result("quiet", "d", CaseStatus::kDivergent));
  results.push_back(Result("quiet", "u", CaseStatus::kUnsupported));
  results.push_back(Result("quiet", "i", CaseStatus::kInvalid));
  results.push_back(Result("loud", "f", CaseStatus::kFail));
  results.push_back(Result("loud", "c", CaseStatus::kCrash));
  results.push_back(Result("loud", "p", CaseStatus::kPass));
  const std::string md = CombinedMarkdown(results, "t");
  EXPECT_THAT(md, HasSubstr("| backend | runtime | pass rate (passed / cases) | failed (fail, "
                            "error, crash, timeout, xpass) | known failures (xfail: in its "
                            "expectation file) | divergent (another reading) | not run "
                            "(unsupported, invalid) |"));
  // No failure, yet 5 known failures: the row says so, and 20% passed.
  EXPECT_THAT(
      md,
      HasSubstr(
          "| quiet | unknown | 🟧 ██░░░░░░░░ 20% (2/10) | 0 | 5 | 1 | 2 |"));
  EXPECT_THAT(
      md,
      HasSubstr(
          "| loud | unknown | 🟧 ███░░░░░░░ 33% (1/3) | 2 ❗ | 0 | 0 | 0 "
          "|"));
  // A cell with cases that fail the run is outlined, and says how many.
  const std::string html = CombinedHtml(results, "t");
  EXPECT_THAT(html, HasSubstr(absl::StrCat(
                        "<td class=\"rate fails\" style=\"background:", PassRateBackground(1.0 / 3),
                        "\" title=\"1/3 (1 fail, 1 crash)\">33%<br><small>1/3, "
                        "2 failed</small></td>")));
}

TEST(CombinedPageTest, GlanceThenCausesThenDetailAndTablesScroll) {
  std::vector<CaseResult> results;
  AddCases(results, "a", 1, 1, "Clip");
  AddCases(results, "b", 2, 0, "Max");
  const std::string md = CombinedMarkdown(results, "t");
  const size_t glance = md.find("## At a glance");
  const size_t causes = md.find("## Main causes");
  const size_t by_cause = md.find("Failures and expected failures, by cause");
  const size_t detail = md.find("## Detail");
  ASSERT_NE(detail, std::string::npos) << md;
  EXPECT_LT(glance, causes);
  EXPECT_LT(causes, by_cause);
  EXPECT_LT(by_cause, detail);
  // Operators with no cases on a backend are left empty; "all operators" last.
  EXPECT_THAT(
      md,
      HasSubstr("| Clip | 🟨 █████░░░░░ 50% (1/2) | 🟨 50% (1/2) |  |"));
  EXPECT_THAT(md,
              HasSubstr("| all operators | 🟨 ███████░░░ 75% (3/4) | 🟨 "
                        "█████░░░░░ "
                        "50% "
                        "(1/2) "
                        "| 🟩 ██████████ 100% (2/2) |"));
  // Wide tables scroll inside the page, never widen it.
  const std::string html = CombinedHtml(results, "t");
  size_t tables = 0, scrolling = 0;
  for (size_t at = html.find("<table"); at != std::string::npos; at = html.find("<table", at + 1)) {
    ++tables;
    scrolling += html.compare(at - 20, 20, "<div class=\"scroll\">") == 0;
  }
  EXPECT_GT(tables, 2u);
  EXPECT_EQ(scrolling, tables);
}

}  // namespace
}  // namespace onnx_conform
