// Broadcasting: output shapes, the collapsed walk plan, and the walk itself
// checked against an independent per-element formula (unravel, index) for
// ranks 1 to 6.
#include "tensor/broadcast.h"

#include <cstdint>
#include <limits>
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

BroadcastWalk Walk(const Shape& out, const Shape& a, const Shape& b) {
  const Shape inputs[] = {a, b};
  return PlanBroadcastWalk(out, inputs);
}

TEST(PlanBroadcastWalk, CollapsesDimensionsTreatedAlike) {
  BroadcastWalk same = Walk({2, 3, 4}, {2, 3, 4}, {2, 3, 4});
  EXPECT_EQ(same.row_length, 24);
  EXPECT_TRUE(same.outer_dims.empty());

  BroadcastWalk row = Walk({2, 3, 4}, {2, 3, 4}, {4});
  EXPECT_EQ(row.row_length, 4);
  EXPECT_THAT(row.row_steps, ElementsAre(1, 1));
  EXPECT_THAT(row.outer_dims, ElementsAre(6));
  EXPECT_THAT(row.strides, ElementsAre(ElementsAre(4, 0)));

  BroadcastWalk column = Walk({2, 3, 4}, {2, 3, 1}, {1, 1, 4});
  EXPECT_EQ(column.row_length, 4);
  EXPECT_THAT(column.row_steps, ElementsAre(0, 1));
  EXPECT_THAT(column.outer_dims, ElementsAre(6));
  EXPECT_THAT(column.strides, ElementsAre(ElementsAre(1, 0)));

  BroadcastWalk scalar = Walk({}, {}, {});
  EXPECT_EQ(scalar.element_count, 1);
  EXPECT_EQ(scalar.row_length, 1);
}

// out[i] = op(a[...], b[...]) over the walk, as the kernels run it (runs of
// up to 8 rows, each through ApplyRows).
template <typename Op>
void ApplyBroadcast(const Shape& out_shape, const Shape& a_shape, const Shape& b_shape,
                    const int64_t* a, const int64_t* b, int64_t* out, Op op) {
  const BroadcastWalk walk = Walk(out_shape, a_shape, b_shape);
  ForEachBroadcastRowRun(
      walk, 8, [&](int64_t out_offset, std::span<const int64_t> offsets, int64_t rows) {
        ApplyRows(out + out_offset, walk.row_length, walk.row_length, rows, op,
                  RowOperand<int64_t>{a + offsets[0], walk.row_steps[0], RowStride(walk, 0)},
                  RowOperand<int64_t>{b + offsets[1], walk.row_steps[1], RowStride(walk, 1)});
      });
}

TEST(ApplyBroadcast, SmallLiteralCases) {
  const int64_t a[] = {1, 2, 3, 4, 5, 6};  // [2,3]
  const int64_t b[] = {10, 20};            // [2,1]
  int64_t out[6];
  ApplyBroadcast({2, 3}, {2, 3}, {2, 1}, a, b, out, [](int64_t x, int64_t y) { return x + y; });
  EXPECT_THAT(out, ElementsAre(11, 12, 13, 24, 25, 26));
  const int64_t c[] = {100, 200, 300};  // [3]
  ApplyBroadcast({2, 3}, {2, 1}, {3}, b, c, out, [](int64_t x, int64_t y) { return x + y; });
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

// Random output shape of `rank` dimensions and two inputs that broadcast to
// it (each drops some leading dimensions and sets some to 1).
struct BroadcastCase {
  Shape out, a, b;
};
BroadcastCase RandomBroadcastCase(Lcg& random, int rank) {
  BroadcastCase c;
  Shape out(rank);
  for (int d = 0; d < rank; ++d) out[d] = 1 + random.Next(4);
  const int a_rank = rank - static_cast<int>(random.Next(rank + 1));
  const int b_rank = rank - static_cast<int>(random.Next(rank + 1));
  for (int d = rank - a_rank; d < rank; ++d) c.a.push_back(random.Next(3) == 0 ? 1 : out[d]);
  for (int d = rank - b_rank; d < rank; ++d) c.b.push_back(random.Next(3) == 0 ? 1 : out[d]);
  c.out = *BroadcastShapes({c.a, c.b});
  return c;
}

int64_t ElementCount(const Shape& shape) {
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  return count;
}

// Calls walk(case, a_values, b_values, result) for 240 random cases of ranks
// 1 to 6 (a holds i * 1000, b holds i) and checks that result[i] is a + b
// at the elements the naive formula picks.
template <typename Walk>
void ExpectSumsOfBroadcastElements(Walk walk) {
  Lcg random{12345};
  for (int rank = 1; rank <= 6; ++rank) {
    for (int trial = 0; trial < 40; ++trial) {
      const BroadcastCase c = RandomBroadcastCase(random, rank);
      std::vector<int64_t> a_values(ElementCount(c.a)), b_values(ElementCount(c.b));
      std::vector<int64_t> result(ElementCount(c.out));
      for (size_t i = 0; i < a_values.size(); ++i) a_values[i] = static_cast<int64_t>(i) * 1000;
      for (size_t i = 0; i < b_values.size(); ++i) b_values[i] = static_cast<int64_t>(i);
      walk(c, a_values.data(), b_values.data(), result.data());
      for (int64_t i = 0; i < static_cast<int64_t>(result.size()); ++i) {
        const int64_t expected = NaiveOffset(c.out, c.a, i) * 1000 + NaiveOffset(c.out, c.b, i);
        ASSERT_EQ(result[i], expected)
            << "element " << i << " of " << ShapeToString(c.out) << " from " << ShapeToString(c.a)
            << " and " << ShapeToString(c.b);
      }
    }
  }
}

TEST(ApplyBroadcast, MatchesTheNaiveFormulaForRanksOneToSix) {
  ExpectSumsOfBroadcastElements(
      [](const BroadcastCase& c, const int64_t* a, const int64_t* b, int64_t* out) {
        ApplyBroadcast(c.out, c.a, c.b, a, b, out, [](int64_t x, int64_t y) { return x + y; });
      });
}

// Runs of several rows (what Min uses; unbounded up to three inputs):
// every output row exactly once, no run longer than asked, and the same
// elements as the naive formula.
TEST(ForEachBroadcastRowRun, RunsOfRowsMatchTheNaiveFormula) {
  for (int64_t max_rows : {int64_t{1}, int64_t{2}, int64_t{3}, int64_t{5}, int64_t{100},
                           std::numeric_limits<int64_t>::max()}) {
    ExpectSumsOfBroadcastElements([&](const BroadcastCase& c, const int64_t* a, const int64_t* b,
                                      int64_t* out) {
      const std::vector<Shape> shapes = {c.a, c.b};
      const BroadcastWalk walk = PlanBroadcastWalk(c.out, shapes);
      int64_t rows_seen = 0;
      ForEachBroadcastRowRun(
          walk, max_rows, [&](int64_t out_offset, std::span<const int64_t> offsets, int64_t rows) {
            ASSERT_GE(rows, 1);
            ASSERT_LE(rows, max_rows);
            ASSERT_EQ(out_offset, rows_seen * walk.row_length);
            rows_seen += rows;
            ApplyRows(
                out + out_offset, walk.row_length, walk.row_length, rows,
                [](int64_t x, int64_t y) { return x + y; },
                RowOperand<int64_t>{a + offsets[0], walk.row_steps[0], RowStride(walk, 0)},
                RowOperand<int64_t>{b + offsets[1], walk.row_steps[1], RowStride(walk, 1)});
          });
      EXPECT_EQ(rows_seen * walk.row_length, ElementCount(c.out)) << "max_rows " << max_rows;
    });
  }
}

// Three operands in one loop, every combination of steps, in order:
// op(x, y, z) = 2(2x + y) + z tells them apart.
TEST(ApplyRows, PassesThreeOperandsInOrderForEveryStep) {
  const int64_t a[] = {1, 2, 3, 4, 5, 6};  // two rows of three
  const int64_t b[] = {10, 20, 30, 40, 50, 60};
  const int64_t c[] = {100, 200, 300, 400, 500, 600};
  const auto op = [](int64_t x, int64_t y, int64_t z) { return 2 * (2 * x + y) + z; };
  for (int64_t a_step : {0, 1}) {
    for (int64_t b_step : {0, 1}) {
      for (int64_t c_step : {0, 1}) {
        int64_t out[6] = {};
        ApplyRows(out, 3, 3, 2, op, RowOperand<int64_t>{a, a_step, 3},
                  RowOperand<int64_t>{b, b_step, 3}, RowOperand<int64_t>{c, c_step, 3});
        for (int64_t r = 0; r < 2; ++r) {
          for (int64_t i = 0; i < 3; ++i) {
            const int64_t at = r * 3;
            EXPECT_EQ(out[at + i],
                      2 * (2 * a[at + i * a_step] + b[at + i * b_step]) + c[at + i * c_step])
                << "steps " << a_step << b_step << c_step << " row " << r << " element " << i;
          }
        }
      }
    }
  }
}

// In place (out is the first operand), with later operands broadcast along
// the rows and across them (row stride 0).
TEST(ApplyRows, WritesInPlaceIntoTheFirstOperand) {
  int64_t acc[] = {1, 2, 3, 4, 5, 6};   // two rows of three
  const int64_t b[] = {10, 20};         // one value per row
  const int64_t c[] = {100, 200, 300};  // the same row for both rows
  ApplyRows(
      acc, 3, 3, 2, [](int64_t x, int64_t y, int64_t z) { return 2 * (2 * x + y) + z; },
      RowOperand<int64_t>{acc, 1, 3}, RowOperand<int64_t>{b, 0, 1}, RowOperand<int64_t>{c, 1, 0});
  EXPECT_THAT(acc, ElementsAre(2 * (2 + 10) + 100, 2 * (4 + 10) + 200, 2 * (6 + 10) + 300,
                               2 * (8 + 20) + 100, 2 * (10 + 20) + 200, 2 * (12 + 20) + 300));
}

TEST(ApplyBroadcast, OutputMayAliasAFullSizeInput) {
  int64_t acc[] = {1, 2, 3, 4, 5, 6};  // [3,2]
  const int64_t b[] = {10, 20};        // [2]
  ApplyBroadcast({3, 2}, {3, 2}, {2}, acc, b, acc, [](int64_t x, int64_t y) { return x * y; });
  EXPECT_THAT(acc, ElementsAre(10, 40, 30, 80, 50, 120));
}

TEST(ApplyBroadcast, EmptyOutputTouchesNothing) {
  const int64_t a[] = {1};
  int64_t out[1] = {42};
  ApplyBroadcast({0, 3}, {0, 1}, {3}, a, a, out, [](int64_t, int64_t) -> int64_t { return 7; });
  EXPECT_EQ(out[0], 42);
}

}  // namespace
}  // namespace onnx_conform
