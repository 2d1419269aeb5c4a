#include "runners/reports/combined_scoreboard.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "runners/harness/policy.h"
#include "runners/reports/markup.h"
#include "runners/reports/report.h"
#include "runners/reports/scoreboard.h"

namespace onnx_conform {
namespace {

constexpr size_t kListedCases = 20;  // per group; the rest are counted

// The page as blocks, rendered once as Markdown and once as HTML.
struct TableCell {
  std::string text = {};
  std::optional<CellColour> colour = std::nullopt;
  // Links after the text, one per line: (text, anchor of a heading below).
  std::vector<std::pair<std::string, std::string>> links = {};
};
struct Block {
  enum class Kind { kHeading, kParagraph, kTable, kList, kPre } kind;
  int level = 2;                                  // kHeading
  std::string anchor = {};                        // kHeading: an id links point to
  std::string text = {};                          // kHeading, kParagraph, kPre
  std::vector<std::string> header = {};           // kTable
  std::vector<std::vector<TableCell>> rows = {};  // kTable (first cell: a row heading)
  std::vector<std::string> items = {};            // kList
};

Block Heading(int level, std::string text) {
  return {.kind = Block::Kind::kHeading, .level = level, .text = std::move(text)};
}
Block Paragraph(std::string text) {
  return {.kind = Block::Kind::kParagraph, .text = std::move(text)};
}
Block Pre(std::string text) { return {.kind = Block::Kind::kPre, .text = std::move(text)}; }

// Text from reports others wrote, for a page: no control byte survives.
std::string Clean(absl::string_view text) { return ForTerminal(text, /*keep_newlines=*/true); }
std::string CleanLine(absl::string_view text) { return ForTerminal(text, false); }

std::vector<std::string> BackendNames(const std::vector<CaseResult>& results) {
  std::set<std::string> names;
  for (const CaseResult& r : results) names.insert(r.backend.empty() ? "(unnamed)" : r.backend);
  return {names.begin(), names.end()};
}

std::string CaseEntry(const CaseResult& r) {
  return CleanLine(absl::StrCat(r.backend.empty() ? "(unnamed)" : r.backend, ": ", r.name,
                                r.op.empty()
                                    ? ""
                                    : absl::StrCat(" (", r.op, "-", r.op_version,
                                                   r.types.empty() ? "" : ", ", r.types, ")")));
}

std::vector<ResultGroup> Grouped(const std::vector<CaseResult>& results,
                                 bool (*wanted)(const CaseResult&),
                                 std::string (*key)(const CaseResult&)) {
  std::vector<const CaseResult*> selected;
  for (const CaseResult& r : results) {
    if (wanted(r)) selected.push_back(&r);
  }
  return GroupBy(selected, key);
}

// Each group: its key, what it spans, the cases, one example message. With
// an anchor prefix, the headings get ids PREFIX-1, PREFIX-2, ...
void AddGroups(const std::vector<ResultGroup>& groups, bool with_example, std::vector<Block>& page,
               absl::string_view anchor_prefix = "") {
  for (size_t g = 0; g < groups.size(); ++g) {
    const ResultGroup& group = groups[g];
    Block heading = Heading(3, absl::StrCat(CleanLine(group.key), " (", group.results.size(),
                                            group.results.size() == 1 ? " case" : " cases", ")"));
    if (!anchor_prefix.empty()) heading.anchor = absl::StrCat(anchor_prefix, "-", g + 1);
    page.push_back(std::move(heading));
    page.push_back(Paragraph(CleanLine(GroupExtent(group))));
    Block list{.kind = Block::Kind::kList};
    for (size_t i = 0; i < group.results.size() && i < kListedCases; ++i) {
      list.items.push_back(CaseEntry(*group.results[i]));
    }
    if (group.results.size() > kListedCases) {
      list.items.push_back(absl::StrCat("... and ", group.results.size() - kListedCases, " more"));
    }
    page.push_back(std::move(list));
    if (with_example) {
      page.push_back(Paragraph(absl::StrCat("Example (", CaseEntry(*group.results.front()), "):")));
      page.push_back(Pre(Clean(group.results.front()->message)));
    }
  }
}

// The causes shown per cell of the overview.
constexpr size_t kTopCauses = 3;

// The page's first screen: operators x backends, each cell the cases passed
// and its most frequent causes, linked to their sections below.
void AddGlance(const std::vector<CaseResult>& results, const std::vector<std::string>& backends,
               const std::vector<ResultGroup>& failures, std::vector<Block>& page) {
  std::map<std::string, std::map<std::string, ScoreCell>> cells;  // op -> backend -> cell
  for (const CaseResult& r : results) {
    ScoreCell& cell =
        cells[r.op.empty() ? "(unknown)" : r.op][r.backend.empty() ? "(unnamed)" : r.backend];
    ++cell.counts[r.status];
    ++cell.total;
  }
  page.push_back(Heading(2, "At a glance"));
  page.push_back(Paragraph(absl::StrCat(
      "Cases passed / cases (the pass rate) per operator and backend, negative cases included, "
      "and the most "
      "frequent causes of what did not pass (",
      failures.size(), failures.size() == 1 ? " cause" : " causes",
      " in all; each links to its cases below).")));
  Block table{.kind = Block::Kind::kTable, .header = {"operator"}};
  for (const std::string& backend : backends) table.header.push_back(CleanLine(backend));
  for (const auto& [op, by_backend] : cells) {
    std::vector<TableCell> row = {{CleanLine(op)}};
    for (const std::string& backend : backends) {
      auto it = by_backend.find(backend);
      if (it == by_backend.end()) {
        row.push_back({""});
        continue;
      }
      TableCell cell{absl::StrCat(it->second.passed(), "/", it->second.total, " (",
                                  100 * it->second.passed() / std::max(it->second.total, 1), "%)"),
                     it->second.colour()};
      std::vector<std::pair<size_t, size_t>> counts;  // (cases, group index)
      for (size_t g = 0; g < failures.size(); ++g) {
        size_t n = 0;
        for (const CaseResult* r : failures[g].results) {
          n += (r->op.empty() ? "(unknown)" : r->op) == op &&
               (r->backend.empty() ? "(unnamed)" : r->backend) == backend;
        }
        if (n > 0) counts.push_back({n, g});
      }
      std::stable_sort(counts.begin(), counts.end(),
                       [](const auto& a, const auto& b) { return a.first > b.first; });
      for (size_t k = 0; k < counts.size() && k < kTopCauses; ++k) {
        std::string key = failures[counts[k].second].key;
        if (key.rfind(op + ": ", 0) == 0) key = key.substr(op.size() + 2);
        cell.links.push_back({CleanLine(absl::StrCat(key, " (", counts[k].first, ")")),
                              absl::StrCat("cause-", counts[k].second + 1)});
      }
      if (counts.size() > kTopCauses) {
        cell.links.push_back({absl::StrCat("+", counts.size() - kTopCauses, " more"), "causes"});
      }
      row.push_back(std::move(cell));
    }
    table.rows.push_back(std::move(row));
  }
  page.push_back(std::move(table));
}

// Unsupported cases grouped by NormalisedCause; largest first.
std::vector<ResultGroup> UnsupportedGroups(const std::vector<CaseResult>& results) {
  return Grouped(
      results, [](const CaseResult& r) { return r.status == CaseStatus::kUnsupported; },
      [](const CaseResult& r) { return NormalisedCause(r); });
}

// Divergent cases grouped by the readings they follow ("a+b"); largest first.
std::vector<ResultGroup> ReadingGroups(const std::vector<CaseResult>& results) {
  return Grouped(
      results, [](const CaseResult& r) { return r.status == CaseStatus::kDivergent; },
      [](const CaseResult& r) {
        return r.readings.empty() ? std::string("(no named reading)")
                                  : absl::StrCat("follows ", absl::StrJoin(r.readings, "+"));
      });
}

std::vector<Block> BuildPage(const std::vector<CaseResult>& results, absl::string_view title) {
  std::vector<Block> page;
  page.push_back(Heading(1, CleanLine(title)));
  const std::vector<std::string> backends = BackendNames(results);
  const std::vector<ResultGroup> failures = FailureGroups(results);
  AddGlance(results, backends, failures, page);
  std::map<std::string, std::vector<CaseResult>> by_backend;
  for (const CaseResult& r : results) {
    by_backend[r.backend.empty() ? "(unnamed)" : r.backend].push_back(r);
  }
  Block summary{.kind = Block::Kind::kTable, .header = {"backend", "summary"}};
  for (const std::string& backend : backends) {
    summary.rows.push_back({{CleanLine(backend)}, {SummaryLine(by_backend[backend])}});
  }
  page.push_back(Heading(2, "Summary"));
  page.push_back(std::move(summary));
  page.push_back(Paragraph(
      "Each cell: cases passed / cases, then the other outcomes. Green: all passed; yellow: "
      "some unsupported or invalid; orange: known gaps (xfail, divergent); red: failures; "
      "grey: nothing ran; empty: no case of this backend."));

  // Rows: operator version x type, the union over backends; columns: backends.
  std::map<std::string, std::map<int64_t, std::set<std::string>>> rows;
  const ScoreMatrix matrix = BuildScoreMatrix(results);
  for (const auto& [backend, ops] : matrix) {
    for (const auto& [op, versions] : ops) {
      for (const auto& [version, types] : versions) {
        for (const auto& [type, cell] : types) rows[op][version].insert(type);
      }
    }
  }
  for (const auto& [op, versions] : rows) {
    page.push_back(Heading(2, CleanLine(op)));
    Block table{.kind = Block::Kind::kTable, .header = {"version", "type"}};
    for (const std::string& backend : backends) table.header.push_back(CleanLine(backend));
    for (const auto& [version, type_set] : versions) {
      for (const std::string& type : InTypeOrder(type_set)) {
        std::vector<TableCell> row = {{version > 0 ? absl::StrCat(version) : "?"}, {type}};
        for (const std::string& backend : backends) {
          const ScoreCell* cell = nullptr;
          if (auto b = matrix.find(backend == "(unnamed)" ? "" : backend); b != matrix.end()) {
            if (auto o = b->second.find(op); o != b->second.end()) {
              if (auto v = o->second.find(version); v != o->second.end()) {
                if (auto t = v->second.find(type); t != v->second.end()) cell = &t->second;
              }
            }
          }
          row.push_back(cell == nullptr ? TableCell{""} : TableCell{cell->Text(), cell->colour()});
        }
        table.rows.push_back(std::move(row));
      }
    }
    page.push_back(std::move(table));
  }
  const NegativeCells negative = BuildNegativeCells(results);
  if (!negative.empty()) {
    page.push_back(Heading(2, "Negative cases"));
    page.push_back(Paragraph("Cases that break a rule: passing means the backend refused them."));
    std::set<std::string> ops;
    for (const auto& [backend, cells] : negative) {
      for (const auto& [op, cell] : cells) ops.insert(op);
    }
    Block table{.kind = Block::Kind::kTable, .header = {"operator"}};
    for (const std::string& backend : backends) table.header.push_back(CleanLine(backend));
    for (const std::string& op : ops) {
      std::vector<TableCell> row = {{CleanLine(op)}};
      for (const std::string& backend : backends) {
        const ScoreCell* cell = nullptr;
        if (auto b = negative.find(backend == "(unnamed)" ? "" : backend); b != negative.end()) {
          if (auto o = b->second.find(op); o != b->second.end()) cell = &o->second;
        }
        row.push_back(cell == nullptr ? TableCell{""} : TableCell{cell->Text(), cell->colour()});
      }
      table.rows.push_back(std::move(row));
    }
    page.push_back(std::move(table));
  }

  Block causes = Heading(
      2, absl::StrCat("Failures and expected failures, by cause (", failures.size(), " causes)"));
  causes.anchor = "causes";
  page.push_back(std::move(causes));
  if (failures.empty()) page.push_back(Paragraph("None."));
  AddGroups(failures, /*with_example=*/true, page, "cause");
  const std::vector<ResultGroup> unsupported = UnsupportedGroups(results);
  page.push_back(
      Heading(2, absl::StrCat("Unsupported, by reason (", unsupported.size(), " reasons)")));
  if (unsupported.empty()) page.push_back(Paragraph("None."));
  AddGroups(unsupported, /*with_example=*/false, page);
  const std::vector<ResultGroup> readings = ReadingGroups(results);
  page.push_back(
      Heading(2, absl::StrCat("Divergent, by reading followed (", readings.size(), " readings)")));
  if (readings.empty()) page.push_back(Paragraph("None."));
  AddGroups(readings, /*with_example=*/false, page);
  return page;
}

std::string HtmlCellClass(const TableCell& cell) {
  return cell.colour.has_value() ? absl::StrCat(" class=\"", ColourCss(*cell.colour), "\"") : "";
}

}  // namespace

std::vector<ResultGroup> FailureGroups(const std::vector<CaseResult>& results) {
  return Grouped(
      results,
      [](const CaseResult& r) { return FailsRun(r.status) || r.status == CaseStatus::kXfail; },
      CauseOf);
}

std::string CombinedMarkdown(const std::vector<CaseResult>& results, absl::string_view title) {
  std::string md;
  for (const Block& block : BuildPage(results, title)) {
    switch (block.kind) {
      case Block::Kind::kHeading:
        absl::StrAppend(
            &md, std::string(block.level, '#'), " ",
            block.anchor.empty() ? "" : absl::StrCat("<a id=\"", block.anchor, "\"></a>"),
            MarkdownText(block.text), "\n\n");
        break;
      case Block::Kind::kParagraph: absl::StrAppend(&md, MarkdownText(block.text), "\n\n"); break;
      case Block::Kind::kPre: absl::StrAppend(&md, MarkdownFence(block.text), "\n"); break;
      case Block::Kind::kList:
        for (const std::string& item : block.items) {
          absl::StrAppend(&md, "- ", MarkdownText(item), "\n");
        }
        md += "\n";
        break;
      case Block::Kind::kTable:
        md += "|";
        for (const std::string& h : block.header) absl::StrAppend(&md, " ", MarkdownText(h), " |");
        md += "\n|";
        for (size_t i = 0; i < block.header.size(); ++i) md += "---|";
        md += "\n";
        for (const std::vector<TableCell>& row : block.rows) {
          md += "|";
          for (const TableCell& cell : row) {
            absl::StrAppend(
                &md, " ",
                cell.colour.has_value() ? absl::StrCat(ColourEmoji(*cell.colour), " ") : "",
                MarkdownText(cell.text));
            for (const auto& [text, anchor] : cell.links) {
              absl::StrAppend(&md, "<br>[", MarkdownText(text), "](#", anchor, ")");
            }
            md += " |";
          }
          md += "\n";
        }
        md += "\n";
        break;
    }
  }
  return md;
}

std::string CombinedHtml(const std::vector<CaseResult>& results, absl::string_view title) {
  std::string html = HtmlPageHead(title);
  for (const Block& block : BuildPage(results, title)) {
    switch (block.kind) {
      case Block::Kind::kHeading:
        absl::StrAppend(&html, "<h", block.level,
                        block.anchor.empty() ? "" : absl::StrCat(" id=\"", block.anchor, "\""), ">",
                        HtmlEscape(block.text), "</h", block.level, ">\n");
        break;
      case Block::Kind::kParagraph:
        absl::StrAppend(&html, "<p>", HtmlEscape(block.text), "</p>\n");
        break;
      case Block::Kind::kPre:
        absl::StrAppend(&html, "<pre>", HtmlEscape(block.text), "</pre>\n");
        break;
      case Block::Kind::kList:
        html += "<ul>\n";
        for (const std::string& item : block.items) {
          absl::StrAppend(&html, "<li>", HtmlEscape(item), "</li>\n");
        }
        html += "</ul>\n";
        break;
      case Block::Kind::kTable:
        html += "<table>\n<tr>";
        for (const std::string& h : block.header)
          absl::StrAppend(&html, "<th>", HtmlEscape(h), "</th>");
        html += "</tr>\n";
        for (const std::vector<TableCell>& row : block.rows) {
          html += "<tr>";
          for (const TableCell& cell : row) {
            absl::StrAppend(&html, "<td", HtmlCellClass(cell), ">", HtmlEscape(cell.text));
            for (const auto& [text, anchor] : cell.links) {
              absl::StrAppend(&html, "<br><a href=\"#", anchor, "\">", HtmlEscape(text), "</a>");
            }
            html += "</td>";
          }
          html += "</tr>\n";
        }
        html += "</table>\n";
        break;
    }
  }
  html += "</body>\n</html>\n";
  return html;
}

}  // namespace onnx_conform
