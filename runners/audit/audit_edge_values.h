// The values `audit --model` generates for a model's inputs (and for a node
// run alone): every edge value of the input's type (±0, ±inf, NaN, lowest
// and max and their neighbours, the smallest normal and denormal values,
// float's and float16's extremes, each known bound of the model and its
// neighbours), spread over elements and data sets so that every input,
// however small (a scalar too), meets each of them in some set. Each input
// starts its walk over the values elsewhere, so that two inputs never hold
// one value in one place (a Min(x, z) downstream cannot give z's value at
// every place x's node changes) and their pairs vary from round to round.
//
//   EdgeValues edges({6.0});  // a Clip's max of 6: 6 and its neighbours too
//   int sets = edges.SetCount({{ElementType::kFloat16, 1}, {ElementType::kFloat16, 4}});
//   for (int s = 0; s < sets; ++s) {
//     absl::StatusOr<Tensor> x = edges.Values(ElementType::kFloat16, {}, s, 0);  // a scalar
//     absl::StatusOr<Tensor> z = edges.Values(ElementType::kFloat16, {4}, s, 1);
//   }
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_EDGE_VALUES_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_EDGE_VALUES_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// Data sets made at least, whatever the inputs' sizes: pairings vary.
inline constexpr int kMinEdgeSets = 3;

class EdgeValues {
 public:
  // `bounds`: values the model compares its inputs with (Clip's known
  // bounds), added with their neighbours in each type.
  explicit EdgeValues(std::vector<double> bounds = {});

  // The distinct edge values of a numeric type (0 for another type).
  size_t Count(ElementType type) const;

  // Data sets needed for each input (element type, element count) to meet
  // every edge value of its type at least once; at least kMinEdgeSets.
  int SetCount(const std::vector<std::pair<ElementType, int64_t>>& inputs) const;

  // The values of input number `input` in data set `set`. InvalidArgument
  // for a non-numeric type or a bad shape.
  absl::StatusOr<Tensor> Values(ElementType type, const Shape& shape, int set, int input) const;

 private:
  std::vector<double> bounds_;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_EDGE_VALUES_H_
