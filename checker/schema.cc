#include "checker/schema.h"

#include <algorithm>
#include <climits>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "checker/rules.h"

namespace onnx_conform {

std::string FormalParameter::TypeString() const {
  if (!type_param.empty()) return type_param;
  return absl::StrCat("tensor(", ElementTypeName(fixed_type), ")");
}

std::optional<ParsedTypeString> ParseTypeString(absl::string_view text) {
  static constexpr std::pair<absl::string_view, ValueKind> kKinds[] = {
      {"tensor(", onnx::TypeProto::kTensorType},
      {"sparse_tensor(", onnx::TypeProto::kSparseTensorType},
      {"seq(", onnx::TypeProto::kSequenceType},
      {"map(", onnx::TypeProto::kMapType},
      {"optional(", onnx::TypeProto::kOptionalType},
  };
  if (!absl::EndsWith(text, ")")) return std::nullopt;
  for (const auto& [prefix, kind] : kKinds) {
    if (!absl::StartsWith(text, prefix)) continue;
    ParsedTypeString parsed;
    parsed.kind = kind;
    const absl::string_view inner = text.substr(prefix.size(), text.size() - prefix.size() - 1);
    parsed.inner = inner;
    if (kind == onnx::TypeProto::kTensorType || kind == onnx::TypeProto::kSparseTensorType) {
      parsed.element_name = inner;
      parsed.element = ElementTypeFromName(inner);
    }
    return parsed;
  }
  return std::nullopt;
}

std::optional<ElementType> TypeConstraintSpec::SingleTensorType() const {
  if (!type_strings.empty() && type_strings.size() != 1) return std::nullopt;
  if (allowed.size() != 1 || !other_kinds.empty()) return std::nullopt;
  return allowed.front();
}

std::vector<std::string> TypeConstraintSpec::TensorTypeNames() const {
  std::vector<std::string> names;
  if (type_strings.empty()) {
    for (ElementType type : allowed) names.emplace_back(ElementTypeName(type));
    return names;
  }
  for (const std::string& text : type_strings) {
    std::optional<ParsedTypeString> parsed = ParseTypeString(text);
    if (parsed && parsed->kind == onnx::TypeProto::kTensorType) {
      names.emplace_back(parsed->element_name);
    }
  }
  return names;
}

OpSchema::OpSchema(std::string op_type, int since_version)
    : op_type_(std::move(op_type)), since_version_(since_version) {}

OpSchema& OpSchema::Summary(std::string text) {
  summary_ = std::move(text);
  return *this;
}

FormalParameter OpSchema::MakeParam(std::string name, absl::string_view type,
                                    std::string description, ParamOption option, int min_arity) {
  FormalParameter param;
  param.name = std::move(name);
  param.description = std::move(description);
  param.option = option;
  param.min_arity = min_arity;
  if (absl::StartsWith(type, "tensor(") && absl::EndsWith(type, ")")) {
    std::optional<ElementType> fixed = ElementTypeFromName(type.substr(7, type.size() - 8));
    // A misspelt fixed type is a bug in a schema file: fail loudly at startup.
    if (!fixed) std::abort();
    param.fixed_type = *fixed;
  } else {
    param.type_param = std::string(type);
  }
  return param;
}

OpSchema& OpSchema::Input(std::string name, absl::string_view type, std::string description,
                          ParamOption option, int min_arity) {
  inputs_.push_back(MakeParam(std::move(name), type, std::move(description), option, min_arity));
  return *this;
}

OpSchema& OpSchema::Output(std::string name, absl::string_view type, std::string description,
                           ParamOption option, int min_arity) {
  outputs_.push_back(MakeParam(std::move(name), type, std::move(description), option, min_arity));
  return *this;
}

OpSchema& OpSchema::Attr(std::string name, AttrType type, std::string description,
                         AttrValue default_value) {
  attributes_.push_back(
      {std::move(name), std::move(description), type, false, std::move(default_value)});
  return *this;
}

OpSchema& OpSchema::OptionalAttr(std::string name, AttrType type, std::string description) {
  attributes_.push_back({std::move(name), std::move(description), type, false, {}});
  return *this;
}

OpSchema& OpSchema::RequiredAttr(std::string name, AttrType type, std::string description) {
  attributes_.push_back({std::move(name), std::move(description), type, true, {}});
  return *this;
}

OpSchema& OpSchema::TypeConstraint(std::string type_param, std::span<const ElementType> allowed,
                                   std::string description,
                                   std::span<const ValueKind> other_kinds) {
  TypeConstraintSpec constraint;
  constraint.type_param = std::move(type_param);
  constraint.allowed.assign(allowed.begin(), allowed.end());
  constraint.description = std::move(description);
  constraint.other_kinds.assign(other_kinds.begin(), other_kinds.end());
  type_constraints_.push_back(std::move(constraint));
  return *this;
}

OpSchema& OpSchema::Rule(std::string text) {
  rules_.push_back(std::move(text));
  return *this;
}

OpSchema& OpSchema::Readings(std::initializer_list<Reading> readings) {
  for (Reading reading : readings) readings_.Add(reading);
  return *this;
}

OpSchema& OpSchema::ClarifiedIn(std::string release, std::vector<std::string> markers) {
  clarifications_.push_back({std::move(release), std::move(markers)});
  return *this;
}

OpSchema& OpSchema::ReadStrictly(std::vector<std::string> markers) {
  strict_readings_.insert(strict_readings_.end(), markers.begin(), markers.end());
  return *this;
}

OpSchema& OpSchema::ChangesBehaviour(std::vector<std::string> markers) {
  behaviour_changes_.insert(behaviour_changes_.end(), markers.begin(), markers.end());
  return *this;
}

OpSchema& OpSchema::WhenExceeds(std::string low, std::string high,
                                std::vector<std::string> markers) {
  exceeding_text_ = ExceedingText{std::move(low), std::move(high), std::move(markers)};
  return *this;
}

OpSchema& OpSchema::ShapeInference(bool present) {
  shape_inference_ = present;
  return *this;
}

OpSchema& OpSchema::Function(bool present) {
  function_ = present;
  return *this;
}

OpSchema& OpSchema::FunctionBodyUses(std::vector<std::string> op_types) {
  function_ = true;
  function_body_ops_ = std::move(op_types);
  return *this;
}

OpSchema& OpSchema::Broadcasting() {
  broadcasting_ = true;
  return *this;
}

OpSchema& OpSchema::Check(NodeCheckFn check) {
  check_ = check;
  return *this;
}

OpSchema& OpSchema::Domain(std::string domain) {
  domain_ = std::move(domain);
  return *this;
}

OpSchema& OpSchema::Origin(SchemaOrigin origin) {
  origin_ = origin;
  return *this;
}

OpSchema& OpSchema::Deprecated(bool deprecated) {
  deprecated_ = deprecated;
  return *this;
}

OpSchema& OpSchema::AddInput(FormalParameter param) {
  inputs_.push_back(std::move(param));
  return *this;
}

OpSchema& OpSchema::AddOutput(FormalParameter param) {
  outputs_.push_back(std::move(param));
  return *this;
}

OpSchema& OpSchema::AddAttribute(AttributeSpec attribute) {
  attributes_.push_back(std::move(attribute));
  return *this;
}

OpSchema& OpSchema::AddTypeConstraint(TypeConstraintSpec constraint) {
  type_constraints_.push_back(std::move(constraint));
  return *this;
}

int OpSchema::MinArity(const std::vector<FormalParameter>& params) {
  // Like ONNX: the inputs up to the last required one, plus a variadic
  // parameter's min_arity - 1 extra.
  int min = 0;
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].option == kSingle) min = static_cast<int>(i) + 1;
    if (params[i].option == kVariadic) min = static_cast<int>(i) + params[i].min_arity;
  }
  return min;
}

int OpSchema::MaxArity(const std::vector<FormalParameter>& params) {
  if (!params.empty() && params.back().option == kVariadic) return INT_MAX;
  return static_cast<int>(params.size());
}

const FormalParameter* OpSchema::ParamAt(const std::vector<FormalParameter>& params, int index) {
  if (index < 0 || params.empty()) return nullptr;
  if (static_cast<size_t>(index) < params.size()) return &params[index];
  if (params.back().option == kVariadic) return &params.back();
  return nullptr;
}

const AttributeSpec* OpSchema::FindAttribute(absl::string_view name) const {
  for (const AttributeSpec& attr : attributes_) {
    if (attr.name == name) return &attr;
  }
  return nullptr;
}

const TypeConstraintSpec* OpSchema::FindTypeConstraint(absl::string_view type_param) const {
  for (const TypeConstraintSpec& constraint : type_constraints_) {
    if (constraint.type_param == type_param) return &constraint;
  }
  return nullptr;
}

std::vector<ElementType> OpSchema::AllowedTypes(const FormalParameter& param) const {
  if (param.type_param.empty()) return {param.fixed_type};
  const TypeConstraintSpec* constraint = FindTypeConstraint(param.type_param);
  return constraint ? constraint->allowed : std::vector<ElementType>{};
}

bool OpSchema::AcceptsKind(const FormalParameter& param, ValueKind kind) const {
  if (kind == onnx::TypeProto::kTensorType) return true;
  if (param.type_param.empty()) return false;
  const TypeConstraintSpec* constraint = FindTypeConstraint(param.type_param);
  return constraint != nullptr &&
         (constraint->any_type ||
          std::find(constraint->other_kinds.begin(), constraint->other_kinds.end(), kind) !=
              constraint->other_kinds.end());
}

bool OpSchema::AcceptsTensors(const FormalParameter& param) const {
  if (param.type_param.empty()) return true;
  const TypeConstraintSpec* constraint = FindTypeConstraint(param.type_param);
  if (constraint == nullptr || constraint->any_type || constraint->type_strings.empty()) {
    return true;
  }
  return !constraint->TensorTypeNames().empty();
}

std::optional<ValueKind> OpSchema::OnlyKind(const FormalParameter& param) const {
  if (AcceptsTensors(param)) return std::nullopt;
  const TypeConstraintSpec* constraint = FindTypeConstraint(param.type_param);
  if (constraint == nullptr || constraint->other_kinds.size() != 1) return std::nullopt;
  return constraint->other_kinds.front();
}

std::vector<std::string> OpSchema::AllowedTypeNames(const FormalParameter& param) const {
  if (param.type_param.empty()) return {std::string(ElementTypeName(param.fixed_type))};
  const TypeConstraintSpec* constraint = FindTypeConstraint(param.type_param);
  return constraint != nullptr ? constraint->TensorTypeNames() : std::vector<std::string>{};
}

std::vector<ElementType> OpSchema::PrimaryTypes() const {
  if (inputs_.empty()) return {};
  return AllowedTypes(inputs_.front());
}

std::string OpSchema::Name() const { return absl::StrCat(op_type_, "-", since_version_); }

// ---- Shared family checks ----

namespace {

// Shapes of the present inputs whose rank is known, with their indices.
std::vector<std::pair<int, SymbolicShape>> KnownShapes(const NodeContext& context) {
  std::vector<std::pair<int, SymbolicShape>> shapes;
  for (int i = 0; i < context.input_count(); ++i) {
    if (context.has_input(i) && context.input(i).shape) {
      shapes.emplace_back(i, *context.input(i).shape);
    }
  }
  return shapes;
}

bool AllInputShapesKnown(const NodeContext& context) {
  for (int i = 0; i < context.input_count(); ++i) {
    if (!context.has_input(i) || !context.input(i).shape) return false;
  }
  return context.input_count() > 0;
}

}  // namespace

void CheckSameShapeElementwise(NodeContext& context) {
  std::vector<std::pair<int, SymbolicShape>> shapes = KnownShapes(context);
  if (shapes.empty()) return;
  SymbolicShape merged = shapes.front().second;
  bool consistent = true;
  for (size_t k = 1; k < shapes.size(); ++k) {
    const auto& [index, shape] = shapes[k];
    if (!ShapesCompatible(merged, shape)) {
      context.Report(
          rules::kShapeEqualRequired, absl::StrCat("input ", index),
          absl::StrCat("shape ", SymbolicShapeToString(shape), " differs from input ",
                       shapes.front().first, "'s ", SymbolicShapeToString(shapes.front().second),
                       "; ", context.schema().Name(),
                       " requires all inputs to have the same shape (no broadcasting)"));
      consistent = false;
      continue;
    }
    merged = MergeInfo({std::nullopt, merged}, {std::nullopt, shape}).shape.value();
  }
  if (consistent) context.SetOutput(0, {std::nullopt, merged});
}

void CheckBroadcastingElementwise(NodeContext& context) {
  std::vector<std::pair<int, SymbolicShape>> shapes = KnownShapes(context);
  if (shapes.empty()) return;
  // Folded one input at a time (broadcasting is associative): a Min of a
  // million inputs must not cost a million squared.
  SymbolicShape so_far = shapes.front().second;
  for (const auto& [index, shape] : shapes) {
    const SymbolicShape pair[] = {so_far, shape};
    std::optional<SymbolicShape> next = BroadcastShapes(pair);
    if (!next) {
      context.Report(rules::kShapeBroadcast, absl::StrCat("input ", index),
                     absl::StrCat("shape ", SymbolicShapeToString(shape),
                                  " does not broadcast with the earlier inputs' ",
                                  SymbolicShapeToString(so_far),
                                  " (numpy-style: each dimension pair must be equal or 1)"));
      return;
    }
    so_far = *std::move(next);
  }
  // With an input of unknown rank the output rank is unknown too.
  if (AllInputShapesKnown(context)) context.SetOutput(0, {std::nullopt, so_far});
}

void CheckZeroOrOne(NodeContext& context, absl::string_view attribute) {
  if (!context.HasAttribute(attribute)) return;
  std::optional<int64_t> value = context.GetInt(attribute);
  if (value && *value != 0 && *value != 1) {
    context.Report(rules::kAttrBoolValue, absl::StrCat("attribute ", attribute),
                   absl::StrCat("value ", *value, " is neither 0 nor 1"));
  }
}

}  // namespace onnx_conform
