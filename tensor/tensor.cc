#include "tensor/tensor.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tensor/resource_limits.h"
#include "tensor/sanitizers.h"

namespace onnx_conform {
namespace {

// Storage is written right after it is created (by a kernel or the loader).
// A large one is new memory from mmap, and a 4 KiB page fault per 4 KiB
// written costs more than the kernels' own work (docs/performance.md);
// Linux's transparent huge pages (madvise mode) fault 2 MiB at a time.
// Only whole 2 MiB extents inside the buffer are advised, so no memory
// outside it is touched. Advice only: nothing changes where it is ignored.
void AdviseHugePages(std::byte* data, size_t size) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  if (size < 4 * kHugePage) return;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(data) + size) & ~(kHugePage - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
}

// ---- One large buffer kept for reuse ----
// New memory is the largest cost of a large kernel here: the OS clears every
// page it hands out, and on this VM that is slower than the kernel's own work,
// at times ten times slower (docs/performance.md). The most recently released
// buffer of new memory between kReuseMinBytes and kReuseMaxBytes is kept and
// handed to the next Create it can hold without wasting more than half of
// it, so a kernel called in a loop, or a run of large cases, writes into
// pages already in place. Never under AddressSanitizer, whose quarantine of
// freed memory it would bypass.
constexpr size_t kReuseMinBytes = size_t{8} << 20;
constexpr size_t kReuseMaxBytes = size_t{256} << 20;
constexpr bool kReuseBuffers = !kUnderAddressSanitizer;

struct KeptBuffer {
  std::mutex mutex;
  std::byte* data = nullptr;
  size_t size = 0;
};
KeptBuffer& Kept() {
  static KeptBuffer* const kept = new KeptBuffer();  // never destroyed: tensors may outlive it
  return *kept;
}

// New memory starts on a cache line (64 bytes, one AVX-512 vector), as the
// elements of a mapped file do (SerializeTensorFile): a kernel's vector
// loads and stores then never straddle two lines, where malloc's 16 bytes
// made every 512-bit access of a large tensor split (bench/ measures it).
constexpr std::align_val_t kStorageAlignment{64};

std::byte* AllocateStorage(size_t size) {
  return static_cast<std::byte*>(::operator new[](size, kStorageAlignment));
}

// New memory for `size` bytes and how to release it.
std::unique_ptr<std::byte[], TensorStorageRelease> NewStorage(size_t size) {
  if (!kReuseBuffers || size < kReuseMinBytes || size > kReuseMaxBytes) {
    std::unique_ptr<std::byte[], TensorStorageRelease> storage(AllocateStorage(size));
    AdviseHugePages(storage.get(), size);
    return storage;
  }
  {
    KeptBuffer& kept = Kept();
    std::lock_guard<std::mutex> lock(kept.mutex);
    if (kept.data != nullptr && kept.size >= size && kept.size / 2 <= size) {
      std::unique_ptr<std::byte[], TensorStorageRelease> storage(
          kept.data, TensorStorageRelease{.reusable_size = kept.size});
      kept.data = nullptr;
      return storage;
    }
  }
  std::unique_ptr<std::byte[], TensorStorageRelease> storage(
      AllocateStorage(size), TensorStorageRelease{.reusable_size = size});
  AdviseHugePages(storage.get(), size);
  return storage;
}

}  // namespace

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

struct Tensor::Parts {
  Kind kind = Kind::kTensor;
  std::optional<Kind> element_kind;
  std::vector<std::string> strings;  // a string tensor's elements
  std::vector<Tensor> elements;      // a sequence's or optional's; a map's keys, values
};

Tensor::Parts& Tensor::parts() {
  if (parts_ == nullptr) parts_ = std::make_unique<Parts>();
  return *parts_;
}

absl::StatusOr<int64_t> Tensor::CheckAndCharge(ElementType type, const Shape& shape,
                                               int64_t max_bytes) {
  if (!ElementTypeFromProto(static_cast<int32_t>(type)).has_value() ||
      type == ElementType::kUndefined) {
    return absl::InvalidArgumentError(absl::StrCat(
        "element type ", DataTypeNumberName(static_cast<int32_t>(type)), " holds no values"));
  }
  absl::StatusOr<int64_t> count = ElementCount(shape);
  if (!count.ok()) return count.status();
  // A string is charged as its std::string; its bytes come from a file or
  // a message already charged.
  const int64_t element_size = type == ElementType::kString
                                   ? static_cast<int64_t>(sizeof(std::string))
                                   : static_cast<int64_t>(ElementSize(type));
  if (*count > max_bytes / element_size) {
    return absl::ResourceExhaustedError(
        absl::StrCat("tensor of shape ", ShapeToString(shape), " and type ", ElementTypeName(type),
                     " needs more than the limit of ", max_bytes, " bytes"));
  }
  // The case's budget (tensor/resource_limits.h), before any allocation.
  if (absl::Status charged = ChargeBytes(*count * element_size, /*is_tensor=*/true,
                                         [&] {
                                           return absl::StrCat("tensor of shape ",
                                                               ShapeToString(shape), " and type ",
                                                               ElementTypeName(type));
                                         });
      !charged.ok()) {
    return charged;
  }
  return count;
}

absl::StatusOr<Tensor> Tensor::Create(ElementType type, Shape shape, int64_t max_bytes) {
  absl::StatusOr<int64_t> count = CheckAndCharge(type, shape, max_bytes);
  if (!count.ok()) return count.status();
  const size_t size = static_cast<size_t>(*count) * ElementSize(type);
  Tensor tensor;
  tensor.type_ = type;
  tensor.shape_ = std::move(shape);
  tensor.element_count_ = *count;
  if (type == ElementType::kString) {
    tensor.parts().strings.resize(static_cast<size_t>(*count));
  } else {
    tensor.storage_ = NewStorage(size);  // not zero-filled
  }
  return tensor;
}

Tensor Tensor::FromStrings(Shape shape, std::vector<std::string> values) {
  absl::StatusOr<Tensor> tensor = Create(ElementType::kString, shape);
  if (!tensor.ok() || tensor->element_count() != static_cast<int64_t>(values.size())) {
    std::fprintf(stderr, "Tensor::FromStrings: %zu values for shape %s\n", values.size(),
                 ShapeToString(shape).c_str());
    std::abort();
  }
  tensor->parts().strings = std::move(values);
  return *std::move(tensor);
}

Tensor Tensor::Sequence(std::vector<Tensor> elements, std::optional<Kind> element_kind) {
  Tensor value;
  value.type_ = ElementType::kUndefined;
  Parts& parts = value.parts();
  parts.kind = Kind::kSequence;
  parts.element_kind = element_kind;
  parts.elements = std::move(elements);
  return value;
}

Tensor Tensor::Optional(std::optional<Tensor> contained, std::optional<Kind> element_kind) {
  Tensor value;
  value.type_ = ElementType::kUndefined;
  Parts& parts = value.parts();
  parts.kind = Kind::kOptional;
  parts.element_kind = element_kind;
  if (contained.has_value()) parts.elements.push_back(*std::move(contained));
  return value;
}

absl::StatusOr<Tensor> Tensor::Map(Tensor keys, Tensor values) {
  const ElementType key_type = keys.type();
  const bool key_type_allowed =
      keys.is_tensor() &&
      (key_type == ElementType::kString || (IsNumeric(key_type) && !IsFloatingPoint(key_type)));
  if (!key_type_allowed || keys.rank() != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("map keys are ", DescribeValue(keys),
                     "; they must be a 1-D tensor of an integer type or string"));
  }
  if (values.kind() != Kind::kSequence ||
      static_cast<int64_t>(values.elements().size()) != keys.element_count()) {
    return absl::InvalidArgumentError(absl::StrCat("map of ", keys.element_count(),
                                                   " keys has values ", DescribeValue(values),
                                                   "; they must be a sequence as long"));
  }
  Tensor value;
  value.type_ = ElementType::kUndefined;
  Parts& parts = value.parts();
  parts.kind = Kind::kMap;
  parts.elements.push_back(std::move(keys));
  parts.elements.push_back(std::move(values));
  return value;
}

Tensor::Kind Tensor::kind() const { return parts_ != nullptr ? parts_->kind : Kind::kTensor; }

std::span<const Tensor> Tensor::elements() const {
  if (parts_ == nullptr || parts_->kind == Kind::kMap) return {};
  return parts_->elements;
}
std::span<Tensor> Tensor::elements() {
  if (parts_ == nullptr || parts_->kind == Kind::kMap) return {};
  return parts_->elements;
}

std::optional<Tensor::Kind> Tensor::element_kind() const {
  return parts_ != nullptr ? parts_->element_kind : std::nullopt;
}

const Tensor& Tensor::map_keys() const { return parts_->elements.at(0); }
const Tensor& Tensor::map_values() const { return parts_->elements.at(1); }

std::span<const std::string> Tensor::strings() const {
  if (parts_ == nullptr) return {};
  return parts_->strings;
}
std::span<std::string> Tensor::strings() {
  if (parts_ == nullptr) return {};
  return parts_->strings;
}

std::optional<absl::StatusOr<Tensor>> Tensor::MapFile(ElementType type, Shape shape, int fd,
                                                      int64_t offset, int64_t byte_count,
                                                      int64_t max_bytes) {
  if (!IsNumeric(type)) return std::nullopt;
  const int64_t element_size = static_cast<int64_t>(ElementSize(type));
  absl::StatusOr<int64_t> count = ElementCount(shape);
  if (!count.ok() || offset < 0 || byte_count <= 0 || offset % element_size != 0 ||
      byte_count % element_size != 0 || *count != byte_count / element_size) {
    return std::nullopt;
  }
  const int64_t page = sysconf(_SC_PAGESIZE);
  const int64_t map_offset = offset - offset % page;
  const size_t map_size = static_cast<size_t>(offset - map_offset + byte_count);
  // Mapped read-only and populated (the page cache's pages, without a fault
  // each), then made writable: a write copies its page, as MAP_PRIVATE
  // promises, instead of MAP_POPULATE copying every page of a writable map.
  void* mapping = mmap(nullptr, map_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, map_offset);
  if (mapping == MAP_FAILED) return std::nullopt;
  if (mprotect(mapping, map_size, PROT_READ | PROT_WRITE) != 0) {
    munmap(mapping, map_size);
    return std::nullopt;
  }
  absl::StatusOr<int64_t> charged = CheckAndCharge(type, shape, max_bytes);
  if (!charged.ok()) {
    munmap(mapping, map_size);
    return absl::StatusOr<Tensor>(charged.status());
  }
  Tensor tensor;
  tensor.type_ = type;
  tensor.shape_ = std::move(shape);
  tensor.element_count_ = *count;
  tensor.storage_ = std::unique_ptr<std::byte[], TensorStorageRelease>(
      static_cast<std::byte*>(mapping) + (offset - map_offset),
      TensorStorageRelease{.mapping = mapping, .mapping_size = map_size});
  return absl::StatusOr<Tensor>(std::move(tensor));
}

void TensorStorageRelease::operator()(std::byte* data) const {
  if (mapping != nullptr) {
    munmap(mapping, mapping_size);
    return;
  }
  if (reusable_size > 0) {  // kept; the buffer kept before is freed
    KeptBuffer& kept = Kept();
    std::lock_guard<std::mutex> lock(kept.mutex);
    std::swap(kept.data, data);
    kept.size = reusable_size;
  }
  ::operator delete[](data, kStorageAlignment);
}

Tensor::Tensor(const Tensor& other)
    : type_(other.type_), shape_(other.shape_), element_count_(other.element_count_) {
  if (other.storage_ != nullptr) {
    storage_ = NewStorage(other.byte_size());
    std::memcpy(storage_.get(), other.storage_.get(), other.byte_size());
  }
  if (other.parts_ != nullptr) parts_ = std::make_unique<Parts>(*other.parts_);
}

Tensor::Tensor() = default;
Tensor::Tensor(Tensor&&) noexcept = default;
Tensor& Tensor::operator=(Tensor&&) noexcept = default;
Tensor::~Tensor() = default;

Tensor& Tensor::operator=(const Tensor& other) {
  if (this != &other) *this = Tensor(other);
  return *this;
}

}  // namespace onnx_conform

namespace onnx_conform {
namespace {

absl::string_view KindWord(Tensor::Kind kind) {
  switch (kind) {
    case Tensor::Kind::kTensor: return "tensor";
    case Tensor::Kind::kSequence: return "seq";
    case Tensor::Kind::kOptional: return "optional";
    case Tensor::Kind::kMap: return "map";
  }
  return "?";
}

}  // namespace

std::string DescribeValue(const Tensor& value) {
  switch (value.kind()) {
    case Tensor::Kind::kTensor:
      return absl::StrCat("a ", ElementTypeName(value.type()), " tensor ",
                          ShapeToString(value.shape()));
    case Tensor::Kind::kSequence: {
      const size_t n = value.elements().size();
      return absl::StrCat("a sequence of ", n, n == 1 ? " value" : " values");
    }
    case Tensor::Kind::kOptional:
      return value.has_value()
                 ? absl::StrCat("an optional holding ", DescribeValue(value.elements()[0]))
                 : std::string("an empty optional");
    case Tensor::Kind::kMap: {
      const int64_t n = value.map_keys().element_count();
      return absl::StrCat("a map of ", n, n == 1 ? " entry" : " entries");
    }
  }
  return "a value";
}

std::string ValueTypeString(const Tensor& value) {
  switch (value.kind()) {
    case Tensor::Kind::kTensor: return absl::StrCat("tensor(", ElementTypeName(value.type()), ")");
    case Tensor::Kind::kSequence:
    case Tensor::Kind::kOptional: {
      std::string inner = "?";
      if (!value.elements().empty()) {
        inner = ValueTypeString(value.elements()[0]);
      } else if (value.element_kind().has_value() &&
                 *value.element_kind() != Tensor::Kind::kTensor) {
        inner = absl::StrCat(KindWord(*value.element_kind()), "(?)");
      } else if (value.element_kind().has_value()) {
        inner = "tensor(?)";
      }
      return absl::StrCat(KindWord(value.kind()), "(", inner, ")");
    }
    case Tensor::Kind::kMap: {
      const std::span<const Tensor> values = value.map_values().elements();
      return absl::StrCat("map(", ElementTypeName(value.map_keys().type()), ",",
                          values.empty() ? std::string("?") : ValueTypeString(values[0]), ")");
    }
  }
  return "?";
}

bool IdenticalValues(const Tensor& a, const Tensor& b) {
  if (a.kind() != b.kind()) return false;
  if (a.is_tensor()) {
    if (a.type() != b.type() || a.shape() != b.shape()) return false;
    if (a.type() == ElementType::kString) {
      return std::equal(a.strings().begin(), a.strings().end(), b.strings().begin(),
                        b.strings().end());
    }
    return a.byte_size() == 0 ||
           std::memcmp(a.bytes().data(), b.bytes().data(), a.byte_size()) == 0;
  }
  if (a.kind() == Tensor::Kind::kMap) {
    return IdenticalValues(a.map_keys(), b.map_keys()) &&
           IdenticalValues(a.map_values(), b.map_values());
  }
  const std::span<const Tensor> x = a.elements();
  const std::span<const Tensor> y = b.elements();
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i) {
    if (!IdenticalValues(x[i], y[i])) return false;
  }
  return true;
}

}  // namespace onnx_conform
