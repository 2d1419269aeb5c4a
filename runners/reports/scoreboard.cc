#include "runners/reports/scoreboard.h"

#include <algorithm>
#include <set>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "runners/harness/policy.h"
#include "runners/reports/combined_scoreboard.h"
#include "runners/reports/markup.h"
#include "runners/reports/report.h"

namespace onnx_conform {
namespace {

constexpr absl::string_view kTypeOrder[] = {"float", "double", "float16", "bfloat16",
                                            "int8",  "int16",  "int32",   "int64",
                                            "uint8", "uint16", "uint32",  "uint64"};
constexpr int kShownLines = 12;      // of each failure's message
constexpr size_t kListedCases = 20;  // per cause; the rest are counted

bool IsKnownGap(CaseStatus status) {
  return status == CaseStatus::kXfail || status == CaseStatus::kDivergent;
}
bool IsNotRun(CaseStatus status) {
  return status == CaseStatus::kUnsupported || status == CaseStatus::kInvalid;
}

// The first lines of a message, and how many were left out.
std::string Shortened(const std::string& message) {
  std::vector<absl::string_view> lines = absl::StrSplit(message, '\n');
  if (static_cast<int>(lines.size()) <= kShownLines) return message;
  const size_t left_out = lines.size() - kShownLines;
  lines.resize(kShownLines);
  return absl::StrCat(absl::StrJoin(lines, "\n"), "\n[... ", left_out, " more lines]");
}

std::vector<std::string> SortedTypes(
    const std::map<int64_t, std::map<std::string, ScoreCell>>& versions) {
  std::set<std::string> types;
  for (const auto& [version, by_type] : versions) {
    for (const auto& [type, cell] : by_type) types.insert(type);
  }
  return InTypeOrder(types);
}

std::string VersionLabel(const std::string& op, int64_t version) {
  return version > 0 ? absl::StrCat(op, "-", version) : op;
}

// Results to list below the matrix: what fails the run, then known gaps.
struct Listed {
  std::vector<const CaseResult*> failures, gaps;
};
Listed ListedResults(const std::vector<CaseResult>& results) {
  Listed listed;
  for (const CaseResult& r : results) {
    if (FailsRun(r.status)) listed.failures.push_back(&r);
    if (IsKnownGap(r.status)) listed.gaps.push_back(&r);
  }
  return listed;
}

// Known gaps grouped by why: the expectation line that applied, or, for a
// divergent case without one, "divergent". In order of first appearance.
std::vector<std::pair<std::string, std::vector<const CaseResult*>>> GroupedGaps(
    const std::vector<const CaseResult*>& gaps) {
  std::vector<std::pair<std::string, std::vector<const CaseResult*>>> groups;
  for (const CaseResult* r : gaps) {
    const std::string why =
        !r->expectation.empty() ? r->expectation
        : r->status == CaseStatus::kDivergent && !r->readings.empty()
            ? absl::StrCat("divergent: follows reading ", absl::StrJoin(r->readings, "+"))
            : std::string(StatusName(r->status));
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const auto& group) { return group.first == why; });
    if (it == groups.end()) it = groups.insert(groups.end(), {why, {}});
    it->second.push_back(r);
  }
  return groups;
}

std::set<std::string> Backends(const std::vector<CaseResult>& results) {
  std::set<std::string> backends;
  for (const CaseResult& r : results) backends.insert(r.backend);
  return backends;
}

std::string CaseLabel(const CaseResult& r) {
  std::string label = r.name;
  if (!r.op.empty()) {
    absl::StrAppend(&label, " (", VersionLabel(r.op, r.op_version),
                    r.types.empty() ? "" : absl::StrCat(", ", r.types), ")");
  }
  return label;
}

// "Failures (3 cases, 1 cause)".
std::string FailuresHeading(size_t cases, size_t causes) {
  return absl::StrCat("Failures (", cases, cases == 1 ? " case, " : " cases, ", causes,
                      causes == 1 ? " cause)" : " causes)");
}

// A cause's cases, one line each ("fail: NAME (Op-V, types)"), at most
// kListedCases and a count of the rest.
std::vector<std::string> ListedCases(const ResultGroup& cause) {
  std::vector<std::string> lines;
  for (size_t i = 0; i < cause.results.size() && i < kListedCases; ++i) {
    const CaseResult& r = *cause.results[i];
    lines.push_back(ForTerminal(absl::StrCat(StatusName(r.status), ": ", CaseLabel(r)), false));
  }
  if (cause.results.size() > kListedCases) {
    lines.push_back(absl::StrCat("... and ", cause.results.size() - kListedCases, " more"));
  }
  return lines;
}

}  // namespace

absl::string_view ColourEmoji(CellColour colour) {
  switch (colour) {
    case CellColour::kGreen: return "🟩";
    case CellColour::kYellow: return "🟨";
    case CellColour::kOrange: return "🟧";
    case CellColour::kRed: return "🟥";
    case CellColour::kGrey: return "⬜";
  }
  return "";
}

absl::string_view ColourCss(CellColour colour) {
  switch (colour) {
    case CellColour::kGreen: return "green";
    case CellColour::kYellow: return "yellow";
    case CellColour::kOrange: return "orange";
    case CellColour::kRed: return "red";
    case CellColour::kGrey: return "grey";
  }
  return "";
}

// The first line of a message that says something of its own: preamble
// lines ("fail as expected (...):", "...; stderr:") end with a colon.
std::string FirstDetail(const CaseResult& r) {
  std::vector<absl::string_view> lines = absl::StrSplit(r.message, '\n', absl::SkipEmpty());
  for (absl::string_view line : lines) {
    if (!absl::EndsWith(line, ":")) return std::string(line);
  }
  return lines.empty() ? "" : std::string(lines.back());
}

std::vector<std::string> InTypeOrder(const std::set<std::string>& types) {
  auto rank = [](const std::string& type) {
    return std::find(std::begin(kTypeOrder), std::end(kTypeOrder), type) - std::begin(kTypeOrder);
  };
  std::vector<std::string> sorted(types.begin(), types.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [&](const std::string& a, const std::string& b) { return rank(a) < rank(b); });
  return sorted;
}

int ScoreCell::passed() const {
  auto it = counts.find(CaseStatus::kPass);
  return it == counts.end() ? 0 : it->second;
}

CellColour ScoreCell::colour() const {
  bool gap = false, not_run = false;
  for (const auto& [status, count] : counts) {
    if (count == 0) continue;
    if (FailsRun(status)) return CellColour::kRed;
    gap = gap || IsKnownGap(status);
    not_run = not_run || IsNotRun(status);
  }
  if (gap) return CellColour::kOrange;
  if (passed() == 0) return CellColour::kGrey;
  return not_run ? CellColour::kYellow : CellColour::kGreen;
}

std::string ScoreCell::Text() const {
  std::vector<std::string> others;
  for (CaseStatus status : kAllStatuses) {
    auto it = counts.find(status);
    if (status == CaseStatus::kPass || it == counts.end() || it->second == 0) continue;
    others.push_back(absl::StrCat(it->second, " ", StatusName(status)));
  }
  return absl::StrCat(passed(), "/", total,
                      others.empty() ? "" : absl::StrCat(" (", absl::StrJoin(others, ", "), ")"));
}

std::string PassPercent(int passed, int total) {
  if (total <= 0) return "-";
  if (passed >= total) return "100%";
  const int64_t percent = int64_t{100} * passed / total;
  return percent == 0 && passed > 0 ? "<1%" : absl::StrCat(percent, "%");
}

std::string PassRateLine(const std::vector<CaseResult>& results) {
  int passed = 0, failed = 0, xfail = 0, divergent = 0;
  for (const CaseResult& r : results) {
    passed += r.status == CaseStatus::kPass;
    failed += FailsRun(r.status);
    xfail += r.status == CaseStatus::kXfail;
    divergent += r.status == CaseStatus::kDivergent;
  }
  const int total = static_cast<int>(results.size());
  return absl::StrCat("pass rate ", PassPercent(passed, total), " (", passed, " of ", total,
                      " cases); failed ", failed, ", known failures (xfail) ", xfail,
                      ", divergent ", divergent);
}

ScoreMatrix BuildScoreMatrix(const std::vector<CaseResult>& results) {
  ScoreMatrix matrix;
  for (const CaseResult& r : results) {
    if (r.negative) continue;
    const std::string op = r.op.empty() ? "(unknown)" : r.op;
    const std::string type = r.types.empty() ? "(none)" : PrimaryType(r);
    ScoreCell& cell = matrix[r.backend][op][r.op_version][type];
    ++cell.counts[r.status];
    ++cell.total;
  }
  return matrix;
}

NegativeCells BuildNegativeCells(const std::vector<CaseResult>& results) {
  NegativeCells cells;
  for (const CaseResult& r : results) {
    if (!r.negative) continue;
    ScoreCell& cell = cells[r.backend][r.op.empty() ? "(unknown)" : r.op];
    ++cell.counts[r.status];
    ++cell.total;
  }
  return cells;
}

std::string ScoreboardMarkdown(const std::vector<CaseResult>& results, absl::string_view title,
                               const PageFacts& facts) {
  std::string md = absl::StrCat("# ", MarkdownText(title), "\n\n");
  if (const std::string line = FactsText(facts, results); !line.empty()) {
    absl::StrAppend(&md, MarkdownText(ForTerminal(line, false)), "\n\n");
  }
  absl::StrAppend(&md, SummaryLine(results), "\n\n", MarkdownText(PassRateLine(results)), "\n\n");
  if (const std::string readings = ReadingsLine(results); !readings.empty()) {
    absl::StrAppend(&md, MarkdownText(readings), "\n\n");
  }
  md +=
      "Each cell: cases passed / cases, then the other outcomes. 🟩 all passed, 🟨 some "
      "unsupported, 🟧 known gaps (xfail, divergent), 🟥 failures, ⬜ nothing ran.\n\n";
  const ScoreMatrix matrix = BuildScoreMatrix(results);
  const NegativeCells negative = BuildNegativeCells(results);
  for (const std::string& backend : Backends(results)) {
    absl::StrAppend(&md, "## Backend: ", backend.empty() ? "(unnamed)" : MarkdownText(backend),
                    "\n\n");
    const auto ops_it = matrix.find(backend);
    for (const auto& [op, versions] :
         ops_it == matrix.end() ? ScoreMatrix::mapped_type() : ops_it->second) {
      const std::vector<std::string> types = SortedTypes(versions);
      absl::StrAppend(&md, "### ", MarkdownText(op), "\n\n| version |");
      for (const std::string& type : types) absl::StrAppend(&md, " ", MarkdownText(type), " |");
      md += "\n|---|";
      for (size_t i = 0; i < types.size(); ++i) md += "---|";
      md += "\n";
      for (const auto& [version, by_type] : versions) {
        absl::StrAppend(&md, "| ", version > 0 ? absl::StrCat(version) : "?", " |");
        for (const std::string& type : types) {
          auto cell = by_type.find(type);
          if (cell == by_type.end()) {
            md += " |";
          } else {
            absl::StrAppend(&md, " ", ColourEmoji(cell->second.colour()), " ", cell->second.Text(),
                            " |");
          }
        }
        md += "\n";
      }
      md += "\n";
    }
    if (auto cells = negative.find(backend); cells != negative.end()) {
      md +=
          "### Negative cases\n\nCases that break a rule: passing means the backend refused "
          "them.\n\n| operator | refused / cases |\n|---|---|\n";
      for (const auto& [op, cell] : cells->second) {
        absl::StrAppend(&md, "| ", MarkdownText(op), " | ", ColourEmoji(cell.colour()), " ",
                        cell.Text(), " |\n");
      }
      md += "\n";
    }
  }
  const Listed listed = ListedResults(results);
  if (!listed.failures.empty()) {
    const std::vector<ResultGroup> causes = GroupBy(listed.failures, CauseOf);
    absl::StrAppend(&md, "## ", FailuresHeading(listed.failures.size(), causes.size()), "\n\n");
    for (const ResultGroup& cause : causes) {
      absl::StrAppend(&md, "### ", MarkdownText(ForTerminal(cause.key, false)), "\n\n",
                      MarkdownText(ForTerminal(GroupExtent(cause), false)), "\n\n");
      for (const std::string& line : ListedCases(cause)) {
        absl::StrAppend(&md, "- ", MarkdownText(line), "\n");
      }
      absl::StrAppend(&md, "\nExample (", MarkdownText(cause.results.front()->name), "):\n\n",
                      MarkdownFence(Shortened(cause.results.front()->message)), "\n");
    }
  }
  if (!listed.gaps.empty()) {
    absl::StrAppend(&md, "## Known gaps (", listed.gaps.size(), ")\n\n");
    for (const auto& [why, cases] : GroupedGaps(listed.gaps)) {
      absl::StrAppend(&md, "### ", MarkdownText(why), " (", cases.size(), ")\n\n");
      for (const CaseResult* r : cases) {
        absl::StrAppend(&md, "- ", StatusName(r->status), ": ", MarkdownText(CaseLabel(*r)), ": ",
                        MarkdownCode(FirstDetail(*r)), "\n");
      }
      md += "\n";
    }
  }
  return md;
}

std::string HtmlPageHead(absl::string_view title) {
  return absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
      HtmlEscape(ForTerminal(title, /*keep_newlines=*/false)),
      "</title>\n<style>\n"
      "body{font-family:system-ui,sans-serif;margin:1.5em auto;padding:0 1em;max-width:90em;"
      "color:#222;line-height:1.35}\n"
      "h1,h2,h3,p,li,summary{overflow-wrap:anywhere}\n"
      // Wide tables scroll within the page, their row headings staying in view.
      ".scroll{overflow-x:auto;margin:0 0 1.5em}\n"
      "table{border-collapse:collapse}\n"
      "th,td{border:1px solid #bbb;padding:.3em .6em;text-align:center;font-size:.9em}\n"
      "th{background:#eee}\n"
      "tr>:first-child{position:sticky;left:0;background:#f4f4f4;text-align:left}\n"
      "small{color:#444;font-size:.8em}\n"
      "td.green{background:#b7e1a1}td.yellow{background:#f7e58b}td.orange{background:#f5b971}\n"
      "td.red{background:#ef8a8a}td.grey{background:#ddd;color:#666}\n"
      "td.rate{min-width:4em}td.fails{outline:2px solid #c00;outline-offset:-3px}\n"
      ".bar{display:block;height:.45em;min-width:4em;margin-top:.2em;background:#fff;"
      "border:1px solid #777}\n"
      ".bar>span{display:block;height:100%;background:#2e7d32}\n"
      ".bar.inline{display:inline-block;width:5em;margin:0 0 0 .5em;vertical-align:middle}\n"
      ".legend .scale{display:inline-block;width:10em;height:.9em;border:1px solid #777;"
      "vertical-align:middle}\n"
      "td.rate{line-height:1.2;white-space:nowrap}\n"
      "table.causes td{min-width:9em;text-align:left;vertical-align:top}\n"
      "pre{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:.85em}\n"
      "@media (max-width:900px){body{padding:0 .5em}h1{font-size:1.5em}"
      "th,td{padding:.2em .35em;font-size:.8em}}\n"
      "summary{cursor:pointer}\n"
      "</style>\n</head>\n<body>\n");
}

std::string ScoreboardHtml(const std::vector<CaseResult>& results, absl::string_view title,
                           const PageFacts& facts) {
  const std::string facts_line = FactsText(facts, results);
  std::string html = absl::StrCat(
      HtmlPageHead(title), "<h1>", HtmlEscape(title), "</h1>\n",
      facts_line.empty()
          ? ""
          : absl::StrCat("<p>", HtmlEscape(ForTerminal(facts_line, false)), "</p>\n"),
      "<p>", HtmlEscape(SummaryLine(results)), "</p>\n<p>", HtmlEscape(PassRateLine(results)),
      "</p>\n<p>", HtmlEscape(ReadingsLine(results)),
      "</p>\n<p>Each cell: cases passed / cases, then the other outcomes. Green: all passed; "
      "yellow: some unsupported; orange: known gaps (xfail, divergent); red: failures; grey: "
      "nothing ran.</p>\n");
  const ScoreMatrix matrix = BuildScoreMatrix(results);
  const NegativeCells negative = BuildNegativeCells(results);
  for (const std::string& backend : Backends(results)) {
    absl::StrAppend(&html, "<h2>Backend: ", HtmlEscape(backend.empty() ? "(unnamed)" : backend),
                    "</h2>\n");
    const auto ops_it = matrix.find(backend);
    for (const auto& [op, versions] :
         ops_it == matrix.end() ? ScoreMatrix::mapped_type() : ops_it->second) {
      const std::vector<std::string> types = SortedTypes(versions);
      absl::StrAppend(&html, "<h3>", HtmlEscape(op),
                      "</h3>\n<div class=\"scroll\"><table>\n<tr><th>version</th>");
      for (const std::string& type : types)
        absl::StrAppend(&html, "<th>", HtmlEscape(type), "</th>");
      html += "</tr>\n";
      for (const auto& [version, by_type] : versions) {
        absl::StrAppend(&html, "<tr><th>", version > 0 ? absl::StrCat(version) : "?", "</th>");
        for (const std::string& type : types) {
          auto cell = by_type.find(type);
          if (cell == by_type.end()) {
            html += "<td></td>";
          } else {
            absl::StrAppend(&html, "<td class=\"", ColourCss(cell->second.colour()), "\">",
                            HtmlEscape(cell->second.Text()), "</td>");
          }
        }
        html += "</tr>\n";
      }
      html += "</table></div>\n";
    }
    if (auto cells = negative.find(backend); cells != negative.end()) {
      html +=
          "<h3>Negative cases</h3>\n<p>Cases that break a rule: passing means the backend "
          "refused them.</p>\n<div class=\"scroll\"><table>\n<tr><th>operator</th><th>refused / "
          "cases</th></tr>\n";
      for (const auto& [op, cell] : cells->second) {
        absl::StrAppend(&html, "<tr><th>", HtmlEscape(op), "</th><td class=\"",
                        ColourCss(cell.colour()), "\">", HtmlEscape(cell.Text()), "</td></tr>\n");
      }
      html += "</table></div>\n";
    }
  }
  const Listed listed = ListedResults(results);
  if (!listed.failures.empty()) {
    const std::vector<ResultGroup> causes = GroupBy(listed.failures, CauseOf);
    absl::StrAppend(&html, "<h2>", FailuresHeading(listed.failures.size(), causes.size()),
                    "</h2>\n");
    for (const ResultGroup& cause : causes) {
      absl::StrAppend(&html, "<details><summary><b>", HtmlEscape(ForTerminal(cause.key, false)),
                      "</b> (", HtmlEscape(ForTerminal(GroupExtent(cause), false)),
                      ")</summary>\n<ul>\n");
      for (const std::string& line : ListedCases(cause)) {
        absl::StrAppend(&html, "<li>", HtmlEscape(line), "</li>\n");
      }
      absl::StrAppend(&html, "</ul>\n<p>Example (", HtmlEscape(cause.results.front()->name),
                      "):</p>\n<pre>", HtmlEscape(Shortened(cause.results.front()->message)),
                      "</pre></details>\n");
    }
  }
  if (!listed.gaps.empty()) {
    absl::StrAppend(&html, "<h2>Known gaps (", listed.gaps.size(), ")</h2>\n");
    for (const auto& [why, cases] : GroupedGaps(listed.gaps)) {
      absl::StrAppend(&html, "<details><summary>", HtmlEscape(why), " (", cases.size(),
                      ")</summary>\n<ul>\n");
      for (const CaseResult* r : cases) {
        absl::StrAppend(&html, "<li><b>", StatusName(r->status), "</b> ", HtmlEscape(CaseLabel(*r)),
                        ": <code>", HtmlEscape(FirstDetail(*r)), "</code></li>\n");
      }
      html += "</ul></details>\n";
    }
  }
  html += "</body>\n</html>\n";
  return html;
}

}  // namespace onnx_conform
