#include "runners/reports/combined_scoreboard.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
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
};
struct Block {
  enum class Kind { kHeading, kParagraph, kTable, kList, kPre } kind;
  int level = 2;                                  // kHeading
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
  std::vector<ResultGroup> groups;
  std::map<std::string, size_t> index;
  for (const CaseResult& r : results) {
    if (!wanted(r)) continue;
    const std::string k = key(r);
    auto [it, added] = index.emplace(k, groups.size());
    if (added) groups.push_back({k, {}});
    groups[it->second].results.push_back(&r);
  }
  std::stable_sort(groups.begin(), groups.end(), [](const ResultGroup& a, const ResultGroup& b) {
    return a.results.size() > b.results.size();
  });
  return groups;
}

// Each group: its key, count, backends, the cases, one example message.
void AddGroups(const std::vector<ResultGroup>& groups, bool with_example,
               std::vector<Block>& page) {
  for (const ResultGroup& group : groups) {
    std::set<std::string> backends;
    for (const CaseResult* r : group.results) backends.insert(r->backend);
    page.push_back(Heading(3, absl::StrCat(CleanLine(group.key), " (", group.results.size(),
                                           group.results.size() == 1 ? " case" : " cases", ")")));
    page.push_back(Paragraph(absl::StrCat("Backends: ", CleanLine(absl::StrJoin(backends, ", ")))));
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

std::vector<Block> BuildPage(const std::vector<CaseResult>& results, absl::string_view title) {
  std::vector<Block> page;
  page.push_back(Heading(1, CleanLine(title)));
  const std::vector<std::string> backends = BackendNames(results);
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
      std::vector<std::string> types(type_set.begin(), type_set.end());
      std::stable_sort(types.begin(), types.end(), [](const std::string& a, const std::string& b) {
        return TypeRank(a) < TypeRank(b);
      });
      for (const std::string& type : types) {
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

  const std::vector<ResultGroup> failures = FailureGroups(results);
  page.push_back(Heading(
      2, absl::StrCat("Failures and expected failures, by cause (", failures.size(), " causes)")));
  if (failures.empty()) page.push_back(Paragraph("None."));
  AddGroups(failures, /*with_example=*/true, page);
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
      [](const CaseResult& r) {
        return absl::StrCat(StatusName(r.status), ": ", NormalisedCause(r));
      });
}

std::vector<ResultGroup> UnsupportedGroups(const std::vector<CaseResult>& results) {
  return Grouped(
      results, [](const CaseResult& r) { return r.status == CaseStatus::kUnsupported; },
      [](const CaseResult& r) { return NormalisedCause(r); });
}

std::vector<ResultGroup> ReadingGroups(const std::vector<CaseResult>& results) {
  return Grouped(
      results, [](const CaseResult& r) { return r.status == CaseStatus::kDivergent; },
      [](const CaseResult& r) {
        return r.readings.empty() ? std::string("(no named reading)")
                                  : absl::StrCat("follows ", absl::StrJoin(r.readings, "+"));
      });
}

std::string CombinedMarkdown(const std::vector<CaseResult>& results, absl::string_view title) {
  std::string md;
  for (const Block& block : BuildPage(results, title)) {
    switch (block.kind) {
      case Block::Kind::kHeading:
        absl::StrAppend(&md, std::string(block.level, '#'), " ", MarkdownText(block.text), "\n\n");
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
                MarkdownText(cell.text), " |");
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
        absl::StrAppend(&html, "<h", block.level, ">", HtmlEscape(block.text), "</h", block.level,
                        ">\n");
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
            absl::StrAppend(&html, "<td", HtmlCellClass(cell), ">", HtmlEscape(cell.text), "</td>");
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
