#include "runners/adequacy/mutant_edits.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

template <typename T>
std::vector<T> Values(const Tensor& t) {
  return std::vector<T>(t.data<T>().begin(), t.data<T>().end());
}

uint32_t Bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

TEST(MutantEditsTest, ReverseOrderReversesEveryType) {
  Tensor i8 = Tensor::FromValues<int8_t>({3}, {0, 5, -128});
  EditElements(i8, ElementEdit::kReverseOrder);
  EXPECT_EQ(Values<int8_t>(i8), (std::vector<int8_t>{-1, -6, 127}));
  Tensor u8 = Tensor::FromValues<uint8_t>({2}, {0, 200});
  EditElements(u8, ElementEdit::kReverseOrder);
  EXPECT_EQ(Values<uint8_t>(u8), (std::vector<uint8_t>{255, 55}));
  Tensor f = Tensor::FromValues<float>({2}, {1.5f, -0.0f});
  EditElements(f, ElementEdit::kReverseOrder);
  EXPECT_EQ(Bits(f.data<float>()[0]), Bits(-1.5f));
  EXPECT_EQ(Bits(f.data<float>()[1]), 0u);
  Tensor h = Tensor::FromValues<Float16>({1}, {Float16::FromBits(0x3C00)});  // 1.0
  EditElements(h, ElementEdit::kReverseOrder);
  EXPECT_EQ(h.data<Float16>()[0].bits(), 0xBC00);
}

TEST(MutantEditsTest, FlipSignBitTouchesUnsignedOnly) {
  Tensor u8 = Tensor::FromValues<uint8_t>({2}, {0, 200});
  EditElements(u8, ElementEdit::kFlipSignBit);
  EXPECT_EQ(Values<uint8_t>(u8), (std::vector<uint8_t>{128, 72}));
  Tensor i8 = Tensor::FromValues<int8_t>({1}, {-3});
  EditElements(i8, ElementEdit::kFlipSignBit);
  EXPECT_EQ(i8.data<int8_t>()[0], -3);
}

TEST(MutantEditsTest, RoundingThroughDoubleAndFloatSaturates) {
  const int64_t big = (int64_t{1} << 53) + 1;
  Tensor i64 = Tensor::FromValues<int64_t>({2}, {big, std::numeric_limits<int64_t>::max()});
  EditElements(i64, ElementEdit::kThroughDouble);
  EXPECT_EQ(i64.data<int64_t>()[0], int64_t{1} << 53);
  EXPECT_EQ(i64.data<int64_t>()[1], std::numeric_limits<int64_t>::max());
  Tensor i32 = Tensor::FromValues<int32_t>({1}, {16777217});
  EditElements(i32, ElementEdit::kThroughDouble);
  EXPECT_EQ(i32.data<int32_t>()[0], 16777217);  // exact in double: untouched
  EditElements(i32, ElementEdit::kThroughFloat32);
  EXPECT_EQ(i32.data<int32_t>()[0], 16777216);
  Tensor i16 = Tensor::FromValues<int16_t>({1}, {32767});
  EditElements(i16, ElementEdit::kThroughFloat32);
  EXPECT_EQ(i16.data<int16_t>()[0], 32767);
}

TEST(MutantEditsTest, FloatEditsKeepSigns) {
  const float denormal = std::numeric_limits<float>::denorm_min();
  Tensor f = Tensor::FromValues<float>({4}, {denormal, -denormal, -0.0f, NAN});
  EditElements(f, ElementEdit::kFlushDenormals);
  EXPECT_EQ(Bits(f.data<float>()[0]), 0u);
  EXPECT_EQ(Bits(f.data<float>()[1]), 0x80000000u);
  EditElements(f, ElementEdit::kNegativeZeroToPositive);
  EXPECT_EQ(Bits(f.data<float>()[1]), 0u);
  EditElements(f, ElementEdit::kNaNToNegativeInf);
  EXPECT_EQ(f.data<float>()[3], -INFINITY);
  Tensor h =
      Tensor::FromValues<Float16>({2}, {Float16::FromBits(0x8001), Float16::FromBits(0x7E00)});
  EditElements(h, ElementEdit::kFlushDenormals);
  EditElements(h, ElementEdit::kNaNToPositiveInf);
  EXPECT_EQ(h.data<Float16>()[0].bits(), 0x8000);
  EXPECT_EQ(h.data<Float16>()[1].bits(), 0x7C00);
}

TEST(MutantEditsTest, OutputsReshapedRepeatedNarrowedWidened) {
  Tensor t = Tensor::FromValues<int64_t>({2}, {7, -1});
  EXPECT_EQ(Reshaped(t, {2, 1}).shape(), (Shape{2, 1}));
  Tensor r = RepeatedInto(t, {3});
  EXPECT_EQ(Values<int64_t>(r), (std::vector<int64_t>{7, -1, 7}));
  Tensor n = NarrowedIndices(t);
  EXPECT_EQ(n.type(), ElementType::kInt32);
  EXPECT_EQ(n.data<int32_t>()[1], -1);
  Tensor h = Tensor::FromValues<Float16>({1}, {Float16::FromBits(0x3C00)});
  Tensor w = WidenedHalf(h);
  EXPECT_EQ(w.type(), ElementType::kFloat);
  EXPECT_EQ(w.data<float>()[0], 1.0f);
}

TEST(MutantEditsTest, NodeInputsSwappedKeptAndFedByPosition) {
  MutantRun run;
  onnx::GraphProto& g = *run.model.mutable_graph();
  onnx::NodeProto& node = *g.add_node();
  node.set_op_type("Clip");
  node.add_input("x");
  node.add_input("");
  node.add_input("hi");
  g.add_input()->set_name("x");
  g.add_input()->set_name("hi");
  run.inputs = {Tensor::FromValues<float>({1}, {1}), Tensor::FromValues<float>({1}, {2})};
  ASSERT_NE(run.FedInput(2), nullptr);
  EXPECT_EQ(run.FedInput(2)->data<float>()[0], 2.0f);
  EXPECT_EQ(run.FedInput(1), nullptr);
  SwapNodeInputs(run, 1, 2);
  EXPECT_EQ(run.node().input_size(), 2);
  EXPECT_EQ(run.node().input(1), "hi");
  KeepNodeInputs(run, 1);
  EXPECT_EQ(run.node().input_size(), 1);
  SetConstantInput(run, 2, 3.0);
  EXPECT_EQ(run.node().input_size(), 3);
  EXPECT_TRUE(HasNodeInput(run, 2));
  EXPECT_FALSE(HasNodeInput(run, 1));
  EXPECT_EQ(run.model.graph().initializer_size(), 1);
}

}  // namespace
}  // namespace onnx_conform
