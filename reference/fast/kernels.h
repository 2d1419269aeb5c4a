// What the fast forms of the suite's operators share. The fast forms live in
// their folders (ops/<family>/*_fast_kernel.{h,cc}): loops shaped for vector
// units (chunked folds, rows visited in whichever order vectorizes, in-place
// writes, one build per instruction set: tensor/vector_isa.h). They are not
// normative: each gives, bit for bit, what the operator's plain form
// (ops/<family>/*_kernel.cc) gives under the suite's own reading, which
// plain_fast_test checks on every case of the library and on random data for
// every cell, under every vector variant. Like the plain forms they take a
// node the checker accepted and trust it. The interpreter chooses between
// the two forms (reference/operators.cc).
//
//   absl::StatusOr<ElementwiseOutput> out = ElementwiseOutput::For(inputs, reusable, type, shape);
#ifndef ONNX_CONFORM_REFERENCE_FAST_KERNELS_H_
#define ONNX_CONFORM_REFERENCE_FAST_KERNELS_H_

#include "reference/evaluation.h"

namespace onnx_conform {

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
