// The fast forms of Min, Max, ArgMin, ArgMax and Clip (ops/<family>/*_fast_kernel.cc): loops shaped
// for vector units (chunked folds, rows visited in whichever order vectorizes, in-place writes, one
// build per instruction set: tensor/vector_isa.h). They are not normative: each gives, bit for bit,
// what the operator's plain form (ops/<family>/*_kernel.cc) gives under the suite's own reading,
// which plain_fast_test checks on every case of the library and on random data for every cell,
// under every vector variant. Like the plain forms they take a node the checker accepted and trust
// it. The interpreter chooses between the two forms (reference/operators.cc).
//
//   absl::StatusOr<Tensor> m = FastMin(node, inputs, /*reusable=*/nullptr);
#ifndef ONNX_CONFORM_REFERENCE_FAST_KERNELS_H_
#define ONNX_CONFORM_REFERENCE_FAST_KERNELS_H_

#include "reference/evaluation.h"

namespace onnx_conform {

// FastKernel (reference/evaluation.h): `reusable` is null or inputs[0],
// which nothing reads after the node; Min, Max and Clip then write their output
// into it when it has the output's type and shape and its own memory.
absl::StatusOr<Tensor> FastMin(const BoundNode& node, NodeInputs inputs, Tensor* reusable);
absl::StatusOr<Tensor> FastArgMin(const BoundNode& node, NodeInputs inputs, Tensor* reusable);
absl::StatusOr<Tensor> FastMax(const BoundNode& node, NodeInputs inputs, Tensor* reusable);
absl::StatusOr<Tensor> FastArgMax(const BoundNode& node, NodeInputs inputs, Tensor* reusable);
absl::StatusOr<Tensor> FastClip(const BoundNode& node, NodeInputs inputs, Tensor* reusable);

// The output an element-wise fast kernel writes: `reusable` itself when the
// output may go there (CanWriteOutputInto, reference/op_support.h; it is
// read at each position just before the output is written there), else a
// new tensor of that type and shape. Take() hands it over once written.
class ElementwiseOutput {
 public:
  static absl::StatusOr<ElementwiseOutput> For(NodeInputs inputs, Tensor* reusable,
                                               ElementType type, Shape shape);
  Tensor& tensor() { return in_place_ != nullptr ? *in_place_ : created_; }
  Tensor Take() { return std::move(tensor()); }

 private:
  Tensor* in_place_ = nullptr;
  Tensor created_;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_FAST_KERNELS_H_
