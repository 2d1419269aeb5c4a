// Helpers of the checker's tests: models built in C++ and expectations on the
// rule ids CheckModel reports for them.
//
//   ExpectOnly(ClipModel(11).model, rules::kShapeClipBoundNotScalar);
#ifndef ONNX_CONFORM_TESTING_CHECKER_TEST_UTIL_H_
#define ONNX_CONFORM_TESTING_CHECKER_TEST_UTIL_H_

#include <initializer_list>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "checker/checker.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "testing/test_model.h"

namespace onnx_conform::checker_testing {

using ::onnx_conform::testing_util::TestModel;

constexpr ElementType kF = ElementType::kFloat;
constexpr ElementType kI64 = ElementType::kInt64;

// Every diagnostic has rule id `rule`, and there is at least one.
inline void ExpectOnly(const onnx::ModelProto& model, absl::string_view rule) {
  std::vector<Diagnostic> d = CheckModel(model, "m.onnx");
  EXPECT_THAT(RuleIds(d), ::testing::ElementsAre(std::string(rule)))
      << testing_util::DescribeDiagnostics(d);
}

inline void ExpectValid(const onnx::ModelProto& model) {
  std::vector<Diagnostic> d = CheckModel(model, "m.onnx");
  EXPECT_THAT(d, ::testing::IsEmpty()) << testing_util::DescribeDiagnostics(d);
}

// Two-input Min (or Max) over [2,3] and [2,3] at `opset`.
inline TestModel MinModel(int64_t opset, ElementType type = kF, const std::string& op = "Min") {
  TestModel m(opset);
  m.Input("a", type, {2, 3}).Input("b", type, {2, 3}).Output("y", type, {2, 3});
  m.Node(op, {"a", "b"}, {"y"});
  return m;
}

inline TestModel ArgMinModel(int64_t opset, std::initializer_list<testing_util::TestDim> in,
                             std::initializer_list<testing_util::TestDim> out,
                             ElementType type = kF, const std::string& op = "ArgMin") {
  TestModel m(opset);
  m.Input("x", type, in).Output("y", kI64, out);
  m.Node(op, {"x"}, {"y"});
  return m;
}

inline TestModel ClipModel(int64_t opset, ElementType type = kF) {
  TestModel m(opset);
  m.Input("x", type, {2, 3}).Input("lo", type, {}).Input("hi", type, {}).Output("y", type, {2, 3});
  m.Node("Clip", {"x", "lo", "hi"}, {"y"});
  return m;
}

}  // namespace onnx_conform::checker_testing

#endif  // ONNX_CONFORM_TESTING_CHECKER_TEST_UTIL_H_
