// An adequacy report (runners/adequacy/adequacy.h) as text for the
// terminal, as JSON (`--report-json`), and as the Markdown section of
// docs/coverage.md that puts case sets side by side.
//
//   std::cout << RenderAdequacyText(report);
//   WriteTextFile("adequacy.json", RenderAdequacyJson(report));
//   std::cout << RenderAdequacyMarkdown({{"the suite's library", library}, {"ONNX 1.12",
//   official}});
#ifndef ONNX_CONFORM_RUNNERS_ADEQUACY_ADEQUACY_REPORT_H_
#define ONNX_CONFORM_RUNNERS_ADEQUACY_ADEQUACY_REPORT_H_

#include <string>
#include <utility>
#include <vector>

#include "runners/adequacy/adequacy.h"

namespace onnx_conform {

// One line per bug (outcome, name, operator, versions, types, first killing
// case), the share killed per operator version, the survivors and the
// problems, then the score.
std::string RenderAdequacyText(const AdequacyReport& report);

// {"cases": N, "counted": N, "killed": N, "bugs": [{"name", "op", "kind",
// "versions", "types", "doc", "outcome", "killers": [{"case", "status",
// "message"}], "divergent": [...], "planted", "exercised", "problem"}],
// "versions": [{"op", "version", "cases", "bugs", "killed"}]}
std::string RenderAdequacyJson(const AdequacyReport& report);

// The catalogue with one column per case set (killed: the first killing
// case; otherwise the outcome), the score of each, and each set's
// surviving bugs. The sets must have measured the same bugs.
using NamedAdequacy = std::pair<std::string, const AdequacyReport*>;
std::string RenderAdequacyMarkdown(const std::vector<NamedAdequacy>& sets);

// The catalogue alone: name, operator, kind, versions, types, doc (`--list`).
std::string RenderCatalogue(const std::vector<const Bug*>& bugs);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_ADEQUACY_ADEQUACY_REPORT_H_
