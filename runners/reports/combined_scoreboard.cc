#include "runners/reports/combined_scoreboard.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "runners/harness/policy.h"
#include "runners/reports/markup.h"
#include "runners/reports/report.h"
#include "runners/reports/scoreboard.h"

namespace onnx_conform {
namespace {

constexpr size_t kListedCases = 20;  // per group; the rest are counted
constexpr int kBarCells = 10;        // characters of a Markdown pass-rate bar

// The page as blocks, rendered once as Markdown and once as HTML.
struct TableCell {
  std::string text = {};
  std::optional<CellColour> colour = std::nullopt;  // by status (the detail)
  // The overview's cells: coloured by pass rate, with a second line, a
  // pass-rate bar when `bar`, and every count on hover (HTML).
  std::optional<double> pass_rate = std::nullopt;
  std::string note = {};
  bool bar = false;
  bool one_line = false;   // HTML: text, note and bar side by side
  bool fails_run = false;  // some case fails the run: outlined in red
  std::string hover = {};
  // Links after the text, one per line: (text, anchor of a heading below).
  std::vector<std::pair<std::string, std::string>> links = {};
};
struct Block {
  enum class Kind { kHeading, kParagraph, kTable, kList, kPre, kRateLegend } kind;
  int level = 2;                                  // kHeading
  std::string anchor = {};                        // kHeading: an id links point to
  std::string text = {};                          // kHeading, kParagraph, kPre, kRateLegend
  std::vector<std::string> header = {};           // kTable
  std::vector<std::string> header_notes = {};     // kTable, HTML: a smaller line per heading
  std::string html_class = {};                    // kTable: how its cells are laid out
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

std::string BackendOf(const CaseResult& r) { return r.backend.empty() ? "(unnamed)" : r.backend; }
std::string OpOf(const CaseResult& r) { return r.op.empty() ? "(unknown)" : r.op; }

std::vector<std::string> BackendNames(const std::vector<CaseResult>& results) {
  std::set<std::string> names;
  for (const CaseResult& r : results) names.insert(BackendOf(r));
  return {names.begin(), names.end()};
}

// Each backend's runtimes as their adapters name them ("onnxruntime 1.32.0").
std::map<std::string, std::string> RuntimesByBackend(const std::vector<CaseResult>& results) {
  std::map<std::string, std::set<std::string>> runtimes;
  for (const CaseResult& r : results) {
    std::set<std::string>& names = runtimes[BackendOf(r)];
    if (!r.runtime.empty()) names.insert(CleanLine(r.runtime));
  }
  std::map<std::string, std::string> joined;
  for (const auto& [backend, names] : runtimes) {
    joined[backend] = names.empty() ? "unknown" : absl::StrJoin(names, ", ");
  }
  return joined;
}

std::string CaseEntry(const CaseResult& r) {
  return CleanLine(absl::StrCat(BackendOf(r), ": ", r.name,
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

void Count(const CaseResult& r, ScoreCell& cell) {
  ++cell.counts[r.status];
  ++cell.total;
}
int CountOf(const ScoreCell& cell, CaseStatus status) {
  auto it = cell.counts.find(status);
  return it == cell.counts.end() ? 0 : it->second;
}
// Cases that fail a run (fail, error, crash, timeout, xpass).
int FailedCount(const ScoreCell& cell) {
  int failed = 0;
  for (const auto& [status, count] : cell.counts) failed += FailsRun(status) ? count : 0;
  return failed;
}
double PassRate(const ScoreCell& cell) {
  return cell.total == 0 ? 0.0 : static_cast<double>(cell.passed()) / cell.total;
}

// An overview cell: the pass rate, then "passed/cases" and what failed the run.
TableCell RateCell(const ScoreCell& cell, bool bar) {
  TableCell out{.text = PassPercent(cell.passed(), cell.total),
                .pass_rate = PassRate(cell),
                .note = absl::StrCat(cell.passed(), "/", cell.total),
                .bar = bar,
                .hover = cell.Text()};
  if (const int failed = FailedCount(cell); failed > 0) {
    absl::StrAppend(&out.note, ", ", failed, " failed");
    out.fails_run = true;
  }
  return out;
}

// Markdown shows the pass rate in four steps (HTML: PassRateBackground).
absl::string_view RateEmoji(double pass_rate) {
  if (pass_rate >= 0.9) return "🟩";
  if (pass_rate >= 0.5) return "🟨";
  if (pass_rate >= 0.1) return "🟧";
  return "🟥";
}
std::string TextBar(double pass_rate) {
  const int filled = pass_rate >= 1.0 ? kBarCells : static_cast<int>(pass_rate * kBarCells);
  std::string bar;
  for (int i = 0; i < kBarCells; ++i) bar += i < filled ? "█" : "░";
  return bar;
}

// The page's first line: when, with which suite, how much.
std::string FactsLine(const std::vector<CaseResult>& results,
                      const std::vector<std::string>& backends, const PageFacts& facts) {
  std::vector<std::string> parts;
  if (!facts.run_date.empty()) parts.push_back(absl::StrCat("Runs of ", facts.run_date));
  if (!facts.suite_version.empty()) {
    parts.push_back(absl::StrCat("onnx-conform ", facts.suite_version));
  }
  parts.push_back(absl::StrCat(backends.size(), backends.size() == 1 ? " backend" : " backends",
                               ", ", results.size(), results.size() == 1 ? " result" : " results"));
  if (!facts.command_line.empty()) parts.push_back(absl::StrCat("made by ", facts.command_line));
  return CleanLine(absl::StrJoin(parts, " · "));
}

// Per backend: its runtime, pass rate and every outcome; "failed" is never
// shown alone, the known failures (xfail) and divergent cases stand beside it.
Block BackendsTable(const std::vector<CaseResult>& results,
                    const std::vector<std::string>& backends) {
  std::map<std::string, ScoreCell> cells;
  for (const CaseResult& r : results) Count(r, cells[BackendOf(r)]);
  const std::map<std::string, std::string> runtimes = RuntimesByBackend(results);
  Block table{.kind = Block::Kind::kTable,
              .header = {"backend", "runtime", "pass rate", "failed", "known failures", "divergent",
                         "not run"},
              .header_notes = {"", "", "passed / cases", "fail, error, crash, timeout, xpass",
                               "xfail: in its expectation file", "another reading",
                               "unsupported, invalid"}};
  for (const std::string& backend : backends) {
    const ScoreCell& cell = cells[backend];
    TableCell rate = RateCell(cell, /*bar=*/true);
    rate.note = absl::StrCat(cell.passed(), "/", cell.total);  // the failures have a column
    rate.fails_run = false;
    rate.one_line = true;
    const int failed = FailedCount(cell);
    table.rows.push_back({{CleanLine(backend)},
                          {runtimes.at(backend)},
                          std::move(rate),
                          {.text = absl::StrCat(failed), .fails_run = failed > 0},
                          {absl::StrCat(CountOf(cell, CaseStatus::kXfail))},
                          {absl::StrCat(CountOf(cell, CaseStatus::kDivergent))},
                          {absl::StrCat(CountOf(cell, CaseStatus::kUnsupported) +
                                        CountOf(cell, CaseStatus::kInvalid))}});
  }
  return table;
}

// Operators x backends coloured by pass rate, with a column over all
// backends and a row over all operators, both with bars.
Block RateMatrix(const std::vector<CaseResult>& results, const std::vector<std::string>& backends) {
  std::map<std::string, std::map<std::string, ScoreCell>> cells;  // op -> backend -> cell
  std::map<std::string, ScoreCell> by_op, by_backend;
  for (const CaseResult& r : results) {
    Count(r, cells[OpOf(r)][BackendOf(r)]);
    Count(r, by_op[OpOf(r)]);
    Count(r, by_backend[BackendOf(r)]);
  }
  const std::map<std::string, std::string> runtimes = RuntimesByBackend(results);
  Block table{.kind = Block::Kind::kTable,
              .header = {"operator", "all backends"},
              .header_notes = {"", ""}};
  for (const std::string& backend : backends) {
    table.header.push_back(CleanLine(backend));
    // "onnxjs 0.1.8" under "onnxjs": the version alone says it. "unknown"
    // is left to the backends' table.
    absl::string_view runtime = runtimes.at(backend);
    absl::ConsumePrefix(&runtime, absl::StrCat(CleanLine(backend), " "));
    table.header_notes.emplace_back(runtime == "unknown" ? "" : runtime);
  }
  for (const auto& [op, cells_of_op] : cells) {
    std::vector<TableCell> row = {{CleanLine(op)}, RateCell(by_op[op], /*bar=*/true)};
    for (const std::string& backend : backends) {
      auto it = cells_of_op.find(backend);
      row.push_back(it == cells_of_op.end() ? TableCell{""} : RateCell(it->second, false));
    }
    table.rows.push_back(std::move(row));
  }
  ScoreCell everything;
  for (const CaseResult& r : results) Count(r, everything);
  std::vector<TableCell> total = {{"all operators"}, RateCell(everything, /*bar=*/true)};
  for (const std::string& backend : backends) total.push_back(RateCell(by_backend[backend], true));
  table.rows.push_back(std::move(total));
  return table;
}

// The page's first screen: the facts, the backends, operators x backends.
void AddGlance(const std::vector<CaseResult>& results, const std::vector<std::string>& backends,
               const PageFacts& facts, std::vector<Block>& page) {
  page.push_back(Paragraph(FactsLine(results, backends, facts)));
  page.push_back(Heading(2, "At a glance"));
  page.push_back(BackendsTable(results, backends));
  page.push_back({.kind = Block::Kind::kRateLegend,
                  .text = "Pass rate: cases passed / cases, negative cases included (passing one "
                          "means refusing it); known failures count as not passed."});
  page.push_back(RateMatrix(results, backends));
}

// The causes shown per cell of the causes' overview.
constexpr size_t kTopCauses = 3;

// Operators x backends, each cell its most frequent causes of what did not
// pass, linked to their sections below.
void AddMainCauses(const std::vector<CaseResult>& results, const std::vector<std::string>& backends,
                   const std::vector<ResultGroup>& failures, std::vector<Block>& page) {
  std::map<std::string, std::set<std::string>> ran;  // op -> backends
  for (const CaseResult& r : results) ran[OpOf(r)].insert(BackendOf(r));
  page.push_back(Heading(2, "Main causes"));
  page.push_back(Paragraph(absl::StrCat(
      "The most frequent causes of failures and known failures per operator and backend (",
      failures.size(), failures.size() == 1 ? " cause" : " causes",
      " in all; each links to its cases below).")));
  Block table{.kind = Block::Kind::kTable, .header = {"operator"}, .html_class = "causes"};
  for (const std::string& backend : backends) table.header.push_back(CleanLine(backend));
  for (const auto& [op, op_backends] : ran) {
    std::vector<TableCell> row = {{CleanLine(op)}};
    for (const std::string& backend : backends) {
      if (op_backends.count(backend) == 0) {
        row.push_back({""});
        continue;
      }
      TableCell cell;
      std::vector<std::pair<size_t, size_t>> counts;  // (cases, group index)
      for (size_t g = 0; g < failures.size(); ++g) {
        size_t n = 0;
        for (const CaseResult* r : failures[g].results) {
          n += OpOf(*r) == op && BackendOf(*r) == backend;
        }
        if (n > 0) counts.push_back({n, g});
      }
      std::stable_sort(counts.begin(), counts.end(),
                       [](const auto& a, const auto& b) { return a.first > b.first; });
      if (counts.empty()) cell.text = "none";
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

std::vector<Block> BuildPage(const std::vector<CaseResult>& results, absl::string_view title,
                             const PageFacts& facts) {
  std::vector<Block> page;
  page.push_back(Heading(1, CleanLine(title)));
  const std::vector<std::string> backends = BackendNames(results);
  const std::vector<ResultGroup> failures = FailureGroups(results);
  AddGlance(results, backends, facts, page);

  // The causes.
  AddMainCauses(results, backends, failures, page);
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

  // The detail.
  page.push_back(Heading(2, "Detail: operator x version x type"));
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
    page.push_back(Heading(3, CleanLine(op)));
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
    page.push_back(Heading(3, "Negative cases"));
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

  return page;
}

// The attributes of a cell's <td>: its classes, graded background, hover text.
std::string HtmlCellAttributes(const TableCell& cell) {
  std::vector<absl::string_view> classes;
  if (cell.colour.has_value()) classes.push_back(ColourCss(*cell.colour));
  if (cell.pass_rate.has_value()) classes.push_back("rate");
  if (cell.fails_run) classes.push_back("fails");
  std::string attributes;
  if (!classes.empty())
    absl::StrAppend(&attributes, " class=\"", absl::StrJoin(classes, " "), "\"");
  if (cell.pass_rate.has_value()) {
    absl::StrAppend(&attributes, " style=\"background:", PassRateBackground(*cell.pass_rate), "\"");
  }
  if (!cell.hover.empty()) absl::StrAppend(&attributes, " title=\"", HtmlEscape(cell.hover), "\"");
  return attributes;
}

// The HTML pass-rate bar: a track and its filled part.
std::string HtmlBar(double pass_rate, bool one_line) {
  return absl::StrFormat("<span class=\"bar%s\"><span style=\"width:%.1f%%\"></span></span>",
                         one_line ? " inline" : "", 100 * std::clamp(pass_rate, 0.0, 1.0));
}

}  // namespace

std::vector<ResultGroup> FailureGroups(const std::vector<CaseResult>& results) {
  return Grouped(
      results,
      [](const CaseResult& r) { return FailsRun(r.status) || r.status == CaseStatus::kXfail; },
      CauseOf);
}

std::string PassRateBackground(double pass_rate) {
  // Hue 0 (red) to 120 (green); light enough for dark text at every step.
  return absl::StrFormat("hsl(%.0f,75%%,75%%)", 120 * std::clamp(pass_rate, 0.0, 1.0));
}

std::string CombinedMarkdown(const std::vector<CaseResult>& results, absl::string_view title,
                             const PageFacts& facts) {
  std::string md;
  for (const Block& block : BuildPage(results, title, facts)) {
    switch (block.kind) {
      case Block::Kind::kHeading:
        absl::StrAppend(
            &md, std::string(block.level, '#'), " ",
            block.anchor.empty() ? "" : absl::StrCat("<a id=\"", block.anchor, "\"></a>"),
            MarkdownText(block.text), "\n\n");
        break;
      case Block::Kind::kParagraph: absl::StrAppend(&md, MarkdownText(block.text), "\n\n"); break;
      case Block::Kind::kPre: absl::StrAppend(&md, MarkdownFence(block.text), "\n"); break;
      case Block::Kind::kRateLegend:
        absl::StrAppend(
            &md, MarkdownText(block.text),
            " Colour by pass rate: 🟩 90% or more, 🟨 50% or more, 🟧 10% or more, "
            "🟥 less; each bar is ten steps of 10%.\n\n");
        break;
      case Block::Kind::kList:
        for (const std::string& item : block.items) {
          absl::StrAppend(&md, "- ", MarkdownText(item), "\n");
        }
        md += "\n";
        break;
      case Block::Kind::kTable:
        md += "|";
        for (size_t i = 0; i < block.header.size(); ++i) {
          const bool noted = i < block.header_notes.size() && !block.header_notes[i].empty();
          absl::StrAppend(&md, " ", MarkdownText(block.header[i]),
                          noted ? absl::StrCat(" (", MarkdownText(block.header_notes[i]), ")") : "",
                          " |");
        }
        md += "\n|";
        for (size_t i = 0; i < block.header.size(); ++i) md += "---|";
        md += "\n";
        for (const std::vector<TableCell>& row : block.rows) {
          md += "|";
          for (const TableCell& cell : row) {
            md += " ";
            if (cell.colour.has_value()) absl::StrAppend(&md, ColourEmoji(*cell.colour), " ");
            if (cell.pass_rate.has_value()) {
              absl::StrAppend(&md, RateEmoji(*cell.pass_rate), " ",
                              cell.bar ? absl::StrCat(TextBar(*cell.pass_rate), " ") : "");
            }
            md += MarkdownText(cell.text);
            if (!cell.note.empty()) absl::StrAppend(&md, " (", MarkdownText(cell.note), ")");
            if (cell.fails_run && !cell.pass_rate.has_value()) md += " ❗";
            for (size_t i = 0; i < cell.links.size(); ++i) {
              const auto& [text, anchor] = cell.links[i];
              absl::StrAppend(&md, i == 0 && cell.text.empty() ? "" : "<br>", "[",
                              MarkdownText(text), "](#", anchor, ")");
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

std::string CombinedHtml(const std::vector<CaseResult>& results, absl::string_view title,
                         const PageFacts& facts) {
  std::string html = HtmlPageHead(title);
  for (const Block& block : BuildPage(results, title, facts)) {
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
        absl::StrAppend(
            &html, "<div class=\"scroll\"><table",
            block.html_class.empty() ? "" : absl::StrCat(" class=\"", block.html_class, "\""),
            ">\n<tr>");
        for (size_t i = 0; i < block.header.size(); ++i) {
          const bool noted = i < block.header_notes.size() && !block.header_notes[i].empty();
          absl::StrAppend(
              &html, "<th>", HtmlEscape(block.header[i]),
              noted ? absl::StrCat("<br><small>", HtmlEscape(block.header_notes[i]), "</small>")
                    : "",
              "</th>");
        }
        html += "</tr>\n";
        for (const std::vector<TableCell>& row : block.rows) {
          html += "<tr>";
          for (const TableCell& cell : row) {
            absl::StrAppend(&html, "<td", HtmlCellAttributes(cell), ">", HtmlEscape(cell.text));
            if (!cell.note.empty()) {
              absl::StrAppend(&html, cell.one_line ? " " : "<br>", "<small>", HtmlEscape(cell.note),
                              "</small>");
            }
            if (cell.bar && cell.pass_rate.has_value()) {
              html += HtmlBar(*cell.pass_rate, cell.one_line);
            }
            for (size_t i = 0; i < cell.links.size(); ++i) {
              const auto& [text, anchor] = cell.links[i];
              absl::StrAppend(&html, i == 0 && cell.text.empty() ? "" : "<br>", "<a href=\"#",
                              anchor, "\">", HtmlEscape(text), "</a>");
            }
            html += "</td>";
          }
          html += "</tr>\n";
        }
        html += "</table></div>\n";
        break;
      case Block::Kind::kRateLegend:
        absl::StrAppend(&html, "<p class=\"legend\"><span class=\"scale\" style=\"background:",
                        "linear-gradient(to right");
        for (double rate : {0.0, 0.25, 0.5, 0.75, 1.0}) {
          absl::StrAppend(&html, ",", PassRateBackground(rate));
        }
        absl::StrAppend(&html, ")\"></span> 0% to 100% passed. ", HtmlEscape(block.text),
                        " Outlined in red: some case fails the run. Hover a cell for every "
                        "count.</p>\n");
        break;
    }
  }
  html += "</body>\n</html>\n";
  return html;
}

}  // namespace onnx_conform
