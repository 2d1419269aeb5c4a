// What the audit's own cases (audit_cases.cc, and the scenarios in the
// operator folders, ops/<family>/*_audit.cc) are built of: a value set per
// element type holding its extremes, infinities and NaN, and a one-node
// model fed by graph inputs.
//
//   std::vector<float> v = SampleValues<float>();  // -inf, lowest, ..., NaN
//   AuditCase c = MakeCase("Relu", 14, ElementType::kFloat, "values",
//                          {{"X", MakeTensor<float>({12}, v)}}, {}, "Y", ElementType::kFloat);
#ifndef ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_CASE_BUILDING_H_
#define ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_CASE_BUILDING_H_

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"
#include "reference/semantics.h"
#include "runners/audit/audit_cases.h"
#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform {

template <typename T>
T FromDouble(double value) {
  if constexpr (kIsHalfType<T>) {
    return T::FromFloat(static_cast<float>(value));
  } else {
    return static_cast<T>(value);
  }
}

// The type's extremes and a few ordinary values; floats add signed zeros,
// infinities and NaN. Version changes show at the extremes (Clip-6's float
// defaults against a double's range, float16's infinities).
template <typename T>
std::vector<T> SampleValues() {
  using Limits = std::numeric_limits<T>;
  if constexpr (kIsFloatType<T>) {
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<T> values = {FromDouble<T>(-inf), Limits::lowest()};
    for (double v : {-2.5, -1.0, -0.0, 0.0, 0.5, 1.0, 2.25, 3.75})
      values.push_back(FromDouble<T>(v));
    values.push_back(Limits::max());
    values.push_back(FromDouble<T>(inf));
    values.push_back(FromDouble<T>(std::numeric_limits<double>::quiet_NaN()));
    return values;
  } else if constexpr (std::is_signed_v<T>) {
    return {Limits::lowest(),
            static_cast<T>(Limits::lowest() + 1),
            T{-2},
            T{-1},
            T{0},
            T{1},
            T{2},
            T{3},
            static_cast<T>(Limits::max() - 1),
            Limits::max()};
  } else {
    return {T{0}, T{1}, T{2}, T{3}, T{5}, static_cast<T>(Limits::max() - 1), Limits::max()};
  }
}

template <typename T>
Tensor MakeTensor(Shape shape, const std::vector<T>& values) {
  return Tensor::FromValues<T>(std::move(shape), std::span<const T>(values.data(), values.size()));
}

// `count` values taken cyclically from `values`, starting at `offset`.
template <typename T>
std::vector<T> Cycle(const std::vector<T>& values, size_t count, size_t offset = 0) {
  std::vector<T> out;
  for (size_t i = 0; i < count; ++i) out.push_back(values[(offset + i) % values.size()]);
  return out;
}

onnx::AttributeProto IntAttr(const std::string& name, int64_t value);
onnx::AttributeProto FloatAttr(const std::string& name, float value);
onnx::AttributeProto IntsAttr(const std::string& name, std::vector<int64_t> values);

// One node input: its name ("" skips an optional input) and the tensor that
// feeds it as a graph input.
struct FedInput {
  std::string name;
  std::optional<Tensor> value;
};

// A model of one `op_type` node at opset `version`, its inputs fed as graph
// inputs in order, named "<op>_v<version>_<type>_<scenario>".
AuditCase MakeCase(absl::string_view op_type, int version, ElementType type,
                   absl::string_view scenario, std::vector<FedInput> inputs,
                   std::vector<onnx::AttributeProto> attributes, const std::string& output,
                   ElementType output_type);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_AUDIT_AUDIT_CASE_BUILDING_H_
