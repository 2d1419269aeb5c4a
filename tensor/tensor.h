// The value that flows between loading, the checker, the reference kernels
// and the diff: one value of a graph. Mostly a dense, row-major tensor of
// one element type; also, in one class so that every list of graph values
// stays a std::vector<Tensor>, a sequence, an optional or a map of values.
//
//   absl::StatusOr<Tensor> t = Tensor::Create(ElementType::kFloat, {2, 3});
//   std::span<float> values = t->data<float>();
//   Tensor seq = Tensor::Sequence({*t, *t});            // seq.kind() == Tensor::Kind::kSequence
//   Tensor none = Tensor::Optional(std::nullopt, Tensor::Kind::kTensor);  // an empty optional
//
// Storage of a tensor (kind kTensor), by element type:
//  - the twelve numeric types (kNumericTypes): data<T>() of their C++ type,
//    as raw_data has them; the kernels only ever see these (and bool);
//  - bool: one byte each, 0 or 1;
//  - complex64 and complex128: two floats (doubles) each, real part first;
//  - the 8-bit floats (float8*, float8e8m0): one byte each, their bits;
//  - the packed types of fewer than 8 bits (uint4, int4, float4e2m1, uint2,
//    int2, float6e2m3, float6e3m2): ONE ELEMENT PER BYTE, the element's bits
//    in the low bits and zeros above (int4 -1 is 0x0F); reference/
//    tensor_proto.cc packs and unpacks them as ONNX's raw_data and int32_data
//    do;
//  - string: strings(), one std::string of bytes (not necessarily UTF-8)
//    per element, kept apart: bytes() is empty and byte_size() 0.
// bytes() is the storage above for every type but string; an element is read
// as a number or as text through tensor/element_value.h.
//
// A sequence holds elements() (each a value: tensors, or sequences, maps,
// optionals); an optional holds no element (empty) or one; a map holds
// map_keys() (a 1-D tensor of an integer type or string) and map_values() (a
// sequence of the same length). For these kinds type() is kUndefined, shape()
// [0] and bytes() empty; element_kind() is the kind a sequence's or an
// optional's elements are (SequenceProto/OptionalProto elem_type), kept for
// an empty one, nullopt when the file left it undefined.
//
// Storage is not zero-filled on creation (kernels overwrite every element),
// and a large one may be memory a released tensor held (tensor.cc).
#ifndef ONNX_CONFORM_TENSOR_TENSOR_H_
#define ONNX_CONFORM_TENSOR_TENSOR_H_

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
#include "tensor/element_type.h"

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
  // What a graph value is (ONNX's TypeProto value kinds; sparse tensors are
  // not held).
  enum class Kind : uint8_t { kTensor, kSequence, kOptional, kMap };

  Tensor();  // an empty float tensor of shape [0]

  // A tensor of any type of kAllElementTypes (a string tensor's strings are
  // empty). Fails for kUndefined or a number ONNX does not define, a
  // negative or overflowing shape, or more than max_bytes of data.
  static absl::StatusOr<Tensor> Create(ElementType type, Shape shape,
                                       int64_t max_bytes = kDefaultMaxTensorBytes);

  // A tensor whose elements are `byte_count` bytes of the open regular file
  // `fd` from `offset`, mapped copy-on-write (MAP_PRIVATE): reading is
  // reading the page cache, a write changes the tensor and never the file.
  // Same checks and budget charge as Create. nullopt, charging nothing, when
  // the bytes are not aligned for the type, their size is not the shape's,
  // or mmap fails: the caller then reads a copy (tensor/tensor_file_direct.cc).
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

  // A string tensor holding `values`, for tests and case definitions.
  // Aborts unless the shape holds exactly values.size() elements.
  static Tensor FromStrings(Shape shape, std::vector<std::string> values);

  // Values that are not tensors. `element_kind`: what the elements are, as
  // the file or the graph says (nullopt: undefined).
  static Tensor Sequence(std::vector<Tensor> elements,
                         std::optional<Kind> element_kind = Kind::kTensor);
  static Tensor Optional(std::optional<Tensor> value,
                         std::optional<Kind> element_kind = Kind::kTensor);
  // Fails unless keys is a 1-D tensor of an integer type or string and
  // values a sequence of as many elements.
  static absl::StatusOr<Tensor> Map(Tensor keys, Tensor values);

  Tensor(const Tensor& other);
  Tensor& operator=(const Tensor& other);
  Tensor(Tensor&&) noexcept;
  Tensor& operator=(Tensor&&) noexcept;
  ~Tensor();

  Kind kind() const;
  bool is_tensor() const { return kind() == Kind::kTensor; }
  // A sequence's elements; an optional's value (none when empty); none for
  // a tensor or a map.
  std::span<const Tensor> elements() const;
  std::span<Tensor> elements();
  std::optional<Kind> element_kind() const;
  // An optional that holds a value. Precondition: kind() == kOptional.
  bool has_value() const { return !elements().empty(); }
  // Precondition: kind() == kMap.
  const Tensor& map_keys() const;
  const Tensor& map_values() const;

  // A string tensor's elements (empty for every other value).
  std::span<const std::string> strings() const;
  std::span<std::string> strings();

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

  // What a tensor of a numeric type does without: strings, or the parts of
  // a value of another kind (tensor.cc). Null for numeric tensors.
  struct Parts;
  Parts& parts();

  ElementType type_ = ElementType::kFloat;
  Shape shape_ = {0};
  int64_t element_count_ = 0;
  std::unique_ptr<std::byte[], TensorStorageRelease> storage_;
  std::unique_ptr<Parts> parts_;
};

// "a float tensor [2,3]", "a sequence of 3 values", "an empty optional", "a
// map of 2 entries": what a value is, for messages.
std::string DescribeValue(const Tensor& value);
// "tensor(float)", "seq(tensor(int64))", "optional(seq(tensor(float)))",
// "map(int64,tensor(float))": ONNX's type string of a value, as far as the
// value shows it (an empty sequence's element type is unknown: "seq(?)").
std::string ValueTypeString(const Tensor& value);

// The same value, bit for bit: kind, element type, shape and storage bytes
// (NaN payloads and -0 included), strings, and the parts of a sequence,
// optional or map, element by element. element_kind() is not compared (an
// empty optional is one value, whatever its file called its element kind).
bool IdenticalValues(const Tensor& a, const Tensor& b);

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

#endif  // ONNX_CONFORM_TENSOR_TENSOR_H_
