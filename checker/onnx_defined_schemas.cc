#include "checker/onnx_defined_schemas.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "checker/onnx_schemas/onnx_schemas.pb.h"

namespace onnx_conform::internal {

// The encoded onnx_schemas.textproto (checker/onnx_schemas/embed_onnx_schemas.cmake).
extern const unsigned char kOnnxSchemasBinary[];
extern const size_t kOnnxSchemasBinarySize;

namespace {

namespace pb = ::onnx_conform::onnx_schemas;

ParamOption OptionOf(pb::Parameter::Option option) {
  switch (option) {
    case pb::Parameter::OPTIONAL: return kOptional;
    case pb::Parameter::VARIADIC: return kVariadic;
    default: return kSingle;
  }
}

// A parameter of a fixed type the suite knows ("tensor(int64)") holds it;
// any other type string is a type parameter. A fixed type the suite does
// not know ("tensor(float8e4m3fn)") becomes a constraint of its own, named
// by the string, so that it prints as ONNX spells it.
FormalParameter ParamFrom(const pb::Parameter& entry, OpSchema& schema) {
  FormalParameter param;
  param.name = entry.name();
  param.description = entry.description();
  param.option = OptionOf(entry.option());
  param.min_arity = param.option == kVariadic ? entry.min_arity() : 1;
  param.homogeneous = !entry.heterogeneous();
  std::optional<ParsedTypeString> parsed = ParseTypeString(entry.type());
  if (parsed && parsed->kind == onnx::TypeProto::kTensorType && parsed->element) {
    param.fixed_type = *parsed->element;
  } else {
    param.type_param = entry.type();
    if (parsed && schema.FindTypeConstraint(entry.type()) == nullptr) {
      TypeConstraintSpec fixed;
      fixed.type_param = entry.type();
      fixed.type_strings = {entry.type()};
      if (parsed->kind != onnx::TypeProto::kTensorType) fixed.other_kinds = {parsed->kind};
      schema.AddTypeConstraint(std::move(fixed));
    }
  }
  return param;
}

absl::StatusOr<AttrValue> DefaultFrom(const pb::Attribute& entry) {
  if (!entry.has_default_value()) return AttrValue{};
  const pb::AttributeValue& value = entry.default_value();
  switch (static_cast<int>(entry.type())) {
    case onnx::AttributeProto::FLOAT:
      if (value.has_f()) return AttrValue{value.f()};
      break;
    case onnx::AttributeProto::INT:
      if (value.has_i()) return AttrValue{int64_t{value.i()}};
      break;
    case onnx::AttributeProto::STRING:
      if (value.has_s()) return AttrValue{value.s()};
      break;
    case onnx::AttributeProto::FLOATS:
      return AttrValue{std::vector<float>(value.floats().begin(), value.floats().end())};
    case onnx::AttributeProto::INTS:
      return AttrValue{std::vector<int64_t>(value.ints().begin(), value.ints().end())};
    case onnx::AttributeProto::STRINGS:
      return AttrValue{std::vector<std::string>(value.strings().begin(), value.strings().end())};
    default: {
      auto proto = std::make_shared<onnx::AttributeProto>();
      if (proto->ParseFromString(value.attribute_proto()) &&
          static_cast<int>(proto->type()) == static_cast<int>(entry.type())) {
        return AttrValue{std::shared_ptr<const onnx::AttributeProto>(std::move(proto))};
      }
      break;
    }
  }
  return absl::InvalidArgumentError(absl::StrCat("attribute '", entry.name(),
                                                 "': its default is not in the field of its type ",
                                                 pb::AttributeType_Name(entry.type())));
}

absl::StatusOr<TypeConstraintSpec> ConstraintFrom(const pb::TypeConstraint& entry) {
  TypeConstraintSpec constraint;
  constraint.type_param = entry.type_param();
  constraint.description = entry.description();
  for (const std::string& text : entry.allowed_type()) {
    std::optional<ParsedTypeString> parsed = ParseTypeString(text);
    if (!parsed) {
      return absl::InvalidArgumentError(
          absl::StrCat("type constraint ", entry.type_param(), ": '", text, "' names no type"));
    }
    constraint.type_strings.push_back(text);
    if (parsed->kind != onnx::TypeProto::kTensorType) {
      if (std::find(constraint.other_kinds.begin(), constraint.other_kinds.end(), parsed->kind) ==
          constraint.other_kinds.end()) {
        constraint.other_kinds.push_back(parsed->kind);
      }
    } else if (parsed->element && std::find(constraint.allowed.begin(), constraint.allowed.end(),
                                            *parsed->element) == constraint.allowed.end()) {
      constraint.allowed.push_back(*parsed->element);
    }
  }
  return constraint;
}

absl::StatusOr<OpSchema> SchemaFrom(const pb::OperatorSchema& entry) {
  OpSchema schema(entry.op_type(), entry.since_version());
  schema.Domain(entry.domain())
      .Origin(SchemaOrigin::kOnnx)
      .Deprecated(entry.deprecated())
      .Summary(entry.summary())
      .ShapeInference(entry.has_shape_inference())
      .Function(entry.has_function() || entry.has_context_dependent_function());
  for (const pb::TypeConstraint& c : entry.type_constraint()) {
    absl::StatusOr<TypeConstraintSpec> constraint = ConstraintFrom(c);
    if (!constraint.ok()) return constraint.status();
    schema.AddTypeConstraint(*std::move(constraint));
  }
  for (const pb::Parameter& p : entry.input()) schema.AddInput(ParamFrom(p, schema));
  for (const pb::Parameter& p : entry.output()) schema.AddOutput(ParamFrom(p, schema));
  for (const pb::Attribute& a : entry.attribute()) {
    absl::StatusOr<AttrValue> default_value = DefaultFrom(a);
    if (!default_value.ok()) return default_value.status();
    schema.AddAttribute({a.name(), a.description(), static_cast<AttrType>(a.type()), a.required(),
                         *std::move(default_value)});
  }
  return schema;
}

}  // namespace

absl::StatusOr<OnnxSchemaSet> DecodeOnnxSchemas(absl::string_view binary) {
  pb::SchemaSet set;
  if (!set.ParseFromArray(binary.data(), static_cast<int>(binary.size()))) {
    return absl::InvalidArgumentError("ONNX's schemas do not decode as a SchemaSet");
  }
  OnnxSchemaSet out;
  out.onnx_version = set.onnx_version();
  out.newest_opset = set.newest_opset();
  out.schemas.reserve(set.schema_size());
  for (const pb::OperatorSchema& entry : set.schema()) {
    absl::StatusOr<OpSchema> schema = SchemaFrom(entry);
    if (!schema.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat(entry.domain(), entry.domain().empty() ? "" : "::", entry.op_type(), "-",
                       entry.since_version(), " in ONNX's schemas: ", schema.status().message()));
    }
    out.schemas.push_back(*std::move(schema));
  }
  return out;
}

const OnnxSchemaSet& LoadedOnnxSchemas() {
  static const OnnxSchemaSet* loaded = [] {
    absl::StatusOr<OnnxSchemaSet> set = DecodeOnnxSchemas(absl::string_view(
        reinterpret_cast<const char*>(kOnnxSchemasBinary), kOnnxSchemasBinarySize));
    if (!set.ok()) {
      // The embedded data is the build's: a broken file is a bug of the build.
      std::fprintf(stderr, "onnx-conform: %s\n", std::string(set.status().message()).c_str());
      std::abort();
    }
    return new OnnxSchemaSet(*std::move(set));
  }();
  return *loaded;
}

}  // namespace onnx_conform::internal
