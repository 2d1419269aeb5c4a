// Tests of explore's Less+Where graph steps (issue 31, point 1): where the
// registry lets them come, the graph BuildCase makes of one and what the
// reference computes for it, how shrinking takes one apart, and a bug only
// a Less+Where graph shows (oc-fake-adapter bug-fused-less-where) found and
// shrunk to the cell's node and that step.
//
//   ChainNode n{.op = kLessWhere, .operands = {b}};  // Where(Less(v, b), b, v)
#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "runners/explore/explore.h"
#include "runners/explore/explore_scenario.h"
#include "runners/explore/shrink.h"
#include "runners/harness/evaluate_model.h"
#include "runners/harness/in_memory_case.h"
#include "testing/explore_test_util.h"

namespace onnx_conform {
namespace {

using ::testing::HasSubstr;

uint64_t Bits(float v) { return std::bit_cast<uint32_t>(v); }

TensorSpec Floats(Shape shape, std::vector<float> values) {
  TensorSpec t{std::move(shape), {}};
  for (float v : values) t.bits.push_back(Bits(v));
  return t;
}

bool HasLessWhere(const ExploreCase& c) {
  return std::any_of(c.chain.begin(), c.chain.end(),
                     [](const ChainNode& n) { return n.IsLessWhere(); });
}

// ONNX's versions: Less-9 and Where-9 are the first that both exist and
// take integers; bfloat16 needs Where-16.
TEST(ExploreLessWhereTest, ComesWhereTheRegistryHasLessAndWhere) {
  EXPECT_FALSE(LessWhereTakes(8, ElementType::kFloat));  // no Where before 9
  EXPECT_TRUE(LessWhereTakes(11, ElementType::kFloat));
  EXPECT_TRUE(LessWhereTakes(11, ElementType::kInt8));
  EXPECT_FALSE(LessWhereTakes(13, ElementType::kBFloat16));  // Where-9 has none
  EXPECT_TRUE(LessWhereTakes(16, ElementType::kBFloat16));

  // Every cell with chains (all but the arg-reductions) has Less+Where
  // steps within its first 400 cases where the registry allows them, and
  // none elsewhere.
  int cells_with = 0, cells_without = 0;
  for (const ExploreCell& cell : CellsFor({}, {}, {})) {
    if (ScenarioOf(cell.op)->EndsChain()) continue;
    int64_t less_where = 0;
    for (int64_t k = 0; k < 400; ++k) {
      if (HasLessWhere(SteeredCaseGen(cell, k)(rc::Random(k + 1), 100).value())) ++less_where;
    }
    const std::string name = cell.op + "-" + std::to_string(cell.version) + " " +
                             std::string(ElementTypeName(cell.type));
    if (LessWhereTakes(cell.version, cell.type)) {
      ++cells_with;
      EXPECT_GT(less_where, 20) << name;
    } else {
      ++cells_without;
      EXPECT_EQ(less_where, 0) << name;
    }
  }
  EXPECT_GT(cells_with, 20);
  EXPECT_GT(cells_without, 0);  // bfloat16 below opset 16
}

// Min(x) -> Where(Less(b, v), v, b) with b a broadcast Constant: the nodes
// in order, b read by both, and the reference's values, NaN and -0 included.
TEST(ExploreLessWhereTest, BuildsTheTwoNodesAndTheReferenceRunsThem) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  ExploreCase c;
  c.cell = {"Min", 13, ElementType::kFloat};
  c.inputs = {Floats({3, 2}, {1, nan, -0.0f, 3, 5, -1})};
  ChainNode n;
  n.op = kLessWhere;
  n.operands = {Floats({2}, {2, 0})};
  n.node.source = ValueSource::kConstant;
  n.less_b_first = true;
  n.where_v_first = true;
  n.output_too = true;
  c.chain = {n};
  EXPECT_EQ(c.NodeCount(), 3);
  EXPECT_EQ(c.ElementCount(), 8);
  EXPECT_THAT(c.Describe(), HasSubstr("Where(Less(b, v), v, b) with b [2] from Constant"));
  EXPECT_THAT(c.Classes(), ::testing::Contains("less-where"));
  EXPECT_THAT(c.Features(), ::testing::Contains("less_where"));

  absl::StatusOr<BuiltCase> built = BuildCase(c);
  ASSERT_TRUE(built.ok()) << built.status();
  const onnx::GraphProto& graph = built->model.graph();
  ASSERT_EQ(graph.node_size(), 4);
  EXPECT_EQ(graph.node(0).op_type(), "Min");
  EXPECT_EQ(graph.node(1).op_type(), "Constant");
  const onnx::NodeProto& less = graph.node(2);
  const onnx::NodeProto& where = graph.node(3);
  EXPECT_EQ(less.op_type(), "Less");
  EXPECT_EQ(where.op_type(), "Where");
  const std::string v = graph.node(0).output(0), b = graph.node(1).output(0);
  EXPECT_THAT(less.input(), ::testing::ElementsAre(b, v));
  EXPECT_THAT(where.input(), ::testing::ElementsAre(less.output(0), v, b));
  ASSERT_EQ(graph.output_size(), 2);  // v too
  EXPECT_EQ(graph.output(0).name(), v);

  std::shared_ptr<const CheckedCase> checked =
      MakeReferenceCase("less-where", built->model, built->inputs);
  EXPECT_EQ(FirstCheckerError(*checked), "");
  absl::StatusOr<std::vector<Tensor>> out = RunModel(built->model, built->inputs);
  ASSERT_TRUE(out.ok()) << out.status();
  // b < v: 2<1 no, 0<NaN no; 2<-0 no, 0<3 yes; 2<5 yes, 0<-1 no.
  std::vector<uint32_t> got;
  for (float f : out->at(1).data<float>()) got.push_back(std::bit_cast<uint32_t>(f));
  EXPECT_THAT(got, ::testing::ElementsAre(Bits(2), Bits(0), Bits(2), Bits(3), Bits(5), Bits(0)));
}

// The pair is bypassed whole, its operand is cut with the value it is
// compared with, and it moves towards Clip-13's order.
TEST(ExploreLessWhereTest, ShrinksThePairWholeAndItsOperandWithTheValue) {
  ExploreCase c;
  c.cell = {"Min", 13, ElementType::kFloat};
  c.inputs = {Floats({3, 2}, {1, 2, 3, 4, 5, 6})};
  ChainNode n;
  n.op = kLessWhere;
  n.operands = {Floats({2}, {2, 0})};
  n.less_b_first = true;
  ChainNode identity;
  identity.op = "Identity";
  c.chain = {n, identity};
  const std::vector<ExploreCase> simpler = SimplerCases(c);
  ASSERT_FALSE(simpler.empty());
  EXPECT_EQ(simpler[0].chain, std::vector<ChainNode>{identity});
  EXPECT_EQ(simpler[0].NodeCount(), 2);
  auto has = [&simpler](auto pred) { return std::any_of(simpler.begin(), simpler.end(), pred); };
  EXPECT_TRUE(has([](const ExploreCase& s) {
    return s.chain.size() == 2 && s.inputs[0].shape == Shape{3, 1} &&
           s.chain[0].operands[0] == Floats({1}, {0});
  }));
  EXPECT_TRUE(has([](const ExploreCase& s) {
    return s.chain.size() == 2 && s.chain[0].IsLessWhere() && !s.chain[0].less_b_first;
  }));
}

// A backend that fuses Where(Less(p, q), q, p) into Max (and the Min form)
// gives NaN where Less's false picks a number: only such a graph shows it,
// and each finding shrinks to the cell's node and the Less+Where step.
TEST(ExploreLessWhereTest, FusedLessWhereIsFoundAndShrunkToTheStep) {
  std::unique_ptr<Backend> fake = FakeExploreBackend("bug-fused-less-where");
  ExploreOptions options{
      .cells = CellsFor({"Min"}, {13}, {ElementType::kFloat}), .cases = 1000, .seed = 1};
  ExploreResult result = ExploreOrFail(*fake, options);
  std::string keys;
  for (const ExploreFinding& f : result.findings) {
    keys += f.key + ": " + f.minimal.Describe() + "\n";
  }
  ASSERT_FALSE(result.findings.empty()) << keys;
  for (const ExploreFinding& f : result.findings) {
    EXPECT_TRUE(f.failure) << f.key;
    EXPECT_EQ(f.kind, "values") << f.key;
    const ExploreCase& minimal = f.minimal;
    ASSERT_EQ(minimal.chain.size(), 1u) << f.key << ": " << minimal.Describe();
    EXPECT_TRUE(minimal.chain[0].IsLessWhere()) << minimal.Describe();
    EXPECT_EQ(minimal.NodeCount(), 3) << minimal.Describe();
    EXPECT_LE(minimal.ElementCount(), 2) << minimal.Describe();
  }
  EXPECT_GT(result.statistics["less-where"], 0);

  // One-node cases of the same cell never show it.
  std::unique_ptr<Backend> one_node = FakeExploreBackend("bug-fused-less-where");
  options.cells = CellsFor({"Min"}, {8}, {ElementType::kFloat});
  options.cases = 200;
  EXPECT_TRUE(ExploreOrFail(*one_node, options).findings.empty());
}

}  // namespace
}  // namespace onnx_conform
