// The diff: two tensors (type, shape, elements) and a tolerance taken from
// the bytes. A tensor must match itself exactly; the mismatch count may not
// exceed the element count; reported mismatches are within max_reported and
// their indices inside the shape; Describe must not fail on any of it.
#include <algorithm>
#include <cstring>
#include <span>
#include <string>

#include "absl/strings/str_cat.h"
#include "fuzz/fuzz_targets.h"
#include "runners/harness/diff.h"
#include "tensor/element_type.h"

namespace onnx_conform::fuzz {
namespace {

// Reads the input front to back; past its end, zeros.
class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t Byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  double Double() {
    uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) bits |= uint64_t{Byte()} << (8 * i);
    double value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
  }
  void Fill(std::span<std::byte> out) {
    for (std::byte& b : out) b = static_cast<std::byte>(Byte());
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

constexpr ElementType kTypes[] = {
    ElementType::kFloat, ElementType::kDouble, ElementType::kFloat16, ElementType::kBFloat16,
    ElementType::kInt8,  ElementType::kInt16,  ElementType::kInt32,   ElementType::kInt64,
    ElementType::kUint8, ElementType::kUint16, ElementType::kUint32,  ElementType::kUint64,
};

Shape ReadShape(ByteReader& in) {
  Shape shape(in.Byte() % 5);
  for (int64_t& dim : shape) dim = in.Byte() % 6;
  return shape;
}

}  // namespace

int FuzzDiff(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  const ElementType expected_type = kTypes[in.Byte() % std::size(kTypes)];
  const uint8_t flags = in.Byte();
  const ElementType actual_type =
      (flags & 1) ? kTypes[in.Byte() % std::size(kTypes)] : expected_type;
  const Shape expected_shape = ReadShape(in);
  const Shape actual_shape = (flags & 2) ? ReadShape(in) : expected_shape;
  Tolerance tolerance = Tolerance::Exact();
  if (flags & 4) tolerance = Tolerance::Approximate(in.Double(), in.Double());
  const int max_reported = static_cast<int8_t>(in.Byte());

  absl::StatusOr<Tensor> expected = Tensor::Create(expected_type, expected_shape);
  absl::StatusOr<Tensor> actual = Tensor::Create(actual_type, actual_shape);
  if (!expected.ok() || !actual.ok()) FuzzFinding("a small tensor could not be created");
  in.Fill(expected->bytes());
  in.Fill(actual->bytes());

  const TensorDiff self = DiffTensors(*expected, *expected, Tolerance::Exact(), max_reported);
  if (!self.matches())
    FuzzFinding(absl::StrCat("a tensor differs from itself: ", self.Describe("x")));

  const TensorDiff diff = DiffTensors(*expected, *actual, tolerance, max_reported);
  if (diff.mismatch_count > diff.element_count) FuzzFinding("more mismatches than elements");
  if (static_cast<int64_t>(diff.first_mismatches.size()) >
      std::max<int64_t>(0, std::min<int64_t>(max_reported, diff.mismatch_count))) {
    FuzzFinding("more mismatches reported than asked for");
  }
  for (const ElementMismatch& m : diff.first_mismatches) {
    if (m.index.size() != expected_shape.size()) FuzzFinding("mismatch index of the wrong rank");
    for (size_t d = 0; d < m.index.size(); ++d) {
      if (m.index[d] < 0 || m.index[d] >= expected_shape[d]) {
        FuzzFinding("mismatch index outside the shape");
      }
    }
  }
  if ((expected_type != actual_type || expected_shape != actual_shape) && diff.matches()) {
    FuzzFinding("tensors of different type or shape match");
  }
  if (diff.Describe("output").empty()) FuzzFinding("empty description");
  return 0;
}

}  // namespace onnx_conform::fuzz
