// The planted bugs of oc-fake-adapter's bug-NAME modes: a backend that
// computes like the reference except in exactly one situation, so that the
// tests of `onnx-conform explore` can show each bug is found and shrunk.
//
//   absl::StatusOr<std::vector<Tensor>> out = RunWithPlantedBug("keepdims",
//   model, inputs);
//
// Bugs: argmin-tie-order (ties go to the other end), nan-rule (a NaN result
// comes out as +0), broadcast (an input that is broadcast is read as its
// first element repeated), clip-inverted (min > max: nothing is clipped),
// keepdims (ArgMin keeps the reduced axis with keepdims=0),
// clip6-float16-bound (a Clip-1/6 bound is truncated, not rounded, to
// float16), int64-through-double (Min of int64/uint64 computed in double),
// min6-broadcast (Min-1/6 broadcasts: it accepts invalid models),
// broadcast-rank5 (broadcast, only for an output of rank 5 or more),
// sign-and-flush (Min: every float zero's sign flipped and denormals
// flushed to zero: two bugs in one cell), clip-flush (Clip flushes
// denormals), relu-flush (Relu flushes denormals), int64-compare-double (Min compares int64/uint64
// as double, keeping the first of two it cannot tell apart), fmin-nan (Min as numpy's fmin: NaN
// ignored, an all-NaN result +0), fused-min-clip (a Clip fed by a Min node ignores its max: only a
// graph shows it), fused-less-where (Where(Less(p, q), q, p) run as Max(p, q), Where(Less(p, q), p,
// q) as Min(p, q): NaN and signed zeros change; only a Less+Where graph shows it),
// select-last-index-ignored (ArgMin reads select_last_index as 0), none
// (the reference).
// Graphs of more than one node get the reference's outputs, but for
// fused-min-clip and fused-less-where.
// InvalidArgument for an unknown bug; the reference's errors otherwise.
#ifndef ONNX_CONFORM_TESTING_FAKE_ADAPTER_FAKE_ADAPTER_BUGS_H_
#define ONNX_CONFORM_TESTING_FAKE_ADAPTER_FAKE_ADAPTER_BUGS_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

absl::StatusOr<std::vector<Tensor>> RunWithPlantedBug(absl::string_view bug, onnx::ModelProto model,
                                                      std::vector<Tensor> inputs);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_FAKE_ADAPTER_FAKE_ADAPTER_BUGS_H_
