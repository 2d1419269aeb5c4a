// Splitting a run over machines: `onnx-conform run --shard=K/N` runs the K-th
// of N disjoint parts of the selected cases (K from 1 to N). Without the flag,
// the GoogleTest variables that CI systems and Bazel set are read instead:
// GTEST_TOTAL_SHARDS=N and GTEST_SHARD_INDEX=I (0-based: I = K - 1).
//
//   absl::StatusOr<std::optional<Shard>> shard = SelectShard("2/4", std::getenv);
//   if (shard.ok() && shard->has_value() && !(*shard)->Holds("min_v13_float_nan")) skip it;
//
// A case's shard depends on its name alone (a fixed hash, the same on every
// machine and with any other cases present), so the N shards of one
// selection hold every case exactly once.
#ifndef ONNX_CONFORM_RUNNERS_SHARD_H_
#define ONNX_CONFORM_RUNNERS_SHARD_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace onnx_conform {

struct Shard {
  int index = 0;  // 0-based
  int count = 1;

  // Whether the case of this name belongs to this shard.
  bool Holds(absl::string_view case_name) const;
  // "K/N", 1-based, as --shard takes it.
  std::string Label() const;
};

// FNV-1a of the bytes: a fixed function, unlike std::hash, so that every
// machine computes the same value (shards, the run log's case set).
uint64_t StableHash(absl::string_view text);

// The shard of the case named `case_name` among `count` (0-based).
int ShardOf(absl::string_view case_name, int count);

// The shard to run: from `flag` ("K/N") when not empty, else from the
// GoogleTest variables read with `getenv`, else none. A malformed value is
// InvalidArgument naming the flag or the variable.
absl::StatusOr<std::optional<Shard>> SelectShard(
    absl::string_view flag, const std::function<const char*(const char*)>& getenv);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_SHARD_H_
