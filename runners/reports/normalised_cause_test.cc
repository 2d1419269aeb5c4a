// NormalisedCause (runners/reports/combined_scoreboard.h) is a linear scan:
// it gives what the six regular expressions it replaced gave on ordinary
// messages (the oracle below, on short inputs only), and takes linear time
// and constant stack on messages of any length.
#include <chrono>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "runners/reports/combined_scoreboard.h"
#include "runners/reports/report.h"
#include "runners/reports/scoreboard.h"

namespace onnx_conform {
namespace {

CaseResult WithMessage(const std::string& message) {
  CaseResult result;
  result.name = "x";
  result.status = CaseStatus::kFail;
  result.message = message;
  return result;
}

// The former implementation: std::regex, recursive per character.
std::string RegexOracle(const CaseResult& result) {
  static const auto* const kPatterns = new std::vector<std::pair<std::regex, std::string>>{
      {std::regex("test_data_set_\\d+"), "test_data_set_#"},
      {std::regex("(^|[^A-Za-z])'[^']*'"), "$1'…'"},
      {std::regex("\"[^\"]*\""), "\"…\""},
      {std::regex("[^\\s:,()'\"]*/[^\\s:,()'\"]*"), "<path>"},
      {std::regex("(^|[^A-Za-z_])[-+]?(nan|inf|infinity)\\b", std::regex::icase), "$1#"},
      {std::regex("(^|[^A-Za-z_\\d.])[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?"), "$1#"},
  };
  std::string text = ForTerminal(FirstDetail(result), false);
  for (const auto& [pattern, replacement] : *kPatterns) {
    text = std::regex_replace(text, pattern, replacement);
  }
  return text;
}

TEST(NormalisedCauseLinearTest, AgreesWithTheRegularExpressionsOnRealMessages) {
  for (const char* message : {
           "test_data_set_0: output 'result': 1 of 3 elements differ: [0] expected 1, got "
           "1.00000012",
           "adapter exited with status 9; stderr:\nfake: failing with 9",
           "/tmp/onnx-conform-Xy12ab/output_0.pb: cannot read 'output_0'",
           "output 0: shape [2, 3] where [3] was expected",
           "expected -inf, got NaN; +infinity; nan_payload; x-nan; 1e+10; .5; 3.; 2E-3f",
           "Can't create \"a b\" in (c/d, e/f): 'it's' done",
           "fail as expected (a.expect:3):\noutput 0: 1 of 1 elements differ",
           "input_0.pb: no float16 tensors in Min-13 (opset 13)",
       }) {
    EXPECT_EQ(NormalisedCause(WithMessage(message)), RegexOracle(WithMessage(message))) << message;
  }
}

TEST(NormalisedCauseLinearTest, AgreesWithTheRegularExpressionsOnRandomShortMessages) {
  const std::vector<std::string> tokens = {
      "a",   "A",   "n",    "N",    "i",        "f",   "x",    "e",   "E",
      "_",   "0",   "1",    "9",    ".",        "-",   "+",    "'",   "\"",
      "/",   ":",   ",",    "(",    ")",        " ",   "\t",   "…",   "test_data_set_",
      "nan", "inf", "NaN",  "-inf", "infinity", "1e5", "e-",   "2.5", "Inf",
      "é",   "\n",  "\x1b", "\xff", "set_1",    "a/b", "it's", "x1"};
  std::mt19937 random(28);
  for (int i = 0; i < 30000; ++i) {
    std::string message;
    const int count = static_cast<int>(random() % 12);
    for (int k = 0; k < count; ++k) message += tokens[random() % tokens.size()];
    const CaseResult result = WithMessage(message);
    ASSERT_EQ(NormalisedCause(result), RegexOracle(result)) << "message: '" << message << "'";
  }
}

TEST(NormalisedCauseLinearTest, HugeMessagesTakeLinearTime) {
  std::vector<std::string> messages = {
      "output '" + std::string(1 << 20, 'q') + "': differs",  // std::regex: SIGSEGV
      std::string(1 << 20, '\''),
      std::string(1 << 20, '/'),
      std::string(1 << 20, '1'),
  };
  std::string mixed;
  while (mixed.size() < (1u << 20)) mixed += " -1.5e+3'\"/nan.x_";
  messages.push_back(mixed);
  for (const std::string& message : messages) {
    const auto start = std::chrono::steady_clock::now();
    const std::string cause = NormalisedCause(WithMessage(message));
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 2)
        << message.substr(0, 20);
    EXPECT_LE(cause.size(), message.size() * 4);
  }
}

}  // namespace
}  // namespace onnx_conform
