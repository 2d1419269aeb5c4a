// How the reference evaluates an operator: the fast kernels, or the plain
// normative loops, which can also follow another reading of the texts and
// say how closely each output element is determined.
//
//   MatchClasses classes;
//   PlainEvaluation plain{.output_classes = &classes};
//   absl::StatusOr<Tensor> m = Min(13, inputs, nullptr, &plain);  // plain loops
//   absl::StatusOr<Tensor> f = Min(13, inputs);                    // fast kernels
#ifndef ONNX_CONFORM_REFERENCE_EVALUATION_H_
#define ONNX_CONFORM_REFERENCE_EVALUATION_H_

#include <cstdint>
#include <vector>

#include "reference/readings.h"
#include "reference/tensor.h"

namespace onnx_conform {

// Options of the plain loops. An operator given none runs its fast kernel
// (reference/fast/kernels.h), which gives the same bits as the plain loops
// under the suite's own reading.
struct PlainEvaluation {
  ReadingSet readings = {};  // empty: the suite's own reading of every point
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
