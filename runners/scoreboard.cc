#include "runners/scoreboard.h"

#include <algorithm>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "runners/report.h"

namespace onnx_conform {
namespace {

constexpr absl::string_view kTypeOrder[] = {"float",  "double", "float16", "bfloat16",
                                            "int8",   "int16",  "int32",   "int64",
                                            "uint8",  "uint16", "uint32",  "uint64"};
constexpr int kShownLines = 12;  // of each failure's message

bool IsKnownGap(CaseStatus status) {
  return status == CaseStatus::kXfail || status == CaseStatus::kDivergent;
}
bool IsNotRun(CaseStatus status) {
  return status == CaseStatus::kUnsupported || status == CaseStatus::kInvalid;
}

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

std::string HtmlEscape(absl::string_view text) {
  return absl::StrReplaceAll(text, {{"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}, {"\"", "&quot;"}});
}

// The first lines of a message, and how many were left out.
std::string Shortened(const std::string& message) {
  std::vector<absl::string_view> lines = absl::StrSplit(message, '\n');
  if (static_cast<int>(lines.size()) <= kShownLines) return message;
  const size_t left_out = lines.size() - kShownLines;
  lines.resize(kShownLines);
  return absl::StrCat(absl::StrJoin(lines, "\n"), "\n[... ", left_out, " more lines]");
}

std::vector<std::string> SortedTypes(const std::map<int64_t, std::map<std::string, ScoreCell>>&
                                         versions) {
  std::set<std::string> types;
  for (const auto& [version, by_type] : versions) {
    for (const auto& [type, cell] : by_type) types.insert(type);
  }
  std::vector<std::string> sorted(types.begin(), types.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const std::string& a, const std::string& b) {
    return TypeRank(a) < TypeRank(b);
  });
  return sorted;
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

std::string CaseLabel(const CaseResult& r) {
  std::string label = r.name;
  if (!r.op.empty()) {
    absl::StrAppend(&label, " (", VersionLabel(r.op, r.op_version),
                    r.types.empty() ? "" : absl::StrCat(", ", r.types), ")");
  }
  return label;
}

}  // namespace

int TypeRank(absl::string_view type_name) {
  for (size_t i = 0; i < std::size(kTypeOrder); ++i) {
    if (kTypeOrder[i] == type_name) return static_cast<int>(i);
  }
  return static_cast<int>(std::size(kTypeOrder));
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

ScoreMatrix BuildScoreMatrix(const std::vector<CaseResult>& results) {
  ScoreMatrix matrix;
  for (const CaseResult& r : results) {
    const std::string op = r.op.empty() ? "(unknown)" : r.op;
    const std::string type = r.types.empty() ? "(none)" : PrimaryType(r);
    ScoreCell& cell = matrix[r.backend][op][r.op_version][type];
    ++cell.counts[r.status];
    ++cell.total;
  }
  return matrix;
}

std::string ScoreboardMarkdown(const std::vector<CaseResult>& results, absl::string_view title) {
  std::string md = absl::StrCat("# ", title, "\n\n", SummaryLine(results), "\n\n");
  md +=
      "Each cell: cases passed / cases, then the other outcomes. 🟩 all passed, 🟨 some "
      "unsupported, 🟧 known gaps (xfail, divergent), 🟥 failures, ⬜ nothing ran.\n\n";
  const ScoreMatrix matrix = BuildScoreMatrix(results);
  for (const auto& [backend, ops] : matrix) {
    absl::StrAppend(&md, "## Backend: ", backend.empty() ? "(unnamed)" : backend, "\n\n");
    for (const auto& [op, versions] : ops) {
      const std::vector<std::string> types = SortedTypes(versions);
      absl::StrAppend(&md, "### ", op, "\n\n| version |");
      for (const std::string& type : types) absl::StrAppend(&md, " ", type, " |");
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
            absl::StrAppend(&md, " ", ColourEmoji(cell->second.colour()), " ",
                            cell->second.Text(), " |");
          }
        }
        md += "\n";
      }
      md += "\n";
    }
  }
  const Listed listed = ListedResults(results);
  auto list = [&](absl::string_view heading, const std::vector<const CaseResult*>& entries) {
    if (entries.empty()) return;
    absl::StrAppend(&md, "## ", heading, " (", entries.size(), ")\n\n");
    for (const CaseResult* r : entries) {
      absl::StrAppend(&md, "### ", StatusName(r->status), ": ", CaseLabel(*r), "\n\n```\n",
                      absl::StrReplaceAll(Shortened(r->message), {{"```", "'''"}}), "\n```\n\n");
    }
  };
  list("Failures", listed.failures);
  list("Known gaps", listed.gaps);
  return md;
}

std::string ScoreboardHtml(const std::vector<CaseResult>& results, absl::string_view title) {
  std::string html = absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
      HtmlEscape(title),
      "</title>\n<style>\n"
      "body{font-family:system-ui,sans-serif;margin:2em;color:#222}\n"
      "table{border-collapse:collapse;margin:0 0 1.5em}\n"
      "th,td{border:1px solid #bbb;padding:.3em .6em;text-align:center;font-size:.9em}\n"
      "th{background:#eee}\n"
      "td.green{background:#b7e1a1}td.yellow{background:#f7e58b}td.orange{background:#f5b971}\n"
      "td.red{background:#ef8a8a}td.grey{background:#ddd;color:#666}\n"
      "pre{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:.85em}\n"
      "summary{cursor:pointer}\n"
      "</style>\n</head>\n<body>\n<h1>",
      HtmlEscape(title), "</h1>\n<p>", HtmlEscape(SummaryLine(results)),
      "</p>\n<p>Each cell: cases passed / cases, then the other outcomes. Green: all passed; "
      "yellow: some unsupported; orange: known gaps (xfail, divergent); red: failures; grey: "
      "nothing ran.</p>\n");
  const ScoreMatrix matrix = BuildScoreMatrix(results);
  for (const auto& [backend, ops] : matrix) {
    absl::StrAppend(&html, "<h2>Backend: ", HtmlEscape(backend.empty() ? "(unnamed)" : backend),
                    "</h2>\n");
    for (const auto& [op, versions] : ops) {
      const std::vector<std::string> types = SortedTypes(versions);
      absl::StrAppend(&html, "<h3>", HtmlEscape(op), "</h3>\n<table>\n<tr><th>version</th>");
      for (const std::string& type : types) absl::StrAppend(&html, "<th>", HtmlEscape(type), "</th>");
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
      html += "</table>\n";
    }
  }
  const Listed listed = ListedResults(results);
  auto list = [&](absl::string_view heading, const std::vector<const CaseResult*>& entries) {
    if (entries.empty()) return;
    absl::StrAppend(&html, "<h2>", heading, " (", entries.size(), ")</h2>\n");
    for (const CaseResult* r : entries) {
      absl::StrAppend(&html, "<details><summary><b>", StatusName(r->status), "</b> ",
                      HtmlEscape(CaseLabel(*r)), "</summary>\n<pre>",
                      HtmlEscape(Shortened(r->message)), "</pre></details>\n");
    }
  };
  list("Failures", listed.failures);
  list("Known gaps", listed.gaps);
  html += "</body>\n</html>\n";
  return html;
}

}  // namespace onnx_conform
