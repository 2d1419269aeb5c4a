#include "checker/tensor_info.h"

#include <vector>

#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

constexpr SymbolicDim kUnknown = std::nullopt;

TEST(BroadcastShapesTest, NumpyRules) {
  std::vector<SymbolicShape> shapes = {{2, 1, 4}, {3, 1}};
  EXPECT_EQ(BroadcastShapes(shapes), (SymbolicShape{2, 3, 4}));
  shapes = {{}, {5}};
  EXPECT_EQ(BroadcastShapes(shapes), (SymbolicShape{5}));
  shapes = {{2, 3}, {3, 2}};
  EXPECT_EQ(BroadcastShapes(shapes), std::nullopt);
  shapes = {{0}, {1}};
  EXPECT_EQ(BroadcastShapes(shapes), (SymbolicShape{0}));
  shapes = {{0}, {2}};
  EXPECT_EQ(BroadcastShapes(shapes), std::nullopt);
}

TEST(BroadcastShapesTest, UnknownDimensions) {
  std::vector<SymbolicShape> shapes = {{kUnknown, 3}, {4, 1}};
  // The unknown must be 1 or 4: the result is 4.
  EXPECT_EQ(BroadcastShapes(shapes), (SymbolicShape{4, 3}));
  shapes = {{kUnknown}, {1}};
  EXPECT_EQ(BroadcastShapes(shapes), (SymbolicShape{kUnknown}));
  shapes = {{kUnknown}, {kUnknown}};
  EXPECT_EQ(BroadcastShapes(shapes), (SymbolicShape{kUnknown}));
}

TEST(ShapesCompatibleTest, RankAndKnownDimensions) {
  EXPECT_TRUE(ShapesCompatible({2, kUnknown}, {2, 7}));
  EXPECT_FALSE(ShapesCompatible({2, kUnknown}, {3, 7}));
  EXPECT_FALSE(ShapesCompatible({2}, {2, 1}));
  EXPECT_TRUE(ShapesCompatible({}, {}));
}

TEST(MergeInfoTest, FirstWinsAndUnknownsAreFilled) {
  TensorInfo a{ElementType::kFloat, SymbolicShape{kUnknown, 3}};
  TensorInfo b{ElementType::kDouble, SymbolicShape{2, 4}};
  TensorInfo merged = MergeInfo(a, b);
  EXPECT_EQ(merged.type, ElementType::kFloat);
  EXPECT_EQ(merged.shape, (SymbolicShape{2, 3}));
  EXPECT_EQ(MergeInfo(TensorInfo{}, b), b);
}

TEST(SymbolicShapeToStringTest, Spellings) {
  EXPECT_EQ(SymbolicShapeToString(SymbolicShape{2, kUnknown}), "[2,?]");
  EXPECT_EQ(SymbolicShapeToString(SymbolicShape{}), "[]");
  EXPECT_EQ(SymbolicShapeToString(std::nullopt), "unknown rank");
}

}  // namespace
}  // namespace onnx_conform
