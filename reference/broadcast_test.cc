// Broadcasting: output shapes, the collapsed walk plan, and the walk itself
// checked against an independent per-element formula (unravel, index) for
// ranks 1 to 6.
#include "reference/broadcast.h"

#include <cstdint>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace onnx_conform {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(BroadcastShapes, NumpyRules) {
  EXPECT_EQ(*BroadcastShapes({{2, 3, 4}, {3, 1}}), (Shape{2, 3, 4}));
  EXPECT_EQ(*BroadcastShapes({{}, {5}}), (Shape{5}));
  EXPECT_EQ(*BroadcastShapes({{}, {}}), (Shape{}));
  EXPECT_EQ(*BroadcastShapes({{2, 1}, {1, 3}}), (Shape{2, 3}));
  EXPECT_EQ(*BroadcastShapes({{0, 1}, {3}}), (Shape{0, 3}));
  EXPECT_EQ(*BroadcastShapes({{1}, {0}}), (Shape{0}));
  EXPECT_EQ(*BroadcastShapes({{2, 1, 1}, {3, 1}, {1, 1, 4}}), (Shape{2, 3, 4}));
  EXPECT_EQ(*BroadcastShapes({{1, 1, 1, 1, 1, 7}, {6, 1, 1, 1, 1}}), (Shape{1, 6, 1, 1, 1, 7}));
}

TEST(BroadcastShapes, IncompatibleShapesNameTheInputs) {
  absl::StatusOr<Shape> out = BroadcastShapes({{2, 3}, {3}, {2}});
  ASSERT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(out.status().message()), HasSubstr("input 0"));
  EXPECT_THAT(std::string(out.status().message()), HasSubstr("input 2"));
  EXPECT_FALSE(BroadcastShapes({{0}, {2}}).ok());  // 0 is not 1
}

TEST(PlanBroadcast, CollapsesDimensionsTreatedAlike) {
  BroadcastPlan same = PlanBroadcast({2, 3, 4}, {2, 3, 4}, {2, 3, 4});
  EXPECT_EQ(same.row_length, 24);
  EXPECT_TRUE(same.outer_dims.empty());

  BroadcastPlan row = PlanBroadcast({2, 3, 4}, {2, 3, 4}, {4});
  EXPECT_EQ(row.row_length, 4);
  EXPECT_EQ(row.a_row_step, 1);
  EXPECT_EQ(row.b_row_step, 1);
  EXPECT_THAT(row.outer_dims, ElementsAre(6));
  EXPECT_THAT(row.a_strides, ElementsAre(4));
  EXPECT_THAT(row.b_strides, ElementsAre(0));

  BroadcastPlan column = PlanBroadcast({2, 3, 4}, {2, 3, 1}, {1, 1, 4});
  EXPECT_EQ(column.row_length, 4);
  EXPECT_EQ(column.a_row_step, 0);
  EXPECT_EQ(column.b_row_step, 1);
  EXPECT_THAT(column.outer_dims, ElementsAre(6));
  EXPECT_THAT(column.a_strides, ElementsAre(1));
  EXPECT_THAT(column.b_strides, ElementsAre(0));

  BroadcastPlan scalar = PlanBroadcast({}, {}, {});
  EXPECT_EQ(scalar.element_count, 1);
  EXPECT_EQ(scalar.row_length, 1);
}

TEST(ForEachBroadcast, SmallLiteralCases) {
  const int64_t a[] = {1, 2, 3, 4, 5, 6};  // [2,3]
  const int64_t b[] = {10, 20};            // [2,1]
  int64_t out[6];
  ForEachBroadcast(PlanBroadcast({2, 3}, {2, 3}, {2, 1}), a, b, out,
                   [](int64_t x, int64_t y) { return x + y; });
  EXPECT_THAT(out, ElementsAre(11, 12, 13, 24, 25, 26));
  const int64_t c[] = {100, 200, 300};  // [3]
  ForEachBroadcast(PlanBroadcast({2, 3}, {2, 1}, {3}), b, c, out,
                   [](int64_t x, int64_t y) { return x + y; });
  EXPECT_THAT(out, ElementsAre(110, 210, 310, 120, 220, 320));
}

// A deterministic pseudo-random source (no library, so the test is stable).
struct Lcg {
  uint64_t state;
  int64_t Next(int64_t bound) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    return static_cast<int64_t>((state >> 33) % static_cast<uint64_t>(bound));
  }
};

// Row-major offset in `shape` (right-aligned to out) of the output index.
int64_t NaiveOffset(const Shape& out, const Shape& shape, int64_t flat) {
  std::vector<int64_t> index(out.size());
  for (size_t d = out.size(); d-- > 0;) {
    index[d] = flat % out[d];
    flat /= out[d];
  }
  const size_t pad = out.size() - shape.size();
  int64_t offset = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    offset = offset * shape[d] + (shape[d] == 1 ? 0 : index[pad + d]);
  }
  return offset;
}

TEST(ForEachBroadcast, MatchesTheNaiveFormulaForRanksOneToSix) {
  Lcg random{12345};
  int cases = 0;
  for (int rank = 1; rank <= 6; ++rank) {
    for (int trial = 0; trial < 40; ++trial) {
      Shape out(rank), a, b;
      for (int d = 0; d < rank; ++d) out[d] = 1 + random.Next(4);
      // Each input drops some leading dims and sets some dims to 1.
      const int a_rank = rank - static_cast<int>(random.Next(rank + 1));
      const int b_rank = rank - static_cast<int>(random.Next(rank + 1));
      for (int d = rank - a_rank; d < rank; ++d) a.push_back(random.Next(3) == 0 ? 1 : out[d]);
      for (int d = rank - b_rank; d < rank; ++d) b.push_back(random.Next(3) == 0 ? 1 : out[d]);
      absl::StatusOr<Shape> broadcast = BroadcastShapes({a, b});
      ASSERT_TRUE(broadcast.ok());
      const Shape& o = *broadcast;
      int64_t count = 1, a_count = 1, b_count = 1;
      for (int64_t d : o) count *= d;
      for (int64_t d : a) a_count *= d;
      for (int64_t d : b) b_count *= d;
      std::vector<int64_t> a_values(a_count), b_values(b_count), result(count);
      for (int64_t i = 0; i < a_count; ++i) a_values[i] = i * 1000;
      for (int64_t i = 0; i < b_count; ++i) b_values[i] = i;
      ForEachBroadcast(PlanBroadcast(o, a, b), a_values.data(), b_values.data(), result.data(),
                       [](int64_t x, int64_t y) { return x + y; });
      for (int64_t i = 0; i < count; ++i) {
        const int64_t expected = NaiveOffset(o, a, i) * 1000 + NaiveOffset(o, b, i);
        ASSERT_EQ(result[i], expected) << "element " << i << " of " << ShapeToString(o)
                                       << " from " << ShapeToString(a) << " and "
                                       << ShapeToString(b);
      }
      ++cases;
    }
  }
  EXPECT_EQ(cases, 240);
}

TEST(ForEachBroadcast, OutputMayAliasAFullSizeInput) {
  int64_t acc[] = {1, 2, 3, 4, 5, 6};  // [3,2]
  const int64_t b[] = {10, 20};        // [2]
  ForEachBroadcast(PlanBroadcast({3, 2}, {3, 2}, {2}), acc, b, acc,
                   [](int64_t x, int64_t y) { return x * y; });
  EXPECT_THAT(acc, ElementsAre(10, 40, 30, 80, 50, 120));
}

TEST(ForEachBroadcast, EmptyOutputTouchesNothing) {
  const int64_t a[] = {1};
  int64_t out[1] = {42};
  ForEachBroadcast(PlanBroadcast({0, 3}, {0, 1}, {3}), a, a, out,
                   [](int64_t, int64_t) -> int64_t { return 7; });
  EXPECT_EQ(out[0], 42);
}

}  // namespace
}  // namespace onnx_conform
