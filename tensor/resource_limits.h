// Memory limits for one case: the largest tensor, and the bytes a case may
// read and allocate in all (files, decoded tensors, reference outputs,
// adapter outputs). Checked before allocating, so a few bytes that claim a
// huge shape, or two inputs that broadcast to one, cost no memory.
//
//   ResourceLimits limits{.max_tensor_bytes = 1 << 30, .max_case_bytes = 4LL << 30};
//   {
//     ScopedResourceBudget budget(limits);  // this thread, until the scope ends
//     absl::StatusOr<Tensor> t = Tensor::Create(ElementType::kFloat, {1 << 30});
//     // ResourceExhausted: 4 GiB is over the 1 GiB per tensor
//   }
//
// Tensor::Create and ReadFileBytes charge the innermost budget of the
// calling thread (a case runs on one thread, so -j N runs N budgets). With
// no budget installed only their own max_bytes arguments apply. Charges are
// never refunded: the total is what the case asked for, an upper bound on
// what it held at once. docs/security.md explains the defaults.
#ifndef ONNX_CONFORM_TENSOR_RESOURCE_LIMITS_H_
#define ONNX_CONFORM_TENSOR_RESOURCE_LIMITS_H_

#include <cstdint>
#include <string>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// The most a case's total may be by default (see above); less when the
// process may use less memory (DefaultMaxCaseBytes).
inline constexpr int64_t kDefaultMaxCaseBytes = int64_t{8} << 30;
// Element operations the reference may spend on one case (about ten
// seconds of scalar work): Min over a million copies of one large input is
// small on disk but would otherwise run for hours.
inline constexpr int64_t kDefaultMaxElementOperations = int64_t{1} << 34;

// The memory this process may use: the least of its address-space limit
// (`ulimit -v`, RLIMIT_AS) less what it has mapped already, its cgroup's
// memory limit (its own or an ancestor's: v2 memory.max, v1
// memory.limit_in_bytes), and the machine's memory (MemTotal).
struct MemoryCeiling {
  int64_t bytes = 0;
  // Which, for messages: "5.3 GiB (its address-space limit, ulimit -v, of
  // 5.7 GiB, 0.4 GiB of it mapped already)".
  std::string what;
};
// Measured now.
MemoryCeiling MeasureMemoryCeiling();
// As first measured in this process: every budget and message of a run
// uses one figure.
const MemoryCeiling& ProcessMemoryCeiling();

// The default per-case budget: half the memory the process may use (a case
// holds more than it is charged: protobuf's copies while it parses, the
// allocator's slack), shared by the `jobs` cases run at once, at most
// kDefaultMaxCaseBytes.
int64_t DefaultMaxCaseBytes(int jobs = 1);

// What a case that could not get its memory (std::bad_alloc) is told:
// "out of memory: ..., this process may use 5.3 GiB (...)".
std::string OutOfMemoryMessage();

struct ResourceLimits {
  int64_t max_tensor_bytes = kDefaultMaxTensorBytes;  // --max-tensor-bytes
  int64_t max_case_bytes = DefaultMaxCaseBytes();     // --max-case-bytes
  int64_t max_element_operations = kDefaultMaxElementOperations;
};

class ScopedResourceBudget {
 public:
  explicit ScopedResourceBudget(const ResourceLimits& limits);
  ~ScopedResourceBudget();
  ScopedResourceBudget(const ScopedResourceBudget&) = delete;
  ScopedResourceBudget& operator=(const ScopedResourceBudget&) = delete;

  const ResourceLimits& limits() const { return limits_; }
  int64_t charged_bytes() const { return charged_; }

 private:
  friend absl::Status ChargeBytes(int64_t bytes, bool is_tensor,
                                  absl::FunctionRef<std::string()> what);
  friend absl::Status ChargeOperations(int64_t operations, absl::string_view what);
  ResourceLimits limits_;
  int64_t charged_ = 0;
  int64_t operations_ = 0;
  ScopedResourceBudget* previous_;
};

// Charges `bytes` to the calling thread's budget, or ResourceExhausted
// (naming what() -- only called then -- the limit, its flag, and the
// memory the process may use) when they would exceed it. A tensor is also held to max_tensor_bytes.
// OK when no budget is installed.
absl::Status ChargeBytes(int64_t bytes, bool is_tensor, absl::FunctionRef<std::string()> what);

// "1048576", "64K", "512M", "4G", "1T" (powers of 1024) -> bytes; a
// positive count that fits in int64, else InvalidArgument.
absl::StatusOr<int64_t> ParseByteSize(absl::string_view text);

// Whether the calling thread has a budget installed.
bool HasResourceBudget();

// Charges element operations (the reference's work on a node) before they
// are done; ResourceExhausted naming `what` past max_element_operations.
absl::Status ChargeOperations(int64_t operations, absl::string_view what);

// The calling thread's per-tensor limit, or `fallback` with no budget.
int64_t CurrentMaxTensorBytes(int64_t fallback = kDefaultMaxTensorBytes);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TENSOR_RESOURCE_LIMITS_H_
