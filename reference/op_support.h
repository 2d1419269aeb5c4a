// Shared pieces of the reference operators: the operator texts' type sets,
// and reading a node's attributes with the errors the kernels report.
//
//   RETURN_IF_ERROR(CheckElementType("ArgMin-13", "data", t.type(), kAllNumericBfTypes));
//   absl::Status s = CheckAttributeNames(node, "ArgMin-13", {"axis", "keepdims"});
//   absl::StatusOr<std::optional<int64_t>> axis = GetIntAttribute(node, "ArgMin-13", "axis");
//
// Every error is InvalidArgument and names the operator version and the
// attribute or input at fault.
#ifndef ONNX_CONFORM_REFERENCE_OP_SUPPORT_H_
#define ONNX_CONFORM_REFERENCE_OP_SUPPORT_H_

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"
#include "reference/element_type.h"
#include "reference/tensor.h"

namespace onnx_conform {

// "Min-13": how errors name an operator version.
std::string OpLabel(absl::string_view op, int64_t version);

// InvalidArgument unless `type` is in `allowed`; `what` names the input.
absl::Status CheckElementType(absl::string_view op_label, absl::string_view what, ElementType type,
                              std::span<const ElementType> allowed);

// InvalidArgument for an attribute not in `allowed`, or one given twice.
absl::Status CheckAttributeNames(const onnx::NodeProto& node, absl::string_view op_label,
                                 std::initializer_list<absl::string_view> allowed);

// The attribute's value, nullopt when absent; InvalidArgument when it holds
// another type. An attribute whose `type` is unset (very old models) is read
// from the field it fills.
absl::StatusOr<std::optional<int64_t>> GetIntAttribute(const onnx::NodeProto& node,
                                                       absl::string_view op_label,
                                                       absl::string_view name);
absl::StatusOr<std::optional<float>> GetFloatAttribute(const onnx::NodeProto& node,
                                                       absl::string_view op_label,
                                                       absl::string_view name);

// Element-wise kernels (Min, Clip) may write their output into an input the
// caller will not read again, `reusable`, instead of new memory (new pages
// are the largest cost of a large case: docs/performance.md). True when
// `reusable` is `input` (the kernel's first input, the one each output
// element is computed from at the same position), no other input is the
// same tensor, it has the output's type and shape, and it holds its own
// memory (a file mapping would copy every page written).
bool CanWriteOutputInto(const Tensor* reusable, const Tensor* input,
                        std::span<const Tensor* const> inputs, ElementType type,
                        const Shape& shape);

// A tensor seen as [outer, n, inner] around one axis (non-negative, in
// range): how a reduction walks it.
struct AxisSplit {
  int64_t outer = 1;
  int64_t n = 1;
  int64_t inner = 1;
};
AxisSplit SplitAtAxis(const Shape& shape, int64_t axis);

// InvalidArgument unless the node has between min_inputs and max_inputs
// inputs (counting skipped optional ones) and exactly one output.
absl::Status CheckArity(const onnx::NodeProto& node, absl::string_view op_label, int min_inputs,
                        int max_inputs);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_OP_SUPPORT_H_
