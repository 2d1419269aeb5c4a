// The generators behind `onnx-conform explore` (runners/explore/explore_case.h).
#include "runners/explore/explore_case.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "cases/case_builder.h"
#include "cases/operator_versions.h"
#include "checker/model_versions.h"
#include "runners/explore/case_gen.h"
#include "runners/explore/explore_scenario.h"
#include "tensor/float16.h"

namespace onnx_conform {
namespace {

namespace gen = rc::gen;
using E = ElementType;
using case_gen::BroadcastShapeGen;
using case_gen::ChainGen;
using case_gen::FlagGen;
using case_gen::Pick;
using case_gen::ShapeGen;
using case_gen::SourceGen;
using case_gen::Steer;
using case_gen::TensorGen;
using case_gen::WeightedOneOf;
using case_gen::WeightedPick;

uint64_t WidthMask(E type) {
  const size_t bits = ElementSize(type) * 8;
  return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

// A number as the type's bits (rounded to nearest for the narrow floats,
// wrapped for integers: the pools list only values the type holds).
uint64_t BitsOf(E type, double value) {
  switch (type) {
    case E::kFloat: return std::bit_cast<uint32_t>(static_cast<float>(value));
    case E::kDouble: return std::bit_cast<uint64_t>(value);
    case E::kFloat16: return Float16::FromFloat(static_cast<float>(value)).bits();
    case E::kBFloat16: return BFloat16::FromFloat(static_cast<float>(value)).bits();
    default: return static_cast<uint64_t>(static_cast<int64_t>(value)) & WidthMask(type);
  }
}

// The edges of a type, simplest first (shrinking moves towards the front).
std::vector<uint64_t> EdgePool(E type) {
  std::vector<uint64_t> pool;
  for (double v : {0.0, 1.0, -1.0, 2.0}) pool.push_back(BitsOf(type, v));
  if (!IsFloatingPoint(type)) {
    const uint64_t mask = WidthMask(type);
    const bool is_signed =
        type == E::kInt8 || type == E::kInt16 || type == E::kInt32 || type == E::kInt64;
    const uint64_t max = is_signed ? mask >> 1 : mask;
    const uint64_t lowest = is_signed ? (max + 1) & mask : 0;
    for (uint64_t v : {max, lowest, max - 1, (lowest + 1) & mask}) pool.push_back(v);
    if (type == E::kInt64 || type == E::kUint64) {
      // Beyond 2^53: neighbours a double cannot tell apart.
      const uint64_t p53 = uint64_t{1} << 53;
      for (uint64_t v : {p53, p53 + 1, p53 + 3, uint64_t{0} - (p53 + 1), max - 2}) {
        pool.push_back(v);
      }
    }
    return pool;
  }
  pool.push_back(BitsOf(type, -0.0));
  pool.push_back(BitsOf(type, 0.5));
  pool.push_back(BitsOf(type, std::numeric_limits<double>::infinity()));
  pool.push_back(BitsOf(type, -std::numeric_limits<double>::infinity()));
  // qNaN, -qNaN, a payload, sNaN, +-smallest denormal, smallest normal, max,
  // lowest.
  switch (type) {
    case E::kFloat:
      pool.insert(pool.end(), {0x7FC00000, 0xFFC00000, 0x7FC00123, 0x7F800001, 1, 0x80000001,
                               0x00800000, 0x7F7FFFFF, 0xFF7FFFFF});
      // Values float16 and bfloat16 round differently (to inf, ties, halfway).
      for (double v : {65520.0, 65504.0, 1.00048828125, 1.000732421875, 1e-8}) {
        pool.push_back(BitsOf(type, v));
      }
      break;
    case E::kDouble:
      pool.insert(pool.end(), {0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8000000000123,
                               0x7FF0000000000001, 1, 0x8000000000000001, 0x0010000000000000,
                               0x7FEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF});
      pool.push_back(BitsOf(type, 9007199254740993.0));
      break;
    case E::kFloat16:
      pool.insert(pool.end(),
                  {0x7E00, 0xFE00, 0x7E01, 0x7C01, 1, 0x8001, 0x0400, 0x7BFF, 0xFBFF, 0x3C01});
      break;
    default:  // bfloat16
      pool.insert(pool.end(),
                  {0x7FC0, 0xFFC0, 0x7FC1, 0x7F81, 1, 0x8001, 0x0080, 0x7F7F, 0xFF7F, 0x3F81});
      break;
  }
  return pool;
}

// Element bits: mostly edges and small numbers (so ties are common), some
// arbitrary bit patterns.
rc::Gen<uint64_t> ValueGen(E type) {
  const uint64_t mask = WidthMask(type);
  rc::Gen<uint64_t> small =
      gen::map(gen::inRange(-3, 4), [type](int v) { return BitsOf(type, v); });
  rc::Gen<uint64_t> any =
      gen::map(gen::arbitrary<uint64_t>(), [mask](uint64_t v) { return v & mask; });
  return WeightedOneOf<uint64_t>({{4, Pick(EdgePool(type))}, {4, small}, {1, any}});
}

// The shape inputs broadcast to (numpy rules; a 0 dim wins over 1).
Shape Broadcast(const std::vector<TensorSpec>& inputs) {
  Shape out;
  for (const TensorSpec& t : inputs) {
    if (t.shape.size() > out.size()) out.insert(out.begin(), t.shape.size() - out.size(), 1);
    for (size_t i = 0; i < t.shape.size(); ++i) {
      int64_t& o = out[out.size() - t.shape.size() + i];
      if (o == 1) o = t.shape[i];
    }
  }
  return out;
}

// Appends the chain the steer asks for to a one-node case.
rc::Gen<ExploreCase> WithChain(rc::Gen<ExploreCase> head, int count, bool less_where) {
  if (count == 0) return head;
  return gen::mapcat(head, [count, less_where](ExploreCase c) {
    const Shape shape = Broadcast(c.inputs);
    return gen::map(ChainGen(c.cell, shape, count, less_where), [c](std::vector<ChainNode> chain) {
      ExploreCase with = c;
      with.chain = std::move(chain);
      return with;
    });
  });
}

rc::Gen<ExploreCase> CaseGen(const ExploreCell& cell, const Steer& steer) {
  const ExploreScenario& scenario = *ScenarioOf(cell.op);
  rc::Gen<ExploreCase> node = scenario.NodeGen(cell, steer);
  return scenario.EndsChain() ? node : WithChain(node, steer.chain, steer.less_where);
}

// Case k of a cell: mixed-radix digits of k pick the steered classes, so
// that each combination of the main ones comes within a few hundred cases.
Steer SteerFor(const ExploreCell& cell, int64_t k) {
  Steer steer;
  const bool odd = k % 2 == 1;
  auto digit = [&k](int64_t radix) {
    const int64_t d = k % radix;
    k /= radix;
    return static_cast<int>(d);
  };
  const ExploreScenario& scenario = *ScenarioOf(cell.op);
  scenario.Steer(cell, digit, steer);
  if (scenario.EndsChain()) return steer;
  // Then one node, a chain of two or of three, at every opset; odd chains
  // start with a Less+Where where the opset has one (not a further digit:
  // that would come hundreds of cases on).
  steer.chain = digit(3);
  steer.less_where = steer.chain > 0 && odd;
  steer.alternate = digit(2) == 0;
  return steer;
}

}  // namespace

rc::Gen<TensorSpec> case_gen::TensorGen(Shape shape, E type) {
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  return gen::map(gen::container<std::vector<uint64_t>>(static_cast<size_t>(count), ValueGen(type)),
                  [shape](std::vector<uint64_t> bits) {
                    return TensorSpec{shape, std::move(bits)};
                  });
}

// An input shape `output` broadcasts from: leading dims dropped, some set to 1.
rc::Gen<Shape> case_gen::BroadcastShapeGen(const Shape& output, size_t same_weight,
                                           size_t other_weight) {
  rc::Gen<Shape> pattern =
      gen::mapcat(gen::inRange<size_t>(0, output.size() + 1), [output](size_t dropped) {
        return gen::map(gen::container<std::vector<bool>>(
                            output.size() - dropped, WeightedPick<bool>({{3, false}, {1, true}})),
                        [output, dropped](const std::vector<bool>& ones) {
                          Shape shape(output.begin() + dropped, output.end());
                          for (size_t i = 0; i < shape.size(); ++i) {
                            if (ones[i]) shape[i] = 1;
                          }
                          return shape;
                        });
      });
  if (same_weight == 0) return pattern;
  if (other_weight == 0) return gen::just(output);
  return WeightedOneOf<Shape>({{same_weight, gen::just(output)}, {other_weight, pattern}});
}

rc::Gen<std::optional<int64_t>> case_gen::FlagGen(std::optional<std::optional<int64_t>> steered) {
  if (steered) return gen::just(*steered);
  return Pick<std::optional<int64_t>>({std::nullopt, 1, 0});
}

rc::Gen<Shape> case_gen::ShapeGen(int min_rank, std::optional<int> steered_rank) {
  rc::Gen<int> ranks =
      steered_rank    ? gen::just(*steered_rank)
      : min_rank == 0 ? WeightedPick<int>({{3, 0}, {4, 1}, {4, 2}, {2, 3}, {1, 4}, {1, 5}, {1, 6}})
                      : WeightedPick<int>({{4, 1}, {4, 2}, {2, 3}, {1, 4}, {1, 5}, {1, 6}});
  return gen::mapcat(ranks, [](int rank) {
    return gen::container<Shape>(static_cast<size_t>(rank),
                                 WeightedPick<int64_t>({{6, 1}, {4, 2}, {2, 3}, {1, 0}}));
  });
}

std::vector<uint64_t> SimpleValues(E type) {
  std::vector<uint64_t> values;
  for (double v : {0.0, 1.0, -1.0, 2.0}) values.push_back(BitsOf(type, v));
  return values;
}

std::vector<uint64_t> EdgeValues(E type) { return EdgePool(type); }

rc::Gen<ExploreCase> SteeredCaseGen(const ExploreCell& cell, int64_t k) {
  // Even cases steered, odd ones drawn freely.
  return CaseGen(cell, k % 2 == 0 ? SteerFor(cell, k / 2) : case_gen::Steer{});
}

}  // namespace onnx_conform
