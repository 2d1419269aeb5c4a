#include "reference/min.h"

#include <algorithm>
#include <climits>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "reference/broadcast.h"
#include "reference/element_rules.h"
#include "reference/fast/kernels.h"
#include "reference/op_support.h"

namespace onnx_conform {
namespace {

std::span<const ElementType> MinTypes(int64_t version) {
  if (version >= 13) return kAllNumericBfTypes;
  if (version >= 12) return kAllNumericTypes;
  return kFloatTypes;
}

// Min-8 on: "Element-wise min of each of the input tensors (with
// Numpy-style broadcasting support)"; Min-1/6 have one shape, a broadcast
// that changes nothing. Folds left: Min(Min(in0, in1), in2) ...
template <typename T>
void MinElements(std::span<const Tensor* const> inputs, Tensor& out, const PlainEvaluation& plain) {
  std::vector<BroadcastIndex> at;
  for (const Tensor* input : inputs) at.emplace_back(out.shape(), input->shape());
  const auto operand = [&](size_t k, int64_t i) {
    const int64_t j = at[k](i);
    return Decided<T>{inputs[k]->data<T>()[static_cast<size_t>(j)], plain.InputClass(k, j)};
  };
  std::span<T> y = out.data<T>();
  MatchClasses classes(y.size());
  for (int64_t i = 0; i < static_cast<int64_t>(y.size()); ++i) {
    Decided<T> m = operand(0, i);
    for (size_t k = 1; k < inputs.size(); ++k) m = MinRule(m, operand(k, i), plain.readings);
    m = Settled(m);
    y[static_cast<size_t>(i)] = m.value;
    classes[static_cast<size_t>(i)] = m.match;
  }
  KeepClasses(std::move(classes), plain.output_classes);
}

}  // namespace

absl::StatusOr<Tensor> Min(int64_t version, std::span<const Tensor* const> inputs, Tensor* reusable,
                           const PlainEvaluation* plain) {
  const std::string label = OpLabel("Min", version);
  if (std::find(std::begin(kMinVersions), std::end(kMinVersions), version) ==
      std::end(kMinVersions)) {
    return absl::InvalidArgumentError(absl::StrCat("Min has no version ", version));
  }
  if (inputs.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(label, " needs at least one input"));
  }
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k] == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat(label, ": input ", k, " is missing (Min has no optional input)"));
    }
  }
  const ElementType type = inputs[0]->type();
  if (absl::Status s = CheckElementType(label, "input 0", type, MinTypes(version)); !s.ok()) {
    return s;
  }
  for (size_t k = 1; k < inputs.size(); ++k) {
    if (inputs[k]->type() != type) {
      return absl::InvalidArgumentError(absl::StrCat(
          label, ": input ", k, " has element type ", ElementTypeName(inputs[k]->type()),
          " but input 0 has ", ElementTypeName(type), " (all inputs share one type T)"));
    }
  }

  Shape out_shape;
  if (version < 8) {
    out_shape = inputs[0]->shape();
    for (size_t k = 1; k < inputs.size(); ++k) {
      if (inputs[k]->shape() != out_shape) {
        return absl::InvalidArgumentError(absl::StrCat(
            label, " requires inputs of one shape (broadcasting starts at Min-8): input 0 has ",
            ShapeToString(out_shape), ", input ", k, " has ", ShapeToString(inputs[k]->shape())));
      }
    }
  } else {
    std::vector<Shape> shapes;
    shapes.reserve(inputs.size());
    for (const Tensor* input : inputs) shapes.push_back(input->shape());
    absl::StatusOr<Shape> broadcast = BroadcastShapes(shapes);
    if (!broadcast.ok()) {
      return absl::InvalidArgumentError(absl::StrCat(label, ": ", broadcast.status().message()));
    }
    out_shape = *std::move(broadcast);
  }

  // In place, input 0 is read at each position just before the output is
  // written there (the fold reads every input at the same position).
  const bool in_place =
      plain == nullptr && CanWriteOutputInto(reusable, inputs[0], inputs, type, out_shape);
  absl::StatusOr<Tensor> created = in_place ? Tensor() : Tensor::Create(type, std::move(out_shape));
  if (!created.ok()) return created.status();
  Tensor& out = in_place ? *reusable : *created;
  if (plain == nullptr) {
    FastMin(inputs, out);
  } else {
    VisitNumericType(type, [&]<typename T>(TypeTag<T>) { MinElements<T>(inputs, out, *plain); });
  }
  return std::move(out);
}

absl::StatusOr<Tensor> RunMinNode(const onnx::NodeProto& node, int64_t version,
                                  std::span<const Tensor* const> inputs, Tensor* reusable,
                                  const PlainEvaluation* plain) {
  const std::string label = OpLabel("Min", version);
  if (absl::Status s = CheckArity(node, label, 1, INT_MAX); !s.ok()) return s;
  // consumed_inputs (Min-1) was a legacy optimisation hint: accepted, ignored.
  absl::Status attributes = version == 1 ? CheckAttributeNames(node, label, {"consumed_inputs"})
                                         : CheckAttributeNames(node, label, {});
  if (!attributes.ok()) return attributes;
  return Min(version, inputs, reusable, plain);
}

}  // namespace onnx_conform
