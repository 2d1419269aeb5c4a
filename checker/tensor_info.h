// What the checker knows about one value of a graph: its element type and
// shape, each possibly unknown. A dimension is unknown when the model gives
// a symbolic dim_param or nothing; unknown is never an error.
//
//   TensorInfo a{ElementType::kFloat, SymbolicShape{{2}, std::nullopt}};  // [2,?]
//   TensorInfo b{ElementType::kFloat, SymbolicShape{{3}}};
//   std::optional<SymbolicShape> out = BroadcastShapes({*a.shape, *b.shape});  // nullopt
#ifndef ONNX_CONFORM_CHECKER_TENSOR_INFO_H_
#define ONNX_CONFORM_CHECKER_TENSOR_INFO_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform {

using SymbolicDim = std::optional<int64_t>;  // nullopt: unknown (symbolic)
using SymbolicShape = std::vector<SymbolicDim>;

struct TensorInfo {
  std::optional<ElementType> type;     // nullopt: undeclared
  std::optional<SymbolicShape> shape;  // nullopt: rank unknown

  static TensorInfo Of(const Tensor& tensor);
  std::optional<int64_t> rank() const {
    return shape ? std::optional<int64_t>(static_cast<int64_t>(shape->size())) : std::nullopt;
  }
  bool operator==(const TensorInfo&) const = default;
};

SymbolicShape ToSymbolic(const Shape& shape);

// "[2,?,4]", "[]" for a scalar, "unknown rank".
std::string SymbolicShapeToString(const std::optional<SymbolicShape>& shape);

// True when some tensor could have both shapes: same rank and no two known
// dimensions differ.
bool ShapesCompatible(const SymbolicShape& a, const SymbolicShape& b);

// Keeps what either side knows: a's known dims, completed by b's. Where
// both are known and differ, a wins (callers report the conflict).
TensorInfo MergeInfo(const TensorInfo& a, const TensorInfo& b);

// Multidirectional (numpy-style) broadcasting of known-rank shapes. Returns
// nullopt when two known dimensions other than 1 differ. An unknown
// dimension against a known d > 1 gives d (the unknown must be 1 or d).
std::optional<SymbolicShape> BroadcastShapes(std::span<const SymbolicShape> shapes);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_TENSOR_INFO_H_
