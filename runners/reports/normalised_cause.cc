// NormalisedCause (runners/reports/combined_scoreboard.h): six regular
// expressions over the message's first detail, run by RE2 in Latin-1 mode
// (bytes, as the std::regex of the former implementation matched them;
// runners/reports/normalised_cause_test.cc holds that as the oracle). RE2
// takes linear time and constant stack whatever the message's length:
// std::regex recursed once per character, and a report run wrote (a 40 KB
// output name) crashed `merge`.
#include <string>

#include "re2/re2.h"
#include "runners/reports/combined_scoreboard.h"
#include "runners/reports/report.h"
#include "runners/reports/scoreboard.h"

namespace onnx_conform {
namespace {

struct Pass {
  RE2 pattern;
  const char* rewrite;
};

}  // namespace

std::string NormalisedCause(const CaseResult& result) {
  // \s is spelt out: RE2's leaves out \v, std::regex's did not.
  static const Pass* const kPasses = new Pass[6]{
      {RE2("test_data_set_\\d+", RE2::Latin1), "test_data_set_#"},
      // A quote after a letter is an apostrophe.
      {RE2("(^|[^A-Za-z])'[^']*'", RE2::Latin1), "\\1'…'"},
      {RE2("\"[^\"]*\"", RE2::Latin1), "\"…\""},
      {RE2("[^\\t\\n\\v\\f\\r :,()'\"]*/[^\\t\\n\\v\\f\\r :,()'\"]*", RE2::Latin1), "<path>"},
      {RE2("(^|[^A-Za-z_])[-+]?(?i:nan|inf|infinity)\\b", RE2::Latin1), "\\1#"},
      {RE2("(^|[^A-Za-z_\\d.])[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?", RE2::Latin1), "\\1#"},
  };
  std::string text = ForTerminal(FirstDetail(result), /*keep_newlines=*/false);
  for (int i = 0; i < 6; ++i) RE2::GlobalReplace(&text, kPasses[i].pattern, kPasses[i].rewrite);
  return text;
}

}  // namespace onnx_conform
