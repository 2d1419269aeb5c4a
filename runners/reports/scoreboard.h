// Scoreboards of a run for people: per backend, an operator x version x type
// matrix with pass counts and a colour per cell, then every failure with its
// message and first mismatches, then the known gaps (xfail, divergent)
// grouped by the expectation line that explains them, one line per case. Markdown
// (`--scoreboard-md=FILE`, for docs/backends/) and one self-contained HTML
// page (`--scoreboard-html=FILE`, inline CSS, no script, no external file).
//
//   WriteTextFile("board.md", ScoreboardMarkdown(results, "ONNX Conform: onnxruntime"));
//
// A cell's colour, worst first: red (fail, error, crash, timeout or xpass),
// orange (xfail or divergent: known gaps), yellow (some passed, some
// unsupported or invalid), green (all passed), grey (none ran: unsupported
// or invalid only).
#ifndef ONNX_CONFORM_RUNNERS_SCOREBOARD_H_
#define ONNX_CONFORM_RUNNERS_SCOREBOARD_H_

#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "runners/harness/case_result.h"
#include "runners/reports/report_facts.h"

namespace onnx_conform {

enum class CellColour { kGreen, kYellow, kOrange, kRed, kGrey };

struct ScoreCell {
  std::map<CaseStatus, int> counts;
  int total = 0;
  int passed() const;
  CellColour colour() const;
  // "10/12 (1 fail, 1 unsupported)".
  std::string Text() const;
};

// backend -> operator -> version -> type -> cell. Results with no operator
// are filed under "(unknown)", version 0, type "(none)".
using ScoreMatrix =
    std::map<std::string,
             std::map<std::string, std::map<int64_t, std::map<std::string, ScoreCell>>>>;
// Negative cases are left out of the matrix: they break a rule of the
// operator rather than exercise a (version, type) cell.
ScoreMatrix BuildScoreMatrix(const std::vector<CaseResult>& results);

// Negative cases: backend -> operator -> cell (pass = refused).
using NegativeCells = std::map<std::string, std::map<std::string, ScoreCell>>;
NegativeCells BuildNegativeCells(const std::vector<CaseResult>& results);

// The type names in the display order of type columns: floats, then signed,
// then unsigned integers; any other after them, in name order.
std::vector<std::string> InTypeOrder(const std::set<std::string>& types);

// Shared with the combined page (runners/reports/combined_scoreboard.h).
absl::string_view ColourEmoji(CellColour colour);
absl::string_view ColourCss(CellColour colour);
// "<!DOCTYPE html>" up to "<body>": the title (escape codes removed) and the
// pages' one inline style sheet.
std::string HtmlPageHead(absl::string_view title);
// The first line of a message that says something of its own: preamble
// lines ("fail as expected (...):", "...; stderr:") end with a colon.
std::string FirstDetail(const CaseResult& r);

// The share of cases passed, rounded down so that "100%" means all passed:
// "99%", "<1%"; "-" when there is no case.
std::string PassPercent(int passed, int total);
// "pass rate 65% (2719 of 4145 cases); failed 0, known failures (xfail)
// 1375, divergent 16": "failed 0" never stands alone when an expectation
// file turned the failures into xfail.
std::string PassRateLine(const std::vector<CaseResult>& results);

// The run's scoreboard; under the title, FactsText (suite version, runtime,
// date, command line) when `facts` or the results give any.
std::string ScoreboardMarkdown(const std::vector<CaseResult>& results, absl::string_view title,
                               const PageFacts& facts = {});
std::string ScoreboardHtml(const std::vector<CaseResult>& results, absl::string_view title,
                           const PageFacts& facts = {});

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_SCOREBOARD_H_
