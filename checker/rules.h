// The checker's rules: every violation the checker reports names one of these
// stable ids. Ids never change meaning once committed; negative cases in
// cases/invalid/ name the rule they break, and docs/rules.md documents each.
//
//   const Rule* rule = FindRule(rules::kNodeInputArity);
//   // rule->severity == Severity::kError
//
// Severity kUnsupported is a category of its own: the model may be valid ONNX,
// but the suite does not cover it (unknown operator, domain or version), so a
// runner reports "not supported" rather than "invalid".
//
// The rules of one operator's texts are declared in its folder
// (ops/<family>/<family>_rules.h, which CMake lists for every folder in
// checker/operator_rules.inc) and follow the generic ones here.
#ifndef ONNX_CONFORM_CHECKER_RULES_H_
#define ONNX_CONFORM_CHECKER_RULES_H_

#include <span>

#include "absl/strings/string_view.h"
#include "checker/operator_rules.inc"

namespace onnx_conform {

enum class Severity {
  kError,        // the model or data breaks the operator text or ONNX's format
  kUnsupported,  // outside what the registry covers; not a verdict on validity
  kWarning,      // legal, but relies on behaviour the text leaves unstated
};

// "error", "unsupported", "warning".
constexpr absl::string_view SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kError: return "error";
    case Severity::kUnsupported: return "unsupported";
    case Severity::kWarning: return "warning";
  }
  return "error";
}

struct Rule {
  absl::string_view id;
  Severity severity;
  absl::string_view summary;
};

namespace rules {
// Model: files and opset imports.
inline constexpr absl::string_view kModelRead = "MODEL-READ";
inline constexpr absl::string_view kModelIrVersion = "MODEL-IR-VERSION";
inline constexpr absl::string_view kModelOpsetImport = "MODEL-OPSET-IMPORT";
inline constexpr absl::string_view kModelOpsetDuplicate = "MODEL-OPSET-DUPLICATE";
inline constexpr absl::string_view kModelOpsetVersion = "MODEL-OPSET-VERSION";
// Graph: names and wiring.
inline constexpr absl::string_view kGraphNoNode = "GRAPH-NO-NODE";
inline constexpr absl::string_view kGraphNameEmpty = "GRAPH-NAME-EMPTY";
inline constexpr absl::string_view kGraphInputUndefined = "GRAPH-INPUT-UNDEFINED";
inline constexpr absl::string_view kGraphNodeOrder = "GRAPH-NODE-ORDER";
inline constexpr absl::string_view kGraphDuplicateOutput = "GRAPH-DUPLICATE-OUTPUT";
inline constexpr absl::string_view kGraphOutputNotProduced = "GRAPH-OUTPUT-NOT-PRODUCED";
inline constexpr absl::string_view kGraphValueType = "GRAPH-VALUE-TYPE";
inline constexpr absl::string_view kGraphInitializerInvalid = "GRAPH-INITIALIZER-INVALID";
// Node: schema and arity.
inline constexpr absl::string_view kNodeSchemaUnknown = "NODE-SCHEMA-UNKNOWN";
inline constexpr absl::string_view kNodeSchemaDeprecated = "NODE-SCHEMA-DEPRECATED";
inline constexpr absl::string_view kNodeSchemaDeprecatedLater = "NODE-SCHEMA-DEPRECATED-LATER";
inline constexpr absl::string_view kNodeInputArity = "NODE-INPUT-ARITY";
inline constexpr absl::string_view kNodeOutputArity = "NODE-OUTPUT-ARITY";
inline constexpr absl::string_view kNodeEmptyInputNotOptional = "NODE-EMPTY-INPUT-NOT-OPTIONAL";
inline constexpr absl::string_view kNodeEmptyOutputNotOptional = "NODE-EMPTY-OUTPUT-NOT-OPTIONAL";
// Types.
inline constexpr absl::string_view kTypeParamMismatch = "TYPE-PARAM-MISMATCH";
inline constexpr absl::string_view kTypeNotAllowed = "TYPE-NOT-ALLOWED";
inline constexpr absl::string_view kTypeUndeclared = "TYPE-UNDECLARED";
inline constexpr absl::string_view kTypeUnknown = "TYPE-UNKNOWN";
// Attributes.
inline constexpr absl::string_view kAttrUnknown = "ATTR-UNKNOWN";
inline constexpr absl::string_view kAttrDuplicate = "ATTR-DUPLICATE";
inline constexpr absl::string_view kAttrType = "ATTR-TYPE";
inline constexpr absl::string_view kAttrRequiredMissing = "ATTR-REQUIRED-MISSING";
inline constexpr absl::string_view kAttrBoolValue = "ATTR-BOOL-VALUE";
inline constexpr absl::string_view kAttrConstantValue = "ATTR-CONSTANT-VALUE";
// Shapes.
inline constexpr absl::string_view kShapeDimInvalid = "SHAPE-DIM-INVALID";
inline constexpr absl::string_view kShapeEqualRequired = "SHAPE-EQUAL-REQUIRED";
inline constexpr absl::string_view kShapeBroadcast = "SHAPE-BROADCAST";
// Declared outputs against inference.
inline constexpr absl::string_view kOutputTypeInferred = "OUTPUT-TYPE-INFERRED";
inline constexpr absl::string_view kOutputShapeInferred = "OUTPUT-SHAPE-INFERRED";
// Test data (test_data_set_N/input_K.pb, output_K.pb).
inline constexpr absl::string_view kDataSetMissing = "DATA-SET-MISSING";
inline constexpr absl::string_view kDataFileNames = "DATA-FILE-NAMES";
inline constexpr absl::string_view kDataDecode = "DATA-DECODE";
inline constexpr absl::string_view kDataInputCount = "DATA-INPUT-COUNT";
inline constexpr absl::string_view kDataOutputCount = "DATA-OUTPUT-COUNT";
inline constexpr absl::string_view kDataType = "DATA-TYPE";
inline constexpr absl::string_view kDataShape = "DATA-SHAPE";
inline constexpr absl::string_view kDataNameMismatch = "DATA-NAME-MISMATCH";
inline constexpr absl::string_view kDataBfloat16AsUint16 = "DATA-BFLOAT16-AS-UINT16";
inline constexpr absl::string_view kDataShapeTypeOnly = "DATA-SHAPE-TYPE-ONLY";
// The operators' own rules.
#define ONNX_CONFORM_RULE_ID(constant, id, severity, summary, example) \
  inline constexpr absl::string_view constant = id;
ONNX_CONFORM_OPERATOR_RULES(ONNX_CONFORM_RULE_ID)
#undef ONNX_CONFORM_RULE_ID
}  // namespace rules

inline constexpr Rule kRules[] = {
    {rules::kModelRead, Severity::kError,
     "the model file cannot be read or parsed as an ONNX ModelProto"},
    {rules::kModelIrVersion, Severity::kError, "the model's ir_version is missing (0) or negative"},
    {rules::kModelOpsetImport, Severity::kError,
     "a node's domain has no opset_import entry in the model"},
    {rules::kModelOpsetDuplicate, Severity::kError,
     "the same domain is imported more than once (\"\" and \"ai.onnx\" are one domain)"},
    {rules::kModelOpsetVersion, Severity::kError, "an opset_import version is below 1"},

    {rules::kGraphNoNode, Severity::kError, "the graph has no node"},
    {rules::kGraphNameEmpty, Severity::kError, "a graph input or output has an empty name"},
    {rules::kGraphInputUndefined, Severity::kError,
     "a node input names no graph input, initializer or node output"},
    {rules::kGraphNodeOrder, Severity::kError,
     "a node uses a value produced by a later node (nodes must be topologically sorted)"},
    {rules::kGraphDuplicateOutput, Severity::kError,
     "a value name is defined twice (two node outputs, or a node output and a graph input or "
     "initializer, or a repeated graph input)"},
    {rules::kGraphOutputNotProduced, Severity::kError,
     "a graph output is neither produced by a node nor a graph input"},
    {rules::kGraphValueType, Severity::kError,
     "a graph input, output or value_info has no type or a negative element type, or a node "
     "uses a sequence, map or optional value where its schema takes tensors"},
    {rules::kGraphInitializerInvalid, Severity::kError,
     "an initializer cannot be decoded as a tensor of its data_type"},

    {rules::kNodeSchemaUnknown, Severity::kUnsupported,
     "no schema for the node's domain, operator and opset in the registry"},
    {rules::kNodeSchemaDeprecated, Severity::kError,
     "the node's operator resolves, at the model's opset, to a version ONNX deprecates "
     "(Upsample from opset 10): ONNX's checker rejects it"},
    {rules::kNodeSchemaDeprecatedLater, Severity::kWarning,
     "the node's operator version was deprecated only when a later version replaced it "
     "(GroupNormalization-18, by GroupNormalization-21): valid at the model's opset, but ONNX's "
     "checker of that later release rejects it"},
    {rules::kNodeInputArity, Severity::kError,
     "the node has fewer or more inputs than its schema version allows"},
    {rules::kNodeOutputArity, Severity::kError,
     "the node has fewer or more outputs than its schema version allows"},
    {rules::kNodeEmptyInputNotOptional, Severity::kError,
     "an input that is not optional is given the empty name"},
    {rules::kNodeEmptyOutputNotOptional, Severity::kError,
     "an output that is not optional is given the empty name"},

    {rules::kTypeParamMismatch, Severity::kError,
     "inputs and outputs bound to the same type parameter have different element types"},
    {rules::kTypeNotAllowed, Severity::kError,
     "an element type is not in the type constraint of this operator version"},
    {rules::kTypeUndeclared, Severity::kWarning,
     "a node input's element type is declared nowhere, so its type constraint is not checked"},
    {rules::kTypeUnknown, Severity::kUnsupported,
     "a data type number the suite does not know (ONNX defines 1 to 28; a newer release's "
     "type?) in a declared type, an initializer, a Constant or a data file: perhaps valid, "
     "not judged"},

    {rules::kAttrUnknown, Severity::kError, "the node has an attribute its schema version lacks"},
    {rules::kAttrDuplicate, Severity::kError, "the node sets the same attribute twice"},
    {rules::kAttrType, Severity::kError,
     "an attribute has another type than its schema declares (e.g. FLOAT for an INT)"},
    {rules::kAttrRequiredMissing, Severity::kError, "a required attribute is missing"},
    {rules::kAttrBoolValue, Severity::kError,
     "a 0-or-1 attribute (keepdims, select_last_index) has another value"},
    {rules::kAttrConstantValue, Severity::kError,
     "a Constant node sets none or several of its value attributes (exactly one is required), "
     "or its value tensor cannot be decoded"},

    {rules::kShapeDimInvalid, Severity::kError, "a declared dimension is negative"},
    {rules::kShapeEqualRequired, Severity::kError,
     "inputs of known shape differ in shape where the operator version takes equal shapes "
     "(it does not broadcast)"},
    {rules::kShapeBroadcast, Severity::kError,
     "input shapes are not multidirectionally (numpy-style) broadcastable"},

    {rules::kOutputTypeInferred, Severity::kError,
     "a declared output element type differs from the one the schema infers"},
    {rules::kOutputShapeInferred, Severity::kError,
     "a declared output shape (rank or a known dimension) differs from the inferred one"},

    {rules::kDataSetMissing, Severity::kError, "a case directory has no test_data_set_N folder"},
    {rules::kDataFileNames, Severity::kError,
     "input_K.pb / output_K.pb numbering has a gap or a file name is not of that form"},
    {rules::kDataDecode, Severity::kError,
     "a data file cannot be read or decoded (bad protobuf, type, or data length vs dims; a "
     "sequence, optional or map file as its graph value is declared)"},
    {rules::kDataInputCount, Severity::kError,
     "a data set has another number of input files than the graph has inputs"},
    {rules::kDataOutputCount, Severity::kError,
     "a data set has another number of output files than the graph has outputs"},
    {rules::kDataType, Severity::kError,
     "a data file's value differs from the graph's declaration in kind (tensor, sequence, "
     "optional, map) or element type"},
    {rules::kDataShape, Severity::kError,
     "a data file's tensor (or a tensor inside its sequence, optional or map) differs in shape "
     "from the graph's declaration (rank or a known dimension)"},
    {rules::kDataNameMismatch, Severity::kWarning,
     "a tensor file's name is set and differs from the graph input or output it feeds"},
    {rules::kDataBfloat16AsUint16, Severity::kWarning,
     "a uint16 tensor where bfloat16 is declared, as ONNX's generators wrote bfloat16 data: "
     "read, and handed to backends, as the bfloat16 bits it holds"},
    {rules::kDataShapeTypeOnly, Severity::kWarning,
     "a graph input's data differ in shape from its declaration, but no node reads more than "
     "its element type (CastLike's target_type): the declared shape is dropped"},

#define ONNX_CONFORM_RULE_ENTRY(constant, id, severity, summary, example) \
  {rules::constant, Severity::severity, summary},
    ONNX_CONFORM_OPERATOR_RULES(ONNX_CONFORM_RULE_ENTRY)
#undef ONNX_CONFORM_RULE_ENTRY
};

constexpr std::span<const Rule> AllRules() { return kRules; }

// The rule with that id, or nullptr.
constexpr const Rule* FindRule(absl::string_view id) {
  for (const Rule& rule : kRules) {
    if (rule.id == id) return &rule;
  }
  return nullptr;
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_RULES_H_
