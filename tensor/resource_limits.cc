#include "tensor/resource_limits.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace onnx_conform {
namespace {

thread_local ScopedResourceBudget* current_budget = nullptr;

// A limit of 2^62 bytes or more is none (cgroup v1 writes 2^63 - 4096).
constexpr int64_t kNoLimit = int64_t{1} << 62;

// "5.3 GiB", "412 MiB" (rounded down).
std::string Gib(int64_t bytes) {
  constexpr int64_t kGiB = int64_t{1} << 30;
  bytes = std::max<int64_t>(bytes, 0);
  if (bytes < kGiB) return absl::StrCat(bytes >> 20, " MiB");
  return absl::StrCat(bytes / kGiB, ".", bytes % kGiB * 10 / kGiB, " GiB");
}

// The first line of a small file, or "" when it cannot be read.
std::string FirstLine(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

// A limit in bytes held in a cgroup file; none for "max" or 2^62 and up.
std::optional<int64_t> LimitIn(const std::string& file) {
  int64_t value = 0;
  if (!absl::SimpleAtoi(FirstLine(file), &value) || value <= 0 || value >= kNoLimit) {
    return std::nullopt;
  }
  return value;
}

// The least memory limit of this process's cgroup and its ancestors, as
// /proc/self/cgroup names them ("0::/path" v2, "4:memory:/path" v1).
std::optional<int64_t> CgroupLimit() {
  std::ifstream in("/proc/self/cgroup");
  std::optional<int64_t> least;
  for (std::string line; std::getline(in, line);) {
    const std::vector<std::string> fields = absl::StrSplit(line, absl::MaxSplits(':', 2));
    if (fields.size() != 3) continue;
    std::vector<std::pair<std::string, std::string>> mounts;  // hierarchy, limit file
    if (fields[0] == "0" && fields[1].empty()) {
      mounts = {{"/sys/fs/cgroup", "memory.max"}, {"/sys/fs/cgroup/unified", "memory.max"}};
    } else if (absl::StrContains(absl::StrCat(",", fields[1], ","), ",memory,")) {
      mounts = {{"/sys/fs/cgroup/memory", "memory.limit_in_bytes"}};
    }
    for (const auto& [root, file] : mounts) {
      for (std::filesystem::path at = fields[2];; at = at.parent_path()) {
        if (std::optional<int64_t> limit = LimitIn(absl::StrCat(root, at.string(), "/", file))) {
          least = std::min(least.value_or(*limit), *limit);
        }
        if (at.empty() || at == at.parent_path()) break;
      }
    }
  }
  return least;
}

// The machine's memory (MemTotal), or nullopt.
std::optional<int64_t> MachineMemory() {
  std::ifstream in("/proc/meminfo");
  for (std::string line; std::getline(in, line);) {
    absl::string_view rest(line);
    if (!absl::ConsumePrefix(&rest, "MemTotal:")) continue;
    rest = absl::StripAsciiWhitespace(rest);
    int64_t kib = 0;
    if (absl::ConsumeSuffix(&rest, "kB") &&
        absl::SimpleAtoi(absl::StripAsciiWhitespace(rest), &kib) && kib > 0) {
      return kib * 1024;
    }
  }
  return std::nullopt;
}

// The bytes this process has mapped (its address space), or 0.
int64_t MappedBytes() {
  std::ifstream in("/proc/self/statm");
  int64_t pages = 0;
  in >> pages;
  return in ? pages * sysconf(_SC_PAGESIZE) : 0;
}

}  // namespace

MemoryCeiling MeasureMemoryCeiling() {
  MemoryCeiling ceiling{kNoLimit, "no limit known"};
  const auto least = [&](int64_t bytes, std::string what) {
    bytes = std::max<int64_t>(bytes, 0);
    if (bytes < ceiling.bytes) ceiling = {bytes, std::move(what)};
  };
  if (std::optional<int64_t> machine = MachineMemory()) {
    least(*machine, absl::StrCat(Gib(*machine), " (the machine's memory)"));
  }
  if (std::optional<int64_t> cgroup = CgroupLimit()) {
    least(*cgroup, absl::StrCat(Gib(*cgroup), " (its cgroup's memory limit)"));
  }
  rlimit address_space{};
  if (getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY &&
      address_space.rlim_cur < static_cast<rlim_t>(kNoLimit)) {
    const int64_t limit = static_cast<int64_t>(address_space.rlim_cur);
    const int64_t mapped = MappedBytes();
    least(limit - mapped,
          absl::StrCat(Gib(limit - mapped), " (its address-space limit, ulimit -v, of ", Gib(limit),
                       ", ", Gib(mapped), " of it mapped already)"));
  }
  return ceiling;
}

const MemoryCeiling& ProcessMemoryCeiling() {
  static const MemoryCeiling* ceiling = new MemoryCeiling(MeasureMemoryCeiling());
  return *ceiling;
}

int64_t DefaultMaxCaseBytes(int jobs) {
  return std::max<int64_t>(
      1, std::min(kDefaultMaxCaseBytes, ProcessMemoryCeiling().bytes / 2 / std::max(1, jobs)));
}

std::string OutOfMemoryMessage() {
  return absl::StrCat(
      "out of memory: the case asked for more than the process could get (it may use ",
      ProcessMemoryCeiling().what, "); give it less (--max-case-bytes, -j) or raise the limit");
}

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
    return absl::ResourceExhaustedError(
        absl::StrCat(what(), " needs ", bytes, " bytes, but the case has already used ",
                     budget->charged_, " of its limit of ", limits.max_case_bytes,
                     " bytes (--max-case-bytes); by default half the memory this process may use, ",
                     ProcessMemoryCeiling().what, ", divided by -j"));
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
