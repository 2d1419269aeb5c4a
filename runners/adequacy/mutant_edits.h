// The edits a planted bug makes to one run of the reference
// (runners/adequacy/bug_catalogue.h): before the run, to the model's one
// node, its opset or the inputs it is fed; after it, to the outputs. Every
// bug of the catalogue is a combination of these, so that no bug carries a
// kernel of its own:
//
//   MutantRun run = MutantRun::Of(model, inputs, /*version=*/13);
//   MapFedInputs(run, {1, 2}, ReverseOrder);       // node inputs 1 and 2
//   SetIntAttribute(run.node(), "keepdims", 1);
//   ...RunModel(run.model, run.inputs, {.readings = run.readings})...
//   MapTensors(outputs, FlushDenormals);
#ifndef ONNX_CONFORM_RUNNERS_ADEQUACY_MUTANT_EDITS_H_
#define ONNX_CONFORM_RUNNERS_ADEQUACY_MUTANT_EDITS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "checker/readings.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// One run of a one-node model, as a mutant is about to hand it to the
// reference.
struct MutantRun {
  onnx::ModelProto model = {};
  std::vector<Tensor> inputs = {};  // fed to the graph inputs that are not initializers
  ReadingSet readings = {};         // the reading the run follows (empty: the suite's own)
  int64_t version = 0;              // the node's operator version before any edit

  onnx::NodeProto& node() { return *model.mutable_graph()->mutable_node(0); }
  const onnx::NodeProto& node() const { return model.graph().node(0); }
  // The fed tensor at node input `position`; null when the position is
  // absent, empty or not fed (an initializer).
  Tensor* FedInput(int position);
  const Tensor* FedInput(int position) const;
};

// A change to each element of a tensor, in place. Types it does not
// concern are left alone.
enum class ElementEdit {
  kReverseOrder,            // an order-reversing bijection: ~x for integers, -x for floats
  kFlipSignBit,             // unsigned only: x ^ top bit, so that unsigned order is signed order
  kThroughDouble,           // 64-bit integers rounded to the nearest double (saturating)
  kThroughFloat32,          // 32- and 64-bit integers rounded to the nearest float (saturating)
  kFlushDenormals,          // floats: a denormal becomes a zero of its sign
  kNegativeZeroToPositive,  // floats: -0 becomes +0
  kNaNToPositiveInf,        // floats: NaN becomes +inf
  kNaNToNegativeInf,        // floats: NaN becomes -inf
};
void EditElements(Tensor& tensor, ElementEdit edit);

// EditElements on the fed tensors at these node input positions (empty:
// every fed input).
void EditFedInputs(MutantRun& run, const std::vector<int>& positions, ElementEdit edit);
void EditTensors(std::vector<Tensor>& tensors, ElementEdit edit);

// Node attributes.
const onnx::AttributeProto* FindAttribute(const onnx::NodeProto& node, absl::string_view name);
void SetIntAttribute(onnx::NodeProto& node, absl::string_view name, int64_t value);
void SetFloatAttribute(onnx::NodeProto& node, absl::string_view name, float value);
void RemoveAttribute(onnx::NodeProto& node, absl::string_view name);
void RenameAttribute(onnx::NodeProto& node, absl::string_view from, absl::string_view to);

// Raises the default-domain opset (and the IR version with it) to at least
// `opset`, so that an attribute a later version added is accepted.
void RaiseOpset(MutantRun& run, int64_t opset);

// Node inputs: dropping those from `count` on, swapping two (padding with
// empty names), and giving an absent one a constant (an initializer) of the
// fed input 0's type.
void KeepNodeInputs(MutantRun& run, int count);
void SwapNodeInputs(MutantRun& run, int a, int b);
void SetConstantInput(MutantRun& run, int position, double value);
bool HasNodeInput(const MutantRun& run, int position);

// Clears the declared shapes of the graph's inputs, outputs and values, so
// that inputs fed in another shape are checked against nothing.
void ForgetShapes(MutantRun& run);

// Output tensors: the same elements in another shape (`shape` must hold
// as many), a shape whose elements are the output's repeated (zeros when
// it has none), another element type (int64 -> int32; float16/bfloat16 ->
// float).
Tensor Reshaped(const Tensor& tensor, const Shape& shape);
Tensor RepeatedInto(const Tensor& tensor, const Shape& shape);
Tensor NarrowedIndices(const Tensor& tensor);
Tensor WidenedHalf(const Tensor& tensor);

// The first element of a tensor as a double (a scalar bound); nullopt for
// no element.
std::optional<double> FirstAsDouble(const Tensor& tensor);

// Every element of `tensor` set to `value` converted to its type.
void FillWith(Tensor& tensor, double value);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_ADEQUACY_MUTANT_EDITS_H_
