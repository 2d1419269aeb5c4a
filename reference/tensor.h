// A dense, row-major tensor of one numeric element type: the value type that
// flows between loading, the checker, the reference kernels and the diff.
//
//   absl::StatusOr<Tensor> t = Tensor::Create(ElementType::kFloat, {2, 3});
//   std::span<float> values = t->data<float>();
//
// Storage is not zero-filled on creation (kernels overwrite every element),
// and a large one may be memory a released tensor held (tensor.cc).
#ifndef ONNX_CONFORM_REFERENCE_TENSOR_H_
#define ONNX_CONFORM_REFERENCE_TENSOR_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "reference/element_type.h"

namespace onnx_conform {

using Shape = std::vector<int64_t>;

// Elements in a shape, or an error for a negative dimension or a product
// beyond int64 (never wraps).
absl::StatusOr<int64_t> ElementCount(const Shape& shape);
// "[2,3,4]", "[]" for a scalar.
std::string ShapeToString(const Shape& shape);

// Defaults protect a 24 GiB machine; see docs/security.md.
inline constexpr int64_t kDefaultMaxTensorBytes = int64_t{4} << 30;

// Gives a tensor's storage back: munmap for a file mapping (Tensor::MapFile),
// for new memory (64-byte aligned) its aligned delete, or keeping a large
// buffer for reuse (tensor.cc).
struct TensorStorageRelease {
  void* mapping = nullptr;  // the mapping's page-aligned start, or nullptr
  size_t mapping_size = 0;
  size_t reusable_size = 0;  // new memory that may be kept: its allocated size
  void operator()(std::byte* data) const;
};

class Tensor {
 public:
  Tensor() = default;  // an empty float tensor of shape [0]

  // Fails for a non-numeric type, a negative or overflowing shape, or more
  // than max_bytes of data.
  static absl::StatusOr<Tensor> Create(ElementType type, Shape shape,
                                       int64_t max_bytes = kDefaultMaxTensorBytes);

  // A tensor whose elements are `byte_count` bytes of the open regular file
  // `fd` from `offset`, mapped copy-on-write (MAP_PRIVATE): reading is
  // reading the page cache, a write changes the tensor and never the file.
  // Same checks and budget charge as Create. nullopt, charging nothing, when
  // the bytes are not aligned for the type, their size is not the shape's,
  // or mmap fails: the caller then reads a copy (reference/tensor_file_direct.cc).
  // The caller has checked that the file holds the bytes; a file truncated
  // while mapped raises SIGBUS on access (docs/security.md).
  static std::optional<absl::StatusOr<Tensor>> MapFile(ElementType type, Shape shape, int fd,
                                                       int64_t offset, int64_t byte_count,
                                                       int64_t max_bytes = kDefaultMaxTensorBytes);

  // Convenience for tests and case definitions: a tensor holding `values`.
  // Aborts unless the shape is valid and holds exactly values.size() elements.
  template <typename T>
  static Tensor FromValues(Shape shape, std::span<const T> values);
  template <typename T>
  static Tensor FromValues(Shape shape, std::initializer_list<T> values) {
    return FromValues<T>(std::move(shape), std::span<const T>(values.begin(), values.size()));
  }

  Tensor(const Tensor& other);
  Tensor& operator=(const Tensor& other);
  Tensor(Tensor&&) noexcept = default;
  Tensor& operator=(Tensor&&) noexcept = default;

  ElementType type() const { return type_; }
  const Shape& shape() const { return shape_; }
  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  int64_t element_count() const { return element_count_; }
  size_t byte_size() const { return static_cast<size_t>(element_count_) * ElementSize(type_); }

  // Typed views. Precondition: T is the C++ type of type().
  template <typename T>
  std::span<T> data() {
    return {reinterpret_cast<T*>(storage_.get()), static_cast<size_t>(element_count_)};
  }
  template <typename T>
  std::span<const T> data() const {
    return {reinterpret_cast<const T*>(storage_.get()), static_cast<size_t>(element_count_)};
  }
  std::span<std::byte> bytes() { return {storage_.get(), byte_size()}; }
  std::span<const std::byte> bytes() const { return {storage_.get(), byte_size()}; }

  // Whether the elements are a file mapping (MapFile) rather than new memory.
  bool maps_file() const { return storage_.get_deleter().mapping != nullptr; }

 private:
  // Create's checks and the budget's charge; the element count.
  static absl::StatusOr<int64_t> CheckAndCharge(ElementType type, const Shape& shape,
                                                int64_t max_bytes);

  ElementType type_ = ElementType::kFloat;
  Shape shape_ = {0};
  int64_t element_count_ = 0;
  std::unique_ptr<std::byte[], TensorStorageRelease> storage_;
};

template <typename T>
Tensor Tensor::FromValues(Shape shape, std::span<const T> values) {
  absl::StatusOr<Tensor> tensor = Create(ElementTypeOf<T>(), shape);
  // A programming error in a test or case definition: stop loudly rather than
  // hand out a tensor with unset elements (or dereference an error status).
  if (!tensor.ok() || tensor->element_count() != static_cast<int64_t>(values.size())) {
    std::fprintf(stderr, "Tensor::FromValues: %zu values for shape %s\n", values.size(),
                 ShapeToString(shape).c_str());
    std::abort();
  }
  std::span<T> out = tensor->data<T>();
  for (size_t i = 0; i < out.size(); ++i) out[i] = values[i];
  return *std::move(tensor);
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_TENSOR_H_
