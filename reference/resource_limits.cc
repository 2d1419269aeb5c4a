#include "reference/resource_limits.h"

#include <limits>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace onnx_conform {
namespace {

thread_local ScopedResourceBudget* current_budget = nullptr;

}  // namespace

ScopedResourceBudget::ScopedResourceBudget(const ResourceLimits& limits)
    : limits_(limits), previous_(current_budget) {
  current_budget = this;
}

ScopedResourceBudget::~ScopedResourceBudget() { current_budget = previous_; }

absl::Status ChargeBytes(int64_t bytes, bool is_tensor, absl::FunctionRef<std::string()> what) {
  ScopedResourceBudget* budget = current_budget;
  if (budget == nullptr) return absl::OkStatus();
  const ResourceLimits& limits = budget->limits_;
  if (is_tensor && bytes > limits.max_tensor_bytes) {
    return absl::ResourceExhaustedError(
        absl::StrCat(what(), " needs ", bytes, " bytes, over the limit of ",
                     limits.max_tensor_bytes, " bytes per tensor (--max-tensor-bytes)"));
  }
  if (bytes > limits.max_case_bytes - budget->charged_) {
    return absl::ResourceExhaustedError(absl::StrCat(
        what(), " needs ", bytes, " bytes, but the case has already used ", budget->charged_,
        " of its limit of ", limits.max_case_bytes, " bytes (--max-case-bytes)"));
  }
  budget->charged_ += bytes;
  return absl::OkStatus();
}

absl::Status ChargeOperations(int64_t operations, absl::string_view what) {
  ScopedResourceBudget* budget = current_budget;
  if (budget == nullptr) return absl::OkStatus();
  if (operations > budget->limits_.max_element_operations - budget->operations_) {
    return absl::ResourceExhaustedError(
        absl::StrCat(what, " needs ", operations, " element operations; with the ",
                     budget->operations_, " spent, that is over the reference's limit of ",
                     budget->limits_.max_element_operations, " per case"));
  }
  budget->operations_ += operations;
  return absl::OkStatus();
}

absl::StatusOr<int64_t> ParseByteSize(absl::string_view text) {
  auto bad = [&] {
    return absl::InvalidArgumentError(
        absl::StrCat("'", text, "' is not a positive byte count such as 1048576, 64K, 512M or 4G"));
  };
  absl::string_view digits = text;
  int shift = 0;
  if (!digits.empty()) {
    switch (digits.back()) {
      case 'K':
      case 'k': shift = 10; break;
      case 'M':
      case 'm': shift = 20; break;
      case 'G':
      case 'g': shift = 30; break;
      case 'T':
      case 't': shift = 40; break;
      default: break;
    }
    if (shift != 0) digits.remove_suffix(1);
  }
  if (digits.empty() || digits.size() > 19) return bad();
  for (char c : digits) {
    if (c < '0' || c > '9') return bad();
  }
  int64_t value = 0;
  if (!absl::SimpleAtoi(digits, &value) || value <= 0) return bad();
  if (value > (std::numeric_limits<int64_t>::max() >> shift)) return bad();
  return value << shift;
}

bool HasResourceBudget() { return current_budget != nullptr; }

int64_t CurrentMaxTensorBytes(int64_t fallback) {
  return current_budget != nullptr ? current_budget->limits().max_tensor_bytes : fallback;
}

}  // namespace onnx_conform
