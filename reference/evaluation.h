// How the reference evaluates one node: the plain normative loops, which
// can follow another reading of the texts and say how closely each output
// element is determined, or the fast kernels (reference/fast/), which give
// the same bits under the suite's own reading. Both take a node the checker
// accepted (checker/bound_graph.h) and its inputs, and trust both.
//
//   MatchClasses classes;
//   PlainEvaluation plain{.output_classes = &classes};
//   absl::StatusOr<Tensor> m = Min(node, inputs, plain);  // ops/extremum/min_kernel.h
#ifndef ONNX_CONFORM_REFERENCE_EVALUATION_H_
#define ONNX_CONFORM_REFERENCE_EVALUATION_H_

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "checker/bound_graph.h"
#include "checker/readings.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// A node's inputs, indexed like the node's: nullptr for a skipped optional one.
using NodeInputs = std::span<const Tensor* const>;

// Options of the plain loops.
struct PlainEvaluation {
  // The readings to follow, among those the node's schema names (checker/
  // schema.h, Readings); empty: the suite's own reading of every point.
  ReadingSet readings = {};
  // The classes of the operator's inputs, by input index (missing or null:
  // every element exact), so that a tie carried from an earlier node stays
  // open.
  std::vector<const MatchClasses*> input_classes = {};
  // Where the output's classes go; null when not wanted.
  MatchClasses* output_classes = nullptr;

  MatchClass InputClass(size_t input, int64_t flat_index) const {
    if (input >= input_classes.size() || input_classes[input] == nullptr ||
        input_classes[input]->empty()) {
      return MatchClass::kExactBits;
    }
    return (*input_classes[input])[static_cast<size_t>(flat_index)];
  }
};

// An operator's plain form (the normative element loop) and its fast form
// (reference/fast/): the same result bit for bit under the suite's reading.
// The fast form may write its output into `reusable` (null, or inputs[0]
// when nothing reads it after this node) and move it out.
using PlainKernel = absl::StatusOr<Tensor> (*)(const BoundNode& node, NodeInputs inputs,
                                               const PlainEvaluation& plain);
using FastKernel = absl::StatusOr<Tensor> (*)(const BoundNode& node, NodeInputs inputs,
                                              Tensor* reusable);

// The flat index, in an input broadcast to `out` (numpy rules, already
// checked), of the output element at `out_flat`.
class BroadcastIndex {
 public:
  BroadcastIndex(const Shape& out, const Shape& in);
  int64_t operator()(int64_t out_flat) const;

 private:
  Shape out_;
  std::vector<int64_t> in_strides_;  // per output dimension; 0 where broadcast
};

// Output classes of all-exact elements are stored as an empty vector; this
// turns them into one class per element when any is not exact.
void KeepClasses(MatchClasses classes, MatchClasses* out);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_EVALUATION_H_
