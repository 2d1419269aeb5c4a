// Generators shared by the first node of explore's cases (explore_case.cc)
// and the chain of steps after it (explore_chain.cc); internal to
// runners/explore and the operators' own scenarios (ops/<family>/*_explore.cc).
//
//   rc::Gen<TensorSpec> t = case_gen::TensorGen({2, 3}, ElementType::kFloat);
//   rc::Gen<std::vector<ChainNode>> chain = case_gen::ChainGen(cell, {2, 3}, 2, true);
#ifndef ONNX_CONFORM_RUNNERS_EXPLORE_CASE_GEN_H_
#define ONNX_CONFORM_RUNNERS_EXPLORE_CASE_GEN_H_

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rapidcheck.h"
#include "runners/explore/explore_case.h"

namespace onnx_conform::case_gen {

namespace gen = rc::gen;

// RapidCheck's element pickers do not shrink: these pick by an index that
// does (towards 0), so the front of a list is where shrinking goes. A weight
// repeats an item.
template <typename T>
rc::Gen<T> Pick(std::vector<T> items) {
  const size_t count = items.size();
  return gen::map(gen::inRange<size_t>(0, count),
                  [items = std::move(items)](size_t i) { return items[i]; });
}

template <typename T>
rc::Gen<T> WeightedPick(std::initializer_list<std::pair<size_t, T>> weighted) {
  std::vector<T> items;
  for (const auto& [weight, item] : weighted) items.insert(items.end(), weight, item);
  return Pick(std::move(items));
}

template <typename T>
rc::Gen<T> WeightedOneOf(std::initializer_list<std::pair<size_t, rc::Gen<T>>> weighted) {
  std::vector<rc::Gen<T>> gens;
  std::vector<size_t> which;
  for (const auto& [weight, g] : weighted) {
    which.insert(which.end(), weight, gens.size());
    gens.push_back(g);
  }
  return gen::mapcat(Pick(std::move(which)), [gens](size_t i) { return gens[i]; });
}

// What a steered case is told to be (SteeredCaseGen): the classes
// mixed-radix digits of its number pick. Unset, and empty picks, leave
// them to be drawn at random.
struct Steer {
  std::optional<int> rank;
  // The digits the case's scenario took for its own classes, in the order
  // it took them (the element-wise input count, Clip's bound forms, ...).
  std::vector<int> picks;
  int chain = 0;            // nodes after the first
  bool less_where = false;  // the chain's first step a Less+Where, where there is one
  // A class of the scenario's own on half the steered cases that take a
  // chain, picked after the chain's digits (Clip: min > max).
  bool alternate = false;

  // Pick `i`, nullopt where the case is not steered.
  std::optional<int> pick(size_t i) const {
    return i < picks.size() ? std::optional<int>(picks[i]) : std::nullopt;
  }
};

// A shape of rank 0-6 (at least `min_rank`; the steered rank when given),
// small ranks likelier, dims 1, 2, 3 and sometimes 0.
rc::Gen<Shape> ShapeGen(int min_rank, std::optional<int> steered_rank);
// A tensor of `shape` with values biased to the type's edges.
rc::Gen<TensorSpec> TensorGen(Shape shape, ElementType type);
// An input shape `output` broadcasts from: leading dims dropped, some set to 1.
rc::Gen<Shape> BroadcastShapeGen(const Shape& output, size_t same_weight, size_t other_weight);
// An attribute flag unset, 1 or 0 (the steered one when given).
rc::Gen<std::optional<int64_t>> FlagGen(std::optional<std::optional<int64_t>> steered);
// A graph input, an initializer or a Constant (where a node's operand or
// optional input comes from).
rc::Gen<ValueSource> SourceGen();

// "input", "initializer", "Constant": where an operand or optional input
// comes from, in descriptions.
const char* SourceName(ValueSource source);
// "[2,3]": a shape in descriptions.
std::string ShapeText(const Shape& shape);

// Steps after the first node: `count` of them, fed a value of shape
// `shape`, the first a Less+Where when `less_where_first` and the opset
// has one. An arg-reduce node ends the chain (its int64 output feeds
// nothing).
rc::Gen<std::vector<ChainNode>> ChainGen(ExploreCell cell, Shape shape, int count,
                                         bool less_where_first = false);

}  // namespace onnx_conform::case_gen

#endif  // ONNX_CONFORM_RUNNERS_EXPLORE_CASE_GEN_H_
