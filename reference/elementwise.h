// The loops of the element-wise operators' plain forms: an output of the
// inputs' broadcast shape (numpy rules; the checker has required one shape
// where a version does not broadcast), each element computed from the
// elements of every input at its position.
//
//   // Min: fold the inputs left with MinRule.
//   return FoldElements(inputs, plain, [](auto a, auto b, const ReadingSet& r) {
//     return MinRule(a, b, r);
//   });
#ifndef ONNX_CONFORM_REFERENCE_ELEMENTWISE_H_
#define ONNX_CONFORM_REFERENCE_ELEMENTWISE_H_

#include <cstddef>
#include <vector>

#include "reference/element_rule_parts.h"
#include "reference/evaluation.h"
#include "reference/op_support.h"
#include "tensor/broadcast.h"

namespace onnx_conform {

// out[i] = rule(...rule(rule(in0[i], in1[i]), in2[i])..., inN[i]), each
// operand with its match class; `rule(a, b, readings)` returns a Decided<T>.
template <typename Rule>
absl::StatusOr<Tensor> FoldElements(NodeInputs inputs, const PlainEvaluation& plain, Rule rule) {
  absl::StatusOr<Tensor> out = Tensor::Create(inputs[0]->type(), BroadcastShapeOf(inputs));
  if (!out.ok()) return out.status();
  VisitNumericType(out->type(), [&]<typename T>(TypeTag<T>) {
    std::vector<BroadcastIndex> at;
    for (const Tensor* input : inputs) at.emplace_back(out->shape(), input->shape());
    const auto operand = [&](size_t k, int64_t i) {
      const int64_t j = at[k](i);
      return Decided<T>{inputs[k]->data<T>()[static_cast<size_t>(j)], plain.InputClass(k, j)};
    };
    std::span<T> y = out->data<T>();
    MatchClasses classes(y.size());
    for (int64_t i = 0; i < static_cast<int64_t>(y.size()); ++i) {
      Decided<T> folded = operand(0, i);
      for (size_t k = 1; k < inputs.size(); ++k) {
        folded = rule(folded, operand(k, i), plain.readings);
      }
      folded = Settled(folded);
      y[static_cast<size_t>(i)] = folded.value;
      classes[static_cast<size_t>(i)] = folded.match;
    }
    KeepClasses(std::move(classes), plain.output_classes);
  });
  return out;
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_ELEMENTWISE_H_
