#include "runners/harness/shard.h"

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace onnx_conform {
namespace {

absl::StatusOr<int> ParseCount(absl::string_view text, absl::string_view what, int minimum) {
  int value = 0;
  if (!absl::SimpleAtoi(text, &value) || value < minimum) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": '", text, "' is not a whole number of at least ", minimum));
  }
  return value;
}

}  // namespace

uint64_t StableHash(absl::string_view text) {
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

int ShardOf(absl::string_view case_name, int count) {
  return static_cast<int>(StableHash(case_name) % static_cast<uint64_t>(count));
}

bool Shard::Holds(absl::string_view case_name) const { return ShardOf(case_name, count) == index; }

std::string Shard::Label() const { return absl::StrCat(index + 1, "/", count); }

absl::StatusOr<std::optional<Shard>> SelectShard(
    absl::string_view flag, const std::function<const char*(const char*)>& getenv) {
  if (!flag.empty()) {
    const std::vector<absl::string_view> parts = absl::StrSplit(flag, '/');
    if (parts.size() != 2) {
      return absl::InvalidArgumentError(
          absl::StrCat("--shard: '", flag, "' is not K/N (K-th of N shards, 1 <= K <= N)"));
    }
    absl::StatusOr<int> count = ParseCount(parts[1], "--shard N", 1);
    if (!count.ok()) return count.status();
    absl::StatusOr<int> k = ParseCount(parts[0], "--shard K", 1);
    if (!k.ok()) return k.status();
    if (*k > *count) {
      return absl::InvalidArgumentError(
          absl::StrCat("--shard: '", flag, "': K must be between 1 and N"));
    }
    return Shard{*k - 1, *count};
  }
  const char* total = getenv("GTEST_TOTAL_SHARDS");
  const char* index = getenv("GTEST_SHARD_INDEX");
  if (total == nullptr && index == nullptr) return std::nullopt;
  if (total == nullptr || index == nullptr) {
    return absl::InvalidArgumentError(
        "GTEST_TOTAL_SHARDS and GTEST_SHARD_INDEX must be set together");
  }
  absl::StatusOr<int> count = ParseCount(total, "GTEST_TOTAL_SHARDS", 1);
  if (!count.ok()) return count.status();
  absl::StatusOr<int> i = ParseCount(index, "GTEST_SHARD_INDEX", 0);
  if (!i.ok()) return i.status();
  if (*i >= *count) {
    return absl::InvalidArgumentError(
        absl::StrCat("GTEST_SHARD_INDEX=", index, " must be below GTEST_TOTAL_SHARDS=", total));
  }
  return Shard{*i, *count};
}

}  // namespace onnx_conform
