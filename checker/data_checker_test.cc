// CheckDataSet: test data against declarations and against what the schemas
// infer from the actual inputs (CheckCaseDir on files: case_checker_test.cc).
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "checker/checker.h"
#include "checker/test_model.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "reference/tensor_proto.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::onnx_conform::testing_util::DescribeDiagnostics;
using ::onnx_conform::testing_util::Floats;
using ::onnx_conform::testing_util::SetInt;
using ::onnx_conform::testing_util::TestModel;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr ElementType kF = ElementType::kFloat;

struct Data {
  std::vector<Tensor> inputs;
  std::vector<Tensor> outputs;
  std::vector<std::string> input_names;
  std::vector<std::string> output_names;

  DataSetView View() const {
    DataSetView view{"ds", {}, {}};
    for (size_t k = 0; k < inputs.size(); ++k) {
      view.inputs.push_back({"ds/input_" + std::to_string(k) + ".pb", &inputs[k],
                             k < input_names.size() ? input_names[k] : ""});
    }
    for (size_t k = 0; k < outputs.size(); ++k) {
      view.outputs.push_back({"ds/output_" + std::to_string(k) + ".pb", &outputs[k],
                              k < output_names.size() ? output_names[k] : ""});
    }
    return view;
  }
};

std::vector<Diagnostic> Check(const TestModel& m, const Data& data) {
  return CheckDataSet(m.model, data.View(), "m.onnx");
}

void ExpectOnly(const TestModel& m, const Data& data, absl::string_view rule) {
  std::vector<Diagnostic> d = Check(m, data);
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rule))) << DescribeDiagnostics(d);
}

TestModel Min2(std::initializer_list<testing_util::TestDim> a,
               std::initializer_list<testing_util::TestDim> b,
               std::initializer_list<testing_util::TestDim> y) {
  TestModel m(13);
  m.Input("a", kF, a).Input("b", kF, b).Output("y", kF, y);
  m.Node("Min", {"a", "b"}, {"y"});
  return m;
}

TEST(CheckDataSetTest, MatchingDataIsValid) {
  Data data{{Floats({2}, {1, 5}), Floats({2}, {3, 2})}, {Floats({2}, {1, 2})}, {"a", "b"}, {"y"}};
  std::vector<Diagnostic> d = Check(Min2({2}, {2}, {2}), data);
  EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);
  // Symbolic declarations take any size.
  d = Check(Min2({"N"}, {"N"}, {"N"}), data);
  EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);
}

TEST(CheckDataSetTest, InputAndOutputCounts) {
  Data one_input{{Floats({2}, {1, 5})}, {Floats({2}, {1, 2})}, {}, {}};
  ExpectOnly(Min2({2}, {2}, {2}), one_input, rules::kDataInputCount);
  Data no_output{{Floats({2}, {1, 5}), Floats({2}, {3, 2})}, {}, {}, {}};
  ExpectOnly(Min2({2}, {2}, {2}), no_output, rules::kDataOutputCount);
}

TEST(CheckDataSetTest, InitializersAreNotFed) {
  TestModel m(13);
  m.Input("x", kF, {2}).Output("y", kF, {2});
  m.Node("Clip", {"x", "lo"}, {"y"});
  *m.model.mutable_graph()->add_initializer() = TensorToProto(Floats({}, {0}), "lo");
  Data data{{Floats({2}, {-1, 1})}, {Floats({2}, {0, 1})}, {}, {}};
  std::vector<Diagnostic> d = Check(m, data);
  EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);
}

TEST(CheckDataSetTest, TypeAgainstDeclaration) {
  Data data{{Floats({2}, {1, 5}), Tensor::FromValues<double>({2}, {3, 2})},
            {Floats({2}, {1, 2})},
            {},
            {}};
  ExpectOnly(Min2({2}, {2}, {2}), data, rules::kDataType);
}

TEST(CheckDataSetTest, ShapeAgainstDeclaration) {
  Data data{{Floats({2}, {1, 5}), Floats({3}, {3, 2, 1})}, {Floats({2}, {1, 2})}, {}, {}};
  ExpectOnly(Min2({2}, {2}, {2}), data, rules::kDataShape);
  Data output{{Floats({2}, {1, 5}), Floats({2}, {3, 2})}, {Floats({1, 2}, {1, 2})}, {}, {}};
  ExpectOnly(Min2({2}, {2}, {2}), output, rules::kDataShape);
}

// The declarations leave the shapes open; the data fixes them.
TEST(CheckDataSetTest, ExpectedOutputShapeAgainstInference) {
  Data data{
      {Floats({2, 1}, {1, 5}), Floats({3}, {3, 2, 1})}, {Floats({2, 2}, {1, 2, 1, 2})}, {}, {}};
  std::vector<Diagnostic> d = Check(Min2({"N", 1}, {"M"}, {"P", "Q"}), data);
  ASSERT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataShape))) << DescribeDiagnostics(d);
  EXPECT_EQ(d[0].file, "ds/output_0.pb");
  EXPECT_THAT(d[0].message, testing::HasSubstr("[2,3]"));
}

// The model's own disagreement is CheckModel's finding; data that matches
// the declaration does not repeat it.
TEST(CheckDataSetTest, DeclaredOutputAlreadyReportedByCheckModel) {
  TestModel m(13);
  m.Input("x", kF, {2, 2}).Output("y", kF, {2, 1});
  SetInt(m.Node("ArgMin", {"x"}, {"y"}), "axis", 1);
  Data data{{Floats({2, 2}, {1, 2, 3, 4})}, {Floats({2, 1}, {0, 0})}, {}, {}};
  std::vector<Diagnostic> d = Check(m, data);
  EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);
  EXPECT_THAT(RuleIds(CheckModel(m.model, "m.onnx")),
              ElementsAre(std::string(rules::kOutputTypeInferred)));
}

TEST(CheckDataSetTest, ShapeRulesWithTheDataShapes) {
  Data data{{Floats({2}, {1, 5}), Floats({3}, {3, 2, 1})}, {Floats({2}, {1, 2})}, {}, {}};
  std::vector<Diagnostic> d = Check(Min2({"N"}, {"M"}, {"N"}), data);
  ASSERT_THAT(RuleIds(d), ElementsAre(std::string(rules::kShapeBroadcast)))
      << DescribeDiagnostics(d);
  EXPECT_EQ(d[0].file, "ds");

  TestModel argmin(13);
  argmin.InputUnranked("x", kF).Output("y", ElementType::kInt64, {"N", 1});
  SetInt(argmin.Node("ArgMin", {"x"}, {"y"}), "axis", 2);
  Data rank2{{Floats({2, 2}, {1, 2, 3, 4})}, {Tensor::FromValues<int64_t>({2, 1}, {0, 0})}, {}, {}};
  ExpectOnly(argmin, rank2, rules::kAttrAxisRange);
}

TEST(CheckDataSetTest, ArgMinOverAnEmptyAxisInTheData) {
  TestModel m(13);
  m.Input("x", kF, {2, "N"}).Output("y", ElementType::kInt64, {2, 1});
  SetInt(m.Node("ArgMin", {"x"}, {"y"}), "axis", 1);
  Data data{{Tensor::FromValues<float>({2, 0}, {})},
            {Tensor::FromValues<int64_t>({2, 1}, {0, 0})},
            {},
            {}};
  ExpectOnly(m, data, rules::kShapeReducedAxisEmpty);
}

TEST(CheckDataSetTest, NameMismatchIsAWarning) {
  Data data{{Floats({2}, {1, 5}), Floats({2}, {3, 2})}, {Floats({2}, {1, 2})}, {"a", "c"}, {"y"}};
  std::vector<Diagnostic> d = Check(Min2({2}, {2}, {2}), data);
  EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataNameMismatch)))
      << DescribeDiagnostics(d);
  EXPECT_FALSE(HasErrors(d));
}

TestModel ClipInputs(int opset) {
  TestModel m(opset);
  m.Input("x", kF, {2}).Input("lo", kF, {}).Input("hi", kF, {}).Output("y", kF, {2});
  m.Node("Clip", {"x", "lo", "hi"}, {"y"});
  return m;
}

TEST(CheckDataSetTest, ClipMinAboveMaxIsUnstatedBeforeVersion13) {
  Data data{{Floats({2}, {1, 5}), Floats({}, {4}), Floats({}, {2})}, {Floats({2}, {2, 2})}, {}, {}};
  for (int opset : {11, 12}) {
    std::vector<Diagnostic> d = Check(ClipInputs(opset), data);
    EXPECT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataClipBoundsOrder)))
        << DescribeDiagnostics(d);
    EXPECT_FALSE(HasErrors(d));
  }
  std::vector<Diagnostic> d = Check(ClipInputs(13), data);
  EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);
}

TEST(CheckDataSetTest, ClipNanBound) {
  Data data{{Floats({2}, {1, 5}), Floats({}, {std::nanf("")}), Floats({}, {2})},
            {Floats({2}, {1, 2})},
            {},
            {}};
  ExpectOnly(ClipInputs(13), data, rules::kDataClipBoundNan);
}

TEST(CheckDataSetTest, ClipBoundNotScalarInTheData) {
  TestModel m(13);
  m.Input("x", kF, {2}).InputUnranked("lo", kF).Output("y", kF, {2});
  m.Node("Clip", {"x", "lo"}, {"y"});
  Data data{{Floats({2}, {1, 5}), Floats({1}, {0})}, {Floats({2}, {1, 5})}, {}, {}};
  ExpectOnly(m, data, rules::kShapeClipBoundScalar);
}

}  // namespace
}  // namespace onnx_conform
