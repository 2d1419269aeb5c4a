#include "reference/evaluation.h"

#include <algorithm>

namespace onnx_conform {

BroadcastIndex::BroadcastIndex(const Shape& out, const Shape& in)
    : out_(out), in_strides_(out.size(), 0) {
  int64_t stride = 1;
  const size_t offset = out.size() - in.size();
  for (size_t d = in.size(); d-- > 0;) {
    if (in[d] != 1) in_strides_[offset + d] = stride;
    stride *= in[d];
  }
}

int64_t BroadcastIndex::operator()(int64_t out_flat) const {
  int64_t in_flat = 0;
  for (size_t d = out_.size(); d-- > 0;) {
    if (out_[d] == 0) return 0;
    in_flat += (out_flat % out_[d]) * in_strides_[d];
    out_flat /= out_[d];
  }
  return in_flat;
}

void KeepClasses(MatchClasses classes, MatchClasses* out) {
  if (out == nullptr) return;
  const bool all_exact = std::all_of(classes.begin(), classes.end(),
                                     [](MatchClass c) { return c == MatchClass::kExactBits; });
  if (all_exact) classes.clear();
  *out = std::move(classes);
}

}  // namespace onnx_conform
