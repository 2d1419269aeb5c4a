#include "checker/tensor_info.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace onnx_conform {

TensorInfo TensorInfo::Of(const Tensor& tensor) {
  return TensorInfo{tensor.type(), ToSymbolic(tensor.shape())};
}

SymbolicShape ToSymbolic(const Shape& shape) { return SymbolicShape(shape.begin(), shape.end()); }

std::string SymbolicShapeToString(const std::optional<SymbolicShape>& shape) {
  if (!shape) return "unknown rank";
  return absl::StrCat("[",
                      absl::StrJoin(*shape, ",",
                                    [](std::string* out, const SymbolicDim& dim) {
                                      absl::StrAppend(out, dim ? absl::StrCat(*dim) : "?");
                                    }),
                      "]");
}

bool ShapesCompatible(const SymbolicShape& a, const SymbolicShape& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] && b[i] && *a[i] != *b[i]) return false;
  }
  return true;
}

TensorInfo MergeInfo(const TensorInfo& a, const TensorInfo& b) {
  TensorInfo merged;
  merged.type = a.type ? a.type : b.type;
  if (!a.shape) {
    merged.shape = b.shape;
  } else {
    merged.shape = a.shape;
    if (b.shape && b.shape->size() == a.shape->size()) {
      for (size_t i = 0; i < a.shape->size(); ++i) {
        if (!(*merged.shape)[i]) (*merged.shape)[i] = (*b.shape)[i];
      }
    }
  }
  return merged;
}

std::optional<SymbolicShape> BroadcastShapes(std::span<const SymbolicShape> shapes) {
  size_t rank = 0;
  for (const SymbolicShape& shape : shapes) rank = std::max(rank, shape.size());
  SymbolicShape result(rank, SymbolicDim(1));
  for (size_t axis = 0; axis < rank; ++axis) {
    // `known` is the dimension other than 1 seen so far; `unknown` whether a
    // symbolic dimension was seen.
    std::optional<int64_t> known;
    bool unknown = false;
    for (const SymbolicShape& shape : shapes) {
      size_t offset = rank - shape.size();
      if (axis < offset) continue;  // implicit leading 1
      const SymbolicDim& dim = shape[axis - offset];
      if (!dim) {
        unknown = true;
      } else if (*dim != 1) {
        if (known && *known != *dim) return std::nullopt;
        known = *dim;
      }
    }
    if (known) {
      result[axis] = known;
    } else if (unknown) {
      result[axis] = std::nullopt;
    }
  }
  return result;
}

}  // namespace onnx_conform
