#include "runners/audit/audit_edge_values.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <span>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace onnx_conform {
namespace {

template <typename T>
double ToDouble(T value) {
  if constexpr (kIsHalfType<T>) {
    return static_cast<double>(value.ToFloat());
  } else {
    return static_cast<double>(value);
  }
}

// `value` in T: rounded for a float type; nullopt for an integer type when
// it is not a finite value within T's range.
template <typename T>
std::optional<T> InType(double value) {
  if constexpr (kIsHalfType<T>) {
    return T::FromFloat(static_cast<float>(value));
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(value);
  } else {
    using Limits = std::numeric_limits<T>;
    const double whole = std::nearbyint(value);
    // max() + 1 is a power of two: exact in double where max() is not.
    if (!std::isfinite(whole) || whole < static_cast<double>(Limits::lowest()) ||
        whole >= static_cast<double>(Limits::max()) + 1.0) {
      return std::nullopt;
    }
    return static_cast<T>(whole);
  }
}

// The next value of T above (`up`) or below a finite `value`; `value` itself
// at T's end.
template <typename T>
T Neighbour(T value, bool up) {
  using Limits = std::numeric_limits<T>;
  if constexpr (kIsHalfType<T>) {
    const double v = ToDouble(value);
    if (v == 0) return up ? Limits::denorm_min() : T::FromBits(0x8001);
    // Bit patterns grow away from zero on either side.
    const bool away = (v > 0) == up;
    const uint16_t bits = value.bits();
    const T next = T::FromBits(static_cast<uint16_t>(away ? bits + 1 : bits - 1));
    return std::isfinite(ToDouble(next)) ? next : value;
  } else if constexpr (std::is_floating_point_v<T>) {
    const T next = std::nextafter(value, up ? Limits::infinity() : -Limits::infinity());
    return std::isfinite(next) ? next : value;
  } else {
    if (up) return value == Limits::max() ? value : static_cast<T>(value + 1);
    return value == Limits::lowest() ? value : static_cast<T>(value - 1);
  }
}

// Whether two values have the same bits (so -0 and 0 differ, NaN equals NaN).
template <typename T>
bool SameBits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// Every edge value of T, each once, in a fixed order.
template <typename T>
std::vector<T> EdgeList(const std::vector<double>& bounds) {
  using Limits = std::numeric_limits<T>;
  std::vector<T> values;
  auto add = [&](T v) {
    if (std::none_of(values.begin(), values.end(), [&](T w) { return SameBits(v, w); })) {
      values.push_back(v);
    }
  };
  auto add_with_neighbours = [&](double bound) {
    std::optional<T> v = InType<T>(bound);
    if (!v.has_value()) return;
    add(*v);
    if (!std::isfinite(ToDouble(*v))) return;
    add(Neighbour(*v, false));
    add(Neighbour(*v, true));
  };
  const double inf = std::numeric_limits<double>::infinity();
  if constexpr (kIsFloatType<T>) {
    add(*InType<T>(-inf));
    add_with_neighbours(ToDouble(Limits::lowest()));
    for (double v : {-2.5, -1.0, -0.0, 0.0, 0.5, 1.0, 2.25, 3.75}) add(*InType<T>(v));
    add_with_neighbours(ToDouble(Limits::max()));
    add(*InType<T>(inf));
    add(Limits::quiet_NaN());
    add_with_neighbours(ToDouble(Limits::min()));
    add_with_neighbours(-ToDouble(Limits::min()));
    add(Limits::denorm_min());
    add(*InType<T>(-ToDouble(Limits::denorm_min())));
    // Defaults a version gives another type's bounds: float's extremes
    // (Clip-6), float16's (Clip-13 on float16).
    for (double v : {static_cast<double>(std::numeric_limits<float>::max()), 65504.0}) {
      if (std::isfinite(ToDouble(*InType<T>(v)))) {
        add_with_neighbours(v);
        add_with_neighbours(-v);
      }
    }
  } else {
    add(Limits::lowest());
    add(Neighbour(Limits::lowest(), true));
    for (double v : {-2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 5.0}) {
      if (std::optional<T> in = InType<T>(v)) add(*in);
    }
    add(Neighbour(Limits::max(), false));
    add(Limits::max());
  }
  for (double b : bounds) add_with_neighbours(b);
  return values;
}

// Where input `input` starts its walk over `count` values in round `round`
// (each round a pass over them all): input k at k steps, the step coprime
// with `count`, so that fewer than `count` inputs all start apart (two
// inputs never hold one value at one place); the step grows each round, so
// that their pairs vary.
size_t Offset(size_t count, int input, size_t round) {
  if (input == 0 || count < 2) return 0;
  size_t step = std::max<size_t>(1, count * 618 / 1000) + round;
  while (std::gcd(step, count) != 1) ++step;
  return (static_cast<size_t>(input) * step) % count;
}

}  // namespace

EdgeValues::EdgeValues(std::vector<double> bounds) : bounds_(std::move(bounds)) {}

size_t EdgeValues::Count(ElementType type) const {
  if (!IsNumeric(type)) return 0;
  return VisitNumericType(type,
                          [&]<typename T>(TypeTag<T>) { return EdgeList<T>(bounds_).size(); });
}

int EdgeValues::SetCount(const std::vector<std::pair<ElementType, int64_t>>& inputs) const {
  int64_t sets = kMinEdgeSets;
  for (const auto& [type, elements] : inputs) {
    if (elements <= 0) continue;  // an empty input meets nothing, in any number of sets
    const int64_t count = static_cast<int64_t>(Count(type));
    sets = std::max(sets, (count + elements - 1) / elements);
  }
  return static_cast<int>(sets);
}

absl::StatusOr<Tensor> EdgeValues::Values(ElementType type, const Shape& shape, int set,
                                          int input) const {
  if (!IsNumeric(type)) {
    return absl::InvalidArgumentError(
        absl::StrCat("no edge values for type ", ElementTypeName(type)));
  }
  absl::StatusOr<int64_t> count = ElementCount(shape);
  if (!count.ok()) return count.status();
  return VisitNumericType(type, [&]<typename T>(TypeTag<T>) -> absl::StatusOr<Tensor> {
    absl::StatusOr<Tensor> tensor = Tensor::Create(type, shape);
    if (!tensor.ok()) return tensor.status();
    const std::vector<T> values = EdgeList<T>(bounds_);
    const size_t m = values.size();
    std::span<T> out = tensor->template data<T>();
    for (size_t i = 0; i < out.size(); ++i) {
      // The element's place in the input's walk over every set: the first
      // m places meet each value once.
      const size_t place = static_cast<size_t>(set) * out.size() + i;
      const size_t at = (place % m + Offset(m, input, place / m)) % m;
      out[i] = values[at];
    }
    return tensor;
  });
}

}  // namespace onnx_conform
