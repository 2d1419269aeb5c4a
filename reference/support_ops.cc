#include "reference/support_ops.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/constant_schema.h"
#include "reference/element_rule_parts.h"
#include "reference/elementwise.h"
#include "reference/semantics.h"
#include "tensor/element_value.h"

namespace onnx_conform {

absl::StatusOr<Tensor> ChargedCopy(const Tensor& tensor) {
  absl::StatusOr<Tensor> copy = Tensor::Create(tensor.type(), tensor.shape());
  if (!copy.ok()) return copy.status();
  if (tensor.byte_size() > 0) {
    std::memcpy(copy->bytes().data(), tensor.bytes().data(), tensor.byte_size());
  }
  return copy;
}

// Identity: its input, unchanged.
absl::StatusOr<Tensor> Identity(const BoundNode&, NodeInputs inputs, const PlainEvaluation& plain) {
  const MatchClasses* classes = plain.input_classes.empty() ? nullptr : plain.input_classes[0];
  KeepClasses(classes != nullptr ? *classes : MatchClasses{}, plain.output_classes);
  return ChargedCopy(*inputs[0]);
}

// Constant: the tensor held by its one value attribute.
absl::StatusOr<Tensor> Constant(const BoundNode& node, NodeInputs, const PlainEvaluation& plain) {
  KeepClasses({}, plain.output_classes);
  return ConstantValueOf(node);
}

// Less: "the `less` logical operation elementwise" (IEEE <), broadcast.
absl::StatusOr<Tensor> Less(const BoundNode&, NodeInputs inputs, const PlainEvaluation& plain) {
  const Shape shape = BroadcastShapeOf(inputs);
  absl::StatusOr<Tensor> out = Tensor::Create(ElementType::kBool, shape);
  if (!out.ok()) return out.status();
  const BroadcastIndex a_at(shape, inputs[0]->shape());
  const BroadcastIndex b_at(shape, inputs[1]->shape());
  std::span<uint8_t> c = out->data<uint8_t>();
  VisitNumericType(inputs[0]->type(), [&]<typename T>(TypeTag<T>) {
    std::span<const T> a = inputs[0]->data<T>();
    std::span<const T> b = inputs[1]->data<T>();
    for (int64_t i = 0; i < static_cast<int64_t>(c.size()); ++i) {
      c[static_cast<size_t>(i)] =
          LessValue(a[static_cast<size_t>(a_at(i))], b[static_cast<size_t>(b_at(i))]) ? 1 : 0;
    }
  });
  KeepClasses({}, plain.output_classes);
  return out;
}

// Where: X's element where condition holds, else Y's, broadcast. Only the
// numeric types: the suite reads no other tensors.
absl::StatusOr<Tensor> Where(const BoundNode& node, NodeInputs inputs,
                             const PlainEvaluation& plain) {
  const ElementType type = inputs[1]->type();
  if (!IsNumeric(type)) {
    return absl::UnimplementedError(absl::StrCat(node.schema().Name(), " on ",
                                                 ElementTypeName(type),
                                                 " is not implemented by the reference"));
  }
  const Shape shape = BroadcastShapeOf(inputs);
  absl::StatusOr<Tensor> out = Tensor::Create(type, shape);
  if (!out.ok()) return out.status();
  const BroadcastIndex c_at(shape, inputs[0]->shape());
  const BroadcastIndex x_at(shape, inputs[1]->shape());
  const BroadcastIndex y_at(shape, inputs[2]->shape());
  std::span<const uint8_t> condition = inputs[0]->data<uint8_t>();
  MatchClasses classes(static_cast<size_t>(out->element_count()));
  VisitNumericType(type, [&]<typename T>(TypeTag<T>) {
    std::span<const T> x = inputs[1]->data<T>();
    std::span<const T> y = inputs[2]->data<T>();
    std::span<T> result = out->data<T>();
    for (int64_t i = 0; i < static_cast<int64_t>(result.size()); ++i) {
      const bool take_x = condition[static_cast<size_t>(c_at(i))] != 0;
      const size_t k = take_x ? 1 : 2;
      const int64_t j = take_x ? x_at(i) : y_at(i);
      const T value = take_x ? x[static_cast<size_t>(j)] : y[static_cast<size_t>(j)];
      const Decided<T> decided = Settled(Decided<T>{value, plain.InputClass(k, j)});
      result[static_cast<size_t>(i)] = decided.value;
      classes[static_cast<size_t>(i)] = decided.match;
    }
  });
  KeepClasses(std::move(classes), plain.output_classes);
  return out;
}

namespace {

// `from` as a T, when T holds its value exactly (NaN and the infinities
// between floating types included); nullopt when the cast would round,
// saturate or have no value (NaN to an integer). long double holds every
// value of the twelve numeric types exactly (x86-64's 64-bit mantissa).
template <typename T, typename S>
std::optional<T> ExactCast(S from) {
  const long double value = static_cast<long double>(Widen(from));
  if constexpr (kIsFloatType<T>) {
    using Wide = decltype(Widen(T{}));  // float for the half types
    if (std::isfinite(value) && std::fabs(value) > std::numeric_limits<Wide>::max()) {
      return std::nullopt;
    }
    T to;
    if constexpr (kIsHalfType<T>) {
      to = T::FromFloat(static_cast<float>(value));
    } else {
      to = static_cast<T>(value);
    }
    const long double back = static_cast<long double>(Widen(to));
    if (std::isnan(value)) return std::isnan(back) ? std::optional<T>(to) : std::nullopt;
    if (back != value) return std::nullopt;
    return to;
  } else {
    if (!std::isfinite(value) || std::trunc(value) != value ||
        value < static_cast<long double>(std::numeric_limits<T>::lowest()) ||
        value > static_cast<long double>(std::numeric_limits<T>::max())) {
      return std::nullopt;
    }
    return static_cast<T>(value);
  }
}

}  // namespace

// CastLike: the input's values as target_type's element type, its shape.
// Only exact casts (every value the target holds as it is; -0 to an
// integer is 0): a cast that rounds or saturates, and bool and the other
// types, are not implemented (ONNX leaves some of them to the backend).
absl::StatusOr<Tensor> CastLike(const BoundNode& node, NodeInputs inputs,
                                const PlainEvaluation& plain) {
  const ElementType from = inputs[0]->type(), to = inputs[1]->type();
  if (!IsNumeric(from) || !IsNumeric(to)) {
    return absl::UnimplementedError(absl::StrCat(node.schema().Name(), " from ",
                                                 ElementTypeName(from), " to ", ElementTypeName(to),
                                                 " is not implemented by the reference"));
  }
  absl::StatusOr<Tensor> out = Tensor::Create(to, inputs[0]->shape());
  if (!out.ok()) return out.status();
  absl::Status status;
  VisitNumericType(from, [&]<typename S>(TypeTag<S>) {
    VisitNumericType(to, [&]<typename T>(TypeTag<T>) {
      std::span<const S> values = inputs[0]->data<S>();
      std::span<T> result = out->data<T>();
      for (size_t i = 0; i < values.size() && status.ok(); ++i) {
        const std::optional<T> cast = ExactCast<T>(values[i]);
        if (!cast.has_value()) {
          status = absl::UnimplementedError(
              absl::StrCat(node.schema().Name(), ": element ", i, " (", ElementText(*inputs[0], i),
                           ") has no exact ", ElementTypeName(to),
                           " value; the reference casts exactly representable values only"));
        } else {
          result[i] = *cast;
        }
      }
    });
  });
  if (!status.ok()) return status;
  KeepClasses({}, plain.output_classes);
  return out;
}

}  // namespace onnx_conform
