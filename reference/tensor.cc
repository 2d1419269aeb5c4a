#include "reference/tensor.h"

#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace onnx_conform {

absl::StatusOr<int64_t> ElementCount(const Shape& shape) {
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (dim < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("negative dimension ", dim, " in shape ", ShapeToString(shape)));
    }
    if (__builtin_mul_overflow(count, dim, &count)) {
      return absl::InvalidArgumentError(
          absl::StrCat("shape ", ShapeToString(shape), " has more than 2^63 elements"));
    }
  }
  return count;
}

std::string ShapeToString(const Shape& shape) {
  return absl::StrCat("[", absl::StrJoin(shape, ","), "]");
}

absl::StatusOr<Tensor> Tensor::Create(ElementType type, Shape shape, int64_t max_bytes) {
  if (!IsNumeric(type)) {
    return absl::InvalidArgumentError(
        absl::StrCat("element type ", ElementTypeName(type), " is not a numeric type"));
  }
  absl::StatusOr<int64_t> count = ElementCount(shape);
  if (!count.ok()) return count.status();
  const int64_t element_size = static_cast<int64_t>(ElementSize(type));
  if (*count > max_bytes / element_size) {
    return absl::ResourceExhaustedError(absl::StrCat(
        "tensor of shape ", ShapeToString(shape), " and type ", ElementTypeName(type),
        " needs more than the limit of ", max_bytes, " bytes"));
  }
  Tensor tensor;
  tensor.type_ = type;
  tensor.shape_ = std::move(shape);
  tensor.element_count_ = *count;
  tensor.storage_ = std::make_unique_for_overwrite<std::byte[]>(
      static_cast<size_t>(*count * element_size));
  return tensor;
}

Tensor::Tensor(const Tensor& other)
    : type_(other.type_), shape_(other.shape_), element_count_(other.element_count_) {
  if (other.storage_ != nullptr) {
    storage_ = std::make_unique_for_overwrite<std::byte[]>(other.byte_size());
    std::memcpy(storage_.get(), other.storage_.get(), other.byte_size());
  }
}

Tensor& Tensor::operator=(const Tensor& other) {
  if (this != &other) *this = Tensor(other);
  return *this;
}

}  // namespace onnx_conform
