// CheckDataSet: test data against declarations and against what the schemas
// infer from the actual inputs (CheckCaseDir on files: case_checker_test.cc).
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "checker/checker.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/tensor_proto.h"
#include "testing/test_model.h"

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

namespace onnx_conform {
namespace {

// y = Identity-16(x), both declared `type` (a sequence or an optional).
TestModel IdentityOf(const onnx::TypeProto& type) {
  TestModel m(16);
  m.Input("x", kF, {}).Output("y", kF, {});
  *m.model.mutable_graph()->mutable_input(0)->mutable_type() = type;
  *m.model.mutable_graph()->mutable_output(0)->mutable_type() = type;
  m.Node("Identity", {"x"}, {"y"});
  return m;
}

onnx::TypeProto TensorType(onnx::TensorProto::DataType elem_type, std::vector<int64_t> dims) {
  onnx::TypeProto type;
  type.mutable_tensor_type()->set_elem_type(elem_type);
  for (int64_t d : dims) type.mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(d);
  return type;
}

TEST(CheckDataSetTest, SequenceElementsAgainstTheirDeclaration) {
  onnx::TypeProto type;
  *type.mutable_sequence_type()->mutable_elem_type() = TensorType(onnx::TensorProto::FLOAT, {2});
  const TestModel m = IdentityOf(type);
  const Tensor good = Tensor::Sequence({Floats({2}, {1, 2}), Floats({2}, {3, 4})});
  std::vector<Diagnostic> d = Check(m, Data{{good}, {good}, {"x"}, {"y"}});
  EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);
  const Tensor empty = Tensor::Sequence({});
  d = Check(m, Data{{empty}, {empty}, {}, {}});
  EXPECT_THAT(d, IsEmpty()) << DescribeDiagnostics(d);

  const Tensor wrong_type = Tensor::Sequence({Tensor::FromValues<int64_t>({2}, {1, 2})});
  d = Check(m, Data{{good}, {wrong_type}, {}, {}});
  ASSERT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataType))) << DescribeDiagnostics(d);
  EXPECT_EQ(d[0].message,
            "element 0 of the sequence: the tensor is int64 but the graph declares tensor(float)");

  const Tensor wrong_shape = Tensor::Sequence({Floats({3}, {1, 2, 3})});
  ExpectOnly(m, Data{{wrong_shape}, {good}, {}, {}}, rules::kDataShape);

  d = Check(m, Data{{Floats({2}, {1, 2})}, {good}, {}, {}});
  ASSERT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataType))) << DescribeDiagnostics(d);
  EXPECT_EQ(d[0].message,
            "the value is a float tensor [2], but the graph declares seq(tensor(float))");

  ExpectOnly(m, Data{{good}, {good}, {"other"}, {}}, rules::kDataNameMismatch);
}

// Values of the other element types are checked by type; the schemas'
// value rules, which read numbers, never see them.
TEST(CheckDataSetTest, NonNumericDataForANumericInputIsATypeMismatch) {
  TestModel m(13);
  m.Input("x", kF, {2}).Input("lo", kF, {}).Output("y", kF, {2});
  m.Node("Clip", {"x", "lo"}, {"y"});
  absl::StatusOr<Tensor> flag = Tensor::Create(ElementType::kBool, {});
  ASSERT_TRUE(flag.ok());
  flag->bytes()[0] = std::byte{1};
  for (const Tensor& bound : {*flag, Tensor::FromStrings({}, {"1"})}) {
    const Data data{{Floats({2}, {1, 2}), bound}, {Floats({2}, {1, 2})}, {}, {}};
    std::vector<Diagnostic> d = Check(m, data);
    EXPECT_THAT(RuleIds(d), ::testing::Contains(std::string(rules::kDataType)))
        << DescribeDiagnostics(d);
  }
}

TEST(CheckDataSetTest, OptionalsEmptyOrHoldingTheirDeclaredType) {
  onnx::TypeProto type;
  *type.mutable_optional_type()->mutable_elem_type() = TensorType(onnx::TensorProto::FLOAT, {});
  const TestModel m = IdentityOf(type);
  const Tensor none = Tensor::Optional(std::nullopt);
  const Tensor some = Tensor::Optional(Floats({}, {1}));
  EXPECT_THAT(Check(m, Data{{none}, {none}, {}, {}}), IsEmpty());
  EXPECT_THAT(Check(m, Data{{some}, {some}, {}, {}}), IsEmpty());
  const Tensor wrong = Tensor::Optional(Tensor::FromValues<int64_t>({}, {1}));
  std::vector<Diagnostic> d = Check(m, Data{{some}, {wrong}, {}, {}});
  ASSERT_THAT(RuleIds(d), ElementsAre(std::string(rules::kDataType))) << DescribeDiagnostics(d);
  EXPECT_THAT(d[0].message, ::testing::HasSubstr("the optional's value"));
  ExpectOnly(m, Data{{Tensor::Sequence({})}, {none}, {}, {}}, rules::kDataType);
}

}  // namespace
}  // namespace onnx_conform
