// One versioned operator schema, declared with a fluent builder in the style
// of ONNX's defs/: inputs, outputs, attributes, type constraints, the rules
// the operator text states, and an op-specific check that infers the outputs
// and reports what the generic validator cannot know.
//
//   OpSchema("Min", 13)
//       .Summary("Element-wise min of each of the input tensors ...")
//       .Input("data_0", "T", "List of tensors for min.", kVariadic)
//       .Output("min", "T", "Output tensor.")
//       .TypeConstraint("T", kAllNumericBfTypes, "Constrain ... to numeric tensors.")
//       .Check(CheckBroadcastingElementwise);
//
// Generic rules (arity, type binding, attributes) are enforced once, by the
// checker, from the declarations; Check() holds what is specific to an op.
#ifndef ONNX_CONFORM_CHECKER_SCHEMA_H_
#define ONNX_CONFORM_CHECKER_SCHEMA_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "absl/strings/string_view.h"
#include "checker/readings.h"
#include "checker/tensor_info.h"
#include "onnx/onnx_pb.h"
#include "tensor/element_type.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// The type lists the operator texts name, in ONNX's order (as the texts
// print them): "FLOATS" (double, float, float16); every numeric type but
// bfloat16; all twelve (kNumericTypes, from opset 13).
inline constexpr ElementType kFloatTypes[] = {ElementType::kDouble, ElementType::kFloat,
                                              ElementType::kFloat16};
inline constexpr ElementType kAllNumericTypes[] = {
    ElementType::kDouble, ElementType::kFloat,  ElementType::kFloat16, ElementType::kInt16,
    ElementType::kInt32,  ElementType::kInt64,  ElementType::kInt8,    ElementType::kUint16,
    ElementType::kUint32, ElementType::kUint64, ElementType::kUint8};
inline constexpr const auto& kAllNumericBfTypes = kNumericTypes;

// Every tensor type of ONNX before bfloat16 (Constant-9, Identity-1), and with it.
inline constexpr ElementType kAllTensorTypes[] = {
    ElementType::kUint8,   ElementType::kUint16,    ElementType::kUint32,    ElementType::kUint64,
    ElementType::kInt8,    ElementType::kInt16,     ElementType::kInt32,     ElementType::kInt64,
    ElementType::kFloat16, ElementType::kFloat,     ElementType::kDouble,    ElementType::kString,
    ElementType::kBool,    ElementType::kComplex64, ElementType::kComplex128};
inline constexpr ElementType kAllTensorBfTypes[] = {
    ElementType::kUint8,     ElementType::kUint16, ElementType::kUint32,
    ElementType::kUint64,    ElementType::kInt8,   ElementType::kInt16,
    ElementType::kInt32,     ElementType::kInt64,  ElementType::kBFloat16,
    ElementType::kFloat16,   ElementType::kFloat,  ElementType::kDouble,
    ElementType::kString,    ElementType::kBool,   ElementType::kComplex64,
    ElementType::kComplex128};

enum class ParamOption { kSingle, kOptional, kVariadic };
inline constexpr ParamOption kSingle = ParamOption::kSingle;
inline constexpr ParamOption kOptional = ParamOption::kOptional;
inline constexpr ParamOption kVariadic = ParamOption::kVariadic;

struct FormalParameter {
  std::string name;
  std::string description;
  std::string type_param;                            // "T"; empty when the type is fixed
  ElementType fixed_type = ElementType::kUndefined;  // set for e.g. "tensor(int64)"
  ParamOption option = kSingle;
  int min_arity = 1;  // variadic only: fewest values it takes
  // Variadic only: false when its values may each have another type of the
  // constraint (Loop's v_initial), so that they bind no type parameter.
  bool homogeneous = true;

  // "T" or "tensor(int64)", as the operator texts print it.
  std::string TypeString() const;
};

using AttrType = onnx::AttributeProto::AttributeType;
// monostate: no default (the attribute is required, or optional without one).
// A default of a proto type (TENSOR, GRAPH, ...) is the whole AttributeProto.
using AttrValue = std::variant<std::monostate, int64_t, float, std::vector<int64_t>, std::string,
                               std::vector<float>, std::vector<std::string>,
                               std::shared_ptr<const onnx::AttributeProto>>;

struct AttributeSpec {
  std::string name;
  std::string description;
  // UNDEFINED: any type (a model-local function's attribute, untyped).
  AttrType type = onnx::AttributeProto::UNDEFINED;
  bool required = false;
  AttrValue default_value;
};

// The kinds of value other than tensors (ONNX's TypeProto cases): sequences,
// maps, optionals, sparse tensors.
using ValueKind = onnx::TypeProto::ValueCase;

// The kind of value an allowed type string names and, for a tensor, its
// element type: "tensor(float)" -> tensor of float; "seq(tensor(int8))" ->
// a sequence of "tensor(int8)"; "tensor(float8e4m3fn)" -> a tensor of a
// type the suite does not know (element nullopt). nullopt for a string
// that names no kind.
// Its names are views of the text parsed: they live as long as it does.
// Parsing allocates nothing, since every schema's type strings are parsed
// when the registry loads.
struct ParsedTypeString {
  ValueKind kind = onnx::TypeProto::kTensorType;
  std::optional<ElementType> element;  // (sparse) tensors: the element type
  absl::string_view element_name;      // (sparse) tensors: "float", "float8e4m3fn"
  // What the parentheses hold: "tensor(int8)" for a sequence or an
  // optional, "int64, tensor(float)" for a map, the element for a tensor.
  absl::string_view inner;
};
std::optional<ParsedTypeString> ParseTypeString(absl::string_view text);

struct TypeConstraintSpec {
  std::string type_param;
  std::vector<ElementType> allowed;  // tensor element types
  std::string description;
  // Kinds besides tensors the parameter takes (Identity-14: sequences). The
  // checker tracks only the kind of such a value, never its elements: a
  // node passes it through, and a node that takes tensors rejects it.
  std::vector<ValueKind> other_kinds;
  // Every allowed type as ONNX spells it ("tensor(float)",
  // "seq(tensor(int8))", "tensor(float8e4m3fn)"), for schemas that come from
  // ONNX's definitions; `allowed` and `other_kinds` are read from it, tensor
  // types the suite does not know being kept here only. Empty for the
  // suite's own schemas, whose lists are `allowed` and `other_kinds`.
  std::vector<std::string> type_strings;
  // Any type of any kind: a model-local function's parameter, whose
  // FunctionProto declares no type.
  bool any_type = false;

  // The one type the constraint allows when it allows exactly one and that
  // is a tensor type the suite knows (Less's T1: bool), else nullopt.
  std::optional<ElementType> SingleTensorType() const;
  // The tensor element types it allows by name, those the suite does not
  // know included: "float, float16, float8e4m3fn".
  std::vector<std::string> TensorTypeNames() const;
};

// Where a schema comes from: the suite's own texts (the covered operators
// and the supporting ones it writes itself), ONNX's definitions
// (checker/onnx_schemas/onnx_schemas.textproto) for every other operator,
// or a model-local function's signature (checker/model_functions.h).
enum class SchemaOrigin { kSuite, kOnnx, kModelFunction };

class NodeContext;
// Op-specific rules and output inference; see NodeContext.
using NodeCheckFn = void (*)(NodeContext& context);

class OpSchema {
 public:
  OpSchema(std::string op_type, int since_version);

  OpSchema& Summary(std::string text);
  // type is a type parameter ("T") or a fixed tensor type ("tensor(int64)").
  OpSchema& Input(std::string name, absl::string_view type, std::string description,
                  ParamOption option = kSingle, int min_arity = 1);
  OpSchema& Output(std::string name, absl::string_view type, std::string description,
                   ParamOption option = kSingle, int min_arity = 1);
  // Optional, with a default value the node may override.
  OpSchema& Attr(std::string name, AttrType type, std::string description, AttrValue default_value);
  // Optional, with no default.
  OpSchema& OptionalAttr(std::string name, AttrType type, std::string description);
  OpSchema& RequiredAttr(std::string name, AttrType type, std::string description);
  OpSchema& TypeConstraint(std::string type_param, std::span<const ElementType> allowed,
                           std::string description, std::span<const ValueKind> other_kinds = {});
  // A sentence of the text the checker enforces or a reader must know
  // (printed by `onnx-conform schema`).
  OpSchema& Rule(std::string text);
  // The named alternative readings (checker/readings.h) of what this
  // version's text leaves open: a backend following one is divergent, not
  // failing, and the reference follows one only when asked.
  OpSchema& Readings(std::initializer_list<Reading> readings);
  // A sentence ONNX's `release` ("1.18") added to this version's text
  // without a new version number, told in a finding by a rule id or a
  // phrase (`markers`): the audit calls such a difference a text
  // clarification, which a reader of an older release did not see.
  OpSchema& ClarifiedIn(std::string release, std::vector<std::string> markers);
  // Where the suite reads this version's text more strictly than it is
  // written (a rule id or a phrase of the finding): the audit's "suite's
  // stricter reading", which other tools may not share.
  OpSchema& ReadStrictly(std::vector<std::string> markers);
  // Phrases of a finding that show the text changed what the operator does
  // (not a clarification, whatever else the finding mentions).
  OpSchema& ChangesBehaviour(std::vector<std::string> markers);
  // The sentences of the text (told by these phrases) about what happens
  // when input `low` exceeds input `high`: they concern only the nodes
  // that can give such values.
  OpSchema& WhenExceeds(std::string low, std::string high, std::vector<std::string> markers);
  // Whether the text's page says "shape inference: True" (ONNX has an
  // inference function); the checker infers outputs for every version.
  OpSchema& ShapeInference(bool present);
  // Whether the operator is also defined as a function (a body of other ops).
  OpSchema& Function(bool present);
  // Defined as a function whose body uses these operators (Clip-13: Identity,
  // Less, Where), so that an expanded form can be told by its nodes.
  OpSchema& FunctionBodyUses(std::vector<std::string> op_types);
  // Inputs broadcast multidirectionally (numpy-style) to the output's shape.
  OpSchema& Broadcasting();
  OpSchema& Check(NodeCheckFn check);
  // For schemas read from ONNX's definitions (checker/onnx_defined_schemas.cc).
  OpSchema& Domain(std::string domain);
  OpSchema& Origin(SchemaOrigin origin);
  // ONNX marks the version deprecated: its checker rejects a node that
  // resolves to it (Upsample-10).
  OpSchema& Deprecated(bool deprecated);
  OpSchema& AddInput(FormalParameter param);
  OpSchema& AddOutput(FormalParameter param);
  OpSchema& AddAttribute(AttributeSpec attribute);
  OpSchema& AddTypeConstraint(TypeConstraintSpec constraint);

  const std::string& domain() const { return domain_; }
  const std::string& op_type() const { return op_type_; }
  int since_version() const { return since_version_; }
  const std::string& summary() const { return summary_; }
  const std::vector<FormalParameter>& inputs() const { return inputs_; }
  const std::vector<FormalParameter>& outputs() const { return outputs_; }
  const std::vector<AttributeSpec>& attributes() const { return attributes_; }
  const std::vector<TypeConstraintSpec>& type_constraints() const { return type_constraints_; }
  const std::vector<std::string>& rules() const { return rules_; }
  const ReadingSet& readings() const { return readings_; }
  struct Clarification {
    std::string release;
    std::vector<std::string> markers;
  };
  const std::vector<Clarification>& clarifications() const { return clarifications_; }
  const std::vector<std::string>& strict_readings() const { return strict_readings_; }
  const std::vector<std::string>& behaviour_changes() const { return behaviour_changes_; }
  struct ExceedingText {
    std::string low, high;
    std::vector<std::string> markers;
  };
  const std::optional<ExceedingText>& exceeding_text() const { return exceeding_text_; }
  bool has_shape_inference() const { return shape_inference_; }
  bool has_function() const { return function_; }
  const std::vector<std::string>& function_body_operators() const { return function_body_ops_; }
  bool broadcasting() const { return broadcasting_; }
  NodeCheckFn check() const { return check_; }
  SchemaOrigin origin() const { return origin_; }
  bool onnx_defined() const { return origin_ == SchemaOrigin::kOnnx; }
  bool deprecated() const { return deprecated_; }

  // Arity bounds as ONNX computes them: optional inputs count toward the
  // maximum only, a variadic last input makes the maximum 2147483647.
  int min_inputs() const { return MinArity(inputs_); }
  int max_inputs() const { return MaxArity(inputs_); }
  int min_outputs() const { return MinArity(outputs_); }
  int max_outputs() const { return MaxArity(outputs_); }

  // The formal parameter a node's i-th input (output) binds to, or nullptr
  // beyond the last one. A variadic last parameter takes every remaining index.
  const FormalParameter* InputParam(int index) const { return ParamAt(inputs_, index); }
  const FormalParameter* OutputParam(int index) const { return ParamAt(outputs_, index); }

  const AttributeSpec* FindAttribute(absl::string_view name) const;
  const TypeConstraintSpec* FindTypeConstraint(absl::string_view type_param) const;
  // The types a parameter accepts: its constraint's list, or its fixed type.
  std::vector<ElementType> AllowedTypes(const FormalParameter& param) const;
  // Whether a parameter also takes values of that kind (a sequence, ...).
  bool AcceptsKind(const FormalParameter& param, ValueKind kind) const;
  // Whether a parameter takes tensors (every parameter of the suite's own
  // schemas does; SequenceAt's input_sequence does not).
  bool AcceptsTensors(const FormalParameter& param) const;
  // The one kind of value a parameter takes when it takes no tensor
  // (SequenceConstruct's output: a sequence), else nullopt.
  std::optional<ValueKind> OnlyKind(const FormalParameter& param) const;
  // The tensor element types a parameter accepts by name, for messages:
  // AllowedTypes' names, and those of ONNX's types the suite does not know.
  std::vector<std::string> AllowedTypeNames(const FormalParameter& param) const;
  // The allowed types of the first input's parameter: the types a version
  // is tested over ("Min-13 over float16, ...").
  std::vector<ElementType> PrimaryTypes() const;

  // "Min-13" (whatever the domain: "LabelEncoder-2").
  std::string Name() const;

 private:
  static int MinArity(const std::vector<FormalParameter>& params);
  static int MaxArity(const std::vector<FormalParameter>& params);
  static const FormalParameter* ParamAt(const std::vector<FormalParameter>& params, int index);
  static FormalParameter MakeParam(std::string name, absl::string_view type,
                                   std::string description, ParamOption option, int min_arity);

  std::string domain_;  // "" (the default ONNX domain), "ai.onnx.ml", ...
  std::string op_type_;
  int since_version_;
  std::string summary_;
  std::vector<FormalParameter> inputs_;
  std::vector<FormalParameter> outputs_;
  std::vector<AttributeSpec> attributes_;
  std::vector<TypeConstraintSpec> type_constraints_;
  std::vector<std::string> rules_;
  ReadingSet readings_;
  std::vector<Clarification> clarifications_;
  std::vector<std::string> strict_readings_;
  std::vector<std::string> behaviour_changes_;
  std::optional<ExceedingText> exceeding_text_;
  bool shape_inference_ = true;
  bool function_ = false;
  std::vector<std::string> function_body_ops_;
  bool broadcasting_ = false;
  NodeCheckFn check_ = nullptr;
  SchemaOrigin origin_ = SchemaOrigin::kSuite;
  bool deprecated_ = false;
};

// What an op-specific check sees of one node: the info known about each
// input (declared or inferred; exact shapes when the checker runs over a
// data set), input values where known (initializers, test data), the
// attributes as the generic validator accepted them, and a sink for
// diagnostics and inferred outputs.
class NodeContext {
 public:
  virtual ~NodeContext() = default;

  virtual const OpSchema& schema() const = 0;
  // Inputs as written in the node, including empty names for skipped ones.
  virtual int input_count() const = 0;
  // Present: within input_count() and not skipped with an empty name.
  virtual bool has_input(int index) const = 0;
  // Unknown info for an absent input.
  virtual const TensorInfo& input(int index) const = 0;
  // The value of an input when the checker knows it, else nullptr.
  virtual const Tensor* input_value(int index) const = 0;

  // The node's attribute of that name when it has the schema's type; the
  // schema's default when the node does not set it; else nullopt (no
  // default, or the node sets it with the wrong type, already reported).
  virtual std::optional<int64_t> GetInt(absl::string_view name) const = 0;
  virtual std::optional<float> GetFloat(absl::string_view name) const = 0;
  // Whether the node itself sets the attribute (with the schema's type).
  virtual bool HasAttribute(absl::string_view name) const = 0;
  // The node's attribute of that name when the generic rules accepted it
  // (declared name, the schema's type, its value field set), else nullptr.
  virtual const onnx::AttributeProto* GetAttribute(absl::string_view name) const = 0;
  // The node itself, for what the accessors above do not say (which
  // attributes it sets, whatever their names and types).
  virtual const onnx::NodeProto& node() const = 0;
  // What the graph declares of an output (graph output, value_info).
  virtual const TensorInfo& declared_output(int index) const = 0;

  virtual void SetOutput(int index, TensorInfo info) = 0;
  // An output's value, when the node gives a known one: a tensor the check
  // built (Constant) or, without a copy, the value of one of its inputs
  // (Identity). The checker makes it available downstream like an
  // initializer's; SetOutputValue also sets the output's type and shape.
  virtual void SetOutputValue(int index, Tensor value) = 0;
  virtual void ForwardInputValue(int input, int output) = 0;
  // field names the part of the node: "input 1", "attribute axis".
  virtual void Report(absl::string_view rule_id, std::string field, std::string message) = 0;
};

// Shared checks for the operator families.

// Inputs and output share one shape (Min-1, Min-6): reports
// SHAPE-EQUAL-REQUIRED, infers output 0.
void CheckSameShapeElementwise(NodeContext& context);
// Multidirectional broadcasting (Min-8+): reports SHAPE-BROADCAST, infers
// output 0.
void CheckBroadcastingElementwise(NodeContext& context);
// An INT attribute the text reads as a boolean (keepdims, select_last_index):
// reports ATTR-BOOL-VALUE unless the node's value is 0 or 1.
void CheckZeroOrOne(NodeContext& context, absl::string_view attribute);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_SCHEMA_H_
