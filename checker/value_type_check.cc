#include "checker/value_type_check.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/tensor_info.h"
#include "tensor/element_type.h"

namespace onnx_conform {
namespace {

std::string ElemTypeString(int32_t elem_type) {
  return elem_type == 0 ? std::string("?") : DataTypeNumberName(elem_type);
}

// A TensorShapeProto as the checker reads it: unknown dims for dim_param.
SymbolicShape DeclaredShape(const onnx::TensorShapeProto& shape) {
  SymbolicShape dims;
  for (const onnx::TensorShapeProto::Dimension& dim : shape.dim()) {
    dims.push_back(dim.has_dim_value() && dim.dim_value() >= 0 ? SymbolicDim(dim.dim_value())
                                                               : std::nullopt);
  }
  return dims;
}

class Comparer {
 public:
  std::vector<ValueTypeProblem> Run(const Tensor& value, const onnx::TypeProto& declared) {
    Compare(value, declared, "");
    return std::move(problems_);
  }

 private:
  void Report(bool shape, const std::string& where, std::string message) {
    problems_.push_back(
        {shape, where.empty() ? std::move(message) : absl::StrCat(where, ": ", message)});
  }

  // "element 2 of the sequence", "the optional's value inside element 2 ...".
  static std::string Inside(const std::string& where, const std::string& part) {
    return where.empty() ? part : absl::StrCat(part, " of ", where);
  }

  bool KindIs(const Tensor& value, Tensor::Kind kind, const onnx::TypeProto& declared,
              const std::string& where) {
    if (value.kind() == kind) return true;
    Report(false, where,
           absl::StrCat("the value is ", DescribeValue(value), ", but the graph declares ",
                        TypeProtoString(declared)));
    return false;
  }

  void Compare(const Tensor& value, const onnx::TypeProto& declared, const std::string& where) {
    switch (declared.value_case()) {
      case onnx::TypeProto::kTensorType: {
        if (!KindIs(value, Tensor::Kind::kTensor, declared, where)) return;
        const onnx::TypeProto::Tensor& tensor = declared.tensor_type();
        if (tensor.elem_type() != 0 && tensor.elem_type() != static_cast<int32_t>(value.type())) {
          Report(false, where,
                 absl::StrCat("the tensor is ", ElementTypeName(value.type()),
                              " but the graph declares ", TypeProtoString(declared)));
        }
        if (tensor.has_shape()) {
          const SymbolicShape shape = DeclaredShape(tensor.shape());
          if (!ShapesCompatible(shape, ToSymbolic(value.shape()))) {
            Report(true, where,
                   absl::StrCat("the tensor has shape ", ShapeToString(value.shape()),
                                " but the graph declares ", SymbolicShapeToString(shape)));
          }
        }
        return;
      }
      case onnx::TypeProto::kSequenceType: {
        if (!KindIs(value, Tensor::Kind::kSequence, declared, where)) return;
        if (!declared.sequence_type().has_elem_type()) return;
        const std::span<const Tensor> elements = value.elements();
        for (size_t i = 0; i < elements.size(); ++i) {
          Compare(elements[i], declared.sequence_type().elem_type(),
                  Inside(where, absl::StrCat("element ", i, " of the sequence")));
        }
        return;
      }
      case onnx::TypeProto::kOptionalType:
        if (!KindIs(value, Tensor::Kind::kOptional, declared, where)) return;
        if (value.has_value() && declared.optional_type().has_elem_type()) {
          Compare(value.elements()[0], declared.optional_type().elem_type(),
                  Inside(where, "the optional's value"));
        }
        return;
      case onnx::TypeProto::kMapType: {
        if (!KindIs(value, Tensor::Kind::kMap, declared, where)) return;
        const onnx::TypeProto::Map& map = declared.map_type();
        if (map.key_type() != 0 &&
            map.key_type() != static_cast<int32_t>(value.map_keys().type())) {
          Report(false, where,
                 absl::StrCat("the map's keys are ", ElementTypeName(value.map_keys().type()),
                              " but the graph declares ", TypeProtoString(declared)));
        }
        if (!map.has_value_type()) return;
        const std::span<const Tensor> values = value.map_values().elements();
        for (size_t i = 0; i < values.size(); ++i) {
          Compare(values[i], map.value_type(), Inside(where, absl::StrCat("map value ", i)));
        }
        return;
      }
      default: return;  // undeclared kind, or a sparse tensor (never read)
    }
  }

  std::vector<ValueTypeProblem> problems_;
};

}  // namespace

std::string TypeProtoString(const onnx::TypeProto& type) {
  switch (type.value_case()) {
    case onnx::TypeProto::kTensorType:
      return absl::StrCat("tensor(", ElemTypeString(type.tensor_type().elem_type()), ")");
    case onnx::TypeProto::kSequenceType:
      return absl::StrCat("seq(",
                          type.sequence_type().has_elem_type()
                              ? TypeProtoString(type.sequence_type().elem_type())
                              : std::string("?"),
                          ")");
    case onnx::TypeProto::kOptionalType:
      return absl::StrCat("optional(",
                          type.optional_type().has_elem_type()
                              ? TypeProtoString(type.optional_type().elem_type())
                              : std::string("?"),
                          ")");
    case onnx::TypeProto::kMapType:
      return absl::StrCat("map(", ElemTypeString(type.map_type().key_type()), ",",
                          type.map_type().has_value_type()
                              ? TypeProtoString(type.map_type().value_type())
                              : std::string("?"),
                          ")");
    case onnx::TypeProto::kSparseTensorType:
      return absl::StrCat("sparse_tensor(", ElemTypeString(type.sparse_tensor_type().elem_type()),
                          ")");
    default: return "?";
  }
}

std::vector<ValueTypeProblem> CompareValueToType(const Tensor& value,
                                                 const onnx::TypeProto& declared) {
  return Comparer().Run(value, declared);
}

}  // namespace onnx_conform
