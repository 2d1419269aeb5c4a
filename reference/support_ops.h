// The operators the reference runs without testing them: Constant and
// Identity (exporters and ONNX's version converter put them between the
// suite's operators), and Less and Where (Clip-13's function body, so that
// the expanded form of a Clip case runs).
//
//   absl::StatusOr<Tensor> c = RunLessNode(node, 13, {&x, &min});  // bool
//   absl::StatusOr<Tensor> y = RunWhereNode(node, 16, {&c, &min, &x});
//
// Less and Where follow IEEE and numpy exactly and leave nothing open:
// Less(NaN, x) and Less(-0, +0) are false, and Where returns its chosen
// operand's element bit for bit (and, on the plain path, its MatchClass).
#ifndef ONNX_CONFORM_REFERENCE_SUPPORT_OPS_H_
#define ONNX_CONFORM_REFERENCE_SUPPORT_OPS_H_

#include <cstdint>
#include <span>

#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "reference/evaluation.h"
#include "reference/tensor.h"

namespace onnx_conform {

inline constexpr int64_t kConstantVersions[] = {1, 9, 11, 12, 13};
inline constexpr int64_t kIdentityVersions[] = {1, 13, 14, 16};
inline constexpr int64_t kLessVersions[] = {7, 9, 13};
inline constexpr int64_t kWhereVersions[] = {9, 16};

// A copy made through Tensor::Create, so that it is charged to the case's
// budget like any other tensor (the copy constructor cannot refuse).
absl::StatusOr<Tensor> ChargedCopy(const Tensor& tensor);

absl::StatusOr<Tensor> RunConstantNode(const onnx::NodeProto& node, int64_t version,
                                       std::span<const Tensor* const> inputs,
                                       const PlainEvaluation* plain = nullptr);
absl::StatusOr<Tensor> RunIdentityNode(const onnx::NodeProto& node, int64_t version,
                                       std::span<const Tensor* const> inputs,
                                       const PlainEvaluation* plain = nullptr);
absl::StatusOr<Tensor> RunLessNode(const onnx::NodeProto& node, int64_t version,
                                   std::span<const Tensor* const> inputs,
                                   const PlainEvaluation* plain = nullptr);
absl::StatusOr<Tensor> RunWhereNode(const onnx::NodeProto& node, int64_t version,
                                    std::span<const Tensor* const> inputs,
                                    const PlainEvaluation* plain = nullptr);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_REFERENCE_SUPPORT_OPS_H_
