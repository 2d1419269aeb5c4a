// Constant: a tensor held by an attribute. Versions 1, 9, 11, 12, 13.
// A supporting operator (registry.h): ONNX's version converter writes
// Constant nodes (Clip-6 -> 11 turns the min and max attributes into
// Constant inputs), so the checker validates them and gives their value to
// the nodes that read it, as it does an initializer's.
// Written from ONNX's operator documentation (Operators.md, ONNX 1.12);
// schema_oracle_test compares every version with libonnx's.
#include "checker/constant_schema.h"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/op_schemas.h"
#include "checker/rules.h"
#include "checker/schema.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform::internal {
namespace {

constexpr char kSummary1[] = "A constant tensor.";
constexpr char kSummary11[] =
    "A constant tensor. Exactly one of the two attributes, either value or sparse_value, must be "
    "specified.";
constexpr char kSummary12[] =
    "This operator produces a constant tensor. Exactly one of the provided attributes, either "
    "value, sparse_value, or value_* must be specified.";
constexpr char kOutputDoc[] = "Output tensor containing the same value of the provided tensor.";
constexpr char kValueDoc[] = "The value for the elements of the output tensor.";
constexpr char kFloatDoc[] = "Constrain input and output types to float tensors.";
constexpr char kAllDoc[] = "Constrain input and output types to all tensor types.";

// The output as the attribute gives it: its info, and its value when it is
// numeric and the checker could afford to decode it (else why not).
struct ConstantOutput {
  TensorInfo info;
  std::optional<Tensor> value;
  absl::Status no_value = absl::OkStatus();
};

// A numeric tensor of `values`, or only its info when the thread's memory
// budget refuses it (a valid model: the value is merely unknown).
template <typename T, typename Values>
ConstantOutput FromList(Shape shape, const Values& values) {
  ConstantOutput out{{ElementTypeOf<T>(), ToSymbolic(shape)}, std::nullopt};
  absl::StatusOr<Tensor> tensor = Tensor::Create(ElementTypeOf<T>(), std::move(shape));
  if (!tensor.ok()) {
    out.no_value = tensor.status();
    return out;
  }
  std::span<T> data = tensor->data<T>();
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<T>(values[static_cast<int>(i)]);
  out.value = *std::move(tensor);
  return out;
}

bool ValidDims(const google::protobuf::RepeatedField<int64_t>& dims) {
  return std::all_of(dims.begin(), dims.end(), [](int64_t d) { return d >= 0; });
}

// A data_type no ONNX defines (0 or negative: InvalidArgument), or one the
// suite does not know, perhaps a newer release's (Unimplemented: TYPE-UNKNOWN).
absl::Status UnknownDataType(absl::string_view whose, int32_t data_type) {
  if (data_type > 0) {
    return absl::UnimplementedError(absl::StrCat("the ", whose, " data_type ", data_type,
                                                 " is unknown to the suite (a newer ONNX's?)"));
  }
  return absl::InvalidArgumentError(
      absl::StrCat("the ", whose, " data_type ", data_type, " is not an ONNX data type"));
}

// `value`: any tensor type the version allows; numeric ones are decoded.
absl::StatusOr<ConstantOutput> FromTensor(const onnx::TensorProto& proto) {
  std::optional<ElementType> type = ElementTypeFromProto(proto.data_type());
  if (!type || *type == ElementType::kUndefined)
    return UnknownDataType("tensor's", proto.data_type());
  if (!ValidDims(proto.dims())) {
    return absl::InvalidArgumentError("the tensor has a negative dimension");
  }
  ConstantOutput out{{type, SymbolicShape(proto.dims().begin(), proto.dims().end())}, std::nullopt};
  if (!IsNumeric(*type)) return out;  // string, bool, complex: the type is what matters
  absl::StatusOr<Tensor> tensor = TensorFromProto(proto);
  if (absl::IsResourceExhausted(tensor.status())) {
    out.no_value = tensor.status();
    return out;
  }
  if (!tensor.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the tensor does not decode: ", tensor.status().message()));
  }
  out.value = *std::move(tensor);
  return out;
}

// `sparse_value`: a dense tensor of dims, of the values' type. Its value is
// not decoded (no covered operator reads a sparse constant's elements).
absl::StatusOr<ConstantOutput> FromSparse(const onnx::SparseTensorProto& proto) {
  std::optional<ElementType> type = ElementTypeFromProto(proto.values().data_type());
  if (!type || *type == ElementType::kUndefined) {
    return UnknownDataType("values'", proto.values().data_type());
  }
  if (!ValidDims(proto.dims())) {
    return absl::InvalidArgumentError("the tensor has a negative dimension");
  }
  return ConstantOutput{{type, SymbolicShape(proto.dims().begin(), proto.dims().end())},
                        std::nullopt};
}

// The output a value attribute gives (Constant-12's value_*: a float, int64
// or string scalar, or a 1-D list of them); nullopt for a name that is no
// value attribute of any version.
std::optional<absl::StatusOr<ConstantOutput>> OutputOf(const onnx::AttributeProto& attr) {
  const std::string& name = attr.name();
  if (name == "value") return FromTensor(attr.t());
  if (name == "sparse_value") return FromSparse(attr.sparse_tensor());
  if (name == "value_float") return FromList<float>({}, std::vector<float>{attr.f()});
  if (name == "value_floats") return FromList<float>({attr.floats_size()}, attr.floats());
  if (name == "value_int") return FromList<int64_t>({}, std::vector<int64_t>{attr.i()});
  if (name == "value_ints") return FromList<int64_t>({attr.ints_size()}, attr.ints());
  if (name == "value_string") return ConstantOutput{{ElementType::kString, SymbolicShape{}}, {}};
  if (name == "value_strings") {
    return ConstantOutput{{ElementType::kString, SymbolicShape{attr.strings_size()}}, {}};
  }
  return std::nullopt;
}

void CheckConstant(NodeContext& context) {
  const OpSchema& schema = context.schema();
  // The value attributes of this version the node sets, whatever their
  // type: exactly one must be set.
  std::vector<std::string> set;
  for (const onnx::AttributeProto& attr : context.node().attribute()) {
    if (schema.FindAttribute(attr.name()) != nullptr &&
        std::find(set.begin(), set.end(), attr.name()) == set.end()) {
      set.push_back(attr.name());
    }
  }
  if (set.size() > 1) {
    context.Report(rules::kAttrConstantValue, absl::StrCat("attribute ", set[1]),
                   absl::StrCat("the node sets ", absl::StrJoin(set, " and "), "; ", schema.Name(),
                                " takes exactly one value attribute"));
    return;
  }
  if (set.empty()) {
    // Before Constant-11 `value` is required (ATTR-REQUIRED-MISSING); a
    // node whose only attributes belong to another version was told so
    // (ATTR-UNKNOWN).
    if (schema.since_version() >= 11 && context.node().attribute_size() == 0) {
      std::vector<std::string> names;
      for (const AttributeSpec& spec : schema.attributes()) names.push_back(spec.name);
      context.Report(rules::kAttrConstantValue, "attributes",
                     absl::StrCat("the node sets none; ", schema.Name(), " takes exactly one of ",
                                  absl::StrJoin(names, ", ")));
    }
    return;
  }
  const onnx::AttributeProto* attr = context.GetAttribute(set[0]);
  if (attr == nullptr) return;  // of another type: ATTR-TYPE
  std::optional<absl::StatusOr<ConstantOutput>> decoded = OutputOf(*attr);
  if (!decoded) return;
  const std::string field = absl::StrCat("attribute ", attr->name());
  if (!decoded->ok()) {
    context.Report(
        absl::IsUnimplemented(decoded->status()) ? rules::kTypeUnknown : rules::kAttrConstantValue,
        field, std::string(decoded->status().message()));
    return;
  }
  ConstantOutput* out = &**decoded;
  const ElementType type = *out->info.type;
  const std::vector<ElementType> allowed = schema.AllowedTypes(*schema.OutputParam(0));
  if (std::find(allowed.begin(), allowed.end(), type) == allowed.end()) {
    context.Report(rules::kTypeNotAllowed, field,
                   absl::StrCat("the value is ", ElementTypeName(type), ", which ", schema.Name(),
                                " does not allow for 'output' (T)"));
  }
  const std::optional<ElementType> declared = context.declared_output(0).type;
  if (declared && *declared != type) {
    context.Report(rules::kOutputTypeInferred, "output 0",
                   absl::StrCat("declared ", ElementTypeName(*declared), ", but the ", attr->name(),
                                " attribute holds ", ElementTypeName(type)));
  }
  if (out->value) {
    context.SetOutputValue(0, *std::move(out->value));
  } else {
    context.SetOutput(0, out->info);
  }
}

OpSchema Constant(int version, const char* summary, std::span<const ElementType> types,
                  const char* type_doc) {
  OpSchema schema("Constant", version);
  schema.Summary(summary)
      .Output("output", "T", kOutputDoc)
      .TypeConstraint("T", types, type_doc)
      .Check(CheckConstant);
  if (version < 11) {
    schema.RequiredAttr("value", onnx::AttributeProto::TENSOR, kValueDoc)
        .Rule("The output is the `value` tensor: its type and shape.");
    return schema;
  }
  schema
      .OptionalAttr("sparse_value", onnx::AttributeProto::SPARSE_TENSOR,
                    "The value for the elements of the output tensor in sparse format.")
      .OptionalAttr("value", onnx::AttributeProto::TENSOR, kValueDoc);
  if (version >= 12) {
    schema
        .OptionalAttr("value_float", onnx::AttributeProto::FLOAT,
                      "The value for the sole element for the scalar, float32, output tensor.")
        .OptionalAttr("value_floats", onnx::AttributeProto::FLOATS,
                      "The values for the elements for the 1D, float32, output tensor.")
        .OptionalAttr("value_int", onnx::AttributeProto::INT,
                      "The value for the sole element for the scalar, int64, output tensor.")
        .OptionalAttr("value_ints", onnx::AttributeProto::INTS,
                      "The values for the elements for the 1D, int64, output tensor.")
        .OptionalAttr("value_string", onnx::AttributeProto::STRING,
                      "The value for the sole element for the scalar, UTF-8 string, output "
                      "tensor.")
        .OptionalAttr("value_strings", onnx::AttributeProto::STRINGS,
                      "The values for the elements for the 1D, UTF-8 string, output tensor.");
  }
  schema.Rule("Exactly one value attribute is set; the output has its type and shape.");
  return schema;
}

}  // namespace

std::vector<OpSchema> ConstantSchemas() {
  std::vector<OpSchema> schemas;
  schemas.push_back(Constant(1, kSummary1, kFloatTypes, kFloatDoc));
  schemas.push_back(Constant(9, kSummary1, kAllTensorTypes, kAllDoc));
  schemas.push_back(Constant(11, kSummary11, kAllTensorTypes, kAllDoc));
  schemas.push_back(Constant(12, kSummary12, kAllTensorTypes, kAllDoc));
  schemas.push_back(Constant(13, kSummary12, kAllTensorBfTypes, kAllDoc));
  return schemas;
}

}  // namespace onnx_conform::internal

namespace onnx_conform {

absl::StatusOr<Tensor> ConstantValueOf(const BoundNode& node) {
  for (const onnx::AttributeProto& attribute : node.proto().attribute()) {
    if (node.schema().FindAttribute(attribute.name()) == nullptr) continue;
    std::optional<absl::StatusOr<internal::ConstantOutput>> out = internal::OutputOf(attribute);
    if (!out.has_value()) continue;
    if (!out->ok()) return out->status();
    if ((*out)->value.has_value()) return *std::move((*out)->value);
    if (!(*out)->no_value.ok()) return (*out)->no_value;
    return absl::UnimplementedError(
        absl::StrCat("attribute '", attribute.name(),
                     "' (a sparse, string, bool or complex tensor) is not implemented by the "
                     "reference"));
  }
  return absl::InvalidArgumentError("no value attribute");  // the checker requires one
}

}  // namespace onnx_conform
